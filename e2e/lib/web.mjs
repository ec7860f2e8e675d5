// Page-level helpers for the lobby web app: its locale strings and the checks every screen shares.
import fs from 'node:fs';
import path from 'node:path';
import { root } from './proc.mjs';
import { settle, waitUntil } from './harness.mjs';

/** Every captcha's answer in the browser runs (run.mjs sets CAPTCHA_TEST_ANSWER; never on a real deployment). */
export const CAPTCHA_ANSWER = 'ACE47';

const localeCache = {};
/**
 * A string from apps/web/src/locales/<lang>.json (or <file>.<lang>.json, a feature's own strings)
 * by dotted key, read at run time; undefined when there is none.
 */
export function lookup(lang, key, file) {
  const name = `${file ? `${file}.` : ''}${lang.toLowerCase()}.json`;
  localeCache[name] ??= JSON.parse(fs.readFileSync(path.join(root, 'apps/web/src/locales', name), 'utf8'));
  const v = key.split('.').reduce((o, k) => (o == null ? undefined : o[k]), localeCache[name]);
  return typeof v === 'string' ? v : undefined;
}

/** As lookup, but a missing string throws. */
export function t(lang, key, file) {
  const v = lookup(lang, key, file);
  if (v === undefined) throw new Error(`locale ${file ? `${file}.` : ''}${lang} has no string ${key}`);
  return v;
}

/** A feature's string (<file>.<lang>.json), else the main locale's. */
export const tFeature = (file, lang, key) => lookup(lang, key, file) ?? t(lang, key);

export const pathOf = (page) => {
  const u = new URL(page.url());
  return u.pathname + u.search;
};

/** <html lang> and dir. */
export const htmlLang = (page) =>
  page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir || 'ltr' }));

export const local = (page, key) => page.evaluate((k) => localStorage.getItem(k), key);

/** Wait until the app has rendered: not the server's first screen, no section spinner in the main area, some text in it. */
export async function waitForScreen(page, { timeout = 15_000 } = {}) {
  await waitUntil(
    () => page.evaluate(() => {
      const root = document.getElementById('root');
      if (!root || !root.innerText.trim()) return false;
      // the server-drawn first screen (plugins/first-screen.ts) is not the app yet
      if (root.querySelector('[data-shell]')) return false;
      if (document.querySelector('.section-spinner, #app-loader:not([hidden]):not(.is-hidden)')) return false;
      const main = document.querySelector('main');
      return !!main && main.innerText.trim().length > 0;
    }),
    { timeout, message: 'screen did not render (empty #root/main or a spinner still showing)' },
  );
  await settle(page);
}

/**
 * The site layout is around the page: header, footer, main; the side menu docked or not.
 * Returns { sideMenu: 'docked' | 'drawer-only' | 'none' }.
 */
export async function expectLayout(page) {
  const info = await page.evaluate(() => {
    const vis = (el) => !!el && el.getBoundingClientRect().height > 0 && getComputedStyle(el).visibility !== 'hidden';
    const menu = document.getElementById('side-menu');
    return {
      header: vis(document.querySelector('header')),
      footer: vis(document.querySelector('footer')),
      main: vis(document.querySelector('main')),
      sideMenu: !menu ? 'none' : menu.classList.contains('side-menu--docked') ? 'docked' : 'drawer-only',
      notFound: !!document.querySelector('.status-page'),
      sectionError: document.querySelector('.section-error')?.textContent?.trim() ?? null,
    };
  });
  const missing = ['header', 'footer', 'main'].filter((k) => !info[k]);
  if (missing.length) throw new Error(`layout incomplete: no visible ${missing.join(', ')}`);
  if (info.sectionError) throw new Error(`section error shown: ${info.sectionError.slice(0, 200)}`);
  return info;
}

/** The visible dialog (role dialog or alertdialog), optionally one whose name matches. */
export function dialog(page, name) {
  return page.getByRole('dialog', name ? { name } : undefined).or(page.getByRole('alertdialog', name ? { name } : undefined));
}
