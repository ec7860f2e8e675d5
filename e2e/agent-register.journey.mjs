// Issue 8, register centre, in Chromium: agent01 logs in at /agent and opens the register
// centre; creates a member link (7 days) and an agent link (custom expiry), shows a QR; a
// visitor registers through the member link and lands under agent01 (the link counts 1); a
// disabled link is refused at registration; agent01 creates a downline account directly and
// its first login with 123456 opens the forced change-password popup. Screenshots of the page
// at 1366 and 390 wide in ES and EN.
import assert from 'node:assert/strict';
import { VIEWPORTS, waitUntil } from './lib/harness.mjs';
import { CAPTCHA_ANSWER, dialog, lookup, t as tMain } from './lib/web.mjs';

export const timeout = 300_000;

/** A string of locales/<file>.<lang>.json (agentRegister, auth; {{vars}} filled), else of the main locale. */
function t(lang, key, vars = {}) {
  const v = ['agentRegister', 'auth'].map((f) => lookup(lang, key, f)).find((x) => x !== undefined);
  return v === undefined ? tMain(lang, key) : v.replace(/\{\{(\w+)\}\}/g, (_, k) => String(vars[k]));
}

const pageOf = (p) => p.getByTestId('page-registerCenter');

/** Logs agent01 in at /agent and opens the register centre. */
async function openCentre(p, lang) {
  await p.goto('/agent');
  const form = p.getByTestId('agent-login-form');
  await form.locator('input[name=username]').fill('agent01');
  await form.locator('input[name=password]').fill('Agent123');
  await form.locator('input[name=password]').press('Enter');
  await waitUntil(() => new URL(p.url()).pathname === '/agentHome', { timeout: 30_000, message: `login ended at ${p.url()}` });
  await p.goto('/agentHome?page=registerCenter');
  await pageOf(p).waitFor({ timeout: 20_000 });
  await pageOf(p).getByTestId('invite-form').waitFor();
  await p.getByText(t(lang, 'agentRegister.list.title')).waitFor();
}

async function createLink(p, lang, { type, expiry, remark, custom }) {
  const form = pageOf(p).getByTestId('invite-form');
  await form.getByText(t(lang, `agentRegister.type.${type}`), { exact: true }).click();
  await form.getByText(t(lang, `agentRegister.expiry.${expiry}`), { exact: true }).click();
  if (custom) await form.locator('#ar-custom').fill(custom);
  if (remark) await form.locator('#ar-remark').fill(remark);
  const before = await pageOf(p).getByTestId('invite').count();
  await form.getByRole('button', { name: t(lang, 'agentRegister.form.submit') }).click();
  await waitUntil(async () => (await pageOf(p).getByTestId('invite').count()) === before + 1, { message: 'new link not listed' });
  const card = pageOf(p).getByTestId('invite').first();
  return { card, code: await card.getAttribute('data-code') };
}

async function registerWith(newPage, code, username) {
  const p = await newPage({ viewport: VIEWPORTS.laptop });
  await p.goto(`/register?referralCode=${code}`);
  const form = dialog(p, t('es', 'popups.register.title')).getByTestId('register-form');
  await form.locator('input[name=terms]').check();
  await form.locator('input[name=username]').fill(username);
  await form.locator('input[name=password]').fill('Secret123');
  await form.locator('input[name=confirmPassword]').fill('Secret123');
  await form.locator('input[name=captcha]').fill(CAPTCHA_ANSWER);
  await form.getByRole('button', { name: t('es', 'auth.registerButton') }).click();
  return { p, form };
}

export default async function agentRegister({ newPage, step, shots, settle, expectNoConsoleErrors }) {
  const p = await newPage({ viewport: VIEWPORTS.laptop });
  const stamp = Date.now().toString(36).slice(-6);
  let member;
  await step('agent01 logs in and opens the register centre', () => openCentre(p, 'es'), { fatal: true });

  await step('creates a member link (7 days) and an agent link (custom expiry) with a QR', async () => {
    member = await createLink(p, 'es', { type: 'member', expiry: '7d', remark: 'Redes sociales' });
    assert.match(member.code, /^[A-Z2-9]{16}$/);
    await member.card.getByText(`/register?referralCode=${member.code}`).waitFor();
    const at = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const agentLink = await createLink(p, 'es', { type: 'agent', expiry: 'custom', custom: `${at}T18:30`, remark: 'Subagentes' });
    await agentLink.card.getByText(t('es', 'agentRegister.type.agent'), { exact: true }).waitFor();
    await agentLink.card.getByText(`${at.split('-').reverse().join('/')} 18:30`).waitFor(); // Spanish pages write dd/mm/yyyy (issue 23)
    await agentLink.card.getByRole('button', { name: t('es', 'agentRegister.list.showQr') }).click();
    const img = agentLink.card.locator('.qr__img');
    await waitUntil(() => img.evaluate((el) => el.complete && el.naturalWidth > 0), { message: 'QR image not loaded' });
    expectNoConsoleErrors(p);
  }, { fatal: true });

  await step('a visitor registers through the member link: under agent01, the link counts 1', async () => {
    const { p: v } = await registerWith(newPage, member.code, `inv${stamp}`);
    await v.getByTestId('balance').waitFor({ timeout: 30_000 });
    await p.reload();
    await pageOf(p).getByTestId('invite').first().waitFor();
    const card = pageOf(p).locator(`[data-code="${member.code}"]`);
    await waitUntil(async () => (await card.locator('.ar-link__count strong').textContent()) === '1', { message: 'registration not counted' });
    const res = await v.request.get('/wps/member/info', { headers: { Authorization: await v.evaluate(() => sessionStorage.getItem('token')) } });
    assert.equal((await res.json()).value.userName, `inv${stamp}`);
    const team = await p.request.get(`/wps/relay/MCSFE_agentDownlines?scope=direct&account=inv${stamp}`, {
      headers: { Authorization: await p.evaluate(() => sessionStorage.getItem('token')) },
    });
    assert.equal((await team.json()).value.list[0]?.account, `inv${stamp}`, 'the new account is a direct downline of agent01');
    expectNoConsoleErrors(v);
  });

  await step('screenshots ES: the register centre (1366, 390)', async () => {
    await settle(p);
    await shots('register-centre-ES', p, { fullPage: true });
  });

  await step('a disabled link is refused at registration', async () => {
    const card = pageOf(p).locator(`[data-code="${member.code}"]`);
    await card.getByRole('button', { name: t('es', 'agentRegister.list.disable') }).click();
    await card.getByText(t('es', 'agentRegister.status.disabled'), { exact: true }).waitFor();
    const { p: v, form } = await registerWith(newPage, member.code, `off${stamp}`);
    await v.getByText('Este enlace de invitación ya no está activo', { exact: false }).first().waitFor();
    assert.equal(await form.isVisible(), true);
    expectNoConsoleErrors(v, { ignore: [/400/] });
  });

  const direct = `dir${stamp}`;
  await step('creates a downline account; its first login with 123456 must change the password', async () => {
    const form = pageOf(p).getByTestId('create-downline');
    await form.locator('#ar-username').fill(direct);
    await form.getByRole('button', { name: t('es', 'agentRegister.create.submit') }).click();
    await form.getByTestId('created').getByText(t('es', 'agentRegister.create.doneMember', { account: direct })).waitFor();
    await form.getByTestId('created').scrollIntoViewIfNeeded();
    await shots('create-downline-ES', p, { fullPage: true });
    const u = await newPage({ viewport: VIEWPORTS.laptop });
    await u.goto('/login');
    const login = u.getByTestId('login-form');
    await login.waitFor({ timeout: 30_000 });
    await login.locator('input[name=username]').fill(direct);
    await login.locator('input[name=password]').fill('123456');
    await login.getByRole('button', { name: t('es', 'auth.loginButton') }).click();
    await dialog(u, t('es', 'popups.changePassword.title')).getByText(t('es', 'auth.change.forced')).waitFor({ timeout: 30_000 });
    expectNoConsoleErrors(u);
  });

  await step('screenshots EN: the register centre (1366, 390)', async () => {
    const en = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang: 'EN', hisLang: 'EN' } });
    await openCentre(en, 'en');
    const card = pageOf(en).locator(`[data-code="${member.code}"]`);
    await card.getByText(t('en', 'agentRegister.status.disabled'), { exact: true }).waitFor();
    await pageOf(en).getByTestId('invite').first().getByRole('button', { name: t('en', 'agentRegister.list.showQr') }).click();
    await waitUntil(() => pageOf(en).locator('.qr__img').first().evaluate((el) => el.complete && el.naturalWidth > 0), { message: 'QR image not loaded' });
    await settle(en);
    await shots('register-centre-EN', en, { fullPage: true });
    expectNoConsoleErrors(en);
  });
}
