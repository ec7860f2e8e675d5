// Issue 24 item 4 (artwork) in Chromium: the home page, the slots, live and sports lists and the
// footer in ES, EN and AR at 1366 and 390 show the illustrated tiles (every tile image loads, is
// an SVG and draws at its size) and the vendors' word-mark logos in the footer (each loads).
// Screenshots into /tmp/shots/art/.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { VIEWPORTS, waitUntil } from './lib/harness.mjs';

export const timeout = 300_000;
const OUT = '/tmp/shots/art';

/** Waits until at least `min` images of `selector` have loaded with a size and none is broken (lazy ones below the fold may wait). */
async function imagesLoaded(page, selector, min = 1) {
  await waitUntil(async () => {
    const r = await page.locator(selector).evaluateAll((imgs) => imgs.map((i) => (i.complete ? i.naturalWidth : -1)));
    return r.filter((w) => w > 0).length >= min && !r.includes(0);
  }, { timeout: 20_000, message: `images of ${selector} did not all load` });
}

export default async function artJourney({ newPage, step }) {
  fs.mkdirSync(OUT, { recursive: true });
  for (const lang of ['ES', 'EN', 'AR']) {
    for (const [vp, w] of [[VIEWPORTS.laptop, 1366], [VIEWPORTS.mobile, 390]]) {
      const page = await newPage({ viewport: vp, mobile: w === 390, storage: { lang, hisLang: lang } });
      const shot = (name, opts = {}) => page.screenshot({ path: `${OUT}/${name}-${lang}-${w}.png`, ...opts });

      await step(`${lang} ${w}: home shows illustrated tiles`, async () => {
        await page.goto('/');
        await page.locator('.gcard__art img').first().waitFor({ timeout: 30_000 });
        await imagesLoaded(page, '.gcard__art img', 4);
        const src = await page.locator('.gcard__art img').first().getAttribute('src');
        assert.match(src, /^\/lgw\/images\/.+\.svg\?v=/);
        if (lang === 'AR') assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
        await page.waitForTimeout(600);
        await shot('1-home');
      }, { fatal: true });

      await step(`${lang} ${w}: the footer shows the vendors' logos`, async () => {
        const logos = page.locator('.footer__vendors img');
        await logos.first().scrollIntoViewIfNeeded();
        await logos.last().scrollIntoViewIfNeeded();
        await imagesLoaded(page, '.footer__vendors img', 10);
        await page.locator('.footer__vendors').scrollIntoViewIfNeeded();
        await page.waitForTimeout(300);
        await page.locator('footer').screenshot({ path: `${OUT}/2-footer-${lang}-${w}.png` });
      });

      for (const [path, name] of [['/rng', '3-slots'], ['/live', '4-live'], ['/sports', '5-sports']]) {
        await step(`${lang} ${w}: ${path} shows its art`, async () => {
          await page.goto(path);
          const sel = path === '/sports' ? '.vcard__logo img' : '.gcard__art img';
          await page.locator(sel).first().waitFor({ timeout: 20_000 });
          await imagesLoaded(page, sel, 1);
          await page.waitForTimeout(500);
          await shot(name);
        });
      }
      await page.close();
    }
  }
}
