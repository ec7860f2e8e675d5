// Browser journeys (`npm run e2e`): build when stale, migrate and seed one PGlite data dir (the
// template), then run every e2e/*.journey.mjs in Debian's Chromium, two at a time, each on its own
// server (the real one, on a free loopback port) over its own copy of the template. A journey's
// lines are printed together when it ends; last, each journey's seconds and `N passed, N failed`.
// Exits non-zero on any failure.
//
//   node e2e/run.mjs [name-filter… | path/to/x.journey.mjs…] [--no-build] [--keep-data] [--jobs=N]
//
// A journey module:
//   export default async function ({ baseUrl, server, browser, newPage, step, shot, shots,
//                                    settle, expectNoConsoleErrors }) { … }
//   export const brands = { demo: { maintenance: { enabled: true } } };  // optional: brand config
//   export const timeout = 180_000;                                      // optional (ms)
// A journey with `brands` has the patch written into merchants.config of its copy
// (e2e/lib/set-brand.mjs) before its server starts. Journeys share nothing but the browser, so
// two run side by side (--jobs=N or E2E_JOBS=N; 1 runs them one after another).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createJourney, launchBrowser, stripAnsi } from './lib/harness.mjs';
import { ensureBuilt, rmTemp, root, snapshotWebDist, startServer, tempDir, track } from './lib/proc.mjs';
import { spawnStandin } from '../tools/aggregator-standin/spawn.mjs';
import { setBrands } from './lib/set-brand.mjs';
import { CAPTCHA_ANSWER } from './lib/web.mjs';

const args = process.argv.slice(2);
const noBuild = args.includes('--no-build') || process.env.E2E_NO_BUILD === '1';
const keepData = args.includes('--keep-data');
const jobsArg = args.find((a) => a.startsWith('--jobs='));
const JOBS = Math.max(1, Number(jobsArg?.slice('--jobs='.length)) || Number(process.env.E2E_JOBS) || 2);
const filters = args.filter((a) => !a.startsWith('--'));
const DEFAULT_TIMEOUT = Number(process.env.E2E_JOURNEY_TIMEOUT_MS) || 180_000;

const tally = { passed: 0, failed: 0 };
const log = (line) => console.log(line);
const dirs = [];
const servers = [];
const timings = [];
let browser;

function fail(where, err, print = log) {
  tally.failed++;
  const msg = stripAnsi(err?.message ?? String(err)).split('\n').slice(0, 12).join('\n        ');
  print(`  FAIL  ${where}\n        ${msg}`);
}

// A journey's stray promise (a wait that outlived its failed step) fails the run but no longer stops
// every other journey: before, one such rejection ended the runner and the journeys after it never ran.
process.on('unhandledRejection', (err) => fail('unhandled rejection in a journey', err));

let webCopy;
/** How long a server may take to answer /readyz (E2E_SERVER_READY_MS; a loaded machine needs more). */
const READY_MS = Number(process.env.E2E_SERVER_READY_MS) || 90_000;
const serverEnv = () => ({ WEB_DIST: webCopy, DEV_OUTBOX: 'true', OPERATOR_API_KEY: 'dev-operator-key', CONTRACTS_REALTIME_SECONDS: '20', CONTRACTS_SETTLE_LAG_SECONDS: '20', CAPTCHA_TEST_ANSWER: CAPTCHA_ANSWER, LOTTERY_DRAW_NOW: 'true', POSTBACK_ALLOW_PRIVATE: '127.0.0.1:18625',
  // short cockfights (12 s of betting, 5 s of fighting) so the cockfight journey sees a fight settle
  DEMO_COCKFIGHT_BETTING_SECONDS: '12', DEMO_COCKFIGHT_FIGHT_SECONDS: '5',
  // short matches (40 s of real time) so the sports journey sees an in-play market move and a bet settle
  DEMO_SPORTS_MATCH_SECONDS: '40' });

/** The migrated and seeded data dir every journey's server starts from: one server start, stopped. */
async function makeTemplate() {
  const dataDir = tempDir('lobby-e2e-template-');
  dirs.push(dataDir);
  const t0 = performance.now();
  const server = await startServer({ dataDir, env: serverEnv(), timeoutMs: READY_MS });
  servers.push(server);
  await server.stop();
  servers.splice(servers.indexOf(server), 1);
  log(`Migrated and seeded the template data dir in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return dataDir;
}

/**
 * A journey's own server: a copy of the template, its brand patch, then the server on it; with
 * `aggregatorStandin` also an aggregator stand-in (its own keys in the data dir), connected to
 * the demo brand as HUB88 by the server at start (`server.standinUrl`).
 */
async function serverFor(template, brands, aggregatorStandin) {
  const dataDir = tempDir('lobby-e2e-');
  dirs.push(dataDir);
  fs.cpSync(template, dataDir, { recursive: true });
  if (brands && Object.keys(brands).length) await setBrands(dataDir, brands);
  const standin = aggregatorStandin ? await spawnStandin({ dataDir: path.join(dataDir, 'aggregator-standin') }) : null;
  if (standin) track(standin.child);
  let server;
  try {
    server = await startServer({ dataDir, env: { ...serverEnv(), ...(standin ? { AGGREGATOR_STANDIN_URL: standin.url } : {}) }, timeoutMs: READY_MS });
  } catch (err) {
    standin?.child.kill('SIGTERM');
    throw err;
  }
  server.standin = standin;
  server.standinUrl = standin?.url;
  servers.push(server);
  return server;
}

async function stopServer(server) {
  server.standin?.child.kill('SIGTERM');
  await server.stop();
  servers.splice(servers.indexOf(server), 1);
  if (!keepData) {
    rmTemp(server.dataDir);
    dirs.splice(dirs.indexOf(server.dataDir), 1);
  }
}

/** One journey from load to its server's stop; its lines are printed together at the end. */
async function runJourney(file, template) {
  const name = path.basename(file).replace(/\.journey\.mjs$/, '');
  const lines = [];
  const print = (line) => lines.push(line);
  const t0 = performance.now();
  let mod;
  let server;
  try {
    mod = await import(pathToFileURL(file).href);
  } catch (err) {
    fail(`${name} › load`, err, print);
  }
  if (mod) {
    const timeoutMs = Number(mod.timeout) || DEFAULT_TIMEOUT;
    print(`${name}${mod.brands ? ` (brands: ${JSON.stringify(mod.brands)})` : ''}`);
    try {
      server = await serverFor(template, mod.brands, mod.aggregatorStandin === true);
      print(`  server ready in ${(server.readyMs / 1000).toFixed(1)} s`);
    } catch (err) {
      fail(`${name} › start server`, err, print);
    }
    if (server) {
      const journey = createJourney({ name, browser, server, tally, print });
      let timer;
      const timedOut = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`journey timed out after ${timeoutMs / 1000} s`)), timeoutMs);
      });
      try {
        await Promise.race([Promise.resolve().then(() => mod.default(journey)), timedOut]);
      } catch (err) {
        if (!err?.reported) fail(`${name} › ${err?.message?.startsWith('journey timed out') ? 'timeout' : 'journey'}`, err, print);
        else print(`        ${err.message}`);
      } finally {
        clearTimeout(timer);
        await journey.closeAll();
      }
      if (server.child.exitCode !== null && server.child.exitCode !== 0) {
        print(`server on ${server.baseUrl} exited with ${server.child.exitCode}:\n${server.log().slice(-3000)}`);
      }
      await stopServer(server);
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  // Its own lines tell: the tally is shared with the journey running beside it.
  timings.push({ name, seconds, ok: !lines.some((l) => l.startsWith('  FAIL')) });
  print(`  ${name}: ${seconds.toFixed(1)} s`);
  log(lines.join('\n'));
}

/** Longest first (their own timeout, then file size, stand for their length), so the two lanes end together. */
function byLength(files) {
  const weight = new Map();
  return Promise.all(files.map(async (f) => {
    let timeout = DEFAULT_TIMEOUT;
    try { timeout = Number((await import(pathToFileURL(f).href)).timeout) || DEFAULT_TIMEOUT; } catch { /* reported when it runs */ }
    weight.set(f, [timeout, fs.statSync(f).size]);
  })).then(() => [...files].sort((a, b) => weight.get(b)[0] - weight.get(a)[0] || weight.get(b)[1] - weight.get(a)[1]));
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
  const [template] = await Promise.all([makeTemplate(), launchBrowser().then((b) => { browser = b; })]);

  const queue = await byLength(files);
  const lane = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) await runJourney(file, template);
  };
  await Promise.all(Array.from({ length: Math.min(JOBS, queue.length) }, lane));
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
  await cleanup();
  if (timings.length) {
    log(`\njourneys (${JOBS} at a time), seconds:`);
    for (const t of [...timings].sort((a, b) => b.seconds - a.seconds)) log(`  ${t.seconds.toFixed(1).padStart(7)}  ${t.name}${t.ok ? '' : '  (failed)'}`);
  }
  log(`${tally.passed} passed, ${tally.failed} failed`);
  exitCode = tally.failed > 0 ? 1 : 0;
}
process.exit(exitCode);
