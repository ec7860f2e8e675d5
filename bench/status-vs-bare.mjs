// GET /wps/system/status (Merchant: demo) req/s on the real server divided by a bare Fastify
// route's req/s, same run, same machine, both on 127.0.0.1. Goal >= 0.5.
//   node bench/status-vs-bare.mjs [--duration 10] [--warmup 2] [--connections 50] [--rounds 1]
// Each server runs in its own process; autocannon runs here. Built server from dist, PGlite in
// a temp dir, RATE_LIMIT_MAX=100000000, LOG_LEVEL=warn. Also (informational) a bare route
// sending the very bytes of the status answer, to split payload cost from plugin-chain cost.
import fs from 'node:fs';
import path from 'node:path';
import { load as cannonLoad, opt } from './lib/cli.mjs';
import { benchBuild, rmTemp, root, runMain, startServer, tempDir, writeResult } from './lib/common.mjs';

const DURATION = opt('duration', 10);
const WARMUP = opt('warmup', 2);
const CONNECTIONS = opt('connections', 50);
const ROUNDS = opt('rounds', 1);
const GOAL = 0.5;

const load = (label, url, headers) => cannonLoad(label, url, headers, { connections: CONNECTIONS, warmup: WARMUP, duration: DURATION });

runMain(async () => {
  benchBuild();
  const dataDir = tempDir('lobby-bench-status-');
  const servers = [];
  try {
    const app = await startServer({ dataDir, env: { LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '100000000', TRUST_PROXY: 'false' } });
    servers.push(app);
    const statusUrl = `${app.baseUrl}/wps/system/status`;
    const headers = { Merchant: 'demo' };
    const probeText = await (await fetch(statusUrl, { headers })).text();
    const probe = JSON.parse(probeText);
    if (!probe.success || probe.value.status !== 0) throw new Error(`status probe failed: ${probeText.slice(0, 300)}`);
    const bodyFile = path.join(dataDir, 'status-body.json');
    fs.writeFileSync(bodyFile, probeText);

    const bare = await startServer({
      dataDir,
      readyPath: '/bare',
      env: { BARE_BODY_FILE: bodyFile },
      command: [process.execPath, path.join(root, 'bench/lib/bare-server.mjs')],
    });
    servers.push(bare);

    console.log(`autocannon: ${CONNECTIONS} connections, pipelining 1, ${WARMUP} s warm-up + ${DURATION} s each${ROUNDS > 1 ? `, ${ROUNDS} alternating rounds (median ratio)` : ''}`);
    const rounds = [];
    for (let i = 0; i < ROUNDS; i++) {
      const status = await load('status', statusUrl, headers);
      const baseline = await load('bare', `${bare.baseUrl}/bare`, {});
      // Informational: a bare route sending the same bytes as the status answer.
      const sameBytes = await load('bare-6k', `${bare.baseUrl}/bare-status`, {});
      rounds.push({ status, baseline, sameBytes, ratio: status.reqPerSec / baseline.reqPerSec });
    }
    const mid = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor((rounds.length - 1) / 2)];
    const { status, baseline, sameBytes } = mid;
    const ratio = +mid.ratio.toFixed(3);
    const clean = rounds.every((r) => r.status.non2xx + r.status.errors + r.status.timeouts === 0);
    const pass = ratio >= GOAL && clean;
    console.log(`ratio status/bare = ${ratio}${ROUNDS > 1 ? ` (median of ${rounds.map((r) => r.ratio.toFixed(3)).join(', ')})` : ''} (goal >= ${GOAL}): ${pass ? 'pass' : 'FAIL'}${clean ? '' : ' (status had non-2xx or errors)'}`);
    const figures = [
      { figure: 'status req/s', value: status.reqPerSec, unit: 'req/s', goal: null, pass: null },
      { figure: 'bare Fastify req/s', value: baseline.reqPerSec, unit: 'req/s', goal: null, pass: null },
      { figure: 'status / bare req/s', value: ratio, unit: '', goal: `>= ${GOAL}`, pass },
      { figure: 'status / bare route with the same bytes', value: +(status.reqPerSec / sameBytes.reqPerSec).toFixed(3), unit: '', goal: null, pass: null },
    ];
    const file = writeResult('status-vs-bare', figures, { connections: CONNECTIONS, durationS: DURATION, warmupS: WARMUP, rounds, status, bare: baseline, bareSameBytes: sameBytes });
    console.log(`Wrote ${file}`);
  } finally {
    await Promise.allSettled(servers.map((s) => s.stop()));
    rmTemp(dataDir);
  }
});
