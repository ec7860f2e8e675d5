// Ledger postings per second and latency (issue 4, "Figures to report").
//   node bench/ledger.mjs [--duration 10 --warmup 2 --clients 100 --pools 20,50,100 --no-pglite --no-shards]
// A posting = one bet (member main -> house) or win (house -> member main) of a random amount
// through `postAlone` of apps/server/src/kernel/ledger/ledger.ts (the TypeScript is loaded with
// tsx), 1,000 pre-funded members, a fresh vendor round id as the idempotency key of each.
// `clients` loops post back to back; postings finished in the `duration` window after `warmup`
// are counted, and their latencies give p50/p99.
//   PostgreSQL: $BENCH_PG_URL or postgres://postgres@127.0.0.1:5432/test (admin); a throwaway
//   database lobby_bench_<random> per pool size, migrated with openDatabase, dropped after.
//   PGlite: in memory, migrated the same way.
// Two variants per pool size: every posting on ONE house row (each posting holds that row's
// lock until it commits, so they queue), and the house split in LEDGER_SHARDS shards picked by
// the round id, as the product's game postings do. The headline is the sharded variant at its
// best pool size; round trips per posting are counted (a posting is one statement).
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { register } from 'tsx/esm/api';
import pg from 'pg';
import { flag, opt, optText, withPgDatabase } from './lib/cli.mjs';
import { fmt, runMain, writeResult } from './lib/common.mjs';

register();
const DURATION_MS = opt('duration', 10) * 1000;
const WARMUP_MS = opt('warmup', 2) * 1000;
const CLIENTS = opt('clients', 100);
const POOLS = String(optText('pools', '20,50,100')).split(',').map(Number);
const MEMBERS = 1000;
const GOAL_PG = 3000;
const GOAL_PGLITE = 800;
const GOAL_P99_MS = 20;

const { openDatabase } = await import('../apps/server/src/db/index.ts');
const { members, merchants } = await import('../apps/server/src/db/schema.ts');
const { brandAccount, LEDGER_SHARDS, memberAccount, postAlone } = await import('../apps/server/src/kernel/ledger/index.ts');

// Round trips: every query a pg client sends (drizzle's node-postgres driver goes through it).
let roundTrips = 0;
const origQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (...a) {
  roundTrips++;
  return origQuery.apply(this, a);
};

const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);

/** A brand, 1,000 members with a funded main wallet, the house account. */
async function prepare(db) {
  const [m] = await db.insert(merchants).values({ code: `bench${randomBytes(3).toString('hex')}`, hosts: [], config: {} }).returning();
  const rows = await db.insert(members).values(Array.from({ length: MEMBERS }, (_, i) => ({ merchantId: m.id, username: `b${i}`, usernameKey: `b${i}` }))).returning();
  const clearing = await brandAccount(db, m.id, 'clearing');
  const house = await brandAccount(db, m.id, 'house');
  const accounts = [];
  for (const r of rows) {
    const acct = await memberAccount(db, m.id, r.id);
    await postAlone(db, { merchantId: m.id, kind: 'deposit', idemKey: `fund:${r.id}`, memberId: r.id,
      lines: [{ account: clearing, amount: -100_000_000n }, { account: acct, amount: 100_000_000n }] });
    accounts.push({ memberId: r.id, account: acct });
  }
  return { db, merchantId: m.id, house, accounts };
}

let seq = 0;
/** One random bet or win for a random member. */
async function nextPosting(ctx) {
  const a = ctx.accounts[Math.floor(Math.random() * ctx.accounts.length)];
  const amount = BigInt(1 + Math.floor(Math.random() * 5000));
  const bet = Math.random() < 0.5;
  const round = `round:RNG-PG:${process.pid}:${++seq}`;
  // sharded: the house shard picked by the round id, as game postings do (ids are cached)
  const house = ctx.sharded ? await brandAccount(ctx.db, ctx.merchantId, 'house', round) : ctx.house;
  return {
    merchantId: ctx.merchantId, kind: bet ? 'bet' : 'win', idemKey: `${round}:${bet ? 'bet' : 'win'}`, memberId: a.memberId, meta: { round },
    lines: bet ? [{ account: a.account, amount: -amount }, { account: house, amount }] : [{ account: house, amount: -amount }, { account: a.account, amount }],
  };
}

/** `clients` loops of `postOne` for warmup + duration; counts and latencies inside the window. */
async function load(label, ctx, postOne) {
  const start = performance.now();
  const from = start + WARMUP_MS;
  const until = from + DURATION_MS;
  const lat = [];
  let done = 0;
  let errors = 0;
  let rtAtFrom = null;
  const loop = async () => {
    for (;;) {
      const t = performance.now();
      if (t >= until) return;
      if (rtAtFrom === null && t >= from) rtAtFrom = roundTrips;
      try {
        await postOne(await nextPosting(ctx));
      } catch (err) {
        errors++;
        if (errors <= 3) console.error(`${label}: ${err.message}`);
        continue;
      }
      const end = performance.now();
      if (t >= from && end <= until) {
        lat.push(end - t);
        done++;
      }
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, loop));
  const rt = roundTrips - (rtAtFrom ?? roundTrips);
  lat.sort((a, b) => a - b);
  const r = { label, postingsPerSec: Math.round(done / (DURATION_MS / 1000)), p50Ms: +pct(lat, 50).toFixed(2), p99Ms: +pct(lat, 99).toFixed(2), postings: done, errors,
    roundTripsPerPosting: done && rt ? +(rt / done).toFixed(2) : null };
  console.log(`${label.padEnd(44)} ${String(r.postingsPerSec).padStart(6)} postings/s   p50 ${fmt(r.p50Ms, 2).padStart(6)} ms   p99 ${fmt(r.p99Ms, 2).padStart(7)} ms`
    + `${r.roundTripsPerPosting ? `   ${r.roundTripsPerPosting} round trips/posting` : ''}${errors ? `   ${errors} errors` : ''}`);
  return r;
}


runMain(async () => {
  const results = [];
  console.log(`ledger postings (bet/win, ${MEMBERS} members, ${CLIENTS} concurrent clients, ${WARMUP_MS / 1000} s warm-up + ${DURATION_MS / 1000} s)`);
  for (const sharded of [false, true]) {
    if (sharded && flag('no-shards')) continue;
    for (const poolSize of POOLS) {
      results.push(await withPgDatabase(async (url) => {
        const database = await openDatabase({ url, poolSize });
        try {
          const ctx = { ...(await prepare(database.db)), sharded };
          const label = `postgres, pool ${poolSize}, ${sharded ? `house in ${LEDGER_SHARDS} shards` : 'one house row'}`;
          const r = await load(label, ctx, (p) => postAlone(database.db, p));
          return { db: 'postgres', variant: sharded ? 'sharded' : 'one-row', poolSize, ...r };
        } finally {
          await database.close();
        }
      }));
    }
  }
  const pgRuns = results.filter((r) => r.db === 'postgres');
  const best = pgRuns.reduce((x, y) => (y.postingsPerSec > x.postingsPerSec ? y : x));
  let lite = null;
  if (!flag('no-pglite')) {
    const database = await openDatabase({});
    try {
      const ctx = { ...(await prepare(database.db)), sharded: true };
      lite = { db: 'pglite', variant: 'sharded', poolSize: 1, ...(await load('pglite (in memory), ledger.postAlone', ctx, (p) => postAlone(database.db, p))) };
      results.push(lite);
    } finally {
      await database.close();
    }
  }
  // headline: the configuration the product runs (house shards) at its best pool size
  const headline = pgRuns.filter((r) => r.variant === 'sharded').reduce((x, y) => (y.postingsPerSec > x.postingsPerSec ? y : x), best);
  const figures = [
    { figure: `ledger postings/s, PostgreSQL, ${CLIENTS} clients (pool ${headline.poolSize}, ${headline.variant})`, value: headline.postingsPerSec, unit: '/s', goal: `>= ${GOAL_PG}/s`, pass: headline.postingsPerSec >= GOAL_PG },
    { figure: `ledger p99, PostgreSQL, ${CLIENTS} clients (pool ${headline.poolSize})`, value: headline.p99Ms, unit: 'ms', goal: `<= ${GOAL_P99_MS} ms`, pass: headline.p99Ms <= GOAL_P99_MS },
    { figure: `ledger p50, PostgreSQL, ${CLIENTS} clients (pool ${headline.poolSize})`, value: headline.p50Ms, unit: 'ms', goal: null, pass: null },
    ...(best !== headline ? [{ figure: `ledger postings/s, PostgreSQL, best (pool ${best.poolSize}, ${best.variant})`, value: best.postingsPerSec, unit: '/s', goal: null, pass: null }] : []),
    ...(lite ? [
      { figure: `ledger postings/s, PGlite, ${CLIENTS} clients`, value: lite.postingsPerSec, unit: '/s', goal: `>= ${GOAL_PGLITE}/s`, pass: lite.postingsPerSec >= GOAL_PGLITE },
      { figure: `ledger p99, PGlite, ${CLIENTS} clients`, value: lite.p99Ms, unit: 'ms', goal: null, pass: null },
    ] : []),
  ];
  const file = writeResult('ledger', figures, { clients: CLIENTS, members: MEMBERS, warmupMs: WARMUP_MS, durationMs: DURATION_MS, runs: results });
  for (const f of figures) console.log(`${f.figure}: ${f.value} ${f.unit}${f.goal ? ` (goal ${f.goal}: ${f.pass ? 'pass' : 'MISSED'})` : ''}`);
  console.log(`Wrote ${file}`);
});
