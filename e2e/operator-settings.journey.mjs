// Issue 9 item 2 (brand settings) in Chromium: the owner signs in to /console (password + TOTP),
// opens Brand settings, is refused a GMT offset out of range on the page, changes the Facebook link
// and the support hours and saves; the player site's footer links the new Facebook page at once
// and shows the new support hours at once (no restart). Screenshots of every settings section at 1366x768 and 390x844 in ES and EN.
import assert from 'node:assert/strict';
import { consoleLogin, consoleMenu, OWNER } from './lib/console.mjs';
import { VIEWPORTS, waitUntil } from './lib/harness.mjs';
import { lookup, t as tMain } from './lib/web.mjs';

export const timeout = 300_000;
/** Its own server: it changes the brand's links. */
export const brands = { demo: {} };

const SECTIONS = ['modules', 'languages', 'register', 'access', 'contact', 'thresholds'];
const NEW_FACEBOOK = 'https://facebook.com/aurora-settings-e2e';

const c = (lang, key) => lookup(lang, key, 'operator-settings') ?? lookup(lang, key, 'operator') ?? tMain(lang, key);

const menu = (page, lang, item) => consoleMenu(page, c(lang, `console.menu.${item}`));

export default async function operatorSettings({ newPage, step, shot, settle, expectNoConsoleErrors }) {
  const owner = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang: 'ES', hisLang: 'ES' } });
  const player = await newPage({ viewport: VIEWPORTS.laptop, storage: { lang: 'ES', hisLang: 'ES' } });

  await step('the owner signs in and opens Brand settings', async () => {
    await consoleLogin(owner, OWNER);
    await menu(owner, 'ES', 'settings');
    await owner.getByRole('heading', { name: c('ES', 'console.menu.settings') }).waitFor();
    await owner.locator('.st-tree[role=tree]').waitFor();
  }, { fatal: true });

  await step('contact: a GMT offset out of range is refused on the page', async () => {
    await owner.getByRole('tab', { name: c('ES', 'opSettings.tab.contact') }).click();
    const form = owner.locator('form.st-form');
    const gmt = form.getByLabel(c('ES', 'opSettings.contact.gmt'));
    const before = await gmt.inputValue();
    await gmt.fill('+15:00');
    await form.getByRole('button', { name: c('ES', 'opSettings.save') }).click();
    await form.getByText(c('ES', 'opSettings.contact.gmtRange')).waitFor();
    await gmt.scrollIntoViewIfNeeded();
    await shot('settings-contact-invalid-ES-1366', owner);
    await gmt.fill(before);
  });

  await step('the player footer shows the old Facebook link', async () => {
    await player.goto('/');
    const fb = player.locator('footer a.social-btn--facebook');
    await fb.waitFor();
    assert.notEqual(await fb.getAttribute('href'), NEW_FACEBOOK);
  });

  await step('contact: a new Facebook link and support hours are saved; the player site shows the link at once', async () => {
    const form = owner.locator('form.st-form');
    await form.locator('input[data-social=facebook]').fill(NEW_FACEBOOK);
    await form.getByLabel(c('ES', 'opSettings.contact.hours')).fill('Lun-Dom 08:00-22:00');
    await form.getByRole('button', { name: c('ES', 'opSettings.save') }).click();
    await owner.getByText(c('ES', 'opSettings.saved')).waitFor();
    await shot('settings-contact-saved-ES-1366', owner);
    await player.goto('/');
    await waitUntil(async () => (await player.locator('footer a.social-btn--facebook').getAttribute('href')) === NEW_FACEBOOK,
      { message: 'the footer never linked the new Facebook page' });
    await player.locator('footer').scrollIntoViewIfNeeded();
    await settle(player);
    await shot('player-footer-new-link-ES-1366', player);
    await player.locator('footer', { hasText: 'Lun-Dom 08:00-22:00' }).waitFor();
  });

  await step('every settings section in ES and EN, desktop and phone', async () => {
    for (const lang of ['ES', 'EN']) {
      await owner.locator('.oc-top .oc-lang').getByRole('button', { name: lang }).click();
      for (const vp of ['laptop', 'mobile']) {
        await owner.setViewportSize(VIEWPORTS[vp]);
        const size = vp === 'laptop' ? 1366 : 390;
        for (const s of SECTIONS) {
          await owner.getByRole('tab', { name: c(lang, `opSettings.tab.${s}`) }).click();
          await owner.getByRole('button', { name: c(lang, 'opSettings.save') }).waitFor();
          await settle(owner);
          await shot(`settings-${s}-${lang}-${size}`, owner);
        }
      }
    }
    await owner.setViewportSize(VIEWPORTS.laptop);
    expectNoConsoleErrors(owner);
    expectNoConsoleErrors(player);
  });

  await step('the audit log lists the contact change', async () => {
    await menu(owner, 'EN', 'audit');
    await owner.locator('td', { hasText: 'settings.contact' }).first().waitFor();
    await shot('settings-audit-EN-1366', owner);
  });
}
