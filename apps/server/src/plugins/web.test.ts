import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness.ts';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-web-'));
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html lang="es" dir="ltr"><head><title>lobby</title><link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head><body><div id="root"></div></body></html>',
);
fs.writeFileSync(path.join(dist, 'assets', 'index-abc.css'), 'body{color:red}');
fs.writeFileSync(path.join(dist, 'demo-vendor.html'), '<!doctype html><title>games</title><div id="dv-root"></div>');
const js = 'console.log("lobby");'.repeat(100);
fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), js);
fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js.gz'), zlib.gzipSync(js));

const t = useTestApp({ webDist: dist, RATE_LIMIT_MAX: 3 });

describe('web app serving', () => {
  it('serves index.html for / and for every client route, never cached', async () => {
    for (const url of ['/', '/member', '/agentHome', '/rng?vassalage=RNG-NOVA', '/some/unknown/page']) {
      const res = await t.call({ method: 'GET', url, merchant: null });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('inlines the stylesheet and the home\'s first data of the brand (status, menus, banners, rows, promotions, help), escaped for HTML', async () => {
    const res = await t.call({ method: 'GET', url: '/', merchant: null });
    // tagged with the answer's CSP nonce (plugins/headers.ts)
    expect(res.body).toMatch(/<style nonce="[^"]+">body\{color:red\}<\/style>/);
    // the stylesheet's link stays only disabled (never fetched), so the app's lazy imports see it loaded
    expect(res.body.match(/<link rel="stylesheet"[^>]*>/g)).toEqual(['<link rel="stylesheet" href="/assets/index-abc.css" disabled>']);
    const json = /<script id="boot-data" type="application\/json">(.*?)<\/script>/s.exec(res.body)?.[1];
    expect(json).toBeDefined();
    expect(json).not.toMatch(/<\//);
    const boot = JSON.parse(json!);
    const status = await t.call({ method: 'GET', url: '/wps/system/status' });
    expect(boot.merchant).toBe(status.json().value.info.brand.merchantCode);
    expect(boot.status).toEqual(status.json().value);
    expect(boot.menus.length).toBeGreaterThan(0);
    expect(boot.rows.length).toBeGreaterThan(0);
    const row = boot.rows[0];
    const list = await t.call({ method: 'GET', url: `/wps/relay/GCSGAME_gameList?gameType=${row.gameType}&vassalage=${row.vassalage}&pageNo=1&pageSize=20&language=${boot.language}` });
    expect(row.value).toEqual(list.json().value);
    const banner = boot.announcements.banners.find((b: { groupName: string }) => b.groupName === 'w_home');
    expect(banner?.images).toBeTruthy();
    expect(res.body).toContain(`<link rel="preload" as="image" href="${banner.images}" fetchpriority="high">`);
    // the side menu's promotions and the footer's help centre, as a visitor would fetch them
    const promos = await t.call({ method: 'GET', url: `/wps/relay/PROMOFE_getPromotions?type=all&language=${boot.language}` });
    expect(boot.promotions).toEqual(promos.json().value);
    const help = await t.call({ method: 'GET', url: '/wps/system/helpCenter', language: boot.language });
    expect(boot.help).toEqual(help.json().value);
    expect(boot.help.length).toBeGreaterThan(0);
  });

  it('draws the home\'s first screen (brand, first banner) into the page for / only, with the brand\'s title and colours', async () => {
    const res = await t.call({ method: 'GET', url: '/', merchant: null });
    const status = (await t.call({ method: 'GET', url: '/wps/system/status' })).json().value;
    const { name, merchantCode, theme } = status.info.brand;
    expect(res.body).toContain(`<title>${name}</title>`);
    expect(res.body).toContain(`<html lang="${status.info.brand.defaultLanguage.toLowerCase()}"`);
    expect(res.body).toContain(`--brand-primary:${theme.primary}`);
    expect(res.body).toMatch(new RegExp(`<div id="root"><div class="site site--with-menu" data-shell="${merchantCode}:`));
    // the generated banner art is small: drawn inline, no request before the banner shows
    expect(res.body).toContain('<img class="hero__img" src="data:image/svg+xml;base64,');
    expect(res.body).toContain('shell-off');
    // the banner is requested before the scripts
    expect(res.body.indexOf('rel="preload" as="image"')).toBeLessThan(res.body.indexOf('<style'));
    for (const url of ['/member', '/rng?vassalage=RNG-NOVA']) {
      const page = await t.call({ method: 'GET', url, merchant: null });
      expect(page.body, url).toContain('<div id="root"></div>');
      expect(page.body, url).not.toContain('data-shell');
    }
  });

  it('serves hashed assets for a year, precompressed when the client accepts gzip', async () => {
    const res = await t.call({ method: 'GET', url: '/assets/app-abc123.js', merchant: null, headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(js);
  });

  it('serves the demo vendor game pages from their own entry, never cached', async () => {
    for (const url of ['/demo-vendor/play/slot5?token=abcdefghijklmnop', '/demo-vendor/play/baccarat']) {
      const res = await t.call({ method: 'GET', url, merchant: null });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="dv-root">');
    }
    const lobby = await t.call({ method: 'GET', url: '/demo-vendor', merchant: null });
    expect(lobby.body).toContain('<div id="root">');
    const api = await t.call({ method: 'GET', url: '/demo-vendor/api/unknown', merchant: null });
    expect(api.statusCode).toBe(404);
    expect(api.json().errorCode).toBe('request.not.found');
  });

  it('packs the page with brotli or gzip as the client takes it (the home is ~5× smaller)', async () => {
    const plain = await t.call({ method: 'GET', url: '/', merchant: null, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    // each answer has its own CSP nonce; the rest is the same page
    const page = (body: string) => body.replace(/nonce="[^"]+"/g, '');
    const cases = [['gzip, deflate, br, zstd', 'br'], ['gzip', 'gzip'], ['br;q=0, gzip;q=0.5', 'gzip']] as const;
    for (const [accept, packing] of cases) {
      const res = await t.call({ method: 'GET', url: '/', merchant: null, headers: { 'accept-encoding': accept } });
      expect(res.headers['content-encoding'], accept).toBe(packing);
      expect(res.headers.vary).toContain('accept-encoding');
      const body = (packing === 'br' ? zlib.brotliDecompressSync(res.rawPayload) : zlib.gunzipSync(res.rawPayload)).toString();
      expect(page(body)).toBe(page(plain.body));
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    }
  });

  it('links the brand\'s icon, drawn from its logo mark and colour; a missing file\'s address is not found, never the page', async () => {
    const home = await t.call({ method: 'GET', url: '/member', merchant: null });
    expect(home.body).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    const icon = await t.call({ method: 'GET', url: '/favicon.svg', merchant: null });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    const { logoText, theme } = (await t.call({ method: 'GET', url: '/wps/system/status' })).json().value.info.brand;
    expect(icon.body).toContain(`fill="${theme.primary}"`);
    expect(icon.body).toMatch(new RegExp(`>${logoText[0].toUpperCase()}</text></svg>$`));
    for (const url of ['/favicon.ico', '/apple-touch-icon.png', '/robots.txt', '/assets/gone-123.js', '/member/x.css']) {
      const res = await t.call({ method: 'GET', url, merchant: null });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().errorCode, url).toBe('request.not.found');
    }
  });

  it('answers unknown API paths with the JSON envelope, not the app', async () => {
    const res = await t.call({ method: 'GET', url: '/wps/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.json().errorCode).toBe('request.not.found');
  });
});

describe('rate limits', () => {
  it('answers request.too.many (429) past the per-IP limit', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await t.call({ method: 'GET', url: '/wps/system/whitelabel' })).statusCode);
    expect(codes.slice(0, 3)).toEqual([200, 200, 200]);
    expect(codes[4]).toBe(429);
    const res = await t.call({ method: 'GET', url: '/wps/system/whitelabel', language: 'EN' });
    expect(res.json()).toMatchObject({ success: false, errorCode: 'request.too.many' });
    expect(res.json().message).toMatch(/Too many requests/);
  });
});
