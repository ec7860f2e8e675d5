// Issue 23 item 1 in Chromium: the demo brand's Arabic and Simplified Chinese. Home, a game list,
// the login popup and the agent centre read the language's own strings (loaded as chunks), with
// <html lang> a BCP 47 tag (ar, zh-CN, never CN) and dir=rtl for Arabic, the language menu's
// options tagged the same way. Screenshots at 1366x768 and 390x844, looked at for RTL mistakes.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { VIEWPORTS, waitUntil } from './lib/harness.mjs';
import { root } from './lib/proc.mjs';
import { htmlLang, waitForScreen } from './lib/web.mjs';

export const timeout = 240_000;

const LANGS = [
  { code: 'AR', tag: 'ar', dir: 'rtl' },
  { code: 'CN', tag: 'zh-CN', dir: 'ltr' },
];

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
}
