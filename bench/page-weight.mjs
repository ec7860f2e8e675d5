// Home page JS + CSS on first load, gzipped by us (zlib level 9, independent of the server's
// compression). Goal <= 160 KB.
//   node bench/page-weight.mjs [--no-build]
// Builds when stale, starts the built server, loads / in Chromium (fresh profile, 1920x1080
// and 390x844), records every JS and CSS response until the network is idle, lists each file.
// The page's inline <style> (the server inlines the stylesheet) counts as CSS.
import zlib from 'node:zlib';
import { launchBrowser, VIEWPORTS } from '../e2e/lib/harness.mjs';
import { benchBuild, fmt, kb, runMain, withSiteServer, writeResult } from './lib/common.mjs';

const GOAL_KB = 160;

function kindOf(res) {
  const type = res.request().resourceType();
  const ct = (res.headers()['content-type'] ?? '').toLowerCase();
  if (type === 'script' || ct.includes('javascript')) return 'js';
  if (type === 'stylesheet' || ct.includes('text/css')) return 'css';
  return null;
}

async function measure(browser, baseUrl, viewport) {
  const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
  const page = await context.newPage();
  const pending = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'document' && res.status() === 200) {
      pending.push(res.text().then((html) => {
        const css = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
        return css && { kind: 'css', url: `${new URL(res.url()).pathname} (inline <style>)`, raw: css.length, gzip: zlib.gzipSync(css, { level: 9 }).length, wire: NaN, encoding: 'inline' };
      }, () => null));
      return;
    }
    const kind = kindOf(res);
    if (!kind || res.status() !== 200) return;
    pending.push(res.body().then(
      (body) => ({ kind, url: new URL(res.url()).pathname, raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length, wire: Number(res.headers()['content-length'] ?? NaN), encoding: res.headers()['content-encoding'] ?? 'identity' }),
      () => null,
    ));
  });
  await page.goto(baseUrl + '/', { waitUntil: 'load' });
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
  await page.waitForTimeout(1000); // late lazy/prefetched chunks of the first load
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
  const files = (await Promise.all(pending)).filter(Boolean);
  // The same URL twice (a preload then the use) counts once.
  const unique = [...new Map(files.map((f) => [f.url, f])).values()].sort((a, b) => b.gzip - a.gzip);
  await context.close();
  const sum = (k) => unique.filter((f) => !k || f.kind === k).reduce((s, f) => s + f.gzip, 0);
  return { viewport, files: unique, jsGzip: sum('js'), cssGzip: sum('css'), totalGzip: sum(), totalRaw: unique.reduce((s, f) => s + f.raw, 0) };
}

runMain(async () => {
  benchBuild();
  const browser = await launchBrowser();
  try {
    await withSiteServer('lobby-bench-weight-', async (server) => {
      const runs = [];
      for (const vp of [VIEWPORTS.desktop, VIEWPORTS.mobile]) {
        const r = await measure(browser, server.baseUrl, vp);
        runs.push(r);
        console.log(`\n/ at ${vp.width}x${vp.height}: ${r.files.length} files, JS ${fmt(kb(r.jsGzip))} KiB + CSS ${fmt(kb(r.cssGzip))} KiB = ${fmt(kb(r.totalGzip))} KiB gzip-9 (raw ${fmt(kb(r.totalRaw))} KiB)`);
        console.log('  gzipKiB   rawKiB  served-as  file');
        for (const f of r.files) console.log(`  ${fmt(kb(f.gzip)).padStart(7)}  ${fmt(kb(f.raw)).padStart(7)}  ${f.encoding.padEnd(9)}  ${f.url}`);
      }
      const worst = runs.reduce((a, b) => (b.totalGzip > a.totalGzip ? b : a));
      const valueKb = +kb(worst.totalGzip).toFixed(1);
      // KB read as KiB (1024 bytes); the decimal kB figure is printed beside it.
      const figures = [{ figure: 'home JS+CSS gzipped, first load', value: valueKb, unit: 'KiB', goal: `<= ${GOAL_KB} KiB`, pass: valueKb <= GOAL_KB }];
      const file = writeResult('page-weight', figures, { runs: runs.map((r) => ({ ...r, jsGzipKB: +kb(r.jsGzip).toFixed(1), cssGzipKB: +kb(r.cssGzip).toFixed(1) })) });
      console.log(`\nhome JS+CSS gzipped: ${valueKb} KiB = ${fmt(worst.totalGzip / 1000)} kB (larger of the two sizes); goal <= ${GOAL_KB} KB: ${valueKb <= GOAL_KB ? 'pass' : 'FAIL'}. Wrote ${file}`);
    });
  } finally {
    await browser.close().catch(() => {});
  }
});
