/**
 * Issue 18 finding 7 (no security headers): every page and API answer carries a strict CSP,
 * framing rules, nosniff, Referrer-Policy and Permissions-Policy; HSTS only over TLS seen
 * through a trusted proxy. The web build is a small stand-in with the same kinds of inline
 * script and style as the real one (index.html's language script and loader style, the
 * inlined stylesheet, the demo vendor page's inline style).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../harness.ts';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-headers-'));
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html lang="es" dir="ltr"><head><title>lobby</title><script>(function(){document.documentElement.lang="es"})()</script>' +
    '<style>#boot-loader{display:grid}</style><script type="module" crossorigin src="/assets/index-abc.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/dep-abc.js"><link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head>' +
    '<body><div id="boot-loader"></div><div id="root"></div></body></html>',
);
fs.writeFileSync(path.join(dist, 'assets', 'index-abc.css'), 'body{color:red}');
fs.writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
const GAME_STYLE = 'html,body{margin:0;background:#071426}';
fs.writeFileSync(path.join(dist, 'demo-vendor.html'), `<!doctype html><title>games</title><style>${GAME_STYLE}</style><script type="module" crossorigin src="/assets/dv.js"></script><div id="dv-root"></div>`);

const PROXY = '10.9.8.7';
const t = useTestApp({ webDist: dist, TRUST_PROXY: [PROXY] });

/** The CSP as directive → sources. */
function csp(header: unknown): Record<string, string[]> {
  expect(typeof header, 'content-security-policy header').toBe('string');
  return Object.fromEntries(
    String(header).split(';').map((d) => d.trim()).filter(Boolean).map((d) => {
      const [name, ...sources] = d.split(/\s+/);
      return [name, sources];
    }),
  );
}

const page = (url: string) => t.call({ method: 'GET', url, merchant: null });

function expectCommon(headers: Record<string, unknown>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  const pp = String(headers['permissions-policy']);
  for (const f of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) expect(pp).toContain(`${f}=()`);
}

/** A page's CSP: no inline script or style except by this answer's nonce; every inline one in the body carries it. */
function expectStrictPage(res: { headers: Record<string, unknown>; body: string }) {
  const p = csp(res.headers['content-security-policy']);
  for (const d of ['script-src', 'style-src']) {
    expect(p[d], d).toContain("'self'");
    expect(p[d], d).not.toContain("'unsafe-inline'");
    expect(p[d], d).not.toContain("'unsafe-eval'");
  }
  expect(p['default-src']).toEqual(["'self'"]);
  expect(p['object-src']).toEqual(["'none'"]);
  expect(p['base-uri']).toEqual(["'none'"]);
  expect(p['img-src']).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
  expect(p['connect-src']).toContain("'self'");
  const nonce = /'nonce-([^']+)'/.exec(p['script-src'].join(' '))?.[1];
  expect(nonce).toBeTruthy();
  expect(p['style-src']).toContain(`'nonce-${nonce}'`);
  const inline = [...res.body.matchAll(/<(script|style)\b([^>]*)>/g)].filter((m) => !/\ssrc=|type="application\/json"/.test(m[2]));
  expect(inline.length).toBeGreaterThan(0);
  for (const m of inline) expect(m[0]).toContain(`nonce="${nonce}"`);
  expect(res.body).not.toContain('\u0001');
  return { policy: p, nonce: nonce! };
}

describe('security headers (issue 18, finding 7)', () => {
  it('the home page: strict CSP with a per-answer nonce on each inline script and style, never framed', async () => {
    const a = await page('/');
    expect(a.statusCode).toBe(200);
    expect(a.body).toContain('data-shell'); // the first screen is drawn and still inlined
    const { policy, nonce } = expectStrictPage(a);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(a.headers['x-frame-options']).toBe('DENY');
    // the lobby frames the game page (same origin) in its popup
    expect(policy['frame-src']).toContain("'self'");
    expectCommon(a.headers);
    // the app's script starts after the first paint: its inline starter carries the nonce too
    expect(a.body).toMatch(new RegExp(`<script nonce="${nonce.replace(/[+/=]/g, '\\$&')}">\\(function\\(\\)\\{var done=false`));
    const b = await page('/');
    expect(expectStrictPage(b).nonce).not.toBe(nonce);
  });

  it.each(['/member', '/console', '/agentHome', '/member?page=messageV2', '/console/people'])('%s: strict CSP, never framed', async (url) => {
    const res = await page(url);
    expect(res.statusCode).toBe(200);
    const { policy } = expectStrictPage(res);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expectCommon(res.headers);
  });

  it('the /seamless game page may be framed by this origin only', async () => {
    const res = await page('/seamless?url=%2Fdemo-vendor%2Fplay%2Fslot5');
    const { policy } = expectStrictPage(res);
    expect(policy['frame-ancestors']).toEqual(["'self'"]);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expectCommon(res.headers);
  });

  it('the demo vendor game page: framed by this origin (the game popup), its inline style allowed by hash only', async () => {
    const res = await page('/demo-vendor/play/slot5?token=abcdefghijklmnop');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('dv-root');
    const p = csp(res.headers['content-security-policy']);
    expect(p['frame-ancestors']).toEqual(["'self'"]);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(p['script-src']).toEqual(["'self'"]);
    expect(p['style-src']).toEqual(["'self'", `'sha256-${createHash('sha256').update(GAME_STYLE).digest('base64')}'`]);
    expect(p['default-src']).toEqual(["'self'"]);
    expectCommon(res.headers);
  });

  it('API answers: nosniff, nothing allowed when opened as a page, never framed; errors too', async () => {
    for (const url of ['/wps/system/status', '/wps/member/info', '/wps/nope', '/openapi.json']) {
      const res = await t.call({ method: 'GET', url });
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
      expectCommon(res.headers);
      const p = csp(res.headers['content-security-policy']);
      expect(p['default-src'], url).toEqual(["'none'"]);
      expect(p['frame-ancestors'], url).toEqual(["'none'"]);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
    // static files of the web build too
    const css = await t.call({ method: 'GET', url: '/assets/index-abc.css', merchant: null });
    expect(css.statusCode).toBe(200);
    expectCommon(css.headers);
  });

  it('HSTS only when the request came over TLS through the trusted proxy', async () => {
    const over = (remoteAddress: string, proto?: string) =>
      t.app.inject({ method: 'GET', url: '/wps/system/status', remoteAddress, headers: { merchant: 'demo', ...(proto ? { 'x-forwarded-proto': proto } : {}) } });
    const tls = await over(PROXY, 'https');
    expect(tls.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
    // a client that is not the proxy cannot claim TLS; plain http through the proxy has none either
    expect((await over('203.0.113.9', 'https')).headers['strict-transport-security']).toBeUndefined();
    expect((await over(PROXY, 'http')).headers['strict-transport-security']).toBeUndefined();
    expect((await over(PROXY)).headers['strict-transport-security']).toBeUndefined();
    // pages too, and over TLS the page's CSP upgrades any http subresource
    const home = await t.app.inject({ method: 'GET', url: '/member', remoteAddress: PROXY, headers: { 'x-forwarded-proto': 'https' } });
    expect(home.headers['strict-transport-security']).toMatch(/^max-age=/);
    expect(csp(home.headers['content-security-policy'])).toHaveProperty('upgrade-insecure-requests');
    const plain = await t.app.inject({ method: 'GET', url: '/member', remoteAddress: '203.0.113.9', headers: { 'x-forwarded-proto': 'https' } });
    expect(csp(plain.headers['content-security-policy'])).not.toHaveProperty('upgrade-insecure-requests');
  });
});
