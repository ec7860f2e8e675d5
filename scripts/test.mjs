// `npm test`: typecheck and lint side by side (each is one single-threaded process; a 2-core
// machine runs both at once), then the unit tests, then the browser journeys. Stops after the
// first step with a failing phase, with that phase's exit code, and prints how long each phase
// took, last.
//
//   node scripts/test.mjs [phase…]     e.g. `node scripts/test.mjs typecheck lint`
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STEPS = [['typecheck', 'lint'], ['test:unit'], ['e2e']];
const PHASES = STEPS.flat();
const wanted = process.argv.slice(2);
const unknown = wanted.filter((p) => !PHASES.includes(p));
if (unknown.length) {
  console.error(`unknown phase: ${unknown.join(', ')} (phases: ${PHASES.join(', ')})`);
  process.exit(2);
}
const steps = STEPS.map((s) => s.filter((p) => !wanted.length || wanted.includes(p))).filter((s) => s.length);

/**
 * `npm run <script>`; resolves to { code, seconds } (a signal counts as exit 1). Alone, its output
 * goes straight through; beside another, it is held and printed in one piece when it ends.
 */
function run(script, alone) {
  const start = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], { cwd: root, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const held = [];
    child.stdout?.on('data', (b) => held.push(b));
    child.stderr?.on('data', (b) => held.push(b));
    const end = (code) => {
      if (held.length) process.stdout.write(Buffer.concat(held));
      resolve({ code, seconds: (performance.now() - start) / 1000 });
    };
    child.on('error', () => end(1));
    child.on('close', (code, signal) => end(code ?? (signal ? 1 : 0)));
  });
}

const done = [];
let failed = null;
const t0 = performance.now();
for (const step of steps) {
  const results = await Promise.all(step.map((phase) => run(phase, step.length === 1)));
  step.forEach((phase, i) => done.push({ phase, ...results[i], together: step.length > 1 }));
  const bad = step.findIndex((_, i) => results[i].code !== 0);
  if (bad >= 0) {
    failed = { phase: step[bad], code: results[bad].code };
    break;
  }
}
const total = (performance.now() - t0) / 1000;

const width = Math.max(...PHASES.map((p) => p.length), 'total'.length);
const line = (name, seconds, note = '') => `  ${name.padEnd(width)}  ${seconds.toFixed(1).padStart(8)} s${note}`;
console.log('\nnpm test, phase durations:');
for (const d of done) {
  const note = `${d.together ? '  (side by side)' : ''}${d.code === 0 ? '' : `  FAILED (exit ${d.code})`}`;
  console.log(line(d.phase, d.seconds, note));
}
for (const p of steps.flat().slice(done.length)) console.log(`  ${p.padEnd(width)}         - not run`);
console.log(line('total', total));
process.exit(failed ? failed.code : 0);
