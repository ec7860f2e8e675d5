// Shared by the bench scripts: results files, medians, formatting.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from '../../e2e/lib/proc.mjs';

import { ensureBuilt } from '../../e2e/lib/proc.mjs';

export * from '../../e2e/lib/proc.mjs';

/** Build when stale, unless `--no-build` or BENCH_NO_BUILD=1 (bench/run.mjs builds once). */
export function benchBuild(opts) {
  if (process.argv.includes('--no-build') || process.env.BENCH_NO_BUILD === '1') return false;
  return ensureBuilt(opts);
}
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
  };
}

/**
 * Write bench/results/<name>.json: { name, at, machine, figures: [{ figure, value, unit, goal,
 * pass }], details }. `goal` is text (e.g. "<= 5 s"); `pass` true/false/null (no goal).
 */
export function writeResult(name, figures, details = {}) {
  fs.mkdirSync(resultsDir, { recursive: true });
  const out = { name, at: new Date().toISOString(), machine: machine(), figures, details };
  const file = path.join(resultsDir, `${name}.json`);
  fs.writeFileSync(file, JSON.stringify(out, null, 2) + '\n');
  return path.relative(root, file);
}

/** Run `main`, print any error, exit non-zero on error (children are killed by the exit hook). */
export function runMain(main) {
  main().then(
    () => process.exit(0),
    (err) => {
      console.error(err?.stack ?? err);
      process.exit(1);
    },
  );
}
