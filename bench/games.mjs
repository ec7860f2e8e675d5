// Hot games and game list req/s on the real server divided by a bare Fastify route's req/s,
// same run, same machine, all on 127.0.0.1 (issue 5, "Figures to report"). Goal >= 0.5 each.
//   node bench/games.mjs [--duration 10] [--warmup 2] [--connections 50] [--rounds 1] [--no-build]
// GET /wps/relay/GCSGAME_hotGamesV2 and GET /wps/relay/GCSGAME_gameList?gameType=RNG&pageNo=1&pageSize=20
// (Merchant: demo), each as a browser asks (Accept-Encoding: gzip, deflate, br) and plain, on the
// built server (dist, PGlite in a temp dir, RATE_LIMIT_MAX=100000000, LOG_LEVEL=warn); the baseline is bench/lib/bare-server.mjs's GET /bare. Each server runs in its
// own process; autocannon (50 connections, pipelining 1, 2 s warm-up + 10 s) runs here.
// `--rounds N` alternates N rounds and reports the median ratio of each (the lower middle for even N).
import path from 'node:path';
import { load as cannonLoad, opt } from './lib/cli.mjs';
import { benchBuild, rmTemp, root, runMain, startServer, tempDir, writeResult } from './lib/common.mjs';

const DURATION = opt('duration', 10);
const WARMUP = opt('warmup', 2);
const CONNECTIONS = opt('connections', 50);
const ROUNDS = opt('rounds', 1);
const GOAL = 0.5;
const PATHS = {
  hot: '/wps/relay/GCSGAME_hotGamesV2',
  list: '/wps/relay/GCSGAME_gameList?gameType=RNG&pageNo=1&pageSize=20',
};

const KINDS = ['hot', 'list', 'hot-plain', 'list-plain'];
const NAMES = {
  hot: 'hot games (browser: br)', list: 'game list (browser: br)',
  'hot-plain': 'hot games (no Accept-Encoding)', 'list-plain': 'game list (no Accept-Encoding)',
};

const load = (label, url, headers) => cannonLoad(label, url, headers, { connections: CONNECTIONS, warmup: WARMUP, duration: DURATION });

const clean = (r) => r.non2xx + r.errors + r.timeouts === 0;

runMain(async () => {
  benchBuild();
  const dataDir = tempDir('lobby-bench-games-');
  const servers = [];
  try {
    const app = await startServer({ dataDir, env: { LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '100000000', TRUST_PROXY: 'false' } });
    servers.push(app);
    const headers = { Merchant: 'demo' };
    for (const [label, p] of Object.entries(PATHS)) {
      const text = await (await fetch(`${app.baseUrl}${p}`, { headers })).text();
      const probe = JSON.parse(text);
      if (!probe.success) throw new Error(`${label} probe failed: ${text.slice(0, 300)}`);
    }
    const bare = await startServer({ dataDir, readyPath: '/bare', command: [process.execPath, path.join(root, 'bench/lib/bare-server.mjs')] });
    servers.push(bare);

    console.log(`autocannon: ${CONNECTIONS} connections, pipelining 1, ${WARMUP} s warm-up + ${DURATION} s each${ROUNDS > 1 ? `, ${ROUNDS} alternating rounds (median ratio)` : ''}`);
    // Each route twice: as a browser asks (Accept-Encoding: gzip, deflate, br; the cached answer
    // goes packed with brotli) and with no Accept-Encoding (the whole JSON on the wire).
    const browser = { ...headers, 'Accept-Encoding': 'gzip, deflate, br' };
    const rounds = [];
    for (let i = 0; i < ROUNDS; i++) {
      const r = {};
      for (const [label, p] of Object.entries(PATHS)) {
        r[label] = await load(label, `${app.baseUrl}${p}`, browser);
        r[`${label}-plain`] = await load(`${label}-plain`, `${app.baseUrl}${p}`, headers);
      }
      r.baseline = await load('bare', `${bare.baseUrl}/bare`, {});
      for (const k of KINDS) r[`${k}Ratio`] = r[k].reqPerSec / r.baseline.reqPerSec;
      rounds.push(r);
    }
    const figures = [];
    for (const k of KINDS) {
      const m = [...rounds].sort((a, b) => a[`${k}Ratio`] - b[`${k}Ratio`])[Math.floor((rounds.length - 1) / 2)];
      const ratio = +m[`${k}Ratio`].toFixed(3);
      const pass = ratio >= GOAL && rounds.every((r) => clean(r[k]));
      console.log(`ratio ${k}/bare = ${ratio} (goal >= ${GOAL}): ${pass ? 'pass' : 'FAIL'}`);
      figures.push({ figure: `${NAMES[k]} / bare req/s`, value: ratio, unit: '', goal: `>= ${GOAL}`, pass, reqPerSec: m[k].reqPerSec, bareReqPerSec: m.baseline.reqPerSec });
    }
    const file = writeResult('games', figures, { connections: CONNECTIONS, durationS: DURATION, warmupS: WARMUP, rounds });
    console.log(`Wrote ${file}`);
  } finally {
    await Promise.allSettled(servers.map((s) => s.stop()));
    rmTemp(dataDir);
  }
});
