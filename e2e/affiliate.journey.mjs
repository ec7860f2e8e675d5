// Issue 25, tracked links in Chromium: the operator allows the journey's own postback receiver
// (127.0.0.1:18625, exempted for this server by POSTBACK_ALLOW_PRIVATE in e2e/run.mjs); agent01
// creates a campaign link with a sub-ID and sets a registration postback; a visitor lands on a
// game list deep link (/rng?vassalage=…&referralCode=…), registers later from the header and
// deposits; the agent sees the click, the registration and the FTD on the links report, the
// postback arrives at the receiver with the sub-ID and click id, and the report exports as CSV.
// A CPA contract (issue 25 item 4): the operator offers agent01 a platform CPA plan (7.00 per player
// with a first deposit of 100.00 or more), agent01 accepts it in the login's contract popup; the
// visitor's deposit qualifies it once: the qualified CPA postback arrives and the statement shows
// one CPA line paid. Screenshots of the links page at 1366 and 390.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { VIEWPORTS, waitUntil } from './lib/harness.mjs';
import { CAPTCHA_ANSWER, dialog, lookup, t as tMain } from './lib/web.mjs';
import { operator, topUp500 } from './lib/player.mjs';

export const timeout = 120_000;
const RECEIVER_PORT = 18625;

const t = (lang, key) => ['agent', 'agentRegister', 'auth'].map((f) => lookup(lang, key, f)).find((x) => x !== undefined) ?? tMain(lang, key);

export default async function affiliate({ newPage, step, shots, settle, expectNoConsoleErrors }) {
  const got = [];
  const receiver = createServer((req, res) => { got.push(req.url); res.end('ok'); });
  await new Promise((r) => receiver.listen(RECEIVER_PORT, '127.0.0.1', r));
  try {
    const p = await newPage({ viewport: VIEWPORTS.laptop });
    const stamp = Date.now().toString(36).slice(-6);
    const campaign = `e2e${stamp}`;
    let code;

    await step('agent01 creates a campaign link with a sub-ID and a registration postback', async () => {
      await operator(p, 'POST', '/wps/operator/affiliate/settings', { postbackHosts: ['127.0.0.1'], adminFeeBps: {}, paymentFeeBps: 0 });
      const cpa = await operator(p, 'POST', '/wps/operator/agentContracts/offer', {
        account: 'agent01', kind: 'dividend', period: 'monthly', tiers: [], plan: 'cpa', cpa: { amount: '7', minDeposit: '100', minValidBet: '0', days: 7 },
      });
      assert.equal(cpa.plan, 'cpa');
      await p.goto('/agent');
      const form = p.getByTestId('agent-login-form');
      await form.locator('input[name=username]').fill('agent01');
      await form.locator('input[name=password]').fill('Agent123');
      await form.locator('input[name=password]').press('Enter');
      await waitUntil(() => new URL(p.url()).pathname === '/agentHome', { timeout: 30_000, message: `login ended at ${p.url()}` });
      // the platform's CPA offer pops up at login: accepted there
      const popup = p.getByTestId('contract-offer-popup');
      await popup.getByTestId('offered-to-me').first().waitFor({ timeout: 15_000 });
      await popup.getByText(t('es', 'agent.contracts.plan.cpa')).first().waitFor();
      await popup.getByRole('button', { name: t('es', 'agent.contracts.accept'), exact: true }).first().click();
      await popup.waitFor({ state: 'detached' });
      await p.goto('/agentHome?page=registerCenter');
      const invite = p.getByTestId('invite-form');
      await invite.locator('#ar-campaign').fill(campaign);
      await invite.locator('#ar-subId').fill('banner1');
      await invite.getByRole('button', { name: t('es', 'agentRegister.form.submit') }).click();
      const card = p.getByTestId('invite').first();
      await card.getByText(`campaign=${campaign}&sub=banner1`, { exact: false }).waitFor();
      code = await card.getAttribute('data-code');
      await p.goto('/agentHome?page=agentLinks');
      await p.getByTestId('page-agentLinks').waitFor({ timeout: 20_000 });
      await p.getByTestId('permanent-url').getByText('referralCode=AGENT01').waitFor();
      await p.getByTestId('pb-registration').fill(`http://127.0.0.1:${RECEIVER_PORT}/pb?sub={sub_id}&cid={click_id}&e={event}`);
      await p.getByTestId('pb-registration').press('Enter');
      await p.getByText(t('es', 'agent.links.pb.saved')).waitFor();
      await p.getByTestId('pb-cpa').fill(`http://127.0.0.1:${RECEIVER_PORT}/pb?sub={sub_id}&amount={amount}&e={event}`);
      await p.getByTestId('pb-cpa').press('Enter');
      await waitUntil(async () => (await p.getByText(t('es', 'agent.links.pb.saved')).count()) > 0, { message: 'CPA postback not saved' });
      expectNoConsoleErrors(p);
    }, { fatal: true });

    const username = `aff${stamp}`;
    await step('a visitor lands on a game list deep link, registers later and deposits', async () => {
      const v = await newPage({ viewport: VIEWPORTS.laptop });
      await v.goto(`/rng?vassalage=RNG-PG&referralCode=${code}&campaign=${campaign}&sub=banner1`);
      await waitUntil(() => v.evaluate(() => !!JSON.parse(localStorage.getItem('lobby.attribution') ?? 'null')?.clickId), { message: 'click not recorded' });
      await v.goto('/register');
      const form = dialog(v, t('es', 'popups.register.title')).getByTestId('register-form');
      await form.locator('input[name=terms]').check();
      await form.locator('input[name=username]').fill(username);
      await form.locator('input[name=password]').fill('Secret123');
      await form.locator('input[name=confirmPassword]').fill('Secret123');
      await form.locator('input[name=captcha]').fill(CAPTCHA_ANSWER);
      await form.getByRole('button', { name: t('es', 'auth.registerButton') }).click();
      await v.getByTestId('balance').waitFor({ timeout: 30_000 });
      await topUp500(v);
      expectNoConsoleErrors(v);
    }, { fatal: true });

    await step('the postback arrives with the sub-ID and click id; the delivery log shows it sent', async () => {
      await waitUntil(() => got.length > 0, { timeout: 40_000, message: 'no postback at the receiver' });
      const u = new URL(got[0], 'http://x');
      assert.equal(u.searchParams.get('sub'), 'banner1');
      assert.equal(u.searchParams.get('e'), 'registration');
      assert.match(u.searchParams.get('cid') ?? '', /^[A-Za-z0-9_-]{16,}$/);
      await p.reload();
      await p.getByTestId('pb-log').locator('tr[data-status="sent"]').first().waitFor({ timeout: 20_000 });
    });

    await step('the links report shows the click, the registration and the FTD', async () => {
      const row = p.getByTestId('links-table').locator(`tr[data-code="${code}"][data-sub="banner1"]`);
      await waitUntil(async () => {
        if (!(await row.count())) { await p.reload(); return false; }
        const n = async (c) => Number(await row.locator(`td[data-col="${c}"]`).innerText());
        return (await n('clicks')) === 1 && (await n('registrations')) === 1 && (await n('ftds')) === 1;
      }, { timeout: 60_000, interval: 3_000, message: 'click / registration / FTD not on the report' });
      expectNoConsoleErrors(p);
    });

    await step('the CPA contract pays once: the qualified CPA postback arrives, the statement shows one CPA line paid', async () => {
      await waitUntil(() => got.some((u) => u.includes('e=cpa')), { timeout: 40_000, message: 'no qualified CPA postback' });
      const u = new URL(got.find((x) => x.includes('e=cpa')), 'http://x');
      assert.equal(u.searchParams.get('amount'), '7.00');
      assert.equal(u.searchParams.get('sub'), 'banner1');
      const cpaBox = p.getByTestId('statement-cpa');
      await waitUntil(async () => {
        if (!(await cpaBox.locator('tr[data-status="disbursed"]').count())) { await p.reload(); return false; }
        return true;
      }, { timeout: 30_000, interval: 2_000, message: 'the CPA line is not on the statement' });
      assert.equal(await cpaBox.locator(`tr:has-text("${username}")`).count(), 1);
      assert.equal(got.filter((x) => x.includes('e=cpa')).length, 1);
    });

    await step('the links report exports as CSV', async () => {
      const [download] = await Promise.all([p.waitForEvent('download'), p.getByTestId('links-export').click()]);
      const text = await (await download.createReadStream()).toArray().then((b) => Buffer.concat(b).toString('utf8'));
      assert.match(text, /^\uFEFFcode,remark,campaign,subId,clicks,registrations,ftds/);
      assert.match(text, new RegExp(`${code},,${campaign},banner1,1,1,1,500\\.00`));
    });

    await step('screenshots: the links page (1366, 390)', async () => {
      await settle(p);
      await shots('links-ES', p, { fullPage: true });
    });
  } finally {
    await new Promise((r) => receiver.close(r));
  }
}
