// Deposits through the demo payment provider in Chromium (issue 22), shared by the payments journey
// and bench/payments-pay-to-balance.mjs: the member centre's deposit form on the Mercado Pago
// channel, the provider's hosted checkout (card with its challenge code, instant transfer or
// e-wallet), back to /payments/return. Timed from the last click on the checkout ("pay", or
// "confirm" after the card challenge) until the header shows the credited balance.
import { cents, balanceText } from './player.mjs';

/** The header balance in cents, read in the page (polled on every frame by waitForFunction). */
function headerCentsIs(expected) {
  const el = document.querySelector('[data-testid=balance]');
  const m = el && /(-?[\d,]+)\.(\d{2})/.exec(el.textContent.replace(/\s/g, ''));
  return !!m && Number(m[1].replace(/,/g, '')) * 100 + Number(m[2]) === expected;
}

/**
 * One deposit of `amount` ("150.55") by `method` (card | bank | ewallet). Answers the order number,
 * `ms` (pay → the header balance shows start + amount) and the new balance in cents.
 * `shot(name, page)` is called on each screen when given.
 */
export async function depositThrough(page, amount, method, { shot, tag = '', timeout = 15_000 } = {}) {
  const start = cents(await balanceText(page));
  const expected = start + Math.round(Number(amount) * 100);
  await page.goto('/member?page=depositv2');
  const form = page.getByTestId('deposit-form');
  await form.waitFor();
  await form.getByRole('radio', { name: /Mercado Pago/ }).click();
  await form.getByTestId('instant-MPAGO').waitFor();
  await form.locator('#deposit-amount').fill(amount);
  if (shot) await shot(`payments-deposit-${tag}`, page);
  await form.getByTestId('deposit-submit').click();
  await page.waitForURL(/\/demo-pay\/checkout\//);
  await page.locator(`input[name=method][value=${method}]`).check();
  if (shot) await shot(`payments-checkout-${tag}`, page);
  let started;
  if (method === 'card') {
    await page.getByTestId('pay').click();
    await page.getByTestId('challenge-code').fill('123456');
    if (shot) await shot(`payments-challenge-${tag}`, page);
    started = Date.now();
    await page.getByTestId('confirm').click();
  } else {
    started = Date.now();
    await page.getByTestId('pay').click();
  }
  await page.waitForURL(/\/payments\/return\?orderNo=/, { timeout });
  await page.waitForFunction(headerCentsIs, expected, { polling: 'raf', timeout });
  const ms = Date.now() - started;
  await page.getByTestId('payment-credited').waitFor({ timeout });
  return { ms, orderNo: new URL(page.url()).searchParams.get('orderNo'), balance: expected };
}

/** p50 (the lower middle of an even count) of a list of numbers. */
export const p50 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
