// Time from "pay" on the demo provider's hosted checkout to the balance shown in the page (issue 22,
// "Figures to report"): player01 makes `deposits` deposits in Chromium through the member centre's
// deposit form and the demo checkout (card with its challenge, instant transfer and e-wallet in
// turn), each timed from the last click on the checkout until the header of /payments/return shows
// the credited balance (the provider's signed webhook, the ledger, the socket push). Prints every
// time and the p50; the built server on a throwaway PGlite data dir (the product as shipped).
//   node bench/payments-pay-to-balance.mjs [--deposits 20] [--no-build]
import path from 'node:path';
import { depositThrough, p50 } from '../e2e/lib/payments.mjs';
import { launchBrowser, VIEWPORTS } from '../e2e/lib/harness.mjs';
import { loginWithBalance, operator } from '../e2e/lib/player.mjs';
import { CAPTCHA_ANSWER } from '../e2e/lib/web.mjs';
import { opt } from './lib/cli.mjs';
import { benchBuild, fmt, rmTemp, runMain, snapshotWebDist, startServer, tempDir, writeResult } from './lib/common.mjs';

const DEPOSITS = opt('deposits', 20);
const METHODS = ['card', 'bank', 'ewallet'];

runMain(async () => {
  benchBuild();
  const dataDir = tempDir('lobby-bench-pay-');
  let server;
  let browser;
  try {
    const web = await snapshotWebDist(path.join(dataDir, 'web'));
    server = await startServer({ dataDir, timeoutMs: 240_000, env: { LOG_LEVEL: 'warn', WEB_DIST: web, OPERATOR_API_KEY: 'dev-operator-key', CAPTCHA_TEST_ANSWER: CAPTCHA_ANSWER, DEV_OUTBOX: 'true' } });
    browser = await launchBrowser();
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: VIEWPORTS.laptop, locale: 'es-MX', serviceWorkers: 'block' });
    context.setDefaultTimeout(15_000);
    await context.addInitScript(() => { localStorage.setItem('lang', 'ES'); localStorage.setItem('hisLang', 'ES'); });
    const page = await context.newPage();
    await operator(page, 'POST', '/wps/ops/payments/channels', { method: 'MPAGO', channel: 'MPAGO', provider: 'demo' });
    await loginWithBalance(page);
    // one deposit first, not counted: the first load of each chunk and the server's warm-up
    await depositThrough(page, '50.00', 'bank');
    const times = [];
    for (let i = 0; i < DEPOSITS; i++) {
      const amount = `${60 + i}.${String(i % 100).padStart(2, '0')}`;
      const r = await depositThrough(page, amount, METHODS[i % METHODS.length]);
      times.push(r.ms);
    }
    const sorted = [...times].sort((a, b) => a - b);
    const p90 = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.9) - 1)];
    console.log(`pay on the checkout → balance shown in the page, ms: ${times.join(', ')}`);
    console.log(`p50 ${p50(times)} ms, p90 ${p90} ms, max ${sorted.at(-1)} ms over ${times.length} deposits (mean ${fmt(times.reduce((a, b) => a + b, 0) / times.length, 0)} ms)`);
    console.log(`written ${writeResult('payments-pay-to-balance', [{ figure: 'pay → balance shown, p50', value: p50(times), unit: 'ms', goal: null, pass: null }], { times, p90 })}`);
  } finally {
    await browser?.close();
    if (server) await server.stop();
    rmTemp(dataDir);
  }
});
