// Issue 2, item 7: the running product in Chromium. Home in Spanish, switch to English and to
// Arabic (RTL) with the side-menu language select, walk every route of product-spec §2 with its
// guard, and see the region-blocked screen for a blocked country. (The maintenance screen is in
// foundation-maintenance.journey.mjs: it needs a server whose brand is in maintenance.)
import assert from 'node:assert/strict';
import { expectAccessible } from './lib/axe.mjs';
import { VIEWPORTS, waitUntil } from './lib/harness.mjs';
import { dialog, expectLayout, htmlLang, local, pathOf, t, waitForScreen } from './lib/web.mjs';

/** Public routes of §2: they render inside the layout; `menu: false` = side menu hidden; `chromeless` = the page is the whole screen (the game, issue 23 item 2). */
const PUBLIC_ROUTES = [
  { path: '/', shot: 'home' },
  { path: '/index' },
  { path: '/index.html' },
  { path: '/home' },
  { path: '/help', shot: 'help' },
  { path: '/help#deposit' },
  { path: '/promotions', shot: 'promotions' },
  { path: '/sports', shot: 'sports' },
  { path: '/esports' },
  { path: '/lott' },
  { path: '/elott' },
  { path: '/live', shot: 'live' },
  { path: '/fish' },
  { path: '/rng?vassalage=RNG-AURORA', shot: 'rng' },
  { path: '/pvp' },
  { path: '/pointMall', shot: 'pointMall' },
  { path: '/seamless', shot: 'seamless', chromeless: true },
  { path: '/agent', shot: 'agent-login' },
];

/** Login-required routes: logged out, each ends on home with the login popup open. */
export const timeout = 360_000;

const LOGIN_ROUTES = ['/lottery?gameCode=x', '/lottert?gameCode=x', '/seaLottery?gameCode=x', '/vnLottery', '/member', '/favorite', '/recent'];

export default async function foundation({ newPage, step, shots, expectNoConsoleErrors }) {
  const page = await newPage({ viewport: VIEWPORTS.laptop });

  await step('home opens in Spanish', async () => {
    await page.goto('/');
    await waitForScreen(page);
    await page.locator('#side-menu').getByText(t('es', 'sideMenu.home'), { exact: true }).first().waitFor();
    const { lang, dir } = await htmlLang(page);
    assert.match(lang, /^es\b/i, `<html lang> is "${lang}"`);
    assert.equal(dir, 'ltr');
    const layout = await expectLayout(page);
    assert.equal(layout.sideMenu, 'docked', 'side menu docked on home');
    expectNoConsoleErrors(page);
  }, { fatal: true });
  await step('screenshots: home ES', () => shots('home-es', page, { fullPage: true }));

  const select = page.locator('#side-menu select');
  await step('side-menu language select lists the brand languages', async () => {
    const values = await select.locator('option').evaluateAll((os) => os.map((o) => o.value));
    for (const code of ['ES', 'EN', 'AR']) assert.ok(values.includes(code), `option ${code} missing (have ${values.join(', ')})`);
  });

  await step('switch to English', async () => {
    await select.selectOption('EN');
    await page.locator('#side-menu').getByText(t('en', 'sideMenu.home'), { exact: true }).first().waitFor();
    await page.getByText(t('en', 'header.login'), { exact: true }).first().waitFor();
    const { lang, dir } = await htmlLang(page);
    assert.match(lang, /^en\b/i, `<html lang> is "${lang}"`);
    assert.equal(dir, 'ltr');
    assert.equal(await local(page, 'lang'), 'EN', 'localStorage lang');
    assert.equal(await local(page, 'hisLang'), 'EN', 'localStorage hisLang');
    expectNoConsoleErrors(page);
  });
  await step('English survives a reload', async () => {
    await page.reload();
    await waitForScreen(page);
    await page.locator('#side-menu').getByText(t('en', 'sideMenu.home'), { exact: true }).first().waitFor();
    assert.match((await htmlLang(page)).lang, /^en\b/i);
  });
  await step('screenshots: home EN', () => shots('home-en', page, { fullPage: true }));

  await step('switch to Arabic: right-to-left', async () => {
    await select.selectOption('AR');
    await waitUntil(async () => (await htmlLang(page)).dir === 'rtl', { message: '<html dir> did not become rtl' });
    const { lang } = await htmlLang(page);
    assert.match(lang, /^ar\b/i, `<html lang> is "${lang}"`);
    assert.equal(await local(page, 'lang'), 'AR');
    assert.equal(await local(page, 'hisLang'), 'AR');
    // The side menu sits on the right in RTL (logical properties).
    const box = await page.locator('#side-menu').boundingBox();
    const width = page.viewportSize().width;
    assert.ok(box && box.x + box.width / 2 > width / 2, `side menu is not on the right in RTL (x=${box?.x})`);
    await expectLayout(page);
    expectNoConsoleErrors(page);
  });
  await step('screenshots: home AR (RTL)', () => shots('home-ar', page, { fullPage: true }));

  // Issue 23, Deliver 4: axe-core finds no serious or critical violation on home, a game list,
  // the login and the register popups, in AR (still selected) and then ES.
  await step('axe: home, a game list, login and register, AR and ES', async () => {
    for (const lang of ['AR', 'ES']) {
      await page.evaluate((l) => { localStorage.setItem('lang', l); localStorage.setItem('hisLang', l); }, lang);
      await page.goto('/');
      await page.locator('.gcard:not(.gcard--skeleton)').first().waitFor();
      await expectAccessible(page, `home (${lang})`);
      await page.goto('/rng');
      await page.locator('.game-grid .gcard:not(.gcard--skeleton)').first().waitFor();
      await expectAccessible(page, `/rng (${lang})`);
      await page.goto('/login');
      await page.getByTestId('login-form').waitFor();
      await expectAccessible(page, `login (${lang})`);
      await page.goto('/register');
      await page.getByTestId('register-form').waitFor();
      await expectAccessible(page, `register (${lang})`);
    }
    await page.goto('/');
    await page.locator('#side-menu select').selectOption('AR');
    await waitUntil(async () => (await htmlLang(page)).dir === 'rtl', { message: 'not back to AR' });
  });

  await step('back to Spanish', async () => {
    await select.selectOption('ES');
    await waitUntil(async () => (await htmlLang(page)).dir === 'ltr' && /^es\b/i.test((await htmlLang(page)).lang), { message: 'not back to es/ltr' });
    assert.equal(await local(page, 'lang'), 'ES');
  });

  // Every route of §2, each loaded fresh (the server's SPA fallback serves it).
  for (const r of PUBLIC_ROUTES) {
    await step(`route ${r.path} renders in the layout`, async () => {
      await page.goto(r.path);
      await waitForScreen(page);
      const here = new URL(page.url()).pathname;
      assert.equal(here, new URL(r.path, 'http://x').pathname, `ended at ${here}`);
      if (r.chromeless) {
        const chrome = await page.evaluate(() => ['.site', '#side-menu', 'footer', '.bottom-nav'].filter((q) => document.querySelector(q)));
        assert.deepEqual(chrome, [], 'site chrome on a full-screen page');
      } else {
        const layout = await expectLayout(page);
        assert.ok(!layout.notFound, 'shows the not-found page');
        assert.equal(layout.sideMenu, r.menu === false ? 'drawer-only' : 'docked', 'side menu');
      }
      expectNoConsoleErrors(page);
    });
    if (r.shot) await step(`screenshots: ${r.path}`, () => shots(`route-${r.shot}`, page));
  }

  const loginTitle = t('es', 'popups.login.title');
  for (const p of LOGIN_ROUTES) {
    await step(`guard ${p} → login popup`, async () => {
      await page.goto(p);
      await waitUntil(() => new URL(page.url()).pathname === '/', { message: `stayed on ${pathOf(page)}` });
      await dialog(page, loginTitle).first().waitFor();
      await expectLayout(page);
      expectNoConsoleErrors(page);
    });
  }
  await step('screenshots: login popup (guard)', () => shots('guard-login-popup', page));

  await step('guard /agentHome → /agent when logged out', async () => {
    await page.goto('/agentHome');
    await waitUntil(() => new URL(page.url()).pathname === '/agent', { message: `ended at ${pathOf(page)}` });
    await waitForScreen(page);
    await expectLayout(page);
    expectNoConsoleErrors(page);
  });

  await step('/login opens the login popup on home', async () => {
    await page.goto('/login');
    await waitUntil(() => new URL(page.url()).pathname === '/', { message: `ended at ${pathOf(page)}` });
    await dialog(page, loginTitle).first().waitFor();
    expectNoConsoleErrors(page);
  });

  await step('/register?referralCode=ABC123 opens the register popup with the code', async () => {
    await page.goto('/register?referralCode=ABC123');
    await waitUntil(() => new URL(page.url()).pathname === '/', { message: `ended at ${pathOf(page)}` });
    const d = dialog(page, t('es', 'popups.register.title')).first();
    await d.waitFor();
    // the link's code fills the invitation field, read-only (issue 23 item 6)
    const code = d.getByRole('textbox', { name: /^Código de invitación/ });
    await code.waitFor();
    assert.equal(await code.inputValue(), 'ABC123');
    assert.equal(await code.getAttribute('readonly'), '');
    expectNoConsoleErrors(page);
  });
  await step('screenshots: register popup', () => shots('register-popup', page));

  await step('unknown path shows not-found inside the layout', async () => {
    await page.goto('/no-such-page');
    await waitForScreen(page);
    const layout = await expectLayout(page);
    assert.ok(layout.notFound, 'no not-found page');
    expectNoConsoleErrors(page, { ignore: [/status of 404/] });
  });

  // A lazy section whose chunk fails to load offers Retry (never a blank page), and Retry works.
  const flaky = await newPage({ viewport: VIEWPORTS.laptop });
  const chunk = /\/assets\/PromotionsPage-[^/]*\.js(\?.*)?$/;
  await step('lazy section: failed chunk shows Retry inside the layout', async () => {
    await flaky.route(chunk, (route) => route.abort('failed'));
    await flaky.goto('/');
    await waitForScreen(flaky);
    await flaky.locator('#side-menu').getByRole('link', { name: t('es', 'common.more') }).first().click();
    await flaky.getByRole('alert').getByText(t('es', 'lazy.chunkTitle')).waitFor();
    await flaky.getByRole('button', { name: t('es', 'common.retry') }).waitFor();
    await expectLayout(flaky).catch((e) => { if (!/section error shown/.test(e.message)) throw e; });
    expectNoConsoleErrors(flaky, { ignore: [/PromotionsPage/, /Failed to load resource/, /dynamically imported module/] });
  });
  await step('screenshots: chunk error', () => shots('chunk-error', flaky));
  await step('lazy section: Retry loads the chunk once the network is back', async () => {
    await flaky.unroute(chunk);
    await flaky.getByRole('button', { name: t('es', 'common.retry') }).click();
    await waitUntil(() => flaky.evaluate(() => !document.querySelector('.section-error')), { message: 'the error panel stayed after Retry' });
    await waitForScreen(flaky);
    const layout = await expectLayout(flaky);
    assert.ok(!layout.notFound);
    expectNoConsoleErrors(flaky, { ignore: [/PromotionsPage/, /Failed to load resource/, /dynamically imported module/] });
  });

  // Mobile (390x844, touch): the side menu is a drawer opened from the bottom navigation, and
  // no page is wider than the screen.
  const phone = await newPage({ viewport: VIEWPORTS.mobile, mobile: true });
  await step('mobile: drawer opens from the bottom nav; language select works there', async () => {
    await phone.goto('/');
    await waitForScreen(phone);
    const menu = phone.locator('#side-menu');
    const inView = async () => {
      const b = await menu.boundingBox();
      return !!b && b.x >= -1 && b.x + b.width <= VIEWPORTS.mobile.width + 1;
    };
    assert.equal(await inView(), false, 'drawer open before tapping Menu');
    await phone.getByRole('navigation', { name: t('es', 'bottomNav.label') }).getByRole('button', { name: t('es', 'bottomNav.menu') }).click();
    await waitUntil(inView, { message: 'drawer did not slide in' });
    await shots('mobile-drawer', phone);
    await menu.locator('select').selectOption('EN');
    await menu.getByText(t('en', 'sideMenu.home'), { exact: true }).first().waitFor();
    assert.equal(await local(phone, 'lang'), 'EN');
    await phone.keyboard.press('Escape');
    await waitUntil(async () => !(await inView()), { message: 'Escape did not close the drawer' });
    expectNoConsoleErrors(phone);
  });
  for (const r of PUBLIC_ROUTES.filter((x) => !x.path.includes('#'))) {
    await step(`mobile: ${r.path} fits 390 px`, async () => {
      await phone.goto(r.path);
      await waitForScreen(phone);
      const m = await phone.evaluate(() => ({ sw: document.documentElement.scrollWidth, iw: window.innerWidth }));
      assert.ok(m.sw <= m.iw + 1 && m.iw <= 391, `page is ${m.sw}px wide in a ${m.iw}px layout viewport`);
      expectNoConsoleErrors(phone);
    });
  }

  // Region restriction: the brand `demo` blocks IR; 5.160.0.1 is an Iranian address and the
  // server trusts X-Forwarded-For (TRUST_PROXY=true in e2e).
  const blocked = await newPage({ viewport: VIEWPORTS.laptop, headers: { 'X-Forwarded-For': '5.160.0.1' } });
  await step('region-blocked screen for a blocked country, with the IP', async () => {
    await blocked.goto('/');
    await blocked.getByText(t('es', 'status.blockip')).first().waitFor();
    const ip = blocked.getByTestId('blocked-ip');
    await ip.waitFor();
    assert.equal((await ip.textContent()).trim(), '5.160.0.1');
    assert.equal(await blocked.locator('#side-menu').count(), 0, 'the app (side menu) is still there');
    await blocked.getByRole('link', { name: t('es', 'status.customerService') }).first().waitFor();
    expectNoConsoleErrors(blocked, { ignore: [/status of 403/] });
  });
  await step('screenshots: region blocked', () => shots('region-blocked', blocked));
}
