// Issue 21 item 2 (crash on a published hash chain) in Chromium: two free-play players open the
// rocket crash game in ES, EN and AR, one at 1366 and one at 390 px; both see the same shared
// round; both bet while betting (the 1366 one without an automatic cash-out, who cashes out by
// hand in flight, or the round crashes first; the 390 one at 1.50×), the crash point and the revealed seed show, and the /fairness page
// recomputes that round from its seed and the published salt, reaching the chain's terminating
// hash. Screenshots into /tmp/shots/crash/.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { VIEWPORTS, waitUntil } from './lib/harness.mjs';
import { launchUrl, sessionIn } from './lib/demo-games.mjs';

export const timeout = 360_000;
const OUT = '/tmp/shots/crash';

const GAME = { gameType: 'PVP', vassalage: 'PVP-ROCKET', nodeId: '18001' };

const phaseOf = async (page) => (await page.locator('.dv-crash-phase').innerText().catch(() => '')).trim();
const counterOf = async (page) => (await page.locator('.dv-crash-counter').innerText().catch(() => '')).trim();

export default async function crashJourney({ newPage, step }) {
  fs.mkdirSync(OUT, { recursive: true });
  const site = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang: 'ES', hisLang: 'ES' } });

  await site.goto('/');

  let verifyHref = '';
  for (const lang of ['ES', 'EN', 'AR']) {
    const url = await launchUrl(site, GAME, lang);
    const url2 = await launchUrl(site, GAME, lang);
    const wide = await newPage({ viewport: VIEWPORTS.laptop });
    const phone = await newPage({ viewport: VIEWPORTS.mobile, mobile: true });
    const pages = [[wide, 1366], [phone, 390]];
    if (lang === 'AR') for (const [p] of pages) await sessionIn(p, 'AR');
    const shootAll = (name) => Promise.all(pages.map(([p, w]) => p.screenshot({ path: `${OUT}/${name}-${lang}-${w}.png`, fullPage: w === 390 })));

    await step(`${lang}: the game opens on the shared round with the chain's terminating hash`, async () => {
      await Promise.all([wide.goto(url), phone.goto(url2)]);
      for (const [p] of pages) await p.getByTestId('terminating-hash').waitFor({ timeout: 20_000 });
      const a = await wide.getByTestId('terminating-hash').innerText();
      assert.match(a, /^[0-9a-f]{64}$/);
      assert.equal(await phone.getByTestId('terminating-hash').innerText(), a, 'one chain for everyone');
      if (lang === 'AR') assert.equal(await wide.evaluate(() => document.documentElement.dir), 'rtl');
    }, { fatal: true });

    await step(`${lang}: a bet during betting (no automatic cash-out), seen in the round's players`, async () => {
      // a fresh betting window (at least 5 s left of the 7 s) so both screens bet in time
      const left = async () => Number(/(\d+)/.exec(await phaseOf(wide))?.[1] ?? 0);
      await waitUntil(async () => (await wide.locator('.dv-btn-play').first().isEnabled()) && (await left()) >= 5, { timeout: 60_000, message: 'betting never opened' });
      await wide.getByTestId('auto-cashout').fill('');
      await wide.locator('.dv-btn-play').first().click();
      await phone.getByTestId('auto-cashout').fill('1.50');
      await phone.locator('.dv-btn-play').first().click();
      await waitUntil(async () => (await wide.locator('.dv-crash-list li').count()) >= 2, { timeout: 10_000, message: 'the wide screen does not see both bets' });
      await waitUntil(async () => (await phone.locator('.dv-crash-list li').count()) >= 2, { timeout: 10_000, message: 'the phone does not see both bets' });
      await shootAll('1-betting');
    });

    await step(`${lang}: in flight both screens rise together; a cash-out by hand (or the crash comes first)`, async () => {
      await waitUntil(async () => (await wide.locator('.dv-btn-cash').isVisible()) || /×/.test(await counterOf(wide)) && !(await counterOf(wide)).startsWith('1.00'), { timeout: 30_000, message: 'no take-off' });
      await shootAll('2-flight');
      const cash = wide.locator('.dv-btn-cash');
      if (await cash.isVisible()) await cash.click().catch(() => {});
      await waitUntil(async () => (await wide.locator('.dv-crashed-text').count()) > 0, { timeout: 120_000, message: 'no crash' });
      // the round's crash point, first of the last results on both screens (the phone may poll past
      // the short crashed phase on a busy machine: its list of last results says the same)
      const chip = (p) => p.locator('.dv-crash-last .dv-crash-chip').first();
      await waitUntil(async () => (await chip(wide).count()) > 0, { timeout: 5_000, message: 'no last result on the wide screen' });
      const round = await chip(wide).getAttribute('title');
      await waitUntil(async () => (await chip(phone).count()) > 0 && (await chip(phone).getAttribute('title')) === round, { timeout: 15_000, message: 'the phone did not crash with it' });
      assert.equal(await chip(phone).innerText(), await chip(wide).innerText(), 'same crash point on every screen');
      await waitUntil(async () => (await wide.getByTestId('revealed-seed').count()) > 0, { timeout: 5_000, message: 'no revealed seed' });
      await shootAll('3-crashed');
      verifyHref = (await wide.locator('.dv-crash-chain a').getAttribute('href')) ?? '';
    });
    await wide.close();
    await phone.close();
  }

  await step('the verifier recomputes the last round from its revealed seed up to the terminating hash', async () => {
    assert.ok(verifyHref.startsWith('/fairness?'), verifyHref);
    const p = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang: 'ES', hisLang: 'ES' } });
    await p.goto(verifyHref);
    const summary = await p.getByTestId('fairness-summary').innerText({ timeout: 20_000 });
    assert.match(summary, /^\d+\.\d+×$/);
    assert.match(await p.getByTestId('fairness-chain').innerText(), /pasos de SHA-256|SHA-256 steps/);
    await p.screenshot({ path: `${OUT}/4-verifier-1366.png`, fullPage: false });
  });
}
