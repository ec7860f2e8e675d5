// Issue 6 item 1 (void a draw) from the console in Chromium: player01 tops up and puts a lô number
// at 10.00 on the current central VN issue (balance -10.00, My bets pending). The finance operator
// signs in to /console with TOTP, opens Lottery, picks the central draw, finds the issue with one
// bet of 10.00, voids it with a reason after the confirmation dialog: the page reports one bet
// refunded and the row shows Void with the reason. The player's page, without a reload, shows the
// bet void and the header balance back by 10.00. Draw now from the console draws and settles a
// fast issue. Screenshots of the page and the dialog at 1366 and 390, ES and EN.
import assert from 'node:assert/strict';
import { consoleLogin, consoleMenu, FINANCE } from './lib/console.mjs';
import { VIEWPORTS, waitUntil } from './lib/harness.mjs';
import { balanceText, cents, loginWithBalance, topUp500 } from './lib/player.mjs';
import { betLo10 } from './lib/vn-bet.mjs';
import { lookup, t as tMain } from './lib/web.mjs';

export const timeout = 300_000;
/** Its own server: it voids and draws issues early and moves player01's money. */
export const brands = { demo: {} };

const GAME = 'VN-CENTRAL';
const c = (lang, key) => lookup(lang, key, 'operator-lottery') ?? lookup(lang, key, 'operator') ?? tMain(lang, key);

export default async function operatorLottery({ newPage, step, shot, settle, expectNoConsoleErrors }) {
  const player = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang: 'ES', hisLang: 'ES' } });
  const op = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang: 'ES', hisLang: 'ES' } });
  let balance = 0;
  let numero = '';
  // the VN games share their numeros (yyyyMMdd): only the rows of the chosen game (not the previous one's while loading)
  const row = () => op.locator(`table[aria-busy=false] tr[data-numero="${numero}"]`);

  await step('player01 tops up and bets 10.00 on lô 27 of the central VN issue', async () => {
    await loginWithBalance(player);
    balance = await topUp500(player);
    await player.goto(`/vnLottery?gameCode=${GAME}`);
    await player.getByTestId('lottery-game').waitFor();
    numero = (await player.getByTestId('numero').innerText()).trim();
    balance = await betLo10(player, numero, balance);
    await player.getByRole('tab', { name: 'Mis apuestas' }).click();
    await player.getByTestId('my-bets').locator('[data-testid=bet-row][data-status=open]').first().waitFor();
  }, { fatal: true });

  await step('finance signs in to the console and finds the issue with its bet in Lottery', async () => {
    await consoleLogin(op, FINANCE);
    await consoleMenu(op, c('ES', 'console.menu.lottery'));
    await op.getByRole('heading', { name: c('ES', 'console.menu.lottery') }).waitFor();
    const game = op.getByLabel(c('ES', 'console.lt.game'));
    await game.selectOption(GAME);
    await row().waitFor();
    assert.equal(await row().getAttribute('data-status'), 'open');
    const text = await row().innerText();
    assert.ok(text.includes('10.00'), `the row shows the 10.00 stake: ${text}`);
    await settle(op);
    await shot('lottery-list-ES-1366', op);
  }, { fatal: true });

  await step('voids it with a reason after the confirmation: one bet refunded, the row shows Void and the reason', async () => {
    await row().getByRole('button', { name: c('ES', 'console.lt.void'), exact: true }).click();
    const dialog = op.getByRole('dialog');
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: c('ES', 'console.lt.confirmVoid') });
    assert.equal(await confirm.isDisabled(), true, 'no reason, no void');
    await dialog.getByLabel(c('ES', 'console.lt.reason')).fill('Fallo del proveedor de resultados');
    await settle(op);
    await shot('lottery-void-dialog-ES-1366', op);
    await confirm.click();
    await op.getByText(`Sorteo ${numero} anulado: 1 apuesta reembolsada.`).waitFor();
    assert.equal(await dialog.count(), 0, 'the dialog closed');
    await waitUntil(async () => (await row().getAttribute('data-status')) === 'void', { message: 'the row is not void' });
    assert.ok((await row().innerText()).includes('Fallo del proveedor de resultados'));
    assert.equal(await row().getByRole('button').count(), 0, 'a void issue without bets left has no actions');
    await shot('lottery-voided-ES-1366', op);
    expectNoConsoleErrors(op);
  });

  await step('the player sees the bet void and the 10.00 back in the header balance, without a reload', async () => {
    await player.getByTestId('my-bets').locator('[data-testid=bet-row][data-status=void]').first().waitFor({ timeout: 20_000 });
    await waitUntil(async () => cents(await balanceText(player)) === balance + 1_000, { timeout: 20_000, message: 'the refund is not in the header balance' });
    await shot('player-refunded-ES-1366', player);
    expectNoConsoleErrors(player);
  });

  await step('draw now from the console: a fast issue is drawn and settled, its result on the row', async () => {
    await op.getByLabel(c('ES', 'console.lt.game')).selectOption('FAST5');
    // fast issues are numbered yyyyMMdd-NNNN (the daily ones yyyyMMdd)
    const drawNow = op.getByRole('button', { name: c('ES', 'console.lt.drawNow'), exact: true });
    const open = op.locator('table[aria-busy=false] tr[data-numero*="-"]', { has: drawNow }).first();
    await open.waitFor();
    const fastNumero = await open.getAttribute('data-numero');
    assert.equal(await op.locator('table tbody tr').first().getByRole('button', { name: c('ES', 'console.lt.drawNow') }).count(), 0, 'the next issue (listed first) cannot be drawn ahead');
    await open.getByRole('button', { name: c('ES', 'console.lt.drawNow'), exact: true }).click();
    const dialog = op.getByRole('dialog');
    await dialog.getByRole('button', { name: c('ES', 'console.lt.confirmDraw') }).click();
    await op.getByText(new RegExp(`^Sorteo ${fastNumero} sorteado: \\d{5}\\.$`)).waitFor();
    const drawn = op.locator(`tr[data-numero="${fastNumero}"]`);
    await waitUntil(async () => (await drawn.getAttribute('data-status')) === 'settled', { message: 'the fast issue is not settled' });
    assert.match(await drawn.getByTestId('special').innerText(), /^\d{5}$/);
    await settle(op);
    await shot('lottery-drawn-ES-1366', op);
    await op.getByLabel(c('ES', 'console.lt.game')).selectOption(GAME);
    await row().waitFor();
    expectNoConsoleErrors(op);
  });

  await step('screenshots: the Lottery page and its dialog, ES and EN, 1366 and 390', async () => {
    for (const lang of ['ES', 'EN']) {
      await op.locator('.oc-top .oc-lang').getByRole('button', { name: lang }).click();
      for (const [size, vp] of [['1366', VIEWPORTS.laptop], ['390', VIEWPORTS.mobile]]) {
        await op.setViewportSize(vp);
        await op.getByRole('heading', { name: c(lang, 'console.menu.lottery') }).waitFor();
        await row().waitFor();
        await settle(op);
        await shot(`lottery-${lang}-${size}`, op, { fullPage: size === '390' ? false : true });
        // the next issue: the dialog as it opens (cancelled)
        const open = op.locator('table[aria-busy=false] tr[data-status=open]').first();
        await open.getByRole('button', { name: c(lang, 'console.lt.void'), exact: true }).click();
        await op.getByRole('dialog').waitFor();
        await settle(op);
        await shot(`lottery-dialog-${lang}-${size}`, op);
        await op.getByRole('dialog').getByRole('button', { name: c(lang, 'console.lt.cancel') }).click();
      }
    }
    expectNoConsoleErrors(op);
  });
}
