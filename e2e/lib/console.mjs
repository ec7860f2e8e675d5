// The operator console in journeys: the demo operators, their TOTP codes and the sign-in.
import { Secret, TOTP } from 'otpauth';

export const OWNER = { username: 'owner', password: 'Owner-Demo-2026!', secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' };
export const FINANCE = { username: 'finance', password: 'Finance-Demo-2026!', secret: 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU' };

const STEP_MS = 30_000;
/**
 * The last 30 s step whose code was used, per server and secret: a server accepts a code once
 * (each journey's server keeps its own operators, so another server's use does not count).
 */
const used = new Map();

/** A fresh TOTP code of `secret`: when this step's code was used already on `server` (its origin), waits for the next step. */
export async function totpCode(secret, server = '') {
  const key = `${server} ${secret}`;
  const last = used.get(key) ?? -1;
  if (Math.floor(Date.now() / STEP_MS) <= last) await new Promise((r) => setTimeout(r, (last + 1) * STEP_MS - Date.now() + 500));
  used.set(key, Math.floor(Date.now() / STEP_MS));
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();
}

/** Signs `who` in at /console (password + TOTP) and waits for the console's shell. */
export async function consoleLogin(page, who = OWNER) {
  await page.goto('/console');
  const form = page.locator('.oc-login-box');
  await form.waitFor({ timeout: 30_000 });
  await form.locator('input[name=username]').fill(who.username);
  await form.locator('input[name=password]').fill(who.password);
  await form.locator('input[name=code]').fill(await totpCode(who.secret, new URL(page.url()).origin));
  await form.locator('button[type=submit]').click();
  await page.locator('.oc-shell').waitFor();
}

/** Opens a console page from its side menu by its label (through the burger on a phone). */
export async function consoleMenu(page, label) {
  const phone = (page.viewportSize()?.width ?? 1366) < 760;
  if (phone) await page.locator('.oc-burger').click();
  await page.locator('.oc-side nav a', { hasText: label }).click();
}
