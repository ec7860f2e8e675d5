// Issue 21 (provably fair): a visitor (no login) opens /fairness pre-filled with a dice round,
// as the games' "last 10 rounds" link does, and the browser recomputes it with the shared code
// (fixed vector: HMAC-SHA256(seed, "lucky-player:1:0") starts b70cc77b -> roll 80.27, the same
// vector as apps/server/src/demo-vendor/games/vectors.test.ts); the hash check says "matches";
// a fast lottery issue is replayed by the published rule (59031); the slot's reel strips are
// published. Screenshots ES and EN at 1366 and 390.
// Then the Vietnamese lottery on official results: player01 picks the second southern province of
// the day and bets lô 27 at 10.00; finance closes the issue (draw-now only makes it due: no
// result), enters the official result in the console and it waits; the owner types it again
// (four eyes): published, the bet won 53.00 (lô 5.3) and the player sees it settled.
import assert from 'node:assert/strict';
import { consoleLogin, consoleMenu, FINANCE, OWNER } from './lib/console.mjs';
import { VIEWPORTS, waitUntil } from './lib/harness.mjs';
import { balanceText, cents, loginWithBalance, topUp500 } from './lib/player.mjs';
import { betLo10 } from './lib/vn-bet.mjs';
import { lookup, waitForScreen } from './lib/web.mjs';

export const timeout = 120_000;
/** Its own server (a VN issue is closed early and player01's money moves). */
export const brands = { demo: {} };
const SEED = 'a3f1c2e4b5d6978812345678909abcdefa3f1c2e4b5d6978812345678909abcd';
const HASH = '42dcf2107d5b64adbc2db88f0f22c680ad21f067e283dc0641633e2e7dc4295b';
const f = (lang, key) => lookup(lang, key, 'fairness');
const c = (key) => lookup('ES', key, 'operator-lottery');
/** The official result typed in the console: every number zeros, G8 = 27 (lô 27 hits once). */
const RESULT = { DB: '000000', G1: '00000', G2: '00000', G3: '00000 00000', G4: Array(7).fill('00000').join(' '), G5: '0000', G6: '0000 0000 0000', G7: '000', G8: '27' };
const GAME = 'VN-SOUTH';

/** A console operator enters the official result of `numero` in the dialog the row's button opens (`shoot` before sending). */
async function typeResult(op, numero, button, shoot) {
  const row = op.locator(`table[aria-busy=false] tr[data-numero="${numero}"]`);
  await row.getByRole('button', { name: button, exact: true }).click();
  const dialog = op.getByRole('dialog');
  for (const [prize, value] of Object.entries(RESULT)) await dialog.locator(`input[name=${prize}]`).fill(value);
  if (shoot) await shoot();
  await dialog.getByTestId('result-submit').click();
  await dialog.waitFor({ state: 'detached' });
  return row;
}

export default async function fairnessJourney({ newPage, step, shot, settle, expectNoConsoleErrors }) {
  for (const lang of ['ES', 'EN']) {
    const page = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang, hisLang: lang } });
    await step(`${lang} visitor verifies a dice round pre-filled from a link`, async () => {
      const q = new URLSearchParams({ game: 'dice', serverSeed: SEED, clientSeed: 'lucky-player', nonce: '1', target: '50', direction: 'under', hash: HASH });
      await page.goto(`/fairness?${q}`);
      await waitForScreen(page, { timeout: 30_000 });
      const result = page.getByTestId('fairness-result');
      await result.waitFor({ timeout: 15_000 });
      assert.equal((await page.getByTestId('fairness-summary').innerText()).trim(), '80.27');
      assert.match(await result.innerText(), new RegExp(f(lang, 'fairness.hashMatch')));
      assert.equal(await page.getByTestId('reel-strips').locator('p').count(), 6, 'five reel strips and the lines are published');
      await settle(page);
      await shot(`fairness-dice-${lang}-1366`, page);
      await page.setViewportSize(VIEWPORTS.mobile);
      await settle(page);
      await shot(`fairness-dice-${lang}-390`, page);
      await page.setViewportSize(VIEWPORTS.laptop);
    });
    await step(`${lang} visitor replays a fast lottery issue by the published rule`, async () => {
      await page.locator('select[name=game]').selectOption('lottery');
      await page.locator('input[name=clientSeed]').fill('FAST1');
      await page.locator('input[name=nonce]').fill('20261127-0001');
      await page.locator('input[name=hash]').fill('');
      await page.getByRole('button', { name: f(lang, 'fairness.verify'), exact: true }).click();
      await page.getByTestId('fairness-summary').filter({ hasText: 'DB: 59031' }).waitFor({ timeout: 10_000 });
      await settle(page);
      await shot(`fairness-lottery-${lang}-1366`, page);
    });
    await expectNoConsoleErrors(page);
  }

  const player = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang: 'ES', hisLang: 'ES' } });
  let numero = '';
  let balance = 0;
  await step('VN: player01 picks the second southern province of the day and bets lô 27 at 10.00', async () => {
    await loginWithBalance(player);
    balance = cents(await balanceText(player));
    if (balance < 1_000) balance = await topUp500(player);
    await player.goto(`/vnLottery?gameCode=${GAME}`);
    const second = player.getByTestId('provinces').getByRole('radio').nth(1);
    await second.click();
    numero = await second.getAttribute('data-numero');
    await waitUntil(async () => (await player.getByTestId('numero').innerText()).trim() === numero, { message: 'the picked province is not the issue' });
    assert.equal((await player.getByTestId('province').innerText()).trim(), (await second.innerText()).trim());
    balance = await betLo10(player, numero, balance);
    await shot('vn-province-bet-ES-1366', player);
  }, { fatal: true });

  const finance = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang: 'ES', hisLang: 'ES' } });
  await step('VN: finance makes the issue due and enters its official result: it waits for a second operator', async () => {
    await consoleLogin(finance, FINANCE);
    await consoleMenu(finance, c('console.menu.lottery'));
    await finance.getByLabel(c('console.lt.game')).selectOption(GAME);
    const row = finance.locator(`table[aria-busy=false] tr[data-numero="${numero}"]`);
    await row.getByRole('button', { name: c('console.lt.drawNow'), exact: true }).click();
    await finance.getByRole('dialog').getByRole('button', { name: c('console.lt.confirmDraw') }).click();
    await finance.getByText(`Sorteo ${numero} cerrado: espera su resultado oficial.`).waitFor();
    await typeResult(finance, numero, c('console.lt.enterResult'), async () => {
      await settle(finance);
      await shot('vn-result-dialog-ES-1366', finance);
      await finance.setViewportSize(VIEWPORTS.mobile);
      await settle(finance);
      await shot('vn-result-dialog-ES-390', finance);
      await finance.setViewportSize(VIEWPORTS.laptop);
    });
    await finance.getByText(`Sorteo ${numero}: entrada guardada. Un segundo operador debe confirmarla.`).waitFor();
    await waitUntil(async () => (await row.getByTestId('official-state').getAttribute('data-state')) === 'awaiting', { message: 'the row does not wait for a second operator' });
    assert.equal(await row.getByRole('button', { name: c('console.lt.confirmResult') }).count(), 0, 'the first operator cannot confirm its own entry');
    await row.scrollIntoViewIfNeeded();
    await shot('vn-result-awaiting-ES-1366', finance);
    await expectNoConsoleErrors(finance);
  });

  await step('VN: the owner types the result again (four eyes): published, the bet settles and the player sees it won', async () => {
    const owner = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang: 'ES', hisLang: 'ES' } });
    await consoleLogin(owner, OWNER);
    await consoleMenu(owner, c('console.menu.lottery'));
    await owner.getByLabel(c('console.lt.game')).selectOption(GAME);
    const row = await typeResult(owner, numero, c('console.lt.confirmResult'));
    await owner.getByText(`Sorteo ${numero}: resultado confirmado y publicado, 1 apuesta liquidada.`).waitFor();
    await waitUntil(async () => (await row.getAttribute('data-status')) === 'settled', { message: 'the issue is not settled' });
    assert.equal(await row.getByTestId('special').innerText(), '000000');
    await row.scrollIntoViewIfNeeded();
    await shot('vn-result-published-ES-1366', owner);
    await waitUntil(async () => cents(await balanceText(player)) === balance + 5_300, { timeout: 20_000, message: 'the 53.00 win is not in the header balance' });
    await player.getByRole('tab', { name: 'Mis apuestas' }).click();
    await player.getByTestId('my-bets').locator('[data-testid=bet-row][data-status=won]').first().waitFor({ timeout: 15_000 });
    await shot('vn-bet-won-ES-1366', player);
    await expectNoConsoleErrors(owner);
    await expectNoConsoleErrors(player);
  });

  await step('VN page on a phone, ES and AR: the provinces of the day to pick', async () => {
    await player.setViewportSize(VIEWPORTS.mobile);
    for (const lang of ['ES', 'AR']) {
      if (lang !== 'ES') {
        await player.evaluate((l) => { localStorage.setItem('lang', l); localStorage.setItem('hisLang', l); }, lang);
        await player.reload();
      }
      await player.getByTestId('provinces').scrollIntoViewIfNeeded({ timeout: 20_000 });
      await settle(player);
      await shot(`vn-provinces-${lang}-390`, player);
    }
  });
}
