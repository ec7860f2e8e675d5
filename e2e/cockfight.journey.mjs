// Issue 24 item 2 (cockfighting) in Chromium, on its own server with short fights (run.mjs:
// DEMO_COCKFIGHT_BETTING_SECONDS=12, DEMO_COCKFIGHT_FIGHT_SECONDS=5): player01 logs in, opens
// the COCKFIGHT tab and its game in the popup, bets 10.00 on Meron while betting is open (the
// game's balance drops by 10.00 through the seamless wallet), watches the fight settle (the bet
// reads won / lost / returned and the balance moves by its payout), closes: the header balance
// agrees and the bet is in the betting record. Screenshots ES 1366, ES / EN / AR (RTL) 390 in
// e2e/screenshots/cockfight/.
import assert from 'node:assert/strict';
import { VIEWPORTS, waitUntil } from './lib/harness.mjs';
import { balanceText, cents, loginFunded } from './lib/player.mjs';

export const timeout = 240_000;
/** Its own server: player01's money moves. */
export const brands = { demo: {} };

/** Waits until the page's fight takes bets with at least `secs` seconds left. */
async function bettingWithTime(frame, secs) {
  await waitUntil(async () => {
    const phase = await frame.locator('.cf-page').getAttribute('data-phase');
    const left = Number(/(\d+)/.exec(await frame.getByTestId('cf-count').innerText())?.[1] ?? 0);
    return phase === 'betting' && left >= secs;
  }, { timeout: 40_000, message: 'no fight open for betting' });
}

export default async function cockfightJourney({ newPage, step, shot, settle, expectNoConsoleErrors }) {
  const page = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang: 'ES', hisLang: 'ES' } });
  let before = 0;
  await step('player01 logs in (and tops up when short)', async () => {
    before = await loginFunded(page);
  }, { fatal: true });

  let dialog;
  let frame;
  let gameName = '';
  let src = '';
  await step('opens the COCKFIGHT tab and its game: the derby shows two roosters, odds and the house edge', async () => {
    await page.goto('/?tab=COCKFIGHT');
    const card = page.locator('.gcard').filter({ has: page.locator('.gcard__play') }).first();
    await card.waitFor({ timeout: 20_000 });
    gameName = (await card.locator('.gcard__name').innerText()).trim();
    await card.locator('.gcard__play').click();
    dialog = page.getByRole('dialog', { name: gameName });
    await dialog.waitFor();
    frame = dialog.frameLocator('iframe');
    await frame.getByTestId('cf-arena').waitFor({ timeout: 20_000 });
    src = await dialog.locator('iframe').getAttribute('src');
    assert.match(new URL(src, 'http://x').pathname, /\/demo-vendor\/play\/cockfight$/);
    assert.equal(cents(await frame.locator('.dv-balance-amount').innerText()), before, 'the game shows the wallet balance');
    assert.match(await frame.getByTestId('cf-odds-draw').innerText(), /8\.00/);
    assert.match(await frame.getByTestId('cf-edge').textContent(), /4[.,]35/);
    await settle(page);
    await shot('derby-ES-1366', page);
  }, { fatal: true });

  let betId = '';
  await step('bets 10.00 on Meron: debited at once, listed open', async () => {
    await bettingWithTime(frame, 4);
    await frame.getByTestId('cf-side-meron').click();
    await frame.getByTestId('cf-amount').fill('10.00');
    await frame.getByTestId('cf-place').click();
    const row = frame.getByTestId('cf-mybets').locator('tbody tr').first();
    await waitUntil(async () => (await row.count()) > 0 && (await row.getAttribute('data-state')) === 'open', { timeout: 15_000, message: 'the bet is not listed open' });
    betId = await row.getAttribute('data-bet');
    await waitUntil(async () => cents(await frame.locator('.dv-balance-amount').innerText()) === before - 1_000, { timeout: 10_000, message: 'the balance did not drop by 10.00' });
    await shot('derby-bet-ES-1366', page);
  }, { fatal: true });

  let after = 0;
  await step('the fight ends: the bet settles, the board shows the result, the balance moves by the payout', async () => {
    const row = frame.locator(`tr[data-bet="${betId}"]`);
    await waitUntil(async () => (await frame.locator('.cf-page').getAttribute('data-phase')) === 'fighting', { timeout: 30_000, message: 'the fight never started' });
    await shot('derby-fighting-ES-1366', page);
    await waitUntil(async () => (await row.getAttribute('data-state')) !== 'open', { timeout: 45_000, message: 'the bet never settled' });
    const state = await row.getAttribute('data-state');
    assert.ok(['won', 'lost', 'push', 'void'].includes(state), state);
    const payout = state === 'lost' ? 0 : cents(await row.locator('td').last().innerText());
    after = before - 1_000 + payout;
    await waitUntil(async () => cents(await frame.locator('.dv-balance-amount').innerText()) === after, { timeout: 10_000, message: `the game balance did not become ${after}` });
    assert.ok(await frame.getByTestId('cf-board').locator('.cf-dot').count() >= 1, 'the trend board shows the result');
    // the rules state the house edge; the revealed seed of the last fight hashes to the hash shown before
    await frame.locator('.cf-rules summary').click();
    await frame.locator('.cf-seed .dv-ok').waitFor({ timeout: 5_000 });
    await settle(page);
    await shot('derby-settled-ES-1366', page);
  });

  await step('closes the game: the header balance agrees; the bet is in the betting record', async () => {
    await dialog.getByRole('button', { name: /cerrar/i }).first().click();
    await dialog.waitFor({ state: 'detached' });
    await waitUntil(async () => cents(await balanceText(page)) === after, { message: `the header balance did not become ${after}` });
    await page.goto('/member?page=personalHistoryCopy');
    await page.getByText(gameName).first().waitFor({ timeout: 20_000 });
    await settle(page);
    await shot('betting-record-ES-1366', page);
    expectNoConsoleErrors(page);
  });

  await step('the derby at 390 px in ES, EN and AR (right to left)', async () => {
    for (const lang of ['ES', 'EN', 'AR']) {
      const phone = await newPage({ viewport: VIEWPORTS.mobile, mobile: true, storage: { lang: 'ES', hisLang: 'ES' } });
      const url = new URL(src, 'http://x');
      url.searchParams.set('lang', lang);
      await phone.goto(`${url.pathname}${url.search}`);
      await phone.getByTestId('cf-arena').waitFor({ timeout: 20_000 });
      assert.equal(await phone.evaluate(() => document.documentElement.dir), lang === 'AR' ? 'rtl' : 'ltr');
      const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 1, `the page is ${overflow}px wider than the phone`);
      await settle(phone);
      await shot(`derby-${lang}-390`, phone);
      await shot(`derby-${lang}-390-full`, phone, { fullPage: true });
      expectNoConsoleErrors(phone);
    }
  });
}
