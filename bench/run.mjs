// `npm run bench`: build once, run every figure script in order (each in its own process),
// print one table (figure, value, goal, margin, pass/FAIL) and write bench/results.json (and
// bench/results/latest.json, the same).
//   node bench/run.mjs [start|page-weight|… names] [--quick] [--no-build]   (env BENCH_AGENT_DB: see agent-tree below)
// --quick: a smoke run (seconds per script, small data sets): it checks that every script
// works; its figures are not the goals' conditions and are marked quick in the JSON.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureBuilt, machine, resultsDir, root } from './lib/common.mjs';
import { marginOf } from './lib/margin.mjs';

const SHORT = ['--duration', '2', '--warmup', '1'];
/** Each script, in order, with its quick-mode arguments. The goals are in bench/README.md. */
const SCRIPTS = [
  { name: 'start', quick: ['--runs', '1'] },
  { name: 'page-weight', quick: [] },
  { name: 'lighthouse', quick: ['--runs', '1'] },
  { name: 'status-vs-bare', quick: SHORT },
  { name: 'games', quick: SHORT },
  { name: 'seamless', quick: [...SHORT, '--players', '20'] },
  { name: 'ledger', quick: [...SHORT, '--pools', '20', '--no-shards', '--clients', '20'] },
  { name: 'login', quick: ['--duration', '2', '--guesses', '300'] },
  // the agent back-office bench (team overview and P&L p95 on a generated tree)
  { name: 'agent-tree', quick: ['--members', '2000', '--bets', '50000', '--active', '500', '--samples', '20'] },
  { name: 'lottery-settle', quick: ['--bets', '5000', '--members', '200'] },
  { name: 'salary-cycle', quick: ['--contracts', '500', '--uplines', '10'] },
];
const quick = process.argv.includes('--quick');
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const unknown = only.filter((n) => !SCRIPTS.some((s) => s.name === n));
if (unknown.length) {
  console.error(`unknown bench ${unknown.join(', ')}; known: ${SCRIPTS.map((s) => s.name).join(', ')}`);
  process.exit(2);
}
const chosen = only.length ? SCRIPTS.filter((s) => only.includes(s.name)) : SCRIPTS;

if (!process.argv.includes('--no-build')) {
  try {
    ensureBuilt();
  } catch (err) {
    console.error(`${err.message}. Fix the build, or run with --no-build to measure the existing one.`);
    process.exit(1);
  }
}
const results = [];
for (const { name, quick: quickArgs } of chosen) {
  // BENCH_AGENT_DB=<name>: agent-tree reuses (or builds once and keeps) that database instead of regenerating 5,000,000 bets
  const args = quick ? quickArgs : name === 'agent-tree' && process.env.BENCH_AGENT_DB ? ['--db', process.env.BENCH_AGENT_DB] : [];
  console.log(`\n=== bench/${name}.mjs ${args.join(' ')}`);
  const file = path.join(resultsDir, `${name}.json`);
  fs.rmSync(file, { force: true });
  const t0 = Date.now();
  const r = spawnSync(process.execPath, [path.join(root, 'bench', `${name}.mjs`), ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, BENCH_NO_BUILD: '1' },
    timeout: (quick ? 5 : 30) * 60_000,
    killSignal: 'SIGTERM',
  });
  const ok = r.status === 0 && fs.existsSync(file);
  results.push(ok
    ? { name, args, seconds: Math.round((Date.now() - t0) / 1000), ...JSON.parse(fs.readFileSync(file, 'utf8')) }
    : { name, args, error: r.error?.message ?? `exit ${r.status ?? r.signal}`, figures: [] });
}

const rows = results.flatMap((r) => (r.error
  ? [{ bench: r.name, figure: `${r.name}: did not complete (${r.error})`, value: '—', goal: '', margin: '', result: 'error' }]
  : r.figures.map((f) => ({
    bench: r.name,
    figure: f.figure,
    value: `${f.value}${f.unit ? ` ${f.unit}` : ''}`,
    goal: f.goal ?? '',
    margin: marginOf(f.value, f.goal),
    result: f.pass === null || f.pass === undefined ? '' : f.pass ? 'pass' : 'FAIL',
  }))));
const cols = ['figure', 'value', 'goal', 'margin', 'result'];
const width = Object.fromEntries(cols.map((k) => [k, Math.max(k.length, ...rows.map((r) => String(r[k]).length))]));
const line = (r) => cols.map((k) => (k === 'value' || k === 'margin' ? String(r[k]).padStart(width[k]) : String(r[k]).padEnd(width[k]))).join('  ');
console.log(`\n${line(Object.fromEntries(cols.map((k) => [k, k])))}`);
console.log('-'.repeat(cols.reduce((s, k) => s + width[k] + 2, -2)));
rows.forEach((r) => console.log(line(r)));
console.log('\nmargin: how far inside (> 1) or outside (< 1) its goal a figure is: value / goal for "at least", goal / value for "at most".');
if (quick) console.log('quick run: small loads and data sets; these figures only show the scripts work.');

const out = JSON.stringify({ at: new Date().toISOString(), quick, machine: machine(), rows, results }, null, 2) + '\n';
fs.mkdirSync(resultsDir, { recursive: true });
fs.writeFileSync(path.join(resultsDir, 'latest.json'), out);
fs.writeFileSync(path.join(root, 'bench/results.json'), out);
console.log('\nWrote bench/results.json');
process.exit(results.some((r) => r.error) ? 1 : 0);
