// Issue 23 in Chromium. Item 1: the demo brand's Arabic and Simplified Chinese. Home, a game list,
// the login popup and the agent centre read the language's own strings (loaded as chunks), with
// <html lang> a BCP 47 tag (ar, zh-CN, never CN) and dir=rtl for Arabic, the language menu's
// options tagged the same way; the demo content kept in the database (promotions, points-mall
// rewards) reads in the language too. Items 6 and 9 in ES, EN and AR: the register popup shows the
// required fields first, a referral link's code in the invitation field (read-only) and the birth
// date in the page's order; the points mall's buttons stay on one line at 1366. Screenshots at
// 1366x768 and 390x844, looked at for RTL mistakes.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { VIEWPORTS, waitUntil } from './lib/harness.mjs';
import { root } from './lib/proc.mjs';
import { htmlLang, waitForScreen } from './lib/web.mjs';

export const timeout = 120_000;

const LANGS = [
  { code: 'AR', tag: 'ar', dir: 'rtl' },
  { code: 'CN', tag: 'zh-CN', dir: 'ltr' },
];
/** Demo content the seed writes per language (apps/server/src/db/seed/content/<tag>.ts). */
const CONTENT = {
  AR: { promotion: 'شحن يومي: 20% إضافية', reward: 'قسيمة رصيد بقيمة 25' },
  CN: { promotion: '每日充值：额外 20%', reward: '25 余额券' },
};
/** Birth-date lists in the page's order (ES dd/mm/yyyy; EN as its ISO dates). */
const BIRTH_ORDER = { es: ['day', 'month', 'year'], en: ['year', 'month', 'day'] };

/** A string of locales/<section>.<tag>.json ('' = the main file). */
function s(tag, key, section = '') {
  const file = path.join(root, 'apps/web/src/locales', `${section ? `${section}.` : ''}${tag}.json`);
  const v = key.split('.').reduce((o, k) => o?.[k], JSON.parse(fs.readFileSync(file, 'utf8')));
  if (typeof v !== 'string') throw new Error(`${file} has no ${key}`);
  return v;
}

export default async function languages({ newPage, step, shot, settle, expectNoConsoleErrors }) {
  for (const { code, tag, dir } of LANGS) {
    const page = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang: code, hisLang: code } });

    await step(`${code}: home in its own strings, <html lang=${tag} dir=${dir}>, language menu tagged`, async () => {
      await page.goto('/');
      await waitForScreen(page, { timeout: 45_000 });
      assert.deepEqual(await htmlLang(page), { lang: tag, dir });
      await page.getByRole('button', { name: s(tag, 'header.login') }).first().waitFor();
      const tags = await page.locator('.lang-select option').evaluateAll((os) => os.map((o) => o.getAttribute('lang')));
      assert.ok(tags.includes('zh-CN') && tags.includes('ar') && !tags.includes('cn'), `option lang tags: ${tags}`);
      await shot(`home-${code}-1366`, page);
      await page.setViewportSize(VIEWPORTS.mobile);
      await settle(page);
      await shot(`home-${code}-390`, page);
      await page.setViewportSize(VIEWPORTS.laptop);
    });

    await step(`${code}: a game list and the login popup`, async () => {
      await page.goto('/rng');
      await waitForScreen(page);
      await page.getByText(s(tag, 'categories.RNG')).first().waitFor();
      await shot(`games-${code}-1366`, page);
      await page.setViewportSize(VIEWPORTS.mobile);
      await settle(page);
      await shot(`games-${code}-390`, page);
      await page.goto('/login');
      const form = page.getByTestId('login-form');
      await form.waitFor({ state: 'attached', timeout: 30_000 });
      await form.getByText(s(tag, 'auth.username', 'auth')).first().waitFor({ timeout: 30_000 });
      await shot(`login-${code}-390`, page);
      await page.setViewportSize(VIEWPORTS.laptop);
      await settle(page);
      await shot(`login-${code}-1366`, page);
    });

    await step(`${code}: demo content from the database in its language (promotions, points-mall rewards)`, async () => {
      await page.setViewportSize(VIEWPORTS.laptop);
      await page.goto('/promotions');
      await page.getByText(CONTENT[code].promotion).first().waitFor({ timeout: 20_000 });
      await page.goto('/pointMall');
      await page.getByText(CONTENT[code].reward).first().waitFor({ timeout: 20_000 });
    });

    await step(`${code}: the agent centre`, async () => {
      await page.setViewportSize(VIEWPORTS.laptop);
      await page.goto('/agent');
      const form = page.getByTestId('agent-login-form');
      await form.locator('input[name=username]').fill('agent01');
      await form.locator('input[name=password]').fill('Agent123');
      await form.locator('input[name=password]').press('Enter');
      await waitUntil(() => new URL(page.url()).pathname === '/agentHome', { timeout: 30_000, message: `login ended at ${page.url()}` });
      await page.getByTestId('page-agentTeamOverview').waitFor({ timeout: 15_000 });
      await page.locator('.ac-menu').getByText(s(tag, 'agent.menu.agentTeamOverview', 'agent')).first().waitFor({ state: 'attached' });
      assert.deepEqual(await htmlLang(page), { lang: tag, dir });
      await settle(page);
      await shot(`agent-${code}-1366`, page);
      await page.setViewportSize(VIEWPORTS.mobile);
      await settle(page);
      await shot(`agent-${code}-390`, page);
    });
    await expectNoConsoleErrors(page);
  }

  for (const [code, tag, dir] of [['ES', 'es', 'ltr'], ['EN', 'en', 'ltr'], ['AR', 'ar', 'rtl']]) {
    const page = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang: code, hisLang: code } });

    await step(`${code}: register from a referral link: required fields first, the code in the invitation field, birth date in the page's order`, async () => {
      await page.goto('/register?referralCode=PLAYER01');
      const form = page.getByTestId('register-form');
      await form.waitFor({ timeout: 30_000 });
      assert.deepEqual(await htmlLang(page), { lang: tag, dir });
      const invite = form.locator('input[name=affiliateCode]');
      assert.equal(await invite.inputValue(), 'PLAYER01');
      assert.equal(await invite.getAttribute('readonly'), '');
      assert.equal(await form.locator('input[name=email]').count(), 0, 'optional fields wait behind More details');
      await settle(page);
      await shot(`register-${code}-1366`, page);
      await page.setViewportSize(VIEWPORTS.mobile);
      await settle(page);
      await shot(`register-${code}-390`, page);
      await form.getByRole('button', { name: s(tag, 'auth.moreDetails', 'auth') }).click();
      const order = await form.locator('.birthday-input select').evaluateAll((xs) => xs.map((x) => x.name.replace('birthday-', '')));
      if (BIRTH_ORDER[tag]) assert.deepEqual(order, BIRTH_ORDER[tag]);
      else assert.deepEqual([...order].sort(), ['day', 'month', 'year']);
      await form.locator('input[name=email]').waitFor();
      await settle(page);
      await shot(`register-more-${code}-390`, page);
      await page.setViewportSize(VIEWPORTS.laptop);
    });

    await step(`${code}: the points mall, its buttons on one line at 1366`, async () => {
      await page.goto('/pointMall');
      await page.getByTestId('reward-card').first().waitFor({ timeout: 20_000 });
      await settle(page);
      const heights = await page.getByTestId('reward-redeem').evaluateAll((bs) => bs.map((b) => {
        const line = parseFloat(getComputedStyle(b).lineHeight) || 20;
        return b.scrollHeight <= b.clientHeight + 1 && b.getBoundingClientRect().height < line * 2 + 12;
      }));
      assert.ok(heights.length > 0 && heights.every(Boolean), `a points-mall button wraps: ${heights}`);
      await shot(`points-${code}-1366`, page);
      await page.setViewportSize(VIEWPORTS.mobile);
      await settle(page);
      await shot(`points-${code}-390`, page);
    });
    await expectNoConsoleErrors(page);
  }
}
