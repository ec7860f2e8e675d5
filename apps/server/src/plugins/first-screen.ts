/**
 * The home's first screen drawn by the server into `#root`: the header bar with the brand's logo
 * and the first home banner, with the web app's own class names so the inlined stylesheet lays
 * them out where the app will draw them. The page paints (and its largest image shows) as soon
 * as the HTML and the preloaded banner arrive, instead of after the JavaScript has run; the app
 * replaces this markup with its own on its first render (`createRoot` clears the container).
 *
 * Only for `/` of a brand that is open to this visitor, and only in the language the server
 * rendered: the page's first script hides it (showing the loader instead) when the visitor's
 * stored language or brand differ (see `SHELL_GUARD`).
 */
import { STORAGE_KEYS } from '@lobby/contract';
import { plainText } from '../modules/announcements/index.ts';

/** Text or an attribute value for HTML. */
export const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The banner button's label in the languages the web app has strings for (its `annHome.cta`; a test keeps them equal). */
export const BANNER_CTA: Record<string, string> = { ES: 'Ver más', EN: 'Learn more' };

export interface ShellBrand {
  merchantCode: string;
  name: string;
  logoText: string;
  theme?: { primary?: string; accent?: string; background?: string };
}

export interface ShellBanner {
  title: string;
  url: string;
  images: string;
  content: string;
}

const HEX = /^#[0-9a-f]{6}$/i;

/** The brand's theme colours as the CSS variables the app sets (App.tsx BrandEffects), so the first paint has them. */
export function themeStyle(theme: ShellBrand['theme']): string {
  const vars = (
    [
      ['--brand-primary', theme?.primary],
      ['--brand-accent', theme?.accent],
      ['--brand-bg', theme?.background],
    ] as const
  ).filter(([, v]) => v && HEX.test(v));
  return vars.length ? `<style>:root{${vars.map(([k, v]) => `${k}:${v}`).join(';')}}</style>` : '';
}

/**
 * The brand's icon (`/favicon.svg`): its logo mark as the header draws it, the first letter of its
 * logo text on its primary colour (the default gold without a theme), with the header's dark ink.
 */
export function faviconSvg(brand: Pick<ShellBrand, 'name' | 'logoText' | 'theme'>): string {
  const primary = brand.theme?.primary && HEX.test(brand.theme.primary) ? brand.theme.primary : '#f5b73b';
  const letter = esc(Array.from(brand.logoText || brand.name || '?')[0].toUpperCase());
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">' +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset=".45" stop-color="${primary}" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".25"/></linearGradient></defs>` +
    `<rect width="64" height="64" rx="18" fill="${primary}"/><rect width="64" height="64" rx="18" fill="url(#g)"/>` +
    `<text x="32" y="44" text-anchor="middle" font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" font-size="36" font-weight="800" fill="#14100a">${letter}</text></svg>`
  );
}

/** A site path or an http(s) address, as the carousel accepts; anything else is no link. */
function safeHref(href: string): string {
  if (/^https?:\/\//i.test(href)) return href;
  return href.startsWith('/') && !href.startsWith('//') ? href : '';
}

const MENU_ICON = '<svg width="20" height="20" viewBox="0 0 24 24" class="icon" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"><path d="M4 6h16M4 12h16M4 18h16"></path></svg>';

function heroHtml(banners: ShellBanner[], language: string, art: string | undefined): string {
  const first = banners[0];
  if (!first) return '';
  const href = safeHref(first.url);
  const cta = href ? BANNER_CTA[language] : undefined;
  const text = first.content ? plainText(first.content) : '';
  const inner =
    `<span class="hero__art" aria-hidden="true">${first.images ? `<img class="hero__img" src="${esc(art ?? first.images)}" alt="" fetchpriority="high">` : '<span class="hero__orb hero__orb--a"></span><span class="hero__orb hero__orb--b"></span><span class="hero__chip">7</span>'}</span>` +
    `<span class="hero__copy"><span class="hero__title">${esc(first.title)}</span>${text ? `<span class="hero__text">${esc(text)}</span>` : ''}${cta ? `<span class="btn btn--primary btn--lg">${esc(cta)}</span>` : ''}</span>`;
  const external = /^https?:/i.test(href);
  const slide = href
    ? `<a class="swiper-slide hero__slide hero__slide--0" href="${esc(href)}"${external ? ' target="_blank" rel="noopener noreferrer"' : ''}>${inner}</a>`
    : `<div class="swiper-slide hero__slide hero__slide--0">${inner}</div>`;
  const dots = banners.length > 1 ? `<div class="hero__dots" aria-hidden="true">${banners.map((_, i) => `<span class="hero__dot${i ? '' : ' is-active'}"></span>`).join('')}</div>` : '';
  return `<section class="hero swiper"><div class="swiper-wrapper">${slide}</div>${dots}</section>`;
}

/** The first screen's markup (inside `#root`); `art`: the first banner's image as a data: address, when small. */
export function firstScreen(brand: ShellBrand, banners: ShellBanner[], language: string, art?: string): string {
  const logo = brand.logoText || brand.name;
  return (
    `<div class="site site--with-menu" data-shell="${esc(brand.merchantCode)}:${esc(language)}">` +
    `<header class="header"><div class="header__bar"><span class="icon-btn header__burger" aria-hidden="true">${MENU_ICON}</span>` +
    `<a class="brand-logo" href="/" aria-label="${esc(brand.name)}"><span class="brand-logo__mark" aria-hidden="true">${esc(logo.slice(0, 1))}</span><span class="brand-logo__text">${esc(logo)}</span></a></div>` +
    `<nav class="header__nav"></nav></header>` +
    `<div class="site__body"><aside class="side-menu side-menu--docked" aria-hidden="true"></aside><div class="site__content"><main class="site__main"><div class="home">${heroHtml(banners, language, art)}</div></main></div></div>` +
    `</div>`
  );
}

/**
 * A script for the page's head, run before the body is parsed: when the visitor's stored
 * language or brand is not the one the first screen was drawn for, it marks the page so the
 * first screen stays hidden and the loader shows, as without it (`shell-off`).
 */
export function shellGuard(merchant: string, language: string): string {
  const m = JSON.stringify(merchant);
  const l = JSON.stringify(language.toLowerCase());
  return (
    `<style>html:not(.shell-off) #boot-loader{display:none}html.shell-off [data-shell]{display:none}</style>` +
    `<script>(function(){try{var l=(localStorage.getItem(${JSON.stringify(STORAGE_KEYS.lang)})||'').toLowerCase(),m=sessionStorage.getItem(${JSON.stringify(STORAGE_KEYS.merchant)});` +
    `if((l&&l!==${l})||(m&&m!==${m}))document.documentElement.className+=' shell-off'}catch(e){}})()</script>`
  );
}

/**
 * The page with its app script and module preloads started after the first screen has painted
 * (its banner decoded, then one frame; at most 500 ms when frames are not drawn, as in a hidden tab)
 * instead of from the head: the first paint does not share the connection with the app's modules.
 * `scriptAttrs`: attributes of the inline script (its CSP nonce).
 */
export function startAppAfterPaint(html: string, scriptAttrs = ''): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
  if (!entry) return html;
  const preloads: string[] = [];
  const page = html
    .replace(entry[0], '')
    .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g, (_, href: string) => {
      preloads.push(href);
      return '';
    });
  const start =
    `<script${scriptAttrs}>(function(){var done=false;function go(){if(done)return;done=true;var h=document.head;` +
    `${JSON.stringify(preloads)}.forEach(function(u){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=u;h.appendChild(l)});` +
    `var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(entry[1])};h.appendChild(s)}` +
    `function frame(){requestAnimationFrame(function(){setTimeout(go,0)})}` +
    `var img=document.querySelector('[data-shell] .hero__img');` +
    `if(img&&img.decode)img.decode().then(frame,frame);else frame();setTimeout(go,500)})()</script>`;
  return page.replace('</body>', () => `${start}</body>`);
}
