// Shared by the bench scripts: results files, medians, formatting.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from '../../e2e/lib/proc.mjs';

import { ensureBuilt, rmTemp, snapshotWebDist, startServer, tempDir } from '../../e2e/lib/proc.mjs';

export * from '../../e2e/lib/proc.mjs';

/** Build when stale, unless `--no-build` or BENCH_NO_BUILD=1 (bench/run.mjs builds once). */
export function benchBuild(opts) {
  if (process.argv.includes('--no-build') || process.env.BENCH_NO_BUILD === '1') return false;
  return ensureBuilt(opts);
}
const loadAtStart = os.loadavg().map((x) => +x.toFixed(2));
export const resultsDir = path.join(root, 'bench/results');

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

export const kb = (bytes) => bytes / 1024;
export const fmt = (n, digits = 1) => Number(n).toFixed(digits);

/** The machine the figures were measured on (they only compare within one machine). */
export function machine() {
  return {
    node: process.version,
    cpus: os.cpus().length,
    cpu: os.cpus()[0]?.model,
    memGiB: +(os.totalmem() / 2 ** 30).toFixed(1),
    platform: `${os.platform()} ${os.release()}`,
    // Other work on the machine skews every figure: a 1-minute load above the CPU count is a warning.
    loadavg: os.loadavg().map((x) => +x.toFixed(2)),
  };
}

/**
 * Write bench/results/<name>.json: { name, at, machine, figures: [{ figure, value, unit, goal,
 * pass }], details }. `goal` is text (e.g. "<= 5 s"); `pass` true/false/null (no goal).
 */
export function writeResult(name, figures, details = {}) {
  fs.mkdirSync(resultsDir, { recursive: true });
  const out = { name, at: new Date().toISOString(), machine: machine(), loadAtStart, figures, details };
  const file = path.join(resultsDir, `${name}.json`);
  fs.writeFileSync(file, JSON.stringify(out, null, 2) + '\n');
  return path.relative(root, file);
}

/** Run `main`, print any error, exit non-zero on error (children are killed by the exit hook). */
export function runMain(main) {
  const [l1] = os.loadavg();
  if (l1 > os.cpus().length) console.log(`note: load average ${l1.toFixed(1)} on ${os.cpus().length} CPUs; other work will skew these figures`);
  main().then(
    () => process.exit(0),
    (err) => {
      console.error(err?.stack ?? err);
      process.exit(1);
    },
  );
}

/**
 * Runs `fn(server)` against the built product on a throwaway PGlite data dir, serving a copy of
 * the web build (a rebuild while it runs cannot swap files under it); stops and cleans up after.
 */
export async function withSiteServer(prefix, fn) {
  const dataDir = tempDir(prefix);
  let server;
  try {
    const web = await snapshotWebDist(path.join(dataDir, 'web'));
    server = await startServer({ dataDir, env: { LOG_LEVEL: 'warn', WEB_DIST: web } });
    return await fn(server);
  } finally {
    if (server) await server.stop();
    rmTemp(dataDir);
  }
}
