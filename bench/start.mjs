// `npm start` to the first answer of GET /wps/system/status (Merchant: demo).
//   node bench/start.mjs [--runs 3]
// Four series, `runs` each, median reported:
//   server fresh  node apps/server/dist/main.js on an empty DATA_DIR (migrations + seed)
//   server warm   the same on an already-initialised DATA_DIR            (goal <= 5 s)
//   npm fresh     `npm start` (its staleness check, then the server), empty DATA_DIR
//   npm warm      `npm start` on an initialised DATA_DIR
// The build is made first when stale and is not timed.
import { benchBuild, ensureBuilt, fmt, median, rmTemp, runMain, startServer, tempDir, writeResult } from './lib/common.mjs';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 3;
const STATUS = '/wps/system/status';
const headers = { Merchant: 'demo' };
const WARM_GOAL_MS = 5000;

async function timeStart({ dataDir, npm }) {
  const s = await startServer({
    dataDir,
    readyPath: STATUS,
    readyHeaders: headers,
    pollMs: 10,
    timeoutMs: 120_000,
    env: { LOG_LEVEL: 'warn', TRUST_PROXY: 'false', RATE_LIMIT_MAX: '100000' },
    ...(npm ? { command: ['npm', 'start', '--silent'], group: true } : {}),
  });
  const ms = s.readyMs;
  // npm start rebuilds when a source is newer than the build (someone edited meanwhile): flag it.
  const rebuilt = /Building the web app/.test(s.log());
  await s.stop();
  return { ms, rebuilt };
}

async function series(label, { npm, fresh }) {
  const times = [];
  let rebuilds = 0;
  let warmDir;
  if (!fresh) {
    warmDir = tempDir('lobby-bench-start-');
    await timeStart({ dataDir: warmDir, npm: false }); // initialise: migrations + seed
  }
  for (let i = 0; i < runs; i++) {
    const dir = fresh ? tempDir('lobby-bench-start-') : warmDir;
    try {
      if (npm) ensureBuilt({ log: () => {} }); // so npm start finds a fresh build (not timed)
      const r = await timeStart({ dataDir: dir, npm });
      if (r.rebuilt) rebuilds++;
      times.push(r.ms);
    } finally {
      if (fresh) rmTemp(dir);
    }
  }
  if (warmDir) rmTemp(warmDir);
  const m = median(times);
  console.log(`${label.padEnd(14)} median ${fmt(m / 1000, 2)} s   runs: ${times.map((t) => fmt(t / 1000, 2)).join(', ')} s${rebuilds ? `   (${rebuilds} run(s) rebuilt: sources changed during the bench)` : ''}`);
  return { label, medianMs: Math.round(m), runsMs: times.map(Math.round), rebuilds };
}

runMain(async () => {
  benchBuild();
  console.log(`start to first ${STATUS} answer (Merchant: demo), ${runs} runs each, median`);
  const serverFresh = await series('server fresh', { npm: false, fresh: true });
  const serverWarm = await series('server warm', { npm: false, fresh: false });
  const npmFresh = await series('npm fresh', { npm: true, fresh: true });
  const npmWarm = await series('npm warm', { npm: true, fresh: false });
  const figures = [
    { figure: 'start, fresh data dir (server)', value: +(serverFresh.medianMs / 1000).toFixed(2), unit: 's', goal: null, pass: null },
    { figure: 'start, warm (server)', value: +(serverWarm.medianMs / 1000).toFixed(2), unit: 's', goal: '<= 5 s', pass: serverWarm.medianMs <= WARM_GOAL_MS },
    { figure: 'npm start, fresh data dir', value: +(npmFresh.medianMs / 1000).toFixed(2), unit: 's', goal: null, pass: null },
    { figure: 'npm start, warm', value: +(npmWarm.medianMs / 1000).toFixed(2), unit: 's', goal: '<= 5 s', pass: npmWarm.medianMs <= WARM_GOAL_MS },
  ];
  const file = writeResult('start', figures, { runs, serverFresh, serverWarm, npmFresh, npmWarm });
  console.log(`warm start ${serverWarm.medianMs <= WARM_GOAL_MS ? 'meets' : 'MISSES'} the goal (<= 5 s); npm start warm ${fmt(npmWarm.medianMs / 1000, 2)} s. Wrote ${file}`);
});
