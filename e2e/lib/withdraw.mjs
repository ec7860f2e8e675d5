// The member centre's withdraw page in Chromium, shared by the money, payments and KYC journeys:
// the withdrawal password, the payout bank account and a withdrawal request.
import assert from 'node:assert/strict';
import { waitUntil } from './harness.mjs';
import { balanceText, cents, operator } from './player.mjs';

/** Sets the withdrawal password `pin` (typed twice) in the inline form of the withdraw page. */
export async function setPaymentPassword(page, pin) {
  const form = page.getByTestId('payment-password-form');
  await form.waitFor();
  await form.locator('input[name=newPaymentPassword]').fill(pin);
  await form.locator('input[name=confirmPaymentPassword]').fill(pin);
  await form.locator('button[type=submit]').click();
}

/** Binds a BBVA México payout account (`accountNo`, `payeeName`) in the withdraw page's form. */
export async function bindBankAccount(page, { accountNo = '0121800012345678', payeeName = 'Juan Pérez' } = {}) {
  const form = page.getByTestId('bind-form');
  await form.waitFor();
  await form.locator('input[name=bankName]').fill('BBVA México');
  await form.locator('input[name=accountNo]').fill(accountNo);
  await form.locator('input[name=payeeName]').fill(payeeName);
  await form.locator('button[type=submit]').click();
}

/**
 * Asks for a withdrawal of `amount` ("200") with the password `pin` and waits for the success note.
 * `beforeSend(form)` may look at the form once the amount is typed.
 */
export async function requestWithdrawal(page, amount, pin, { beforeSend } = {}) {
  const form = page.getByTestId('withdraw-form');
  await form.waitFor();
  await form.locator('#withdraw-amount').fill(amount);
  if (beforeSend) await beforeSend(form);
  await form.locator('input[name=paymentPassword]').fill(pin);
  await form.getByTestId('withdraw-submit').click();
  await form.locator('.w-note--success').waitFor();
}

/** After a request: the header balance is `before` less the held `heldCents` and the newest record is pending. */
export async function expectWithdrawalHeld(page, before, heldCents) {
  await waitUntil(async () => cents(await balanceText(page)) === before - heldCents, { message: `balance did not drop by the held ${(heldCents / 100).toFixed(2)}` });
  const rec = page.getByTestId('withdraw-records').getByTestId('withdrawal').first();
  await rec.waitFor();
  assert.equal(await rec.getAttribute('data-status'), 'pending');
}

/** `username`'s pending withdrawals (operator API), newest first. */
export async function pendingWithdrawals(page, username = 'player01') {
  return (await operator(page, 'GET', `/wps/operator/withdraw/list?username=${username}&status=pending`)).list;
}
