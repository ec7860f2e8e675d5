// Browser journeys (`npm run e2e`): build when stale, start the real server on a free loopback
// port with a fresh PGlite data dir, run every e2e/*.journey.mjs in Debian's Chromium, print one
// line per step and, last, `N passed, N failed`. Exits non-zero on any failure.
//
//   node e2e/run.mjs [name-filter… | path/to/x.journey.mjs…] [--no-build] [--keep-data]
//
// A journey module:
//   export default async function ({ baseUrl, server, browser, newPage, step, shot, shots,
//                                    settle, expectNoConsoleErrors }) { … }
//   export const brands = { demo: { maintenance: { enabled: true } } };  // optional: own server
//   export const timeout = 180_000;                                      // optional (ms)
// A journey with `brands` gets its own server: first start (migrations + seed), stop, the
// patch written into merchants.config (e2e/lib/set-brand.mjs), start again.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createJourney, launchBrowser, stripAnsi } from './lib/harness.mjs';
import { ensureBuilt, rmTemp, root, snapshotWebDist, startServer, tempDir } from './lib/proc.mjs';
import { setBrands } from './lib/set-brand.mjs';
import { CAPTCHA_ANSWER } from './lib/web.mjs';

const args = process.argv.slice(2);
const noBuild = args.includes('--no-build') || process.env.E2E_NO_BUILD === '1';
const keepData = args.includes('--keep-data');
const filters = args.filter((a) => !a.startsWith('--'));
const DEFAULT_TIMEOUT = Number(process.env.E2E_JOURNEY_TIMEOUT_MS) || 180_000;

const tally = { passed: 0, failed: 0 };
const log = (line) => console.log(line);
const dirs = [];
const servers = [];
let browser;

function fail(where, err) {
  tally.failed++;
  const msg = stripAnsi(err?.message ?? String(err)).split('\n').slice(0, 12).join('\n        ');
  log(`  FAIL  ${where}\n        ${msg}`);
}

let webCopy;
async function serverFor(brands) {
  const dataDir = tempDir('lobby-e2e-');
  dirs.push(dataDir);
  const env = { WEB_DIST: webCopy, DEV_OUTBOX: 'true', OPERATOR_API_KEY: 'dev-operator-key', CONTRACTS_REALTIME_SECONDS: '20', CONTRACTS_SETTLE_LAG_SECONDS: '20', CAPTCHA_TEST_ANSWER: CAPTCHA_ANSWER };
  let server = await startServer({ dataDir, env });
  if (brands && Object.keys(brands).length) {
    await server.stop();
    await setBrands(dataDir, brands);
    server = await startServer({ dataDir, env });
  }
  servers.push(server);
  return server;
}

async function main() {
  const e2eDir = path.join(root, 'e2e');
  // Arguments naming a .journey.mjs file run that file (from anywhere); others filter e2e/*.
  const explicit = filters.filter((f) => f.endsWith('.journey.mjs') && fs.existsSync(f)).map((f) => path.resolve(f));
  const names = filters.filter((f) => !explicit.includes(path.resolve(f)));
  const files = explicit.length && !names.length ? explicit : fs.readdirSync(e2eDir)
    .filter((f) => f.endsWith('.journey.mjs'))
    .filter((f) => !names.length || names.some((x) => f.includes(x)))
    .sort()
    .map((f) => path.join(e2eDir, f))
    .concat(explicit);
  if (!files.length) {
    log('no journeys found');
    return;
  }

  if (!noBuild) ensureBuilt({ log });
  // Serve a copy of the web build: a rebuild by someone else mid-run must not pull assets away.
  const webDir = tempDir('lobby-e2e-web-');
  dirs.push(webDir);
  webCopy = await snapshotWebDist(path.join(webDir, 'dist'));
  browser = await launchBrowser();
  let shared;

  for (const file of files) {
    const name = path.basename(file).replace(/\.journey\.mjs$/, '');
    let mod;
    try {
      mod = await import(pathToFileURL(file).href);
    } catch (err) {
      fail(`${name} › load`, err);
      continue;
    }
    const timeoutMs = Number(mod.timeout) || DEFAULT_TIMEOUT;
    log(`${name}${mod.brands ? ` (own server: ${JSON.stringify(mod.brands)})` : ''}`);

    let server;
    try {
      server = mod.brands ? await serverFor(mod.brands) : (shared ??= await serverFor(null));
    } catch (err) {
      fail(`${name} › start server`, err);
      continue;
    }

    const journey = createJourney({ name, browser, server, tally, print: log });
    let timer;
    const timedOut = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`journey timed out after ${timeoutMs / 1000} s`)), timeoutMs);
    });
    try {
      await Promise.race([Promise.resolve().then(() => mod.default(journey)), timedOut]);
    } catch (err) {
      if (!err?.reported) fail(`${name} › ${err?.message?.startsWith('journey timed out') ? 'timeout' : 'journey'}`, err);
      else log(`        ${err.message}`);
    } finally {
      clearTimeout(timer);
      await journey.closeAll();
    }
    if (mod.brands) {
      await server.stop();
      servers.splice(servers.indexOf(server), 1);
    }
  }
}

async function cleanup() {
  await Promise.allSettled(servers.map((s) => s.stop()));
  if (browser) await Promise.race([browser.close().catch(() => {}), new Promise((r) => setTimeout(r, 5000))]);
  if (!keepData) dirs.forEach(rmTemp);
  else if (dirs.length) log(`data dirs kept: ${dirs.join(' ')}`);
}

let exitCode = 0;
try {
  await main();
} catch (err) {
  fail('run', err);
} finally {
  const failedServers = servers.filter((s) => s.child.exitCode !== null && s.child.exitCode !== 0);
  for (const s of failedServers) log(`server on ${s.baseUrl} exited with ${s.child.exitCode}:\n${s.log().slice(-3000)}`);
  await cleanup();
  log(`${tally.passed} passed, ${tally.failed} failed`);
  exitCode = tally.failed > 0 ? 1 : 0;
}
process.exit(exitCode);
