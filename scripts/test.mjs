// `npm test`: the phases in order (typecheck, lint, unit tests, browser journeys). Stops at the
// first phase that fails, with its exit code, and prints how long each phase took, last.
//
//   node scripts/test.mjs [phase…]     e.g. `node scripts/test.mjs typecheck lint`
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PHASES = ['typecheck', 'lint', 'test:unit', 'e2e'];
const wanted = process.argv.slice(2);
const unknown = wanted.filter((p) => !PHASES.includes(p));
if (unknown.length) {
  console.error(`unknown phase: ${unknown.join(', ')} (phases: ${PHASES.join(', ')})`);
  process.exit(2);
}
const phases = wanted.length ? PHASES.filter((p) => wanted.includes(p)) : PHASES;

/** `npm run <script>`, output straight through; resolves to its exit code (a signal counts as 1). */
function run(script) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], { cwd: root, stdio: 'inherit' });
    child.on('error', () => resolve(1));
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const done = [];
let failed = null;
const t0 = performance.now();
for (const phase of phases) {
  const start = performance.now();
  const code = await run(phase);
  done.push({ phase, seconds: (performance.now() - start) / 1000, code });
  if (code !== 0) {
    failed = { phase, code };
    break;
  }
}
const total = (performance.now() - t0) / 1000;

const width = Math.max(...PHASES.map((p) => p.length), 'total'.length);
const line = (name, seconds, note = '') => `  ${name.padEnd(width)}  ${seconds.toFixed(1).padStart(8)} s${note}`;
console.log('\nnpm test — phase durations');
for (const d of done) console.log(line(d.phase, d.seconds, d.code === 0 ? '' : `  FAILED (exit ${d.code})`));
for (const p of phases.slice(done.length)) console.log(`  ${p.padEnd(width)}         — not run`);
console.log(line('total', total));
process.exit(failed ? failed.code : 0);
