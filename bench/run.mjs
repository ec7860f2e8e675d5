// `npm run bench`: build once, run every figure script in order (each in its own process),
// print one table (figure, value, goal, pass/fail) and write bench/results/latest.json.
//   node bench/run.mjs [start|page-weight|status-vs-bare …] [--no-build]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureBuilt, machine, resultsDir, root } from './lib/common.mjs';

const SCRIPTS = ['start', 'page-weight', 'lighthouse', 'status-vs-bare', 'games', 'seamless', 'ledger', 'login', 'lottery-settle', 'salary-cycle'];
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const chosen = only.length ? SCRIPTS.filter((s) => only.includes(s)) : SCRIPTS;

if (!process.argv.includes('--no-build')) {
  try {
    ensureBuilt();
  } catch (err) {
    console.error(`${err.message}. Fix the build, or run with --no-build to measure the existing one.`);
    process.exit(1);
  }
}
const results = [];
for (const name of chosen) {
  console.log(`\n=== bench/${name}.mjs`);
  const file = path.join(resultsDir, `${name}.json`);
  fs.rmSync(file, { force: true });
  const t0 = Date.now();
  const r = spawnSync(process.execPath, [path.join(root, 'bench', `${name}.mjs`)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, BENCH_NO_BUILD: '1' },
    timeout: 10 * 60_000,
    killSignal: 'SIGTERM',
  });
  const ok = r.status === 0 && fs.existsSync(file);
  results.push(ok
    ? { name, seconds: Math.round((Date.now() - t0) / 1000), ...JSON.parse(fs.readFileSync(file, 'utf8')) }
    : { name, error: r.error?.message ?? `exit ${r.status ?? r.signal}`, figures: [] });
}

const rows = results.flatMap((r) => (r.error
  ? [{ figure: `${r.name}: did not complete (${r.error})`, value: '—', goal: '', result: 'error' }]
  : r.figures.map((f) => ({
    figure: f.figure,
    value: `${f.value}${f.unit ? ` ${f.unit}` : ''}`,
    goal: f.goal ?? '',
    result: f.pass === null || f.pass === undefined ? '' : f.pass ? 'pass' : 'FAIL',
  }))));
const w = (k, min) => Math.max(min, ...rows.map((r) => String(r[k]).length));
const widths = { figure: w('figure', 6), value: w('value', 5), goal: w('goal', 4), result: w('result', 6) };
const line = (r) => `${String(r.figure).padEnd(widths.figure)}  ${String(r.value).padStart(widths.value)}  ${String(r.goal).padEnd(widths.goal)}  ${r.result}`;
console.log(`\n${line({ figure: 'figure', value: 'value', goal: 'goal', result: 'result' })}`);
console.log('-'.repeat(widths.figure + widths.value + widths.goal + widths.result + 6));
rows.forEach((r) => console.log(line(r)));

fs.mkdirSync(resultsDir, { recursive: true });
const latest = path.join(resultsDir, 'latest.json');
fs.writeFileSync(latest, JSON.stringify({ at: new Date().toISOString(), machine: machine(), rows, results }, null, 2) + '\n');
console.log(`\nWrote ${path.relative(root, latest)}`);
const failed = results.some((r) => r.error);
process.exit(failed ? 1 : 0);
