// Issue 24 item 3 (the live table gets a dealer) in Chromium: player01 tops up, launches a live
// baccarat table in ES, EN and AR; the dealer says "place your bets" while betting; a bet of the
// smallest chip on the banker is placed; after the cut-off the dealer deals the cards from the
// shoe in the real order (player, banker, player, banker, then the third cards) and the result
// shows before the next round. Screenshots at 1366 and 390 of each phase into /tmp/shots/dealer/.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { VIEWPORTS, waitUntil } from './lib/harness.mjs';
import { loginWithBalance, topUp500 } from './lib/player.mjs';
import { launchUrl, sessionIn } from './lib/demo-games.mjs';

export const timeout = 300_000;
const OUT = '/tmp/shots/dealer';

const GAME = { gameType: 'LIVE', vassalage: 'LIVE-ROYAL', nodeId: '12001', real: true };

const mood = (page) => page.locator('.dv-bubble').getAttribute('data-mood').catch(() => null);

export default async function dealerJourney({ newPage, step }) {
  fs.mkdirSync(OUT, { recursive: true });
  const site = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang: 'ES', hisLang: 'ES' } });

  await step('player01 logs in and tops up 500.00', async () => {
    await loginWithBalance(site, 'player01', 'Player123');
    await topUp500(site);
  }, { fatal: true });

  for (const lang of ['ES', 'EN', 'AR']) {
    const url = await launchUrl(site, GAME, lang);
    const wide = await newPage({ viewport: VIEWPORTS.laptop });
    const phone = await newPage({ viewport: VIEWPORTS.mobile, mobile: true });
    const pages = [[wide, 1366], [phone, 390]];
    if (lang === 'AR') for (const [p] of pages) await sessionIn(p, 'AR');
    const shootAll = (name) => Promise.all(pages.map(([p, w]) => p.screenshot({ path: `${OUT}/${name}-${lang}-${w}.png` })));

    // In ES the phone asks for reduced motion: the cards appear in place, never flying face down.
    if (lang === 'ES') await phone.emulateMedia({ reducedMotion: 'reduce' });
    await step(`${lang}: the table opens with the dealer and the shoe`, async () => {
      await Promise.all(pages.map(([p]) => p.goto(url)));
      for (const [p] of pages) {
        await p.locator('.dv-dealer-svg').waitFor({ timeout: 20_000 });
        assert.equal(await p.locator('.dv-shoe').count(), 1, 'the shoe is at hand');
      }
      if (lang === 'AR') assert.equal(await wide.evaluate(() => document.documentElement.dir), 'rtl');
    }, { fatal: true });

    await step(`${lang}: betting: the dealer says place your bets; a chip on the banker`, async () => {
      await waitUntil(async () => (await mood(wide)) === 'bets', { timeout: 30_000, message: 'the dealer never called for bets' });
      if (lang === 'ES') {
        await wide.locator('.dv-spot-banker').click();
        await wide.locator('.dv-btn-play').click();
        await wide.locator('.dv-spot-bet.placed').waitFor({ timeout: 10_000 });
      }
      await shootAll('1-betting');
    });

    await step(`${lang}: the dealer deals in the real order from the shoe, then the result`, async () => {
      // Records the order the cards land in (hand of each new card) from the cut-off on.
      await wide.evaluate(() => {
        const w = /** @type {any} */ (window);
        // One observer: one callback per render, so cards a stalled page draws together form one batch
        w.__deal = [];
        const hands = [...document.querySelectorAll('.dv-bac-side .dv-hand')];
        const seen = new MutationObserver((muts) => {
          let batch = '';
          for (const m of muts) for (const n of m.addedNodes) if (n instanceof HTMLElement && n.classList.contains('dv-card')) batch += m.target === hands[0] ? 'P' : 'B';
          if (batch) w.__deal.push(batch);
        });
        hands.forEach((hand) => seen.observe(hand, { childList: true }));
      });
      const watchFlights = (p) => p.evaluate(() => {
        const w = /** @type {any} */ (window);
        w.__flights = 0;
        new MutationObserver((muts) => { for (const m of muts) if (m.target instanceof HTMLElement && m.target.classList.contains('back')) w.__flights++; })
          .observe(document.querySelector('.dv-bac-hands'), { subtree: true, attributes: true, attributeFilter: ['class'], childList: true });
      });
      await Promise.all([watchFlights(wide), watchFlights(phone)]);
      await waitUntil(async () => (await mood(wide)) === 'dealing', { timeout: 30_000, message: 'the dealer never dealt' });
      await waitUntil(async () => (await wide.locator('.dv-card').count()) >= 3, { timeout: 10_000, message: 'no third card' });
      await shootAll('2-dealing');
      await waitUntil(async () => (await mood(wide)) === 'result', { timeout: 15_000, message: 'no result after the deal' });
      await shootAll('3-result');
      // Shoe order: P B P B, then the player's third card, then the banker's. Cards drawn in one
      // render (a page catching up after a stall) are checked as a set against that order.
      const batches = /** @type {string[]} */ (await wide.evaluate(() => /** @type {any} */ (window).__deal));
      const order = batches.join('');
      const count = (x, c) => [...x].filter((k) => k === c).length;
      const [nP, nB] = [count(order, 'P'), count(order, 'B')];
      assert.ok(nP >= 2 && nP <= 3 && nB >= 2 && nB <= 3, `deal order ${batches.join('|')}`);
      const expected = `PBPB${'P'.repeat(nP - 2)}${'B'.repeat(nB - 2)}`;
      let at = 0;
      for (const b of batches) {
        const want = expected.slice(at, at + b.length);
        assert.deepEqual([...b].sort(), [...want].sort(), `deal order ${batches.join('|')} against ${expected}`);
        at += b.length;
      }
      const flights = async (p) => p.evaluate(() => /** @type {any} */ (window).__flights);
      assert.ok((await flights(wide)) > 0, 'the cards fly face down from the shoe');
      if (lang === 'ES') assert.equal(await flights(phone), 0, 'reduced motion: no card flies');
      const outcome = await wide.locator('.dv-bac-outcome').innerText();
      assert.ok(outcome.trim().length > 0, 'the outcome is shown');
    });
    await wide.close();
    await phone.close();
  }
}
