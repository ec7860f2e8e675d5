// One real-time salary cycle for 10,000 contracts (issue 8, "Figures to report"; goal ≤ 5 s).
//   node bench/salary-cycle.mjs [--contracts 10000 --uplines 100] [--pg postgres://…/contracts_bench | --no-pg] [--no-pglite]
// PGlite in memory (unless --no-pglite), then PostgreSQL: with --pg an existing database you made
// for it (e.g. `createdb -h 127.0.0.1 -U postgres contracts_bench`), migrated here, where the
// script adds a brand of its own (code sal_<random>) and leaves it; else (unless --no-pg) a
// throwaway lobby_bench_<random> database ($BENCH_PG_URL or postgres://postgres@127.0.0.1:5432/test), dropped after. The tree: one top agent, `uplines`
// agents under it, the remaining agents spread under those; every agent below the top holds a
// real-time salary contract in force (from its upline: 0.10% from 0.00, 0.20% from 5,000.00 of
// the day's valid bet so far) and has a team row for today in agent_team_daily; the top agent
// and the uplines have money to pay. It then times one cycle of the job's own code
// (modules/agent-contracts/settle.ts `compute` then `pay`, what `settle` runs: compute the 5-minute period's payouts set-based from the
// rollups, then pay them through ledger_post), checks every contract was paid once, and times a
// second cycle of the same period (nothing to do) and the next period (bets added).
import { performance } from 'node:perf_hooks';
import { register } from 'tsx/esm/api';
import { flag, opt, optText, withPgDatabase } from './lib/cli.mjs';
import { fmt, runMain, writeResult } from './lib/common.mjs';

register();
const CONTRACTS = opt('contracts', 10_000);
const UPLINES = opt('uplines', 100);
const PG = optText('pg', '');
const GOAL_S = 5;

const { openDatabase } = await import('../apps/server/src/db/index.ts');
const { demoBrand } = await import('../apps/server/src/db/seed/brands.ts');
const { enabledModules } = await import('@lobby/contract');
const { settle, compute, pay, lastSlot, timing } = await import('../apps/server/src/modules/agent-contracts/settle.ts');
const { audit } = await import('../apps/server/src/kernel/ledger/index.ts');
const { sql } = await import('drizzle-orm');

const rowsOf = (res) => res.rows;

async function timed(label, fn) {
  const t0 = performance.now();
  const out = await fn();
  const s = (performance.now() - t0) / 1000;
  console.log(`${label.padEnd(52)} ${fmt(s, 2)} s`);
  return { out, s };
}

async function build(db) {
  const code = `sal_${Math.random().toString(36).slice(2, 8)}`;
  const config = { ...demoBrand.config, agentTypes: [1, 2, 41, 42], trialType: 4 };
  const [b] = rowsOf(await db.execute(sql`insert into merchants (code, hosts, config) values (${code}, '{}', ${JSON.stringify(config)}::jsonb) returning id`));
  const m = b.id;
  const brand = { id: m, code, hosts: [], version: 1, config, modules: enabledModules(config.whitelabel) };
  const [top] = rowsOf(await db.execute(sql`insert into members (merchant_id, username, username_key, type) values (${m}, 'top', 'top', 1) returning id`));
  await timed(`agents (${CONTRACTS} below the top, through the tree triggers)`, async () => {
    await db.execute(sql`insert into members (merchant_id, username, username_key, type, parent_id)
      select ${m}, 'u' || g, 'u' || g, 2, ${top.id} from generate_series(1, ${UPLINES}::int) g`);
    await db.execute(sql`with u as (select array_agg(id order by id) ids from members where merchant_id = ${m} and username like 'u%')
      insert into members (merchant_id, username, username_key, type, parent_id)
      select ${m}, 'a' || g, 'a' || g, 2, u.ids[1 + g % ${UPLINES}::int] from u, generate_series(1, ${CONTRACTS - UPLINES}::int) g`);
  });
  await timed('contracts, tiers, team rows, funds', async () => {
    const accepted = new Date(Date.now() - 86_400_000).toISOString();
    await db.execute(sql`insert into agent_contracts (merchant_id, kind, upline_id, downline_id, status, max_pct, accepted_at)
      select ${m}, 'realtime', parent_id, id, 'success', 20, ${accepted}::timestamptz from members where merchant_id = ${m} and parent_id is not null`);
    await db.execute(sql`insert into agent_contract_tiers (contract_id, idx, min_bet, active_members, rate_type, rate)
      select id, 0, 0, 0, 'P', 10 from agent_contracts where merchant_id = ${m}
      union all select id, 1, 500000, 0, 'P', 20 from agent_contracts where merchant_id = ${m}`);
    // payers: the top and the uplines, funded from the brand's clearing account through the ledger
    await db.execute(sql`insert into ledger_accounts (merchant_id, wallet, shard, allow_negative) values (${m}, 'clearing', 0, true)`);
    await db.execute(sql`insert into ledger_accounts (merchant_id, member_id, wallet)
      select ${m}, id, 'main' from members where merchant_id = ${m} and (parent_id is null or parent_id = ${top.id})`);
    await db.execute(sql`select ledger_post(${m}, 'deposit', 'bench-fund:' || a.id, a.member_id, '{}'::jsonb, null::bigint,
        array[c.id, a.id], array[-100000000000::bigint, 100000000000::bigint])
      from ledger_accounts a, ledger_accounts c
     where a.merchant_id = ${m} and a.member_id is not null and c.merchant_id = ${m} and c.wallet = 'clearing'`);
  });
  return { brand, m };
}

/** The job's run (settle = compute then pay, in one transaction), each step timed. */
function oneCycle(db, brand, now) {
  return db.transaction(async (tx) => {
    const c = await timed('  compute', () => compute(tx, brand, 'realtime', now));
    const p = await timed('  pay', () => pay(tx, brand, 'realtime'));
    return c.out + p.out;
  });
}

async function teamRows(db, m, day, scale) {
  await db.execute(sql`insert into agent_team_daily (merchant_id, agent_id, day, active_members, bettors, bet, valid_bet)
    select ${m}, id, ${day}::date, 1 + id % 20, 1 + id % 20, (1 + id % 1000) * ${scale}::bigint, (1 + id % 1000) * ${scale}::bigint
      from members where merchant_id = ${m} and parent_id is not null
    on conflict (agent_id, day) do update set valid_bet = excluded.valid_bet, bet = excluded.bet`);
}

async function bench(db, kind) {
  console.log(`\n${kind}: ${CONTRACTS} real-time salary contracts under ${UPLINES} uplines`);
  const { brand, m } = await build(db);
  const now = new Date();
  const slot = lastSlot(now, brand.config.gmtOffsetMinutes, timing.realtimeMs);
  await teamRows(db, m, slot.day, 1_000n);
  const cycle = await timed(`cycle 1: compute + pay (${CONTRACTS} payouts)`, () => oneCycle(db, brand, now));
  const [check] = rowsOf(await db.execute(sql`select count(*)::int as n, count(*) filter (where status = 'disbursed')::int as paid,
      count(distinct posting_id)::int as postings, coalesce(sum(amount), 0)::text as amount
    from agent_contract_payouts where merchant_id = ${m}`));
  console.log(`  payouts ${check.n}, disbursed ${check.paid}, postings ${check.postings}, amount ${check.amount} minor units`);
  if (check.paid !== CONTRACTS || check.postings !== CONTRACTS) throw new Error('not every contract was paid exactly once');
  const a = await audit(db, m);
  console.log(`  ledger audit: entries sum ${a.entrySum}, accounts off their entries ${a.mismatchedAccounts}, negative member balances ${a.negativeMemberBalances}`);
  if (a.entrySum !== 0n || a.mismatchedAccounts !== 0 || a.negativeMemberBalances !== 0) throw new Error('ledger audit failed');
  const again = await timed('cycle 1 again (same period: nothing to do)', () => db.transaction((tx) => settle(tx, [brand], 'realtime', now)));
  if (again.out !== 0) throw new Error(`a rerun wrote ${again.out} rows`);
  const next = new Date(now.getTime() + timing.realtimeMs);
  const nextSlot = lastSlot(next, brand.config.gmtOffsetMinutes, timing.realtimeMs);
  await teamRows(db, m, nextSlot.day, 2_000n);
  const cycle2 = await timed('cycle 2: next period, bets added', () => oneCycle(db, brand, next));
  return { cycleS: cycle.s, rerunS: again.s, nextCycleS: cycle2.s, payouts: check.n };
}

runMain(async () => {
  const results = {};
  if (!flag('no-pglite')) {
    const lite = await openDatabase({});
    try {
      results.pglite = await bench(lite.db, 'PGlite (in memory)');
    } finally {
      await lite.close();
    }
  }
  const onPg = async (url) => {
    const pg = await openDatabase({ url, poolSize: 4 });
    try {
      results.postgres = await bench(pg.db, `PostgreSQL (${new URL(url).pathname.slice(1)})`);
    } finally {
      await pg.close();
    }
  };
  if (PG) await onPg(PG);
  else if (!flag('no-pg')) await withPgDatabase(onPg);
  const figures = Object.entries(results).map(([db, r]) => ({
    figure: `real-time salary cycle, ${CONTRACTS} contracts (${db})`, value: fmt(r.cycleS, 2), unit: 's', goal: `≤ ${GOAL_S}`, pass: r.cycleS <= GOAL_S,
  }));
  console.log('');
  for (const f of figures) console.log(`${f.figure}: ${f.value} s (goal ${f.goal} s) ${f.pass ? 'pass' : 'FAIL'}`);
  writeResult('salary-cycle', figures, results);
});
