// Issue 22 (payments) in Chromium: player01 deposits a free amount by card through the demo
// provider's hosted checkout (challenge code), comes back to /payments/return and sees the deposit
// credited; a second tab of the same session, never reloaded, sees its header balance rise by the
// socket push. Then by e-wallet. player01 withdraws 200.00; the finance operator approves it in the
// console; the demo provider pays it out and the member's withdrawal record says "paid to your
// account" (live: the records of open withdrawals are polled). A deposit by instant transfer on a
// phone (390). The console's deposit and withdrawal histories list them and the day's settlement
// report agrees with the ledger. Prints the time from the last click on the checkout to the balance
// shown in the page (p50 of the deposits here; bench/payments-pay-to-balance.mjs does 20).
// Screenshots at 1366x768 and 390x844.
import assert from 'node:assert/strict';
import { consoleLogin, consoleMenu, FINANCE } from './lib/console.mjs';
import { VIEWPORTS, waitUntil } from './lib/harness.mjs';
import { depositThrough, p50 } from './lib/payments.mjs';
import { balanceShown, balanceText, cents, loginWithBalance, operator, passProof } from './lib/player.mjs';
import { bindBankAccount, expectWithdrawalHeld, pendingWithdrawals, requestWithdrawal, setPaymentPassword } from './lib/withdraw.mjs';

export const timeout = 120_000;

const PIN = '246810';

export default async function payments({ newPage, step, shot, expectNoConsoleErrors }) {
  const page = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang: 'ES', hisLang: 'ES' } });
  const times = [];
  const orders = [];

  await step('the demo brand\'s Mercado Pago channel and its payouts go through the demo provider', async () => {
    await operator(page, 'POST', '/wps/ops/payments/channels', { method: 'MPAGO', channel: 'MPAGO', provider: 'demo' });
    await operator(page, 'POST', '/wps/ops/payments/payout-provider', { provider: 'demo' });
    await loginWithBalance(page);
  }, { fatal: true });

  await step('card deposit of a free amount: checkout, challenge, back to the site, credited; another tab sees it live (socket, no reload)', async () => {
    // a second tab of the same session, left open on the withdraw page
    // the session lives in sessionStorage (per tab): the new tab gets a copy, as "open in a new tab" does
    const session = await page.evaluate(() => Object.entries(sessionStorage));
    const watcher = await page.context().newPage();
    await watcher.addInitScript((entries) => { for (const [k, v] of entries) sessionStorage.setItem(k, v); }, session);
    await watcher.goto('/');
    await balanceShown(watcher);
    const start = cents(await balanceText(watcher));
    const marker = await watcher.evaluate(() => (window.__noReload = Math.random()));
    const r = await depositThrough(page, '150.55', 'card', { shot, tag: 'ES-1366' });
    times.push(r.ms);
    orders.push(r.orderNo);
    await page.getByTestId('return-balance').waitFor();
    await shot('payments-return-ES-1366', page);
    await waitUntil(async () => cents(await balanceText(watcher)) === start + 15_055, { timeout: 10_000, message: 'the other tab\'s header balance did not rise by 150.55' });
    assert.equal(await watcher.evaluate(() => window.__noReload), marker, 'the other tab was not reloaded');
    await watcher.close();
  });

  await step('a deposit by e-wallet', async () => {
    const r = await depositThrough(page, '72.20', 'ewallet');
    times.push(r.ms);
    orders.push(r.orderNo);
  });

  let withdrawNo = '';
  await step('withdraw 200.00: withdrawal password, bank account, request (held from the balance)', async () => {
    await page.goto('/member?page=withdraw');
    await setPaymentPassword(page, PIN);
    await passProof(page);
    await bindBankAccount(page);
    await page.getByTestId('withdraw-form').waitFor();
    const before = cents(await balanceText(page));
    await requestWithdrawal(page, '200', PIN);
    await expectWithdrawalHeld(page, before, 20_000);
    withdrawNo = (await pendingWithdrawals(page))[0].withdrawNo;
    assert.ok(withdrawNo);
  }, { fatal: true });

  const op = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang: 'ES', hisLang: 'ES' } });
  await step('the finance operator approves it in the console; the demo provider pays it out', async () => {
    await consoleLogin(op, FINANCE);
    await consoleMenu(op, /Finanzas|Finance/);
    await op.getByRole('tab', { name: /^Retiros$/ }).click();
    const row = op.locator(`tr[data-withdraw="${withdrawNo}"]`);
    await row.waitFor();
    await row.locator('td.oc-actions button.oc-primary').click();
    await op.getByText(/El proveedor de pagos está enviando el dinero/).waitFor(); // not "Pagado.": the provider pays it out after
    await shot('payments-console-approved-ES-1366', op);
  }, { fatal: true });

  await step('the member\'s record: paid out to the account (no reload; the open record is polled)', async () => {
    const rec = page.getByTestId('withdraw-records').locator(`[data-testid="withdrawal"]`).filter({ hasText: withdrawNo });
    await rec.locator('[data-testid="payout"][data-payout="paid"]').waitFor({ timeout: 20_000 });
    assert.match(await rec.getByTestId('payout').innerText(), /Pagado a su cuenta/);
    // the record in ES, then in AR (right to left) and EN after a reload in that language
    for (const [lang, words] of [['ES', null], ['AR', 'دُفع إلى حسابك'], ['EN', 'Paid out to your account']]) {
      if (words) {
        await page.evaluate((l) => { localStorage.setItem('lang', l); localStorage.setItem('hisLang', l); }, lang);
        await page.reload();
        await rec.getByTestId('payout').getByText(words).waitFor();
      }
      await rec.scrollIntoViewIfNeeded();
      await shot(`payments-withdraw-paid-${lang}-1366`, page);
      await page.setViewportSize(VIEWPORTS.mobile);
      await rec.scrollIntoViewIfNeeded();
      await shot(`payments-withdraw-paid-${lang}-390`, page);
      await page.setViewportSize(VIEWPORTS.laptop);
    }
  });

  await step('on a phone (390): deposit by instant transfer (a new login there ends the laptop\'s session)', async () => {
    const phone = await newPage({ viewport: VIEWPORTS.mobile, storage: { lang: 'ES', hisLang: 'ES' } });
    await loginWithBalance(phone);
    const r = await depositThrough(phone, '99.99', 'bank', { shot, tag: 'ES-390' });
    times.push(r.ms);
    orders.push(r.orderNo);
    await shot('payments-return-ES-390', phone);
    await phone.close();
  });

  await step('console: deposits and the withdrawal in the histories, the settlement report agrees with the ledger', async () => {
    await op.getByRole('tab', { name: /Historial de depósitos/ }).click();
    await op.getByTestId('hist-table').getByText(orders[0]).waitFor();
    await shot('payments-console-history-ES-1366', op);
    await op.getByRole('tab', { name: /Historial de retiros/ }).click();
    await op.getByTestId('whist-username').fill('player01');
    await op.getByTestId('whist-apply').click();
    await op.locator(`[data-testid="whist-table"] tr[data-withdraw="${withdrawNo}"][data-payout="paid"]`).waitFor();
    assert.match(await op.getByTestId('whist-totals').innerText(), /Retiros: 1 · solicitado \$? ?200\.00 · pagado \$? ?198\.00 · comisiones \$? ?2\.00 · devuelto \$? ?0\.00/);
    await shot('payments-console-withdrawals-ES-1366', op);
    await op.getByRole('tab', { name: /Liquidación/ }).click();
    await op.getByTestId('recon-run').click();
    const result = op.getByTestId('recon-result');
    await result.waitFor();
    const text = await result.innerText();
    assert.match(text, /✓/, `settlement report and ledger agree (${text})`);
    await shot('payments-console-settlement-ES-1366', op);
  });

  console.log(`payments: pay on the checkout → balance shown in the page, ms: ${times.join(', ')}; p50 ${p50(times)} ms over ${times.length}`);
  await expectNoConsoleErrors?.(page);
}
