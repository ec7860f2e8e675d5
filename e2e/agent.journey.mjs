// Issue 8, agent centre, in Chromium: agent01 logs in at /agent and lands on the team overview
// (menu of §2, brand clock ticking, support hours, team numbers from the rollup); tops up 500.00
// through the menu's deposit item (operator confirms); in team management searches player01,
// edits its nickname and transfers 100.00 to it (the agent's balance and player01's move by
// exactly that); player01 spins a slot for real and the bet shows in team betting with its
// footer totals; agent01 offers subagent01 a daily wage that subagent01 accepts; agent01 offers
// subagent01 a real-time salary (1 % of the team's valid bet, every 5 minutes), subagent01 accepts
// it after logging in; a new member of subagent01's team (created by subagent01, funded by agent01,
// its forced password change done) spins a slot; the real-time job settles the slot (the journey's
// server runs 20-second slots, CONTRACTS_REALTIME_SECONDS in e2e/run.mjs) and the salary shows in
// agent01's records (paid) and subagent01's transaction history.
// The P&L statement (user loss) and account details pages. Screenshots of every agent page at 1366 and 390 wide in ES and EN, the phone
// menu drawer, and no page wider than 390 px.
import assert from 'node:assert/strict';
import { expectAccessible } from './lib/axe.mjs';
import { VIEWPORTS, waitUntil } from './lib/harness.mjs';
import { cents, operator } from './lib/player.mjs';
import { api } from './lib/player.mjs';
import { dialog, t as tLocale } from './lib/web.mjs';

export const timeout = 420_000;

/** A string of locales/agent.<lang>.json ({{vars}} filled). */
const t = (lang, key, vars = {}) => tLocale(lang, key, 'agent').replace(/\{\{(\w+)\}\}/g, (_, k) => String(vars[k]));

const agentBalance = async (page) => cents(await page.locator('.ac-bar').getByTestId('balance').innerText());
const row = (page, account) => page.getByTestId('page-downlineManagmentView').locator(`tr[data-account="${account}"]`);

/** Opens a page of the agent centre from its menu (no reload). */
async function openAgentPage(page, id) {
  await page.locator(`.ac-menu a[data-page="${id}"]`).click();
  await page.locator(`.ac[data-page="${id}"] .ac-main .w-page`).first().waitFor({ timeout: 15_000 });
}

/** subagent01 logs in at /agent in a page of its own and lands on /agentHome. */
async function subagentLogin(newPage) {
  const sub = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang: 'ES', hisLang: 'ES' } });
  await sub.goto('/agent');
  const login = sub.getByTestId('agent-login-form');
  await login.locator('input[name=username]').fill('subagent01');
  await login.locator('input[name=password]').fill('Agent123');
  await login.locator('input[name=password]').press('Enter');
  await waitUntil(() => new URL(sub.url()).pathname === '/agentHome', { timeout: 30_000, message: `subagent01 login ended at ${sub.url()}` });
  return sub;
}

export default async function agentJourney({ newPage, step, shot, settle, expectNoConsoleErrors }) {
  const page = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang: 'ES', hisLang: 'ES' } });

  await step('agent01 logs in at /agent and lands on the team overview', async () => {
    await page.goto('/agent');
    const form = page.getByTestId('agent-login-form');
    await form.locator('input[name=username]').fill('agent01');
    await form.locator('input[name=password]').fill('Agent123');
    await form.locator('input[name=password]').press('Enter');
    await waitUntil(() => new URL(page.url()).pathname === '/agentHome', { timeout: 30_000, message: `login ended at ${page.url()}` });
    await page.getByTestId('page-agentTeamOverview').waitFor({ timeout: 15_000 });
    assert.equal(await page.locator('header.header, footer.footer').count(), 0, 'no site header or footer');
    const menu = page.locator('.ac-menu');
    for (const id of ['deposit', 'withdraw', 'agentTeamOverview', 'downlineManagmentView', 'teamBetting', 'personalHistoryCopy']) {
      await menu.locator(`[data-page="${id}"]`).getByText(t('ES', `agent.menu.${id}`)).waitFor();
    }
    assert.equal(await page.getByTestId('agent-nickname').innerText(), 'agent01');
    assert.match(await page.getByTestId('agent-support-hours').innerText(), /\d\d:\d\d-\d\d:\d\d/);
    const clock = page.getByTestId('agent-clock');
    assert.match(await clock.innerText(), /GMT[+-]\d\d:\d\d\s+\d\d:\d\d:\d\d/);
    const before = await clock.innerText();
    await page.waitForTimeout(1200);
    assert.notEqual(await clock.innerText(), before, 'the clock ticks every second');
  }, { fatal: true });

  // Issue 23, Deliver 4: no serious or critical axe violation on the team overview, ES and AR.
  await step('axe: agent team overview, ES and AR', async () => {
    for (const lang of ['ES', 'AR']) {
      await page.evaluate((l) => { localStorage.setItem('lang', l); localStorage.setItem('hisLang', l); }, lang);
      await page.goto('/agentHome?page=agentTeamOverview');
      await page.getByTestId('page-agentTeamOverview').waitFor({ timeout: 15_000 });
      await settle(page);
      await expectAccessible(page, `agent team overview (${lang})`);
    }
    await page.evaluate(() => { localStorage.setItem('lang', 'ES'); localStorage.setItem('hisLang', 'ES'); });
    await page.goto('/agentHome?page=agentTeamOverview');
    await page.getByTestId('page-agentTeamOverview').waitFor({ timeout: 15_000 });
  });

  await step('team overview: team numbers arrive from the rollup (3 members, 2 direct)', async () => {
    // The rollup runs every 15 s; the open overview asks again at the same pace.
    await waitUntil(async () => Number(await page.getByTestId('kpi-teamMembers').locator('.w-stat__value').innerText()) >= 3, { timeout: 45_000, message: 'team members never reached 3' });
    await page.getByTestId('overview-asof').waitFor();
    await page.getByTestId('overview-chart').locator('rect').first().waitFor({ state: 'attached' });
    assert.ok(await page.getByTestId('overview-days').locator('tbody tr').count() >= 7, 'a daily list of the period');
  });

  await step('the menu deposit item opens the member deposit; the operator confirms 500.00', async () => {
    const start = await agentBalance(page);
    await page.locator('.ac-menu a[data-page="deposit"]').click();
    const deposit = page.getByTestId('deposit-form');
    await deposit.waitFor();
    await deposit.getByRole('radio', { name: /SPEI/ }).click();
    await deposit.getByRole('radio', { name: /BBVA/ }).click();
    await deposit.getByRole('button', { name: '$ 500', exact: true }).click();
    await deposit.getByTestId('deposit-submit').click();
    const orderNo = (await page.getByTestId('deposit-order').getByTestId('order-no').innerText()).trim();
    await operator(page, 'POST', '/wps/operator/deposit/confirm', { orderNo });
    await page.goto('/agentHome');
    await waitUntil(async () => (await agentBalance(page)) === start + 50_000, { timeout: 15_000, message: 'the deposit never reached the agent bar' });
  }, { fatal: true });

  await step('team management: search player01 and edit its nickname', async () => {
    await openAgentPage(page, 'downlineManagmentView');
    await page.getByTestId('downline-table').waitFor();
    await page.getByRole('searchbox').fill('player');
    await page.getByRole('searchbox').press('Enter');
    await waitUntil(async () => (await page.getByTestId('downline-row').count()) === 1, { message: 'search did not narrow to player01' });
    const r = row(page, 'player01');
    await r.getByRole('button', { name: t('ES', 'agent.downlines.nickname'), exact: true }).click();
    const form = page.getByTestId('nickname-form');
    await form.locator('input[name=nickname]').fill('Jugador Suerte');
    await form.getByRole('button', { name: t('ES', 'agent.nickname.save') }).click();
    await form.waitFor({ state: 'detached' });
    await waitUntil(async () => (await r.getByTestId('downline-nickname').innerText()) === 'Jugador Suerte', { message: 'nickname not shown' });
  });

  await step('transfer 100.00 to player01: both balances move by exactly that', async () => {
    const r = row(page, 'player01');
    const mine = await agentBalance(page);
    const theirs = cents(await r.getByTestId('downline-balance').innerText());
    await r.getByRole('button', { name: t('ES', 'agent.downlines.transfer'), exact: true }).click();
    const form = page.getByTestId('transfer-form');
    await waitUntil(async () => /\d/.test(await form.getByTestId('transfer-available').innerText()), { message: 'available balance not shown' });
    await form.locator('input[name=amount]').fill('999999');
    await form.getByRole('button', { name: t('ES', 'agent.transfer.submit') }).click();
    await form.getByRole('alert').waitFor(); // more than the balance: refused before any call
    await form.locator('input[name=amount]').fill('100');
    await shot('transfer-ES-1366', page);
    await form.getByRole('button', { name: t('ES', 'agent.transfer.submit') }).dblclick();
    await form.waitFor({ state: 'detached' });
    await waitUntil(async () => cents(await r.getByTestId('downline-balance').innerText()) === theirs + 10_000, { message: 'player01 balance did not grow by 100.00' });
    await waitUntil(async () => (await agentBalance(page)) === mine - 10_000, { message: 'agent balance did not drop by 100.00 (once)' });
  });

  await step('player01 spins a slot for real', async () => {
    const player = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang: 'ES', hisLang: 'ES' } });
    await player.goto('/login');
    const form = player.getByTestId('login-form');
    await form.locator('input[name=username]').waitFor({ timeout: 30_000 });
    await form.locator('input[name=username]').fill('player01');
    await form.locator('input[name=password]').fill('Player123');
    await form.locator('button[type=submit]').click();
    await player.getByTestId('balance').waitFor();
    await player.goto('/rng');
    const card = player.locator('.gcard:not(.gcard--skeleton)').first();
    await card.waitFor();
    const name = (await card.locator('.gcard__name').innerText()).trim();
    await card.locator('.gcard__play').click();
    const frame = player.getByRole('dialog', { name }).frameLocator('iframe');
    await frame.locator('.dv-balance-amount').waitFor({ timeout: 15_000 });
    const rows = frame.locator('.dv-history tbody tr');
    const before = await rows.count();
    await frame.locator('.dv-btn-play').click();
    await waitUntil(async () => (await rows.count()) > before, { timeout: 40_000, message: 'the round never reached the history' });
    await player.context().close();
  });

  await step('team betting lists player01 with footer totals', async () => {
    await openAgentPage(page, 'teamBetting');
    const table = page.getByTestId('betting-table');
    // The bet reaches the team rollup within a cycle (15 s).
    await waitUntil(async () => {
      if (await table.locator('tr[data-account="player01"]').count()) return true;
      await page.reload();
      await page.getByTestId('page-teamBetting').waitFor();
      await page.waitForTimeout(1500);
      return false;
    }, { timeout: 60_000, interval: 3000, message: 'player01 never showed in team betting' });
    const foot = page.getByTestId('betting-footer');
    assert.ok(cents(await foot.locator('td').nth(1).innerText()) > 0, 'the footer sums a bet amount');
    assert.match(await table.locator('tr[data-account="player01"]').innerText(), /agent01/);
  });

  await step('agent01 offers subagent01 a daily wage; subagent01 accepts it on its daily wages page', async () => {
    await openAgentPage(page, 'downlineManagmentView');
    const r = row(page, 'subagent01');
    await r.getByRole('button', { name: t('ES', 'agent.downlines.offer'), exact: true }).click();
    const form = page.getByTestId('offer-form');
    await form.getByRole('button', { name: t('ES', 'agent.contracts.kind.daily'), exact: true }).click();
    await form.locator('input[name="tiers.0.minimumBet"]').fill('100');
    await form.locator('input[name="tiers.0.activeMember"]').fill('1');
    await form.locator('input[name="tiers.0.rate"]').fill('1.5');
    await form.getByRole('button', { name: `+ ${t('ES', 'agent.contracts.offer.add')}` }).click();
    await form.locator('input[name="tiers.1.minimumBet"]').fill('5000');
    await form.locator('input[name="tiers.1.activeMember"]').fill('3');
    await form.locator('input[name="tiers.1.rate"]').fill('2');
    await shot('offer-ES-1366', page);
    await form.getByRole('button', { name: t('ES', 'agent.contracts.offer.submit') }).click();
    await form.waitFor({ state: 'detached' });
    await openAgentPage(page, 'agentDailyWages2');
    await page.getByTestId('offered-contract').first().waitFor();
    assert.equal(await page.getByTestId('offered-contract').first().getAttribute('data-status'), 'new');

    const sub = await subagentLogin(newPage);
    // Issue 23 item 11: the offer pops up at the downline's next login, with its tiers
    const popup = sub.getByTestId('contract-offer-popup');
    await popup.getByTestId('contract-tiers').first().waitFor({ timeout: 15_000 });
    assert.match(await popup.getByTestId('contract-tiers').first().innerText(), /1\.50 %[\s\S]*2\.00 %/);
    await shot('contract-popup-ES-1366', sub);
    await expectAccessible(sub, 'the contract popup');
    await sub.goto('/agentHome?page=agentDailyWages2');
    const card = sub.getByTestId('my-contract').first();
    await card.waitFor({ timeout: 15_000 });
    assert.equal(await card.getAttribute('data-status'), 'new');
    assert.match(await card.getByTestId('contract-tiers').innerText(), /1\.50 %[\s\S]*2\.00 %/);
    await shot('daily-offer-ES-1366', sub, { fullPage: true });
    await card.getByRole('button', { name: t('ES', 'agent.contracts.accept'), exact: true }).click();
    await sub.getByRole('alertdialog').getByRole('button', { name: t('ES', 'agent.contracts.accept'), exact: true }).click();
    await waitUntil(async () => (await sub.getByTestId('my-contract').first().getAttribute('data-status')) === 'success', { message: 'the contract never came into force' });
    await sub.setViewportSize(VIEWPORTS.mobile);
    await settle(sub);
    await shot('daily-contract-ES-390', sub, { fullPage: true });
    expectNoConsoleErrors(sub);
    await sub.context().close();
  });

  const bettor = `rt${Date.now().toString(36)}`;
  await step('agent01 offers subagent01 a real-time salary; subagent01 accepts it after logging in', async () => {
    await openAgentPage(page, 'downlineManagmentView');
    await row(page, 'subagent01').getByRole('button', { name: t('ES', 'agent.downlines.offer'), exact: true }).click();
    const form = page.getByTestId('offer-form');
    await form.getByRole('button', { name: t('ES', 'agent.contracts.kind.realtime'), exact: true }).click();
    await form.locator('input[name="tiers.0.minimumBet"]').fill('0');
    await form.locator('input[name="tiers.0.activeMember"]').fill('0');
    await form.locator('input[name="tiers.0.rate"]').fill('1');
    await form.getByRole('button', { name: t('ES', 'agent.contracts.offer.submit') }).click();
    await form.waitFor({ state: 'detached' });

    const sub = await subagentLogin(newPage);
    // accepted in the contract popup of the login (issue 23 item 11)
    const popup = sub.getByTestId('contract-offer-popup');
    await popup.getByTestId('offered-to-me').first().waitFor({ timeout: 15_000 });
    await popup.getByRole('button', { name: t('ES', 'agent.contracts.accept'), exact: true }).first().click();
    await popup.waitFor({ state: 'detached' });
    await sub.goto('/agentHome?page=agentRealtimeSalary');
    const card = sub.getByTestId('my-contract').first();
    await card.waitFor({ timeout: 15_000 });
    await waitUntil(async () => (await sub.getByTestId('my-contract').first().getAttribute('data-status')) === 'success', { message: 'the real-time contract never came into force' });

    // subagent01's team gets a member (register centre call), agent01 funds it (transfer to a deep downline)
    const auth = (p) => p.evaluate(() => sessionStorage.getItem('token')).then((tok) => ({ Authorization: tok, Merchant: 'demo' }));
    const made = await api(sub, 'POST', '/wps/relay/MCSFE_agentCreateDownline', { headers: await auth(sub), data: { username: bettor, accountType: 'member' } });
    await api(page, 'POST', '/wps/agent/transfer', { headers: await auth(page), data: { downlineId: made.memberId, amount: '50', requestId: `rt-fund-${bettor}` } });
    await sub.context().close();
  });

  await step('the new member changes its default password and spins a slot three times', async () => {
    const u = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang: 'ES', hisLang: 'ES' } });
    await u.goto('/login');
    const form = u.getByTestId('login-form');
    await form.locator('input[name=username]').waitFor({ timeout: 30_000 });
    await form.locator('input[name=username]').fill(bettor);
    await form.locator('input[name=password]').fill('123456');
    await form.locator('button[type=submit]').click();
    const forced = dialog(u, tLocale('es', 'popups.changePassword.title'));
    const f = forced.getByTestId('change-password-form');
    await f.waitFor({ timeout: 30_000 });
    await f.locator('input[name=oldPassword]').fill('123456');
    await f.locator('input[name=newPassword]').fill('Strong123');
    await f.locator('input[name=confirmNewPassword]').fill('Strong123');
    await f.getByRole('button', { name: tLocale('es', 'auth.change.submit', 'auth') }).click();
    await forced.waitFor({ state: 'detached' });
    await u.getByTestId('balance').waitFor();
    await u.goto('/rng');
    const card = u.locator('.gcard:not(.gcard--skeleton)').first();
    await card.waitFor();
    const name = (await card.locator('.gcard__name').innerText()).trim();
    await card.locator('.gcard__play').click();
    const frame = u.getByRole('dialog', { name }).frameLocator('iframe');
    await frame.locator('.dv-balance-amount').waitFor({ timeout: 15_000 });
    const rows = frame.locator('.dv-history tbody tr');
    for (let i = 0; i < 3; i++) {
      const before = await rows.count();
      await frame.locator('.dv-btn-play').click();
      await waitUntil(async () => (await rows.count()) > before, { timeout: 40_000, message: 'the round never reached the history' });
    }
    await u.context().close();
  });

  await step('the real-time job pays subagent01: agent01 sees it paid in its records, subagent01 in its transaction history', async () => {
    // the journey's server runs 20-second real-time slots settled 20 s after they end (CONTRACTS_* in e2e/run.mjs)
    const paid = page.getByTestId('contract-records').locator('tbody tr[data-status="disbursed"]').filter({ hasText: 'subagent01' });
    await waitUntil(async () => {
      await page.goto('/agentHome?page=agentRealtimeSalary');
      await page.getByTestId('page-contract-realtime').waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: t('ES', 'agent.contracts.role.downline'), exact: true }).click();
      // the records of the role "paid by me" arrive after the click (the previous role's stay meanwhile)
      return paid.first().waitFor({ timeout: 5_000 }).then(() => true, () => false);
    }, { timeout: 150_000, interval: 5_000, message: 'no real-time salary was paid to subagent01' });
    assert.match(await paid.first().innerText(), /subagent01/);
    await settle(page);
    await shot('realtime-paid-ES-1366', page, { fullPage: true });

    const sub = await subagentLogin(newPage);
    await sub.goto('/member?page=transactionHistory');
    const wage = sub.getByTestId('tx-table').locator('tr[data-type="hour_wage"]');
    await wage.first().waitFor({ timeout: 20_000 });
    assert.ok(cents(await wage.first().locator('td').nth(3).innerText()) > 0, 'the wage is a credit');
    await settle(sub);
    await shot('realtime-wage-history-ES-1366', sub, { fullPage: true });
    expectNoConsoleErrors(sub);
    await sub.context().close();
  });

  await step('user loss (P&L statement) lists subagent01 with its team; its account opens the account details', async () => {
    await openAgentPage(page, 'palStatementsAgentCopy');
    const table = page.getByTestId('pl-table');
    await table.waitFor({ timeout: 15_000 });
    const subRow = table.locator('tr[data-account="subagent01"]');
    await subRow.waitFor();
    await subRow.getByRole('button', { name: 'subagent01' }).click();
    // the account details of subagent01: its statement (or the empty state when it has none yet)
    await waitUntil(() => new URL(page.url()).searchParams.get('account') === 'subagent01', { timeout: 15_000, message: `account details not opened: ${page.url()}` });
    await page.getByTestId('dtx-table').or(page.locator('.ac[data-page="agentDownlineTransactionDetailsCopy"] .ac-main [data-testid="empty"]')).first().waitFor({ timeout: 15_000 });
  });

  // ---------- screenshots: every page, ES and EN, 1366 and 390 ----------
  const pages = ['agentTeamOverview', 'registerCenter', 'downlineManagmentView', 'teamBetting', 'personalHistoryCopy', 'palStatementsAgentCopy', 'agentRevenueReport',
    'agentDownlineTransactionDetailsCopy', 'agentDailyWages2', 'agentRealtimeSalary'];
  const extra = { agentDownlineTransactionDetailsCopy: '&account=subagent01' };
  for (const lang of ['ES', 'EN']) {
    await step(`screenshots ${lang}: agent centre pages`, async () => {
      await page.evaluate((l) => { localStorage.setItem('lang', l); localStorage.setItem('hisLang', l); }, lang);
      for (const id of pages) {
        await page.setViewportSize(VIEWPORTS.laptop);
        await page.goto(`/agentHome?page=${id}${extra[id] ?? ''}`);
        await page.locator(`[data-page="${id}"] .ac-main .w-page`).first().waitFor({ timeout: 15_000 });
        await page.getByTestId('skeleton').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => {});
        await page.locator('.ac-main__title').getByText(t(lang, `agent.menu.${id}`)).waitFor();
        await settle(page);
        await shot(`${id}-${lang}-1366`, page, { fullPage: true });
        await page.setViewportSize(VIEWPORTS.mobile);
        await settle(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 1, `${id} overflows 390 px by ${overflow}px`);
        await shot(`${id}-${lang}-390`, page, { fullPage: true });
      }
      await page.getByRole('button', { name: t(lang, 'agent.openMenu') }).click();
      await page.locator('.ac-aside.is-open').waitFor();
      await page.waitForTimeout(300);
      await shot(`menu-drawer-${lang}-390`, page);
      await page.locator('.ac-aside.is-open a[data-page="downlineManagmentView"]').click();
      await page.getByTestId('page-downlineManagmentView').waitFor();
      await page.locator('.ac-aside.is-open').waitFor({ state: 'detached' });
      await page.setViewportSize(VIEWPORTS.laptop);
      expectNoConsoleErrors(page);
    });
  }
}
