// The journey harness: a Chromium from Debian, pages that record console errors, named steps
// that print one line each, and screenshots at the three sizes the product is checked at.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { root } from './proc.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];
export const VIEWPORTS = {
  desktop: { width: 1920, height: 1080 },
  laptop: { width: 1366, height: 768 },
  mobile: { width: 390, height: 844 },
};
export const SCREENSHOTS = path.join(root, 'e2e/screenshots');

/** Never downloads a browser: the system Chromium or nothing. */
export async function launchBrowser() {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install -y chromium)`);
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

export const stripAnsi = (s) => String(s).replace(/\u001b\[[0-9;]*m/g, '');
const slug = (s) => String(s).replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80);

/** Console messages that are not the page's fault (the browser's own noise). */
const BENIGN = [/favicon\.ico/i, /Download the React DevTools/i];

/**
 * A journey's context. Counters are shared through `tally` ({passed, failed}).
 * `print` writes one line (the runner passes console.log).
 */
export function createJourney({ name, browser, server, tally, print = console.log }) {
  const contexts = new Set();
  const shotsDir = path.join(SCREENSHOTS, slug(name));
  fs.rmSync(shotsDir, { recursive: true, force: true }); // no stale FAIL-* from an earlier run
  fs.mkdirSync(shotsDir, { recursive: true });
  let aborted = false;

  /**
   * A page in its own browser context. Options: viewport (default 1366x768), headers (extra
   * HTTP headers on every request, e.g. X-Forwarded-For), storage ({key: value} put in
   * localStorage before any script runs), mobile (touch + mobile UA hints).
   */
  async function newPage({ viewport = VIEWPORTS.laptop, headers, storage, mobile = false, locale = 'es-MX' } = {}) {
    if (aborted) throw new Error('journey aborted');
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport,
      locale,
      extraHTTPHeaders: headers,
      isMobile: mobile,
      hasTouch: mobile,
      serviceWorkers: 'block',
    });
    contexts.add(context);
    // an action waits up to 20 s: two journeys, their servers and browsers share 2 cores, and on a slow machine a
    // page's first render has taken over 10 s (a step that fails still fails, only later)
    context.setDefaultTimeout(20_000);
    context.setDefaultNavigationTimeout(20_000);
    if (storage) {
      await context.addInitScript((entries) => {
        if (sessionStorage.getItem('__e2e_seeded')) return;
        sessionStorage.setItem('__e2e_seeded', '1');
        for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
      }, storage);
    }
    const page = await context.newPage();
    page.consoleErrors = [];
    page.on('console', (msg) => {
      if (msg.type() !== 'error') return;
      const text = msg.text();
      const url = msg.location()?.url ?? '';
      if (BENIGN.some((re) => re.test(text) || re.test(url))) return;
      page.consoleErrors.push(url ? `${text} (${url})` : text);
    });
    page.on('pageerror', (err) => page.consoleErrors.push(`uncaught: ${err.message}`));
    page.on('requestfailed', (req) => {
      const f = req.failure()?.errorText ?? '';
      // Aborted requests are navigation noise (a route change cancelling a fetch), not errors.
      if (!/ERR_ABORTED|NS_BINDING_ABORTED/.test(f)) page.consoleErrors.push(`request failed: ${req.method()} ${req.url()} ${f}`);
    });
    return page;
  }

  /**
   * Screenshot of the viewport (or full page) to e2e/screenshots/<journey>/<name>.jpg. JPEG: a
   * full page took Chromium about 1 s as PNG and 0.4 s as JPEG, over hundreds of shots a run.
   */
  async function shot(shotName, page, { fullPage = false } = {}) {
    const file = path.join(shotsDir, `${slug(shotName)}.jpg`);
    await page.screenshot({ path: file, fullPage, animations: 'disabled', caret: 'hide', quality: 85 });
    return path.relative(root, file);
  }

  /**
   * The same screen at 1366x768 and 390x844 (`<name>-1366.jpg`, `<name>-390.jpg`); restores the size.
   * (1920 was a third shot of every screen; the steps that check the widest layout take their own.)
   */
  async function shots(shotName, page, opts = {}) {
    const before = page.viewportSize();
    const files = [];
    for (const vp of [VIEWPORTS.laptop, VIEWPORTS.mobile]) {
      await page.setViewportSize(vp);
      await settle(page);
      files.push(await shot(`${shotName}-${vp.width}`, page, opts));
    }
    if (before) await page.setViewportSize(before);
    return files;
  }

  /**
   * A named step: prints `ok`/`FAIL` with its time. A failure is counted, screenshots every
   * open page as FAIL-<step>, and the journey goes on unless `{ fatal: true }`.
   * Resolves to fn's value (undefined on failure).
   */
  async function step(stepName, fn, { fatal = false } = {}) {
    if (aborted) throw Object.assign(new Error('journey aborted'), { reported: true });
    const t0 = performance.now();
    try {
      const value = await fn();
      tally.passed++;
      print(`  ok    ${name} › ${stepName} (${Math.round(performance.now() - t0)} ms)`);
      return value;
    } catch (err) {
      tally.failed++;
      const msg = stripAnsi(err?.message ?? String(err)).split('\n').filter(Boolean).slice(0, 6).join('\n        ');
      print(`  FAIL  ${name} › ${stepName} (${Math.round(performance.now() - t0)} ms)\n        ${msg}`);
      let i = 0;
      for (const ctx of contexts) {
        for (const p of ctx.pages()) {
          try { await shot(`FAIL-${stepName}-${i++}`, p); } catch { /* page gone */ }
          if (p.consoleErrors?.length) {
            print(`        console (${p.url()}):\n          ${p.consoleErrors.slice(0, 4).map((e) => e.slice(0, 300)).join('\n          ')}`);
            p.consoleErrors.length = 0;
          }
        }
      }
      if (fatal) throw Object.assign(new Error(`aborted after failed step: ${stepName}`), { reported: true });
      return undefined;
    }
  }

  /** Throws when the page logged console errors (minus `ignore` patterns); clears the list. */
  function expectNoConsoleErrors(page, { ignore = [] } = {}) {
    const errs = page.consoleErrors.filter((e) => !ignore.some((re) => re.test(e)));
    page.consoleErrors.length = 0;
    if (errs.length) throw new Error(`console errors:\n${errs.slice(0, 5).join('\n')}`);
  }

  async function closeAll() {
    aborted = true;
    await Promise.allSettled([...contexts].map((c) => c.close()));
    contexts.clear();
  }

  return {
    name,
    baseUrl: server.baseUrl,
    server,
    browser,
    newPage,
    step,
    shot,
    shots,
    settle,
    expectNoConsoleErrors,
    closeAll,
  };
}

/** Wait until the page is quiet: network idle (bounded), fonts loaded and two frames painted. */
export async function settle(page, { timeout = 5000 } = {}) {
  await page.waitForLoadState('networkidle', { timeout }).catch(() => {});
  await page.evaluate(() => (document.fonts ? document.fonts.ready : null)).catch(() => {});
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))).catch(() => {});
}

/** Poll `fn` until it returns a truthy value; throws `message` (or the last error) on timeout. */
export async function waitUntil(fn, { timeout = 10_000, interval = 100, message } = {}) {
  const deadline = Date.now() + timeout;
  let last;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v;
      last = undefined;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) {
      throw new Error(message ? `${message}${last ? ` (${last.message})` : ''}` : (last?.message ?? `condition not met in ${timeout} ms`));
    }
    await new Promise((r) => setTimeout(r, interval));
  }
}
