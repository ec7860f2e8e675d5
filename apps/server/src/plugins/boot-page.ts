/**
 * The page (index.html) with the home's first data inlined: the brand's status, game menus,
 * visitor announcements, hot games, HOME's preview rows, the visitor's promotions and the help
 * centre in the brand's default language,
 * read through the API's own routes (their memory caches), so the first paint needs no API
 * round trip; the first home banner is preloaded (first in the head) and the stylesheet is inlined;
 * the brand's name and colours are set, and `/` carries the home's first screen drawn by the server
 * (first-screen.ts: header and first banner), so the page paints before its JavaScript runs. The web app
 * seeds its queries from `#boot-data` (apps/web/src/app/boot.ts) and ignores it when its
 * brand or language differ.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { announcements, games, LIMITS, promotions, SYSTEM_STATUS, system } from '@lobby/contract';
import { requestBrand } from './merchant.ts';
import { INTERNAL_HEADER, internalToken } from '../lib/internal.ts';
import { esc, firstScreen, shellGuard, startAppAfterPaint, themeStyle, type ShellBanner, type ShellBrand } from './first-screen.ts';

export interface BootData {
  merchant: string;
  language: string;
  status: unknown;
  menus?: games.MenuCategory[];
  announcements?: unknown;
  hot?: unknown;
  rows: Array<{ gameType: string; vassalage: string; value: unknown }>;
  /** The visitor's promotions (side menu) and the help centre (footer). */
  promotions?: unknown;
  help?: unknown;
}

/** The brand's icon, drawn by web.ts from its logo mark and colour. */
export const FAVICON_PATH = '/favicon.svg';

/** The largest banner art drawn inline in the first screen (bytes). */
const INLINE_ART_MAX = 6 * 1024;

type BrandPart = Omit<BootData, 'status'> & { banners: ShellBanner[] };

interface StatusValue {
  status?: number;
  maintenance?: unknown;
  regionRestriction?: unknown;
  info?: { brand?: ShellBrand };
}

/**
 * Where this answer's CSP nonce goes (headers.ts): every inline script and style of the page gets
 * `nonce="…"`. The page is assembled with this placeholder, swapped for the nonce last; a control
 * character, so it never occurs in the stylesheet or in escaped text (the API refuses them).
 */
const NONCE = '\u0001csp-nonce\u0001';
const NONCE_ATTR = ` nonce="${NONCE}"`;

/**
 * Inline scripts and styles of our own markup, tagged for the nonce; not scripts with a `src` (the
 * CSP's 'self' allows them) nor JSON data blocks (never run, so outside the CSP).
 */
export function tagInline(html: string): string {
  return html.replace(/<script(?![^>]*\s(?:src=|type="application\/json"))(?=[\s>])/gi, `<script${NONCE_ATTR}`).replace(/<style(?=[\s>])/gi, `<style${NONCE_ATTR}`);
}

/** JSON inside a <script> element: nothing in it may close the element or start a comment. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}


/**
 * index.html with its stylesheet links replaced by the stylesheet itself (one round trip less
 * before the first paint). A disabled link (never fetched) stays beside it: the app's lazy
 * imports list that stylesheet among their dependencies and skip one already linked, so the
 * first popup neither fetches it again nor appends it after the lazy stylesheets.
 */
function inlineStyles(html: string, webDist: string): string {
  return html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (tag, file: string) => {
    const css = path.join(webDist, file);
    if (!fs.existsSync(css)) return tag;
    return `<style${NONCE_ATTR}>${fs.readFileSync(css, 'utf8').replace(/<\/style/gi, '<\\/style')}</style><link rel="stylesheet" href="/${file}" disabled>`;
  });
}

export function bootPage(app: FastifyInstance, webDist: string) {
  // the brand's icon (web.ts draws it), so the browser never asks for /favicon.ico
  const template = inlineStyles(tagInline(fs.readFileSync(path.join(webDist, 'index.html'), 'utf8')), webDist)
    .replace('</title>', () => `</title><link rel="icon" href="${FAVICON_PATH}" type="image/svg+xml">`);
  // the home with its first screen: the app's scripts start after that screen has painted (made once)
  const homeTemplate = startAppAfterPaint(template, NONCE_ATTR);

  async function get(url: string, headers: Record<string, string>, remoteAddress?: string): Promise<unknown> {
    const res = await app.inject({ method: 'GET', url, headers, remoteAddress });
    if (res.statusCode !== 200) return undefined;
    const body = res.json() as { success?: boolean; value?: unknown };
    return body.success ? body.value : undefined;
  }

  async function load(headers: Record<string, string>, language: string): Promise<BrandPart> {
    const qs = (q: Record<string, string | number>) => new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();
    const [menus, ann, hot, promos, help] = await Promise.all([
      get(games.gameMenus.path, headers) as Promise<games.MenuCategory[] | undefined>,
      get(`${announcements.listAnnouncements.path}?${qs({ types: 'B,PL,PU,PR,H', platform: 'W', language })}`, headers),
      get(`${games.hotGames.path}?${qs({ language })}`, headers),
      get(`${promotions.listPromotions.path}?${qs({ type: 'all', language })}`, headers),
      get(system.getHelpCenter.path, headers),
    ]);
    const rows = await Promise.all(
      games.homePreviewRows(menus ?? []).map(async ({ gameType, vendor }) => ({
        gameType,
        vassalage: vendor.vassalage,
        value: await get(`${games.gameList.path}?${qs({ gameType, vassalage: vendor.vassalage, pageNo: 1, pageSize: LIMITS.categoryPageSize, language })}`, headers),
      })),
    );
    const all = (ann as { banners?: Array<ShellBanner & { groupName: string }> } | undefined)?.banners ?? [];
    const banners = all.filter((b) => b.groupName === 'w_home');
    return { merchant: headers.merchant, language, menus, announcements: ann, hot, rows: rows.filter((r) => r.value !== undefined), promotions: promos, help, banners };
  }

  /**
   * A small image of our own (the generated banner art, a small upload) as a data: address, so the
   * first screen's banner paints with the page instead of after one more request; null when it
   * is another site's, large, or not an image. Kept per address (art addresses are immutable).
   */
  const arts = new Map<string, Promise<string | null>>();
  function smallArt(url: string, headers: Record<string, string>): Promise<string | null> {
    if (!url.startsWith('/') || url.startsWith('//')) return Promise.resolve(null);
    let art = arts.get(url);
    if (!art) {
      art = app.inject({ method: 'GET', url, headers }).then((res) => {
        const type = String(res.headers['content-type'] ?? '').split(';')[0];
        const ok = res.statusCode === 200 && /^image\/(svg\+xml|png|jpeg|webp|gif)$/.test(type) && res.rawPayload.length <= INLINE_ART_MAX;
        return ok ? `data:${type};base64,${res.rawPayload.toString('base64')}` : null;
      }, () => null);
      if (arts.size > 200) arts.clear();
      arts.set(url, art);
    }
    return art;
  }

  /** The page for this request's brand, its inline scripts and styles carrying `nonce` (none: no attribute). */
  return async function render(req: FastifyRequest, nonce?: string): Promise<string> {
    const html = await draw(req);
    return nonce ? html.replaceAll(NONCE, nonce) : html.replaceAll(NONCE_ATTR, '');
  };

  async function draw(req: FastifyRequest): Promise<string> {
    const brand = requestBrand(req);
    const language = brand.config.defaultLanguage;
    const headers = { merchant: brand.code, language, device: 'web', [INTERNAL_HEADER]: internalToken };
    // Each part comes from its route's memory cache (and its invalidation), so the page is never staler than the API.
    const [status, { banners, ...data }] = await Promise.all([
      get(system.getStatus.path, headers, req.ip) as Promise<StatusValue | undefined>,
      load(headers, language),
    ]);
    if (status === undefined) return template;
    const info = status.info?.brand;
    const open = status.status === SYSTEM_STATUS.normal && !status.maintenance && !status.regionRestriction;
    // The first screen is the home's: other pages keep the loader until the app draws them.
    const banner = banners[0]?.images;
    const home = open && info && req.url.split('?')[0] === '/';
    const inlined = home && banner ? await smallArt(banner, { merchant: brand.code }) : null;
    const shell = home ? firstScreen(info, banners, language, inlined ?? undefined) : '';
    const head = tagInline([
      info ? themeStyle(info.theme) : '',
      shell ? shellGuard(brand.code, language) : '',
      `<script id="boot-data" type="application/json">${scriptJson({ ...data, status } satisfies BootData)}</script>`,
    ].join(''));
    const base = shell ? homeTemplate : template;
    const titled = info
      ? base.replace(/<title>[^<]*<\/title>/, () => `<title>${esc(info.name)}</title>`).replace(/<html lang="[^"]*"/, () => `<html lang="${esc(language.toLowerCase())}"`)
      : base;
    // The banner's preload first in the head: requested before the scripts and their preloads.
    const preload = banner ? `<link rel="preload" as="image" href="${esc(banner)}" fetchpriority="high">` : '';
    const page = titled.replace('<head>', () => `<head>${preload}`).replace('</head>', () => `${head}</head>`);
    return shell ? page.replace('<div id="root"></div>', () => `<div id="root">${shell}</div>`) : page;
  }
}
