// Player-side helpers shared by the journeys: the JSON envelope caller (operator API included),
// the header balance in cents, the member login, the operator-confirmed deposit top-up, and the
// verification codes of the dev outbox.
import { waitUntil } from './harness.mjs';

/** Headers of the operator API of the demo brand (dev key). */
export const OPERATOR = { 'X-Operator-Key': 'dev-operator-key', Merchant: 'demo' };

/** Calls a JSON endpoint and answers `value` of its `{ success, value }` envelope; throws on anything else. */
export async function api(page, method, url, { headers = {}, data } = {}) {
  const res = method === 'GET'
    ? await page.request.get(url, { headers })
    : await page.request.post(url, { headers: { ...headers, 'Content-Type': 'application/json' }, data });
  const body = await res.json();
  if (!res.ok() || !body.success) throw new Error(`${method} ${url} answered ${res.status()} ${JSON.stringify(body).slice(0, 300)}`);
  return body.value;
}

/** The operator API (demo brand): `operator(page, 'POST', url, data)`. */
export const operator = (page, method, url, data) => api(page, method, url, { headers: OPERATOR, data });

/** "$ 1,234.50" -> 123450 (cents). */
export const cents = (text) => {
  const m = /(-?[\d,]+)\.(\d{2})/.exec(text.replace(/\s/g, ''));
  if (!m) throw new Error(`no amount in "${text}"`);
  return Number(m[1].replace(/,/g, '')) * 100 + Number(m[2]) * (m[1].startsWith('-') ? -1 : 1);
};

/** The header balance as shown. */
export const balanceText = (page) => page.getByTestId('balance').innerText();

/** Waits until the header balance shows an amount. */
export const balanceShown = (page) =>
  waitUntil(async () => /\d/.test(await balanceText(page)), { message: 'header balance never showed' });

/** Logs in on /login and waits for the header balance box. */
export async function login(page, username = 'player01', password = 'Player123') {
  await page.goto('/login');
  const form = page.getByTestId('login-form');
  // the popup's chunks load after the page: on a busy machine that can pass the 10 s action timeout
  await form.locator('input[name=username]').waitFor({ timeout: 30_000 });
  await form.locator('input[name=username]').fill(username);
  await form.locator('input[name=password]').fill(password);
  await form.locator('button[type=submit]').click();
  await page.getByTestId('balance').waitFor();
}

/** Logs in player01 and tops up 500.00 when the balance is under `min` cents; answers the balance (cents). */
export async function loginFunded(page, min = 2_000) {
  await loginWithBalance(page, 'player01', 'Player123');
  const balance = cents(await balanceText(page));
  return balance < min ? topUp500(page) : balance;
}

/** Logs in and waits until the header balance shows an amount. */
export async function loginWithBalance(page, username, password) {
  await login(page, username, password);
  await balanceShown(page);
}

/**
 * The logged-in player tops up 500.00: a SPEI / BBVA deposit order in the member centre, confirmed
 * by the operator API; waits until the header shows start + 500.00 and answers that balance (cents).
 */
export async function topUp500(page) {
  const start = cents(await balanceText(page));
  await page.goto('/member?page=depositv2');
  const deposit = page.getByTestId('deposit-form');
  await deposit.getByRole('radio', { name: /SPEI/ }).click();
  await deposit.getByRole('radio', { name: /BBVA/ }).click();
  await deposit.getByRole('button', { name: '$ 500', exact: true }).click();
  await deposit.getByTestId('deposit-submit').click();
  const orderNo = (await page.getByTestId('deposit-order').getByTestId('order-no').innerText()).trim();
  await operator(page, 'POST', '/wps/operator/deposit/confirm', { orderNo });
  await waitUntil(async () => cents(await balanceText(page)) === start + 50_000, { message: 'the deposit never reached the header' });
  return start + 50_000;
}

/**
 * The 6-digit code of the newest dev-outbox message for `to` (e-mail or mobile) created at or after
 * `after` (ms epoch; 0 = any).
 */
export function codeFor(page, to, after = 0, { timeout, message = `no code in the outbox for ${to}` } = {}) {
  return waitUntil(async () => {
    const res = await page.request.get(`/wps/dev/outbox?to=${encodeURIComponent(to)}`);
    if (!res.ok()) throw new Error(`outbox answered ${res.status()} (is DEV_OUTBOX on?)`);
    const list = (await res.json()).value ?? [];
    const msg = list.find((m) => Date.parse(m.createdAt) >= after);
    return msg && /\b(\d{6})\b/.exec(msg.body)?.[1];
  }, { timeout, message });
}

/** player01's bound mobile (seed): where its proof codes go. */
export const PLAYER01_MOBILE = '+525512345678';

/**
 * The proof step (issue 18): before the withdrawal password or a payout account is set, a code
 * sent to the member's bound contact proves it is the member. Sends it, reads it from the dev
 * outbox and types it back.
 */
export async function passProof(page, recipient = PLAYER01_MOBILE) {
  const proof = page.getByTestId('proof-step');
  await proof.waitFor();
  const at = Date.now();
  await proof.getByTestId('send-code').click();
  await proof.locator('input[name=proofCode]').fill(await codeFor(page, recipient, at - 2000, { timeout: 15_000, message: 'no proof code' }));
  await proof.locator('button[type=submit]').click();
}
