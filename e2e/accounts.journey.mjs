// Issue 3 (accounts) in Chromium: register → logged in; logout with its confirmation; weak01
// (123456) → forced password change → logged in; SMS login with the dev outbox; new-IP
// verification; captcha after failures; trial account blocked from the member centre; agent
// login (agent01 → /agentHome, player01 refused). Screenshots of every account popup at
// 1366x768 and 390x844 in ES and EN.
import assert from 'node:assert/strict';
import { VIEWPORTS, waitUntil } from './lib/harness.mjs';
import { codeFor } from './lib/player.mjs';
import { CAPTCHA_ANSWER, dialog, pathOf, tFeature, waitForScreen } from './lib/web.mjs';

// The account strings load with the account chunk (apps/web/src/locales/auth.<lang>.json).
const t = (lang, key) => tFeature('auth', lang, key);

export const timeout = 420_000; // 300 s ran out on a busy machine once the back-off step (issue 18) was added

const TRIAL_TEXT = { ES: 'Registre una cuenta real para usar esta función.', EN: 'Please register a real account to use this function.' };
const NON_AGENT = 'Los no agentes no pueden iniciar sesión.';

// Logins hash with argon2id: allow for a loaded machine.
const memberBox = (page) => ({ waitFor: (o = {}) => page.getByTestId('balance').waitFor({ timeout: 30_000, ...o }) });
const session = (page) => page.evaluate(() => ({ token: sessionStorage.getItem('token'), merchant: sessionStorage.getItem('merchantCode') }));

export default async function accounts({ newPage, step, shot, settle, expectNoConsoleErrors }) {
  // ---------- screenshots of every popup, ES and EN, 1366 and 390 ----------
  for (const lang of ['ES', 'EN']) {
    const l = lang.toLowerCase();
    const page = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang, hisLang: lang } });
    const both = async (name) => {
      for (const vp of [VIEWPORTS.laptop, VIEWPORTS.mobile]) {
        await page.setViewportSize(vp);
        await settle(page);
        await shot(`${name}-${lang}-${vp.width}`, page);
      }
      await page.setViewportSize(VIEWPORTS.laptop);
    };
    await step(`screenshots ${lang}: login popup`, async () => {
      await page.goto('/login');
      await dialog(page, t(l, 'popups.login.title')).getByTestId('login-form').waitFor();
      await both('login');
    });
    await step(`screenshots ${lang}: login errors`, async () => {
      await page.getByTestId('login-form').getByRole('button', { name: t(l, 'auth.loginButton') }).click();
      await page.getByText(t(l, 'rules.not_empty')).first().waitFor();
      await both('login-empty');
    });
    await step(`screenshots ${lang}: SMS tab`, async () => {
      await page.getByRole('tab', { name: t(l, 'auth.tabSms') }).click();
      await page.locator('input[name=mobileNum]').waitFor();
      await both('login-sms');
    });
    await step(`screenshots ${lang}: forgot password`, async () => {
      await page.getByRole('tab', { name: t(l, 'auth.tabUsername') }).click();
      await page.getByRole('button', { name: t(l, 'auth.forgotLink') }).click();
      await dialog(page, t(l, 'popups.forgotPassword.title')).getByTestId('forgot-form').waitFor();
      await both('forgot-email');
      await page.getByRole('tab', { name: t(l, 'auth.forgot.byPhone') }).click();
      await both('forgot-phone');
    });
    await step(`screenshots ${lang}: register popup and its rule messages`, async () => {
      await page.goto('/register?referralCode=PLAYER01');
      const form = dialog(page, t(l, 'popups.register.title')).getByTestId('register-form');
      await form.waitFor();
      await both('register');
      await form.getByRole('button', { name: t(l, 'auth.registerButton') }).click();
      await form.getByText(t(l, 'auth.termsRequired')).waitFor();
      await form.locator('input[name=username]').fill('1bad');
      await form.locator('input[name=username]').blur();
      await form.getByText(t(l, 'rules.letter_start_alnum').replace('(min)', '6').replace('(max)', '16')).waitFor();
      await both('register-errors');
      await page.getByRole('tab', { name: t(l, 'auth.tabRegisterMobile') }).click();
      await both('register-mobile');
    });
    await page.context().close();
  }

  // ---------- register → logged in ----------
  const page = await newPage({ viewport: VIEWPORTS.laptop });
  const username = `e2e${Date.now().toString(36).slice(-8)}`;
  await step('register a new account → logged in, member box shows', async () => {
    await page.goto('/');
    await waitForScreen(page);
    await page.getByRole('button', { name: t('es', 'header.register'), exact: true }).first().click();
    const form = dialog(page, t('es', 'popups.register.title')).getByTestId('register-form');
    await form.locator('input[name=terms]').check();
    await form.locator('input[name=username]').fill(username);
    await form.locator('input[name=password]').fill('Secret123');
    await form.locator('input[name=confirmPassword]').fill('Secret124');
    await form.getByRole('button', { name: t('es', 'auth.registerButton') }).click();
    await form.getByText(t('es', 'auth.confirmMismatch')).waitFor();
    await form.locator('input[name=confirmPassword]').fill('Secret123');
    await form.locator('input[name=captcha]').fill(CAPTCHA_ANSWER);
    await form.getByRole('button', { name: t('es', 'auth.registerButton') }).click();
    await memberBox(page).waitFor();
    await dialog(page, t('es', 'popups.register.title')).waitFor({ state: 'detached' });
    assert.equal(pathOf(page), '/');
    await page.getByText(username, { exact: true }).first().waitFor();
    assert.ok((await session(page)).token, 'token stored');
    expectNoConsoleErrors(page);
  }, { fatal: true });
  await step('screenshots: member box and menu', async () => {
    await page.locator('.member-box__who').click();
    await shot('member-menu-ES-1366', page);
    await page.keyboard.press('Escape');
  });

  await step('balance hides as *** and shows again', async () => {
    const amount = page.getByTestId('balance');
    await waitUntil(async () => /\d\.\d\d$/.test((await amount.textContent()) ?? ''), { message: 'balance not shown with 2 decimals' });
    await page.getByRole('button', { name: t('es', 'header.hideBalance') }).click();
    await waitUntil(async () => (await amount.textContent())?.includes('***'));
    await page.getByRole('button', { name: t('es', 'header.showBalance') }).click();
  });

  await step('change password from the member menu', async () => {
    await page.locator('.member-box__who').click();
    await page.getByRole('button', { name: t('es', 'memberMenu.changePassword') }).click();
    const form = dialog(page, t('es', 'popups.changePassword.title')).getByTestId('change-password-form');
    await form.waitFor();
    await shot('change-password-ES-1366', page);
    await page.setViewportSize(VIEWPORTS.mobile);
    await settle(page);
    await shot('change-password-ES-390', page);
    await page.setViewportSize(VIEWPORTS.laptop);
    await form.locator('input[name=oldPassword]').fill('Secret123');
    await form.locator('input[name=newPassword]').fill('Secret456');
    await form.locator('input[name=confirmNewPassword]').fill('Secret456');
    await form.getByRole('button', { name: t('es', 'auth.change.submit') }).click();
    await dialog(page, t('es', 'popups.changePassword.title')).waitFor({ state: 'detached' });
    await memberBox(page).waitFor();
    assert.equal(pathOf(page), '/');
  });

  await step('logout: cancel keeps the session, confirm ends it', async () => {
    const before = await session(page);
    await page.locator('.member-box__who').click();
    await page.getByRole('button', { name: t('es', 'memberMenu.logout') }).click();
    const confirm = page.getByRole('alertdialog', { name: t('es', 'auth.logoutTitle') });
    await confirm.waitFor();
    await shot('logout-confirm-ES-1366', page);
    await confirm.getByRole('button', { name: t('es', 'common.cancel') }).click();
    await confirm.waitFor({ state: 'detached' });
    assert.equal((await session(page)).token, before.token, 'cancel kept the token');
    await page.locator('.member-box__who').click();
    await page.getByRole('button', { name: t('es', 'memberMenu.logout') }).click();
    await confirm.getByRole('button', { name: t('es', 'auth.logout') }).click();
    await page.getByRole('button', { name: t('es', 'header.login'), exact: true }).first().waitFor();
    const after = await session(page);
    assert.equal(after.token, null, 'token cleared');
    assert.equal(after.merchant, before.merchant, 'merchant code kept');
    assert.equal(pathOf(page), '/');
  });

  await step('log in again with the new password (username remembered)', async () => {
    await page.goto('/login');
    const form = page.getByTestId('login-form');
    await form.locator('input[name=username]').fill(username);
    await form.locator('input[name=password]').fill('Secret456');
    await form.getByRole('button', { name: t('es', 'auth.loginButton') }).click();
    await memberBox(page).waitFor();
    expectNoConsoleErrors(page);
  });

  // ---------- weak01 → forced change ----------
  await step('weak01 / 123456 → forced change-password popup → logged in', async () => {
    const p = await newPage({ viewport: VIEWPORTS.laptop });
    await p.goto('/login');
    const form = p.getByTestId('login-form');
    await form.locator('input[name=username]').fill('weak01');
    await form.locator('input[name=password]').fill('123456');
    await form.getByRole('button', { name: t('es', 'auth.loginButton') }).click();
    const forced = dialog(p, t('es', 'popups.changePassword.title'));
    await forced.getByText(t('es', 'auth.change.forced')).waitFor();
    assert.equal(await forced.getByRole('button', { name: t('es', 'common.close'), exact: true }).count(), 0, 'no close button');
    await p.keyboard.press('Escape');
    await p.getByTestId('modal-backdrop').last().click({ force: true });
    await forced.waitFor();
    await shot('change-password-forced-ES-1366', p);
    await p.reload();
    await forced.getByText(t('es', 'auth.change.forced')).waitFor(); // survives a reload
    const f = forced.getByTestId('change-password-form');
    await f.locator('input[name=oldPassword]').fill('123456');
    await f.locator('input[name=newPassword]').fill('123456');
    await f.locator('input[name=confirmNewPassword]').fill('123456');
    await f.getByRole('button', { name: t('es', 'auth.change.submit') }).click();
    await f.getByText(t('es', 'rules.letters_digits').replace('(min)', '6').replace('(max)', '20')).waitFor();
    await f.locator('input[name=newPassword]').fill('Strong123');
    await f.locator('input[name=confirmNewPassword]').fill('Strong123');
    await f.getByRole('button', { name: t('es', 'auth.change.submit') }).click();
    await forced.waitFor({ state: 'detached' });
    await memberBox(p).waitFor();
    await p.getByText('weak01', { exact: true }).first().waitFor();
    expectNoConsoleErrors(p);
  });

  // ---------- SMS login ----------
  await step('SMS login with the code from the dev outbox', async () => {
    const p = await newPage({ viewport: VIEWPORTS.laptop });
    await p.goto('/login');
    await p.getByRole('tab', { name: t('es', 'auth.tabSms') }).click();
    const form = p.getByTestId('login-form');
    await form.locator('select').selectOption('+52');
    await form.locator('input[name=mobileNum]').fill('5512345678');
    const t0 = Date.now() - 1000;
    await form.getByTestId('send-code').click();
    await waitUntil(async () => /\d+ s/.test((await form.getByTestId('send-code').textContent()) ?? ''), { message: 'no countdown on the SMS button' });
    assert.ok(await form.getByTestId('send-code').isDisabled(), 'SMS button disabled during the countdown');
    const code = await codeFor(p, '+525512345678', t0);
    await form.locator('input[name=verificationCode]').fill(code);
    await form.getByRole('button', { name: t('es', 'auth.loginButton') }).click();
    await memberBox(p).waitFor();
    await p.getByText('player01', { exact: true }).first().waitFor();
    expectNoConsoleErrors(p);
  });

  // ---------- new-IP verification ----------
  await step('login from a new IP asks for a code, then logs in', async () => {
    const p = await newPage({ viewport: VIEWPORTS.laptop, headers: { 'X-Forwarded-For': '198.51.100.77' } });
    await p.goto('/login');
    const form = p.getByTestId('login-form');
    await form.locator('input[name=username]').fill('player01');
    await form.locator('input[name=password]').fill('Player123');
    await form.getByRole('button', { name: t('es', 'auth.loginButton') }).click();
    const verify = p.getByTestId('verification-step');
    await verify.waitFor();
    await verify.getByText(/\+52\*+5678/).waitFor();
    await shot('verification-ES-1366', p);
    // the SMS limit per number was used by the SMS login above: take the e-mail check
    await verify.getByRole('tab', { name: t('es', 'auth.verify.method.email') }).click();
    await verify.getByText('p***@aurora-play.example').waitFor();
    const t0 = Date.now() - 1000;
    await verify.getByTestId('send-code').click();
    const code = await codeFor(p, 'player01@aurora-play.example', t0);
    await verify.locator('input[name=code]').fill(code);
    await verify.getByRole('button', { name: t('es', 'auth.verify.submit') }).click();
    await memberBox(p).waitFor();
    // the challenge itself is a 403 (login.verification.required), which Chromium logs
    expectNoConsoleErrors(p, { ignore: [/403/] });
  });

  // ---------- captcha after failures ----------
  await step('failed logins bring the captcha (image shown, error translated)', async () => {
    const p = await newPage({ viewport: VIEWPORTS.laptop, headers: { 'X-Forwarded-For': '198.51.100.88' } });
    await p.goto('/login');
    const form = p.getByTestId('login-form');
    await form.locator('input[name=username]').fill('nosuchuser1');
    for (let i = 0; i < 3; i++) {
      await form.locator('input[name=password]').fill(`wrong${i}`);
      await form.getByRole('button', { name: t('es', 'auth.loginButton') }).click();
      await form.locator('.auth__error').waitFor();
      await waitUntil(async () => !(await form.getByRole('button', { name: t('es', 'auth.loginButton') }).isDisabled()));
    }
    await form.locator('input[name=captcha]').waitFor();
    await form.locator('.captcha__image img').waitFor();
    await shot('login-captcha-ES-1366', p);
    await p.setViewportSize(VIEWPORTS.mobile);
    await settle(p);
    await shot('login-captcha-ES-390', p);
    expectNoConsoleErrors(p, { ignore: [/401|400/] });
  });

  // ---------- back-off (issue 18): wrong passwords slow down, the SMS tab and a known device do not ----------
  await step('repeated wrong passwords: the captcha, then a stated wait with the SMS way in (1366 and 390)', async () => {
    const p = await newPage({ viewport: VIEWPORTS.laptop, headers: { 'X-Forwarded-For': '198.51.100.89' } });
    await p.goto('/login');
    const form = p.getByTestId('login-form');
    const button = form.getByRole('button', { name: t('es', 'auth.loginButton') });
    await form.locator('input[name=username]').fill('nosuchuser2');
    // 5 free attempts and the one that closes the account's gate; the captcha from the 3rd failure on
    for (let i = 0; i < 6; i++) {
      await form.locator('input[name=password]').fill(`wrong${i}x`);
      if (await form.locator('input[name=captcha]').count()) {
        await form.locator('.captcha__image img').waitFor();
        await form.locator('input[name=captcha]').fill(CAPTCHA_ANSWER);
      }
      await button.click();
      await form.locator('.auth__error').waitFor();
      await waitUntil(async () => !(await button.isDisabled()));
    }
    await form.locator('input[name=password]').fill('wrong6x');
    await form.locator('input[name=captcha]').fill(CAPTCHA_ANSWER);
    await button.click();
    const wait = form.getByTestId('login-throttled');
    await wait.waitFor();
    await wait.getByText(tFeature('auth', 'es', 'auth.throttle.useSms')).waitFor();
    assert.ok(await form.locator('button[type=submit]').isDisabled(), 'the button waits');
    await shot('login-throttled-ES-1366', p);
    await p.setViewportSize(VIEWPORTS.mobile);
    await settle(p);
    await shot('login-throttled-ES-390', p);
    await wait.getByRole('button', { name: tFeature('auth', 'es', 'auth.throttle.useSms') }).click();
    await form.locator('input[name=mobileNum]').waitFor();
    expectNoConsoleErrors(p, { ignore: [/401|400|429/] });
  });

  // ---------- trial ----------
  await step('free trial → TRIAL badge; member centre says in_need_true_account', async () => {
    const p = await newPage({ viewport: VIEWPORTS.laptop });
    await p.goto('/');
    await waitForScreen(p);
    await p.getByRole('button', { name: t('es', 'auth.tryFree') }).first().click();
    await p.getByTestId('trial-badge').waitFor();
    await shot('trial-header-ES-1366', p);
    await p.goto('/member');
    const warn = p.getByRole('alertdialog');
    await warn.getByText(TRIAL_TEXT.ES).waitFor();
    await shot('trial-blocked-ES-1366', p);
    await warn.getByRole('button', { name: t('es', 'common.confirm') }).click();
    await waitUntil(() => pathOf(p) === '/', { message: `stayed on ${pathOf(p)}` });
    expectNoConsoleErrors(p);
  });

  // ---------- agent login ----------
  await step('agent login: player01 is refused', async () => {
    const p = await newPage({ viewport: VIEWPORTS.laptop });
    await p.goto('/agent');
    const form = p.getByTestId('agent-login-form');
    await form.locator('input[name=username]').fill('player01');
    await form.locator('input[name=password]').fill('Player123');
    await form.getByRole('button', { name: t('es', 'auth.loginButton') }).click();
    await form.getByText(NON_AGENT).waitFor();
    assert.equal(pathOf(p), '/agent');
    await shot('agent-login-refused-ES-1366', p);
    await p.setViewportSize(VIEWPORTS.mobile);
    await settle(p);
    await shot('agent-login-refused-ES-390', p);
    expectNoConsoleErrors(p, { ignore: [/403/] });
  });
  await step('agent login: agent01 → /agentHome', async () => {
    const p = await newPage({ viewport: VIEWPORTS.laptop });
    await p.goto('/agent');
    const form = p.getByTestId('agent-login-form');
    await form.locator('input[name=username]').fill('agent01');
    await form.locator('input[name=password]').fill('Agent123');
    await form.getByRole('button', { name: t('es', 'auth.loginButton') }).click();
    await waitUntil(() => pathOf(p) === '/agentHome', { message: `ended at ${pathOf(p)}` });
    await waitForScreen(p).catch(() => {});
    expectNoConsoleErrors(p);
  });

  // ---------- forgot password by e-mail: the link sets a new password and logs in ----------
  // Brand luna (its own send limits: demo's player01 e-mail was just used by the new-IP step).
  await step('forgot password by e-mail → reset link → new password → logged in (brand luna)', async () => {
    const p = await newPage({ viewport: VIEWPORTS.laptop, headers: { 'X-Forwarded-For': '198.51.100.99' } });
    await p.addInitScript(() => sessionStorage.setItem('merchantCode', 'luna'));
    const mail = 'player01@luna-bet.example';
    await p.goto('/login');
    await p.getByRole('button', { name: t('en', 'auth.forgotLink') }).click();
    const form = p.getByTestId('forgot-form');
    await form.locator('input[name=username]').fill('player01');
    await form.locator('input[name=email]').fill(mail);
    const t0 = Date.now() - 1000;
    await form.getByRole('button', { name: t('en', 'auth.forgot.sendLink') }).click();
    await p.getByText(t('en', 'auth.forgot.in_been_out')).waitFor();
    const token = await waitUntil(async () => {
      const res = await p.request.get(`/wps/dev/outbox?to=${encodeURIComponent(mail)}`, { headers: { Merchant: 'luna' } });
      const msg = ((await res.json()).value ?? []).find((m) => Date.parse(m.createdAt) >= t0);
      return msg && /resetPassword=([A-Za-z0-9_-]+)/.exec(msg.body)?.[1];
    }, { message: 'no reset link in the outbox' });
    await p.goto(`/?resetPassword=${token}`);
    const reset = p.getByTestId('reset-form');
    await reset.waitFor();
    assert.ok(!new URL(p.url()).searchParams.has('resetPassword'), 'the token leaves the address bar');
    await reset.locator('input[name=newPassword]').fill('Player456');
    await reset.locator('input[name=confirmNewPassword]').fill('Player456');
    await reset.getByRole('button', { name: t('en', 'auth.forgot.reset') }).click();
    await memberBox(p).waitFor();
    await reset.waitFor({ state: 'detached' });
    await shot('reset-done-EN-1366', p);
    expectNoConsoleErrors(p);
  });
}
