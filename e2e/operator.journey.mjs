// Issue 9 (operator console, first part) in Chromium: the owner signs in to /console with its
// password and a TOTP code (computed here with otpauth from the demo secret), confirms a member's
// deposit, sets the two-person amount; the member asks for a withdrawal above it; the owner's
// approval alone does not pay it (a second approval by the same operator is refused); the finance
// operator approves it and it is paid; the audit log shows all of it. Screenshots of every console
// screen at 1366x768 and 390x844 in ES and EN.
import assert from 'node:assert/strict';
import { expectAccessible } from './lib/axe.mjs';
import { consoleLogin as signIn, consoleMenu, FINANCE, OWNER } from './lib/console.mjs';
import { VIEWPORTS, waitUntil } from './lib/harness.mjs';
import { balanceText, cents, loginWithBalance, operator, passProof } from './lib/player.mjs';
import { lookup, t as tMain } from './lib/web.mjs';

export const timeout = 400_000;
/** Its own server: it changes the brand's two-person amount. */
export const brands = { demo: {} };

const PAYMENT_PASSWORD = '246810';

const c = (lang, key) => lookup(lang, key, 'operator') ?? tMain(lang, key);

async function consoleLogin(page, who, lang) {
  await signIn(page, who);
  await page.getByRole('heading', { name: new RegExp(c(lang, 'console.dash.today').replace(/\s*\(\{\{day\}\}\)/, '')) }).waitFor();
}

const menu = (page, lang, item) => consoleMenu(page, c(lang, `console.menu.${item}`));

export default async function operatorConsole({ newPage, step, shot, settle, expectNoConsoleErrors }) {
  const player = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang: 'ES', hisLang: 'ES' } });
  const owner = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang: 'ES', hisLang: 'ES' } });
  let orderNo = '';
  let start = 0;

  await step('player01 makes a 500.00 deposit order', async () => {
    await loginWithBalance(player);
    start = cents(await balanceText(player));
    await player.goto('/member?page=depositv2');
    const form = player.getByTestId('deposit-form');
    await form.getByRole('radio', { name: /SPEI/ }).click();
    await form.getByRole('radio', { name: /BBVA/ }).click();
    await form.getByRole('button', { name: '$ 500', exact: true }).click();
    await form.getByTestId('deposit-submit').click();
    orderNo = (await player.getByTestId('deposit-order').getByTestId('order-no').innerText()).trim();
    assert.ok(orderNo);
  }, { fatal: true });

  await step('console sign-in screens (ES/EN, desktop/phone); a wrong code is refused', async () => {
    for (const lang of ['ES', 'EN']) {
      const p = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang, hisLang: lang } });
      await p.goto('/console');
      const form = p.locator('.oc-login-box');
      await form.getByRole('heading', { name: c(lang, 'console.login.title') }).waitFor();
      assert.equal(await p.locator('header.header, .site-header').count(), 0, 'no site header in the console');
      await form.locator('input[name=username]').fill(OWNER.username);
      await form.locator('input[name=password]').fill(OWNER.password);
      await form.locator('input[name=code]').fill('000000');
      await form.locator('button[type=submit]').click();
      await form.getByRole('alert').waitFor();
      await shot(`console-login-${lang}-1366`, p);
      await p.setViewportSize(VIEWPORTS.mobile);
      await settle(p);
      await shot(`console-login-${lang}-390`, p);
      await p.close();
    }
  });

  await step('the owner signs in with TOTP and sees the dashboard', async () => {
    await consoleLogin(owner, OWNER, 'ES');
    await owner.getByTestId('tile-registrations').waitFor();
    await owner.locator('.oc-chart svg').waitFor();
    await settle(owner);
    await shot('console-dashboard-ES-1366', owner);
    expectNoConsoleErrors(owner);
  }, { fatal: true });
  // Issue 23, Deliver 4 (the console speaks ES and EN only).
  await step('axe: the console dashboard has no serious or critical violation', () => expectAccessible(owner, 'console dashboard (ES)'));

  await step('the owner confirms the deposit; the member\'s balance grows by 500.00', async () => {
    await menu(owner, 'ES', 'finance');
    const row = owner.locator(`tr[data-order="${orderNo}"]`);
    await row.waitFor();
    await shot('console-deposits-ES-1366', owner);
    await row.getByRole('button', { name: c('ES', 'console.confirm') }).click();
    await row.waitFor({ state: 'detached' });
    await player.goto('/member?page=depositv2');
    await waitUntil(async () => cents(await balanceText(player)) === start + 50_000, { message: 'the confirmed deposit never reached the member' });
  });

  await step('the owner sets two-person approval above 100.00', async () => {
    await owner.getByRole('tab', { name: c('ES', 'console.fin.withdrawals'), exact: true }).click();
    const rules = owner.locator('.oc-rules');
    await rules.locator('input').fill('100');
    await rules.getByRole('button', { name: c('ES', 'console.fin.save') }).click();
    await rules.getByText(/100\.00/).waitFor();
  });

  let withdrawNo = '';
  await step('player01 asks for a 200.00 withdrawal', async () => {
    await player.goto('/member?page=withdraw');
    const pw = player.getByTestId('payment-password-form');
    await pw.waitFor();
    await pw.locator('input[name=newPaymentPassword]').fill(PAYMENT_PASSWORD);
    await pw.locator('input[name=confirmPaymentPassword]').fill(PAYMENT_PASSWORD);
    await pw.locator('button[type=submit]').click();
    await passProof(player); // player01 has a mobile bound: a code sent there proves it is the member (issue 18)
    const bind = player.getByTestId('bind-form');
    await bind.locator('input[name=bankName]').fill('BBVA México');
    await bind.locator('input[name=accountNo]').fill('0121800012345678');
    await bind.locator('input[name=payeeName]').fill('Juan Pérez');
    await bind.locator('button[type=submit]').click();
    const form = player.getByTestId('withdraw-form');
    await form.waitFor();
    await form.locator('#withdraw-amount').fill('200');
    await form.locator('input[name=paymentPassword]').fill(PAYMENT_PASSWORD);
    await form.getByTestId('withdraw-submit').click();
    await form.locator('.w-note--success').waitFor();
    const list = await operator(player, 'GET', '/wps/operator/withdraw/list?username=player01&status=pending');
    withdrawNo = list.list[0].withdrawNo;
    assert.ok(withdrawNo);
  }, { fatal: true });

  await step('the owner approves: not paid alone; approving again is refused', async () => {
    await owner.reload();
    await owner.locator('.oc-shell').waitFor();
    await owner.getByRole('tab', { name: c('ES', 'console.fin.withdrawals'), exact: true }).click();
    const row = owner.locator(`tr[data-withdraw="${withdrawNo}"]`);
    await row.waitFor();
    await row.getByRole('button', { name: c('ES', 'console.fin.approve') }).click();
    await owner.getByText(c('ES', 'console.fin.awaiting')).waitFor();
    await row.locator('.oc-approvals').waitFor();
    await row.getByRole('button', { name: c('ES', 'console.fin.approve') }).click();
    await owner.locator('.oc-notice-error').waitFor();
    await shot('console-withdrawals-ES-1366', owner);
    const pending = await operator(owner, 'GET', '/wps/operator/withdraw/list?username=player01&status=pending');
    assert.ok(pending.list.some((x) => x.withdrawNo === withdrawNo), 'still pending after one operator');
  });

  await step('the finance operator approves (EN) and the withdrawal is paid', async () => {
    const fin = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang: 'EN', hisLang: 'EN' } });
    await consoleLogin(fin, FINANCE, 'EN');
    await menu(fin, 'EN', 'finance');
    await fin.getByRole('tab', { name: c('EN', 'console.fin.withdrawals'), exact: true }).click();
    const row = fin.locator(`tr[data-withdraw="${withdrawNo}"]`);
    await row.getByText(OWNER.username).waitFor();
    await shot('console-withdrawals-EN-1366', fin);
    await row.getByRole('button', { name: c('EN', 'console.fin.approve') }).click();
    await fin.getByText(c('EN', 'console.fin.paid')).waitFor();
    const paid = await operator(fin, 'GET', '/wps/operator/withdraw/list?username=player01&status=paid');
    assert.ok(paid.list.some((x) => x.withdrawNo === withdrawNo), 'paid after the second operator');
    await fin.setViewportSize(VIEWPORTS.mobile);
    await settle(fin);
    await shot('console-finance-EN-390', fin);
    await fin.getByRole('tab', { name: c('EN', 'console.fin.reconcile') }).click();
    await fin.getByTestId('balanced').getByText(c('EN', 'console.fin.balanced')).waitFor();
    await shot('console-reconcile-EN-390', fin);
    expectNoConsoleErrors(fin);
  });

  await step('the audit log shows the confirmation, both approvals and the payment', async () => {
    await menu(owner, 'ES', 'audit');
    for (const action of ['finance.deposit.confirm', 'finance.withdraw.approve', 'finance.withdraw.pay', 'finance.rules', 'operator.login']) {
      await owner.locator(`tr[data-action="${action}"]`).first().waitFor();
    }
    await owner.locator('tr[data-action="finance.withdraw.pay"]').getByRole('cell', { name: FINANCE.username, exact: true }).waitFor();
    await shot('console-audit-ES-1366', owner);
    await owner.setViewportSize(VIEWPORTS.mobile);
    await settle(owner);
    await shot('console-audit-ES-390', owner);
    await owner.setViewportSize(VIEWPORTS.laptop);
  });

  await step('people, dashboard and team in ES and EN, desktop and phone', async () => {
    for (const lang of ['ES', 'EN']) {
      await owner.locator('.oc-top .oc-lang').getByRole('button', { name: lang }).click();
      for (const vp of ['laptop', 'mobile']) {
        await owner.setViewportSize(VIEWPORTS[vp]);
        const size = vp === 'laptop' ? 1366 : 390;
        await menu(owner, lang, 'dashboard');
        await owner.getByTestId('tile-deposits').waitFor();
        await settle(owner);
        await shot(`console-dashboard-${lang}-${size}`, owner);
        await menu(owner, lang, 'people');
        await owner.locator('input[type=search]').fill('player01');
        await owner.getByRole('button', { name: c(lang, 'console.search') }).click();
        const row = owner.locator('tr', { hasText: 'player01' }).first();
        await row.waitFor();
        await shot(`console-people-${lang}-${size}`, owner);
        await row.getByRole('button', { name: c(lang, 'console.ppl.open') }).click();
        await owner.getByRole('heading', { name: /player01/ }).waitFor();
        await settle(owner);
        await shot(`console-member-${lang}-${size}`, owner);
        await menu(owner, lang, 'team');
        await owner.getByText(FINANCE.username).first().waitFor();
        await shot(`console-team-${lang}-${size}`, owner);
      }
    }
    await owner.setViewportSize(VIEWPORTS.laptop);
    // the one refused second approval by the owner (409 operator.approval.same) is expected
    expectNoConsoleErrors(owner, { ignore: [/409 \(Conflict\).*\/wps\/ops\/finance\/withdraw\/approve/] });
  });

  await step('log out: the console asks to sign in again', async () => {
    await owner.getByRole('button', { name: c('EN', 'console.logout') }).click();
    await owner.locator('.oc-login-box').waitFor();
  });
}
