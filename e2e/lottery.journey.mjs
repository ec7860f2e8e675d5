// Issue 6 (lottery) in Chromium: player01 tops up through a deposit the operator confirms, opens
// /vnLottery (the VN regional games with their issue and countdown), opens the north draw, puts
// two lô numbers at 10.00 each on the slip and places them: the header balance drops by 20.00 and
// My bets lists them pending. The operator's draw-now (test acceleration) draws the issue: the
// results board shows its special prize, the bets settle (won or lost) and the header balance ends
// at start - 20.00 + the wins. Then a fast game: Big placed, drawn, settled. Screenshots desktop and
// phone, ES and EN.
import assert from 'node:assert/strict';
import { VIEWPORTS, waitUntil } from './lib/harness.mjs';
import { balanceText, cents, login, loginWithBalance, operator, topUp500 } from './lib/player.mjs';

export const timeout = 300_000;

const VN = 'VN-NORTH';
const FAST = 'FAST5';

/** The rows of My bets (the tab must be open) as {status, win} in cents. */
async function betRows(page) {
  const rows = page.getByTestId('my-bets').getByTestId('bet-row');
  const out = [];
  for (let i = 0; i < (await rows.count()); i++) {
    const r = rows.nth(i);
    out.push({ status: await r.getAttribute('data-status'), win: cents(await r.locator('td').nth(4).innerText()), numero: (await r.locator('td').nth(1).innerText()).trim() });
  }
  return out;
}

export default async function lotteryJourney({ newPage, step, shot, settle, expectNoConsoleErrors }) {
  const page = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang: 'ES', hisLang: 'ES' } });
  let balance = 0;

  await step('player01 logs in and tops up 500.00 (deposit confirmed by the operator)', async () => {
    await loginWithBalance(page);
    balance = await topUp500(page);
  }, { fatal: true });

  await step('/vnLottery lists the regional games with their issue and a live countdown; no side menu', async () => {
    await page.goto('/vnLottery');
    const card = page.getByTestId(`game-${VN}`).last();
    await card.waitFor();
    assert.equal(await page.getByRole('heading', { name: 'Sorteos regionales de Vietnam' }).count(), 1);
    const timer = card.getByRole('timer');
    const first = await timer.innerText();
    await waitUntil(async () => (await timer.innerText()) !== first, { timeout: 3000, message: 'the countdown does not tick' });
    assert.equal(await page.locator('.site--no-menu').count(), 1, 'the side menu is hidden');
    await settle(page);
    await shot('vn-menu-ES-1366', page);
  });

  let numero = '';
  await step('north draw: two lô numbers at 10.00 each; the balance drops by 20.00 and My bets lists them pending', async () => {
    await page.getByTestId(`game-${VN}`).last().getByRole("link").click();
    await page.getByTestId('lottery-game').waitFor();
    numero = (await page.getByTestId('numero').innerText()).trim();
    const board = page.getByTestId('bet-board');
    await board.getByRole('button', { name: '27', exact: true }).click();
    await board.getByRole('button', { name: '68', exact: true }).click();
    await board.getByTestId('add-to-slip').click();
    const slip = page.getByTestId('bet-slip');
    await slip.getByTestId('slip-line').nth(1).waitFor();
    await slip.getByLabel('Monto por apuesta').fill('10');
    await slip.getByRole('button', { name: 'Aplicar a todas' }).click();
    await slip.getByText('$ 20.00').waitFor();
    await shot('vn-slip-ES-1366', page);
    await slip.getByTestId('place-bets').click();
    await slip.getByText(`2 apuestas registradas en el sorteo ${numero}.`).waitFor();
    await waitUntil(async () => cents(await balanceText(page)) === balance - 2_000, { message: 'the header balance did not drop by 20.00' });
    balance -= 2_000;
    await page.getByRole('tab', { name: 'Mis apuestas' }).click();
    await waitUntil(async () => (await betRows(page)).filter((r) => r.numero === numero && r.status === 'open').length === 2, { message: 'My bets does not list two pending bets' });
    await shot('vn-bets-pending-ES-1366', page);
  }, { fatal: true });

  await step('the operator draws the issue now: the board shows it, the bets settle and the balance adds the wins', async () => {
    const result = await operator(page, 'POST', '/wps/operator/lottery/draw-now', { gameCode: VN, numero });
    assert.equal(result.numero, numero);
    await waitUntil(async () => {
      const rows = (await betRows(page)).filter((r) => r.numero === numero);
      return rows.length === 2 && rows.every((r) => r.status === 'won' || r.status === 'lost');
    }, { timeout: 20_000, message: 'the bets never settled on the page' });
    const rows = (await betRows(page)).filter((r) => r.numero === numero);
    const wins = rows.reduce((s, r) => s + r.win, 0);
    for (const r of rows) assert.equal(r.win > 0, r.status === 'won', 'a won bet has a prize, a lost one none');
    await waitUntil(async () => cents(await balanceText(page)) === balance + wins, { timeout: 15_000, message: `the header balance is not start - 20.00 + wins (${wins})` });
    balance += wins;
    await shot('vn-bets-settled-ES-1366', page);
    await page.getByRole('tab', { name: 'Resultados' }).click();
    const board = page.getByTestId('vn-board');
    await board.waitFor();
    await waitUntil(async () => (await board.locator('.lt-vnboard__title').innerText()).includes(numero), { message: 'the results board does not show the drawn issue' });
    assert.ok((await board.innerText()).includes(result.special), 'the board shows the special prize');
    assert.equal(await board.locator('tr[data-prize]').count(), 8, 'north: special and prizes 1–7');
    await page.getByTestId('vn-board').scrollIntoViewIfNeeded();
    await shot('vn-results-ES-1366', page);
    await page.getByRole('tab', { name: 'Tendencia' }).click();
    await page.getByTestId('trend').waitFor();
    await shot('vn-trend-ES-1366', page);
    expectNoConsoleErrors(page);
  });

  await step(`fast game ${FAST}: Big is placed, drawn and settled`, async () => {
    await page.goto(`/lottery?gameCode=${FAST}`);
    await page.getByTestId('lottery-game').waitFor();
    const board = page.getByTestId('bet-board');
    // A 5-minute game stays open long enough for the click; wait for the next issue when it is closed.
    await waitUntil(async () => !(await board.getByRole('button', { name: /Grande/ }).isDisabled()), { timeout: 30_000, message: 'no open fast issue' });
    const fastNumero = (await page.getByTestId('numero').innerText()).trim();
    await board.getByRole('button', { name: /Grande/ }).click();
    const slip = page.getByTestId('bet-slip');
    await slip.getByTestId('place-bets').click();
    await slip.getByText(/1 apuesta registrada/).waitFor();
    await waitUntil(async () => cents(await balanceText(page)) < balance, { message: 'the fast bet was not debited' });
    balance = cents(await balanceText(page));
    await shot('fast-ES-1366', page);
    await operator(page, 'POST', '/wps/operator/lottery/draw-now', { gameCode: FAST, numero: fastNumero });
    await page.getByRole('tab', { name: 'Mis apuestas' }).click();
    await waitUntil(async () => (await betRows(page)).some((r) => r.numero === fastNumero && r.status !== 'open'), { timeout: 20_000, message: 'the fast bet never settled' });
    const [bet] = (await betRows(page)).filter((r) => r.numero === fastNumero);
    await waitUntil(async () => cents(await balanceText(page)) === balance + bet.win, { timeout: 15_000, message: 'the fast win is not in the balance' });
    await page.getByRole('tab', { name: 'Resultados' }).click();
    await page.getByTestId('results').locator(`tr[data-numero="${fastNumero}"]`).waitFor();
    await shot('fast-results-ES-1366', page);
    expectNoConsoleErrors(page);
  });

  await step('phone, EN: the menu and the north draw with its board', async () => {
    const phone = await newPage({ viewport: VIEWPORTS.mobile, mobile: true, storage: { lang: 'EN', hisLang: 'EN' } });
    await login(phone);
    await phone.goto('/vnLottery');
    await phone.getByTestId(`game-${VN}`).last().waitFor();
    await settle(phone);
    await shot('vn-menu-EN-390', phone);
    await phone.goto(`/vnLottery?gameCode=${VN}`);
    await phone.getByTestId('lottery-game').waitFor();
    await phone.getByTestId('bet-board').getByRole('button', { name: '27', exact: true }).click();
    await phone.getByTestId('add-to-slip').click();
    await settle(phone);
    await shot('vn-game-EN-390', phone);
    await phone.getByTestId('bet-slip').scrollIntoViewIfNeeded();
    await shot('vn-slip-EN-390', phone);
    await phone.getByTestId('vn-board').scrollIntoViewIfNeeded();
    await shot('vn-board-EN-390', phone);
    await phone.goto('/lottery');
    await phone.getByTestId(`game-${FAST}`).last().waitFor();
    await shot('menu-EN-390', phone, { fullPage: true });
    expectNoConsoleErrors(phone);
  });

  await step('desktop 1920, EN: the north draw', async () => {
    const wide = await newPage({ viewport: VIEWPORTS.desktop, storage: { lang: 'EN', hisLang: 'EN' } });
    await login(wide);
    await wide.goto(`/vnLottery?gameCode=${VN}`);
    await wide.getByTestId('vn-board').waitFor();
    await settle(wide);
    await shot('vn-game-EN-1920', wide, { fullPage: true });
    expectNoConsoleErrors(wide);
  });
}
