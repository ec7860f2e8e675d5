// Seamless wallet bet+win pairs per second with 100 concurrent players (issue 5, "Figures to
// report"): goal on PostgreSQL >= 3,000 pairs/s; issue 20: p99 of a pair <= 50 ms at 100 players
// and CPU per pair (server + PostgreSQL backends) <= 0.8 ms.
//   node bench/seamless.mjs [--duration 10 --warmup 2 --players 100 --pool 50 --no-pglite --no-build --cpu-prof DIR --server FILE --db-ceiling --no-group-commit --history 5000 --rate 300,600]
// The players loop as fast as they are answered (a closed loop: latency = players / throughput,
// so the p99 there says how fast the machine is); --rate adds open loops at stated loads (above).
// --no-group-commit: the server posts every bet and win alone (SEAMLESS_GROUP_COMMIT=off), to
// compare with group commit (seamless-wallet/batch.ts) on one build and one machine state.
// --protocol hub88: the pairs go through the Hub88-compatible API instead
// (/wallet/hub88/demo/bench/transaction/{bet,win}, RSA-signed both ways, amounts in 1/100,000):
// the bench is the aggregator, with its own key pair registered as partner "bench".
// --cpu-prof DIR: the server writes a V8 CPU profile (node --cpu-prof) into DIR when it stops; the
// bench prints its 15 functions with the most self time.
// --server FILE: run another build's main.js (e.g. an older commit's, built in a git worktree) to compare.
// --db-ceiling: after the load, with the server stopped, the same database functions driven by
// pgbench alone at 5, 20 and `players` connections (bench/lib/pgbench.mjs): the database's own ceiling.
// The built server (`node apps/server/dist/main.js`, NODE_ENV=development, LOG_LEVEL=warn,
// RATE_LIMIT_MAX=100000000, VENDOR_SECRET known to the bench) runs on 127.0.0.1 against a
// throwaway PostgreSQL database lobby_bench_<random> ($BENCH_PG_URL or
// postgres://postgres@127.0.0.1:5432/test as admin), migrated and seeded by the server itself,
// dropped after (also on error). Before the load the bench writes straight into the database
// (apps/server TypeScript loaded with tsx, as bench/ledger.mjs): `players` members of the demo
// brand, each funded from the brand's clearing account with `postAlone`, each with a live
// session (as seamless.test.ts makes one). Each player then loops: signed POST
// /vendor/seamless/bet (new txId and roundId) then signed POST /vendor/seamless/win for that
// round. Pairs completed inside the window after the warm-up are counted; p50/p99 are of a pair.
// PGlite (informational): the server on a temp DATA_DIR; the server is started once to migrate
// and seed, stopped, the players are written into its data dir, and it is started again.
import { generateKeyPairSync, randomBytes, randomUUID, sign as rsaSign } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { register } from 'tsx/esm/api';
import pg from 'pg';
import { Pool } from 'undici';
import { flag, opt, optText, withPgDatabase } from './lib/cli.mjs';
import { dbCeiling } from './lib/pgbench.mjs';
import { benchBuild, fmt, rmTemp, runMain, serverMain, startServer, tempDir, writeResult } from './lib/common.mjs';

register();
const DURATION_MS = opt('duration', 10) * 1000;
const WARMUP_MS = opt('warmup', 2) * 1000;
const PLAYERS = opt('players', 100);
const POOL = opt('pool', 50);
const SECRET = `bench-${randomBytes(16).toString('hex')}`;
const GOAL_PAIRS = 3000;
/** Rounds the players have played before the load (a live brand's history; see prepare). */
const HISTORY = opt('history', 5_000);
const GOAL_P99_MS = 50;
const PROFILE_DIR = optText('cpu-prof', '');
const PROTOCOL = optText('protocol', 'native');
/** --rate 300,600: after the closed loop, the same players in an open loop at each offered rate of pairs/s (latency at a stated load). */
const RATES = optText('rate', '').split(',').filter(Boolean).map(Number);
if (RATES.some((r) => !(r > 0))) throw new Error('--rate: pairs per second, e.g. --rate 300,600');
if (!['native', 'hub88'].includes(PROTOCOL)) throw new Error('--protocol native|hub88');
const command = [process.execPath, ...(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`] : []), path.resolve(optText('server', serverMain))];

const { openDatabase } = await import('../apps/server/src/db/index.ts');
const { games, members, merchants, sessions, vendors } = await import('../apps/server/src/db/schema.ts');
const { brandAccount, memberAccount, postAlone } = await import('../apps/server/src/kernel/ledger/index.ts');
const { hashToken } = await import('../apps/server/src/plugins/session.ts');
const { sign } = await import('../apps/server/src/modules/seamless-wallet/seamless.ts');
const { vendorSecret } = await import('../apps/server/src/modules/seamless-wallet/credentials.ts');
const { openGameSession } = await import('../apps/server/src/modules/seamless-wallet/game-sessions.ts');
const { createCredential } = await import('../apps/server/src/modules/seamless-wallet/credentials.ts');
const { and, asc, eq, sql } = await import('drizzle-orm');

const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);
const serverEnv = { NODE_ENV: 'development', LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '100000000', TRUST_PROXY: 'false', VENDOR_SECRET: SECRET, SEED_DEMO: 'true',
  SEAMLESS_GROUP_COMMIT: flag('no-group-commit') ? 'off' : 'on' };

/** Demo brand: `PLAYERS` funded members with live sessions, a playable game and its vendor's secret. */
async function prepare(db) {
  const [m] = await db.select().from(merchants).where(eq(merchants.code, 'demo'));
  if (!m) throw new Error('no demo brand (seed did not run?)');
  // --protocol hub88: the bench is the aggregator, partner "bench" of the demo brand, with its own key pair
  let hubKey;
  if (PROTOCOL === 'hub88') {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    hubKey = pair.privateKey;
    await db.transaction((tx) => createCredential(tx, m.id, 'bench', { partner: 'bench', protocol: 'hub88', overlapHours: 0,
      partnerPublicKey: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString() }));
  }
  const [g] = await db.select({ nodeId: games.nodeId, gameCode: games.gameCode, vendor: games.vendor, gameType: games.gameType }).from(games)
    .innerJoin(vendors, and(eq(vendors.merchantId, games.merchantId), eq(vendors.code, games.vendor)))
    .where(and(eq(games.merchantId, m.id), eq(games.enabled, true), eq(vendors.enabled, true), eq(vendors.maintenance, false)))
    .orderBy(asc(games.id)).limit(1);
  if (!g) throw new Error('no playable demo game');
  const secret = await vendorSecret(db, m.id, g.vendor);
  if (!secret) throw new Error(`no secret for vendor ${g.vendor}`);
  const tag = randomBytes(3).toString('hex');
  const rows = await db.insert(members).values(Array.from({ length: PLAYERS }, (_, i) => {
    const username = `sb${tag}${i}`;
    return { merchantId: m.id, username, usernameKey: username, passwordHash: null, nickname: username };
  })).returning();
  const clearing = await brandAccount(db, m.id, 'clearing');
  const accounts = [];
  for (const r of rows) {
    const acct = await memberAccount(db, m.id, r.id);
    accounts.push({ memberId: r.id, accountId: acct });
    await postAlone(db, { merchantId: m.id, kind: 'deposit', idemKey: `bench-dep:${r.id}:${tag}`, memberId: r.id,
      lines: [{ account: clearing, amount: -100_000_000n }, { account: acct, amount: 100_000_000n }], meta: { orderNo: 'D-BENCH' } });
  }
  const lobby = await db.insert(sessions).values(rows.map((r) => ({
    tokenHash: hashToken(randomBytes(32).toString('base64url')), merchantId: m.id, memberId: r.id, method: 'password',
    expiresAt: new Date(Date.now() + 3_600_000),
  }))).returning({ id: sessions.id, memberId: sessions.memberId });
  // each player's launch token (a bet needs one), as a real-play launch opens it
  const players = [];
  for (const r of rows) {
    const { token } = await openGameSession(db, {
      merchantId: m.id, memberId: r.id, sessionId: lobby.find((l) => l.memberId === r.id).id, vendorCode: g.vendor,
      nodeId: g.nodeId, gameCode: g.gameCode, currency: m.config.currency.code,
    });
    players.push({ username: r.username, token });
  }
  // A live brand's history: HISTORY rounds of these players played through the same SQL functions
  // (rounds, claims, postings, entries, bet records), so the tables the money path reads have the
  // size and the planner statistics (prepareIn) of a database in use, not of an empty one.
  const [house] = (await db.execute(sql`select id from ledger_accounts where merchant_id = ${m.id} and member_id is null and wallet = 'house' order by id limit 1`)).rows;
  const arr = (xs) => `{${xs.join(',')}}`;
  await db.execute(sql`select count(*) from generate_series(1, ${HISTORY}) i
    cross join lateral (select (${arr(accounts.map((a) => a.memberId))}::bigint[])[1 + i % ${accounts.length}] as member,
      (${arr(accounts.map((a) => a.accountId))}::bigint[])[1 + i % ${accounts.length}] as acct) p
    cross join lateral seamless_bet(${m.id}, ${g.vendor}, 'hb' || ${tag} || i, 'hr' || ${tag} || i, p.member, p.acct, ${house.id}::bigint, ${g.nodeId}, ${g.gameType},
      100::bigint, ${m.config.currency.code}, 'history', false, false, null) b
    cross join lateral seamless_win(${m.id}, ${g.vendor}, 'hw' || ${tag} || i, 'hr' || ${tag} || i, p.member, p.acct, ${house.id}::bigint,
      case when b.o_fresh then 150 else 0 end::bigint, ${m.config.currency.code}, 'history', true, false, null, null, null) w`);
  return {
    vendor: g.vendor, gameId: g.nodeId, gameCode: g.gameCode, secret, players, hubKey,
    // for --db-ceiling
    merchantId: m.id, gameType: g.gameType, currency: m.config.currency.code, accounts,
  };
}

/** One signed seamless call; throws unless 200 and success. */
async function call(client, ctx, op, body) {
  const raw = JSON.stringify(body);
  const ts = String(Date.now());
  const res = await client.request({
    method: 'POST', path: `/vendor/seamless/${op}`, body: raw,
    headers: { 'content-type': 'application/json', merchant: 'demo', 'x-vendor': ctx.vendor, 'x-timestamp': ts, 'x-signature': sign(ctx.secret, ts, raw) },
  });
  const text = await res.body.text();
  if (res.statusCode !== 200) throw new Error(`${op} ${res.statusCode}: ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

/** One RSA-signed Hub88 call; throws unless 200 and RS_OK. */
async function hubCall(client, ctx, op, body) {
  const raw = JSON.stringify({ request_uuid: randomUUID(), ...body });
  const res = await client.request({
    method: 'POST', path: `/wallet/hub88/demo/bench/transaction/${op}`, body: raw,
    headers: { 'content-type': 'application/json', 'x-hub88-signature': rsaSign('sha256', Buffer.from(raw), ctx.hubKey).toString('base64') },
  });
  const text = await res.body.text();
  if (res.statusCode !== 200 || JSON.parse(text).status !== 'RS_OK') throw new Error(`hub88 ${op} ${res.statusCode}: ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

async function pair(client, ctx, player) {
  if (ctx.hubKey) {
    const round = randomUUID();
    const bet = randomUUID();
    const common = { user: player.username, round, game_code: ctx.gameCode, currency: ctx.currency };
    await hubCall(client, ctx, 'bet', { ...common, transaction_uuid: bet, token: player.token, round_closed: false, amount: 100_000, is_free: false });
    await hubCall(client, ctx, 'win', { ...common, transaction_uuid: randomUUID(), reference_transaction_uuid: bet, round_closed: true,
      amount: Math.floor(Math.random() * 3) * 100_000, is_supplier_promo: false });
    return;
  }
  const roundId = randomUUID();
  const member = player.username;
  await call(client, ctx, 'bet', { vendor: ctx.vendor, txId: randomUUID(), roundId, member, gameId: ctx.gameId, amount: '1.00', token: player.token });
  await call(client, ctx, 'win', { vendor: ctx.vendor, txId: randomUUID(), roundId, member, amount: String(Math.floor(Math.random() * 3)) });
}

/** The 15 functions with the most self time in the newest V8 CPU profile of `dir` (idle excluded), as % of busy time. */
function topSelfTime(dir) {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.cpuprofile')).map((f) => path.join(dir, f));
  if (!files.length) return undefined;
  const newest = files.sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
  const prof = JSON.parse(fs.readFileSync(newest, 'utf8'));
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const self = new Map();
  let busy = 0;
  prof.samples.forEach((id, i) => {
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    if (functionName === '(idle)') return;
    const key = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
    const dt = prof.timeDeltas[i] ?? 0;
    self.set(key, (self.get(key) ?? 0) + dt);
    busy += dt;
  });
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, 15).map(([fn, t]) => ({ fn, pct: +((100 * t) / busy).toFixed(1) }));
}

/** The fields of /proc/<pid>/stat after the command name (Linux), or undefined once the process is gone. */
function procStat(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  } catch {
    return undefined;
  }
}

/** CPU seconds (user + system) the processes used so far (100 ticks/s). */
function cpuSeconds(pids) {
  let ticks = 0;
  for (const pid of pids) {
    const f = procStat(pid);
    if (f) ticks += Number(f[11]) + Number(f[12]);
  }
  return ticks / 100;
}

/**
 * CPU seconds of the database's backends so far: the live ones' own, plus what the postmaster
 * has reaped from its exited children (the pool closes idle connections and opens new ones
 * during a window: a backend that exits takes its time to its parent's cutime/cstime).
 */
async function dbCpuSeconds(url) {
  const pids = await pgBackends(url);
  const parent = pids.length ? procStat(pids[0])?.[1] : undefined;
  const reaped = parent ? procStat(parent) : undefined;
  return cpuSeconds(pids) + (reaped ? (Number(reaped[13]) + Number(reaped[14])) / 100 : 0);
}

/**
 * The load: every player loops bet+win for warmup + duration; pairs inside the window are
 * counted. `probes()` answers the server's process and (PostgreSQL) how to read its backends' CPU:
 * their CPU inside the window, per pair, is reported too (a figure other work on the machine
 * skews less). `rate` (pairs/s): an open loop instead, each pair due at its time (see below).
 */
async function load(label, baseUrl, ctx, probes, rate = 0) {
  const client = new Pool(baseUrl, { connections: PLAYERS, pipelining: 1 });
  try {
    await pair(client, ctx, ctx.players[0]); // probe: fails fast with the server's answer
    const start = performance.now();
    const from = start + WARMUP_MS;
    const until = from + DURATION_MS;
    const cpu = new Promise((resolve) => setTimeout(async () => {
      const p = await probes();
      const at = [cpuSeconds([p.server]), await p.dbCpu(), await p.xacts?.(), cpuSeconds([process.pid])];
      setTimeout(async () => resolve([cpuSeconds([p.server]) - at[0], (await p.dbCpu()) - at[1], at[2] === undefined ? NaN : (await p.xacts()) - at[2], cpuSeconds([process.pid]) - at[3]]), DURATION_MS);
    }, WARMUP_MS));
    const lat = [];
    let errors = 0;
    // open loop (--rate): each player's pairs are due at Poisson times, `rate` pairs/s in all; a
    // pair's latency counts from when it was due, so a late answer delays the next pair's count too
    const gap = () => (-Math.log(1 - Math.random()) * PLAYERS * 1000) / rate;
    const loop = async (member) => {
      let due = start + (rate ? gap() : 0);
      for (;;) {
        if (rate) {
          const wait = due - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        }
        const t = rate ? due : performance.now();
        if (rate) due += gap();
        if (t >= until) return;
        try {
          await pair(client, ctx, member);
        } catch (err) {
          errors++;
          if (errors <= 3) console.error(`${label}: ${err.message}`);
          if (errors > 1000) throw new Error(`${label}: too many errors`);
          continue;
        }
        const end = performance.now();
        if (t >= from && (rate ? t < until : end <= until)) lat.push(end - t);
      }
    };
    await Promise.all(ctx.players.map(loop));
    const [serverCpu, dbCpu, xacts, benchCpu] = await cpu;
    lat.sort((a, b) => a - b);
    const perPair = (s) => (lat.length ? +((s * 1000) / lat.length).toFixed(3) : NaN);
    const r = { label, offeredPerSec: rate || null, pairsPerSec: Math.round(lat.length / (DURATION_MS / 1000)), p50Ms: +pct(lat, 50).toFixed(2), p99Ms: +pct(lat, 99).toFixed(2), pairs: lat.length, errors,
      serverCpuMsPerPair: perPair(serverCpu), dbCpuMsPerPair: perPair(dbCpu),
      // the load itself (this process: 100 players' HTTP calls and signatures) shares the same cores
      benchCpuMsPerPair: perPair(benchCpu),
      // database transactions per pair (the server's and its jobs'): 2 when each call is one statement and nothing else reads
      xactsPerPair: lat.length ? +(xacts / lat.length).toFixed(2) : NaN };
    console.log(`${(rate ? `${label} at ${rate}/s` : label).padEnd(12)} ${String(r.pairsPerSec).padStart(6)} pairs/s   p50 ${fmt(r.p50Ms, 2).padStart(6)} ms   p99 ${fmt(r.p99Ms, 2).padStart(7)} ms${errors ? `   ${errors} errors` : ''}`
      + `   CPU/pair: server ${fmt(r.serverCpuMsPerPair, 2)} ms${label === 'PostgreSQL' ? `, backends ${fmt(r.dbCpuMsPerPair, 2)} ms, transactions/pair ${fmt(r.xactsPerPair, 2)}` : ''}; the bench's own ${fmt(r.benchCpuMsPerPair, 2)} ms`);
    return r;
  } finally {
    await client.close();
  }
}

/** The players written with the bench's own connection to the server's database, closed before the load. */
async function prepareIn(where) {
  const database = await openDatabase({ ...where, migrate: false });
  try {
    const ctx = await prepare(database.db);
    // The planner's statistics, as autovacuum keeps them on a live database. Plans a connection
    // caches while the tables are nearly empty (a full scan of the rounds, of the postings for the
    // entries' key check, the win's bet lookup by the brand's settled-time index) read more rows on
    // every call as the tables grow: the figures then measured the warm-up's plans, not the money path.
    await database.db.execute(sql`analyze`);
    return ctx;
  } finally {
    await database.close();
  }
}

/**
 * `fn({ dataDir, start, stop })` with a temp data dir: `start(opts)` runs the server on it. On an
 * error the running server's log tail is printed; the server is stopped and the dir removed after.
 */
async function withServer(prefix, fn) {
  const dataDir = tempDir(prefix);
  let server;
  const stop = async () => {
    const s = server;
    server = undefined;
    await s?.stop();
  };
  const start = async (opts) => (server = await startServer({ dataDir, ...opts }));
  try {
    return await fn({ dataDir, start, stop });
  } catch (err) {
    if (server) console.error(server.log().slice(-2000));
    throw err;
  } finally {
    await stop();
    rmTemp(dataDir);
  }
}

/** Transactions committed and rolled back in the database so far (pg_stat_database; the stats lag up to a second). */
async function pgXacts(url) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('select pg_stat_clear_snapshot()');
    const [r] = (await c.query('select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()')).rows;
    return Number(r.n) - 1; // this query's own transaction is counted when it ends
  } finally {
    await c.end();
  }
}

async function pgBackends(url) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()')).rows.map((r) => r.pid);
  } finally {
    await c.end();
  }
}

const onPostgres = () => withPgDatabase((url) => withServer('lobby-bench-seamless-', async ({ start, stop }) => {
  const server = await start({ command, env: { ...serverEnv, DATABASE_URL: url, DATABASE_POOL_SIZE: String(POOL) } });
  const ctx = await prepareIn({ url, poolSize: 5 });
  const probes = async () => ({ server: server.child.pid, dbCpu: () => dbCpuSeconds(url), xacts: () => pgXacts(url) });
  const res = await load('PostgreSQL', server.baseUrl, ctx, probes);
  res.openLoop = [];
  for (const rate of RATES) res.openLoop.push(await load('PostgreSQL', server.baseUrl, ctx, probes, rate));
  if (!flag('db-ceiling')) return res;
  await stop(); // the database alone on the machine
  const ceiling = await dbCeiling(url, { ...ctx, players: ctx.accounts }, { connections: [5, 20, PLAYERS], seconds: DURATION_MS / 1000 });
  for (const r of ceiling) console.log(`database alone (pgbench, no HTTP): ${String(r.pairsPerSec).padStart(6)} pairs/s with ${r.connections} connections, mean pair ${fmt(r.latencyMs, 2)} ms`);
  return { ...res, ceiling };
}));

const onPglite = () => withServer('lobby-bench-seamless-pglite-', async ({ dataDir, start, stop }) => {
  // First start migrates and seeds; then the players are written while no server holds the dir.
  await start({ env: serverEnv });
  await stop();
  const ctx = await prepareIn({ dataDir: path.join(dataDir, 'pglite') });
  const server = await start({ command, env: serverEnv });
  return load('PGlite', server.baseUrl, ctx, async () => ({ server: server.child.pid, dbCpu: async () => 0 }));
});

runMain(async () => {
  benchBuild();
  console.log(`seamless bet+win pairs, ${PLAYERS} concurrent players, ${WARMUP_MS / 1000} s warm-up + ${DURATION_MS / 1000} s, ${PROTOCOL} protocol, group commit ${serverEnv.SEAMLESS_GROUP_COMMIT}, load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  const pgRes = await onPostgres();
  const liteRes = flag('no-pglite') ? null : await onPglite();
  const pass = pgRes.pairsPerSec >= GOAL_PAIRS && pgRes.errors === 0;
  const p99Pass = pgRes.p99Ms <= GOAL_P99_MS;
  const figures = [
    { figure: `seamless bet+win pairs/s (PostgreSQL, ${PLAYERS} players)`, value: pgRes.pairsPerSec, unit: 'pairs/s', goal: `>= ${GOAL_PAIRS}`, pass },
    { figure: 'seamless pair p50 (PostgreSQL)', value: pgRes.p50Ms, unit: 'ms', goal: null, pass: null },
    { figure: 'seamless pair p99 (PostgreSQL)', value: pgRes.p99Ms, unit: 'ms', goal: `<= ${GOAL_P99_MS}`, pass: p99Pass },
    { figure: 'seamless server CPU per pair (PostgreSQL)', value: pgRes.serverCpuMsPerPair, unit: 'ms', goal: null, pass: null },
    { figure: 'seamless PostgreSQL backends CPU per pair', value: pgRes.dbCpuMsPerPair, unit: 'ms', goal: null, pass: null },
    { figure: 'seamless database transactions per pair', value: pgRes.xactsPerPair, unit: 'transactions', goal: null, pass: null },
  ];
  for (const r of pgRes.openLoop) {
    figures.push({ figure: `seamless pair p99 (PostgreSQL, open loop at ${r.offeredPerSec} pairs/s offered, ${r.pairsPerSec} served)`, value: r.p99Ms, unit: 'ms', goal: `<= ${GOAL_P99_MS}`, pass: r.p99Ms <= GOAL_P99_MS });
  }
  for (const r of pgRes.ceiling ?? []) {
    figures.push({ figure: `seamless pairs/s, the database alone (pgbench, ${r.connections} connections)`, value: r.pairsPerSec, unit: 'pairs/s', goal: null, pass: null });
  }
  if (liteRes) {
    figures.push(
      { figure: `seamless bet+win pairs/s (PGlite, ${PLAYERS} players)`, value: liteRes.pairsPerSec, unit: 'pairs/s', goal: null, pass: null },
      { figure: 'seamless pair p99 (PGlite)', value: liteRes.p99Ms, unit: 'ms', goal: null, pass: null },
    );
  }
  const profile = PROFILE_DIR ? topSelfTime(PROFILE_DIR) : undefined;
  if (profile) {
    console.log('\nserver CPU profile (newest in --cpu-prof dir), self time, busy samples only:');
    for (const f of profile) console.log(`  ${String(f.pct).padStart(5)} %  ${f.fn}`);
  }
  const file = writeResult(PROTOCOL === 'hub88' ? 'seamless-hub88' : 'seamless', figures, { protocol: PROTOCOL, groupCommit: serverEnv.SEAMLESS_GROUP_COMMIT, loadAverage: os.loadavg(), players: PLAYERS, durationS: DURATION_MS / 1000, warmupS: WARMUP_MS / 1000, postgres: pgRes, pglite: liteRes, profile });
  console.log(`Wrote ${file}`);
});
