// Issue 9 item 6 (responsible gaming) in Chromium: player01 sets a 300.00 daily deposit limit in the
// member centre and is refused a 500.00 deposit; takes a 1-day cool-off, is logged out at once and
// refused at login with the end date; the owner finds player01 in the console's responsible-gaming
// page and sees the cool-off and the history. Screenshots at 1366 and 390 in ES and EN.
import assert from 'node:assert/strict';
import { consoleLogin, consoleMenu, OWNER } from './lib/console.mjs';
import { VIEWPORTS, waitUntil } from './lib/harness.mjs';
import { login } from './lib/player.mjs';
import { lookup, t as tMain } from './lib/web.mjs';

export const timeout = 300_000;
/** Its own server: player01 ends on a cool-off. */
export const brands = { demo: {} };

const r = (lang, key) => lookup(lang, key, 'responsible') ?? tMain(lang, key);
const c = (lang, key) => lookup(lang, key, 'operator-responsible') ?? lookup(lang, key, 'operator') ?? tMain(lang, key);

async function both(page, name, shot, settle) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await settle(page);
  await shot(`${name}-1366`, page);
  await page.setViewportSize(VIEWPORTS.mobile);
  await settle(page);
  await shot(`${name}-390`, page);
  await page.setViewportSize(VIEWPORTS.laptop);
}

export default async function responsibleJourney({ newPage, step, shot, settle, expectNoConsoleErrors }) {
  const player = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang: 'ES', hisLang: 'ES' } });

  await step('player01 sets a daily deposit limit of 300.00 (applies at once)', async () => {
    await login(player);
    await player.goto('/member?page=responsible');
    const form = player.getByTestId('rg-limits');
    await form.waitFor();
    await form.locator('#rg-depositDay').fill('300');
    await form.locator('button[type=submit]').click();
    await waitUntil(async () => /300\.00/.test(await player.getByTestId('rg-now-depositDay').innerText()), { message: 'the limit never showed' });
    // a higher weekly limit after a lower one: the raise waits 24 h and shows as pending
    await form.locator('#rg-depositWeek').fill('1000');
    await form.locator('button[type=submit]').click();
    // the first save has landed (the form reloads from it) before the raise is typed
    await waitUntil(async () => /1[.,]?000\.00/.test(await player.getByTestId('rg-now-depositWeek').innerText()), { message: 'the weekly limit never showed' });
    await form.locator('#rg-depositWeek').fill('2000');
    await form.locator('button[type=submit]').click();
    await player.getByTestId('rg-pending-depositWeek').waitFor();
    await both(player, 'member-responsible-ES', shot, settle);
    expectNoConsoleErrors(player);
  }, { fatal: true });

  await step('the member page in EN', async () => {
    const en = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang: 'EN', hisLang: 'EN' } });
    await login(en);
    await en.goto('/member?page=responsible');
    await en.getByText(r('EN', 'responsible.limitsTitle'), { exact: true }).first().waitFor();
    await en.getByTestId('rg-pending-depositWeek').waitFor();
    await both(en, 'member-responsible-EN', shot, settle);
    await en.close();
  });

  await step('a 500.00 deposit is refused by the limit', async () => {
    await player.goto('/member?page=depositv2');
    const form = player.getByTestId('deposit-form');
    await form.getByRole('radio', { name: /SPEI/ }).click();
    await form.getByRole('radio', { name: /BBVA/ }).click();
    await form.getByRole('button', { name: '$ 500', exact: true }).click();
    await form.getByTestId('deposit-submit').click();
    await player.getByText(/límite de depósito de 300\.00/).first().waitFor();
    assert.equal(await player.getByTestId('deposit-order').count(), 0, 'no order was made');
    await shot('deposit-refused-ES-1366', player);
  });

  await step('reality check: every 5 minutes a reminder with the time played and the result (EN, phone)', async () => {
    await player.goto('/member?page=responsible');
    const form = player.getByTestId('rg-limits');
    await form.locator('#rg-realityMinutes').fill('5');
    await form.locator('button[type=submit]').click();
    await waitUntil(async () => /5 min/.test(await player.getByTestId('rg-now-realityMinutes').innerText()), { message: 'the interval never showed' });
    const p = await newPage({ viewport: VIEWPORTS.mobile, storage: { lang: 'EN', hisLang: 'EN' } });
    await p.clock.install();
    const asked = p.waitForResponse((res) => res.url().includes('/wps/member/responsible/reality'));
    asked.catch(() => {}); // awaited below; if login throws first, its timeout must not escape as an unhandled rejection (it killed the runner)
    await login(p);
    await asked;
    const box = p.getByTestId('reality-check');
    // the page's clock runs 5 minutes on: the reminder opens
    await waitUntil(async () => {
      await p.clock.fastForward('00:30');
      return (await box.count()) > 0;
    }, { message: 'no reality check after 5 minutes' });
    await box.waitFor();
    await box.getByText(r('EN', 'responsible.reality.net')).waitFor();
    await settle(p);
    await shot('reality-check-EN-390', p);
    await box.getByRole('button', { name: r('EN', 'responsible.reality.continue') }).click();
    await box.waitFor({ state: 'detached' });
    await p.close();
  });

  await step('player01 takes a 1-day cool-off: logged out at once, login refused with the end date', async () => {
    await player.goto('/member?page=responsible');
    const form = player.getByTestId('rg-break');
    await form.waitFor();
    await form.getByTestId('rg-sure').check();
    await form.locator('button[type=submit]').click();
    await player.waitForURL((u) => new URL(u).pathname === '/');
    await waitUntil(async () => (await player.getByTestId('balance').count()) === 0, { message: 'still logged in' });
    await player.goto('/login');
    const login = player.getByTestId('login-form');
    await login.locator('input[name=username]').fill('player01');
    await login.locator('input[name=password]').fill('Player123');
    await login.locator('button[type=submit]').click();
    await player.getByText(/en pausa hasta el \d{4}-\d{2}-\d{2}/).first().waitFor();
    await shot('login-refused-ES-1366', player);
  });

  await step('the owner sees the cool-off and the history in the console (ES/EN, desktop/phone)', async () => {
    const op = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang: 'ES', hisLang: 'ES' } });
    await consoleLogin(op, OWNER);
    await consoleMenu(op, c('ES', 'console.menu.responsible'));
    const page = op.getByTestId('console-responsible');
    await page.locator('input[type=search]').fill('player01');
    await page.locator('button[type=submit]').click();
    await page.locator('tr', { hasText: 'player01' }).getByRole('button', { name: c('ES', 'console.rg.open') }).click();
    await op.getByTestId('rg-break-pill').waitFor();
    assert.match(op.url(), /\/console\/responsible\?member=\d+/);
    await op.locator('code', { hasText: 'responsible.cooloff' }).waitFor();
    for (const lang of ['ES', 'EN']) {
      // one TOTP code counts once: the same session switches language
      await op.locator('.oc-lang button', { hasText: lang }).click();
      await op.getByText(c(lang, 'console.rg.history'), { exact: true }).waitFor();
      await op.getByText(c(lang, 'console.rg.kinds.cooloff'), { exact: true }).first().waitFor();
      await both(op, `console-responsible-${lang}`, shot, settle);
    }
    // a direct link opens the member (the People page can link here)
    await op.goto(op.url());
    await op.getByTestId('rg-break-pill').waitFor();
    expectNoConsoleErrors(op);
  });
}
