// Agent team overview on a big tree (issue 8, "Figures to report").
//   node bench/agent-tree.mjs [--members 100000 --bets 5000000 --days 30 --active 8000 --samples 200] [--db NAME]
// --db NAME: use (and keep) the existing database NAME on the same server instead of a throwaway one;
// the tree is built the first time and reused after (its team rollups rebuilt, cheap), so profiling
// runs do not regenerate 5,000,000 bets.
// On a throwaway PostgreSQL database ($BENCH_PG_URL or postgres://postgres@127.0.0.1:5432/test,
// lobby_bench_<random>, migrated by openDatabase, dropped after) it builds one brand with one
// top agent and `members` members below it (100 sub-agents, 10 agents under each, the rest
// players spread over those 1,000 agents: depth 1 to 3), inserted through the member_tree
// triggers; a main wallet with a balance for each and 2,000 live sessions; `bets` settled
// bet_records over `days` brand days, each day's bets spread over `active` members (a sliding
// window of the membership, so members come and go); then agent_daily_stats in one grouped pass
// (300 sampled rows checked against the rollup's own recompute) and agent_team_daily by the
// rollup's team pass. It then times the team overview service call (the
// queries it runs: team size and balance of the last rollup run, online users, team rows a
// day, distinct active members over the range; each also timed alone) for the top agent over 1, 7 and 31 days: `samples` sequential calls each
// after 10 warm-up calls, p50 / p95; then the P&L statement (direct scope, page 1 with the team footer) over 1, 7 and 31 days,
// and checks the overview's distinct active members against a direct count. Informational: P&L scope all,
// downline list (all, page 1) and team betting.
import { performance } from 'node:perf_hooks';
import { register } from 'tsx/esm/api';
import { ADMIN_URL, opt, optText, withPgDatabase } from './lib/cli.mjs';
import { fmt, runMain, writeResult } from './lib/common.mjs';

register();
const MEMBERS = opt('members', 100_000);
const BETS = opt('bets', 5_000_000);
const DAYS = opt('days', 30);
const ACTIVE = opt('active', 8_000);
const SAMPLES = opt('samples', 200);
const GOAL_MS = 100;
const CHUNK = 500_000;

const { openDatabase } = await import('../apps/server/src/db/index.ts');
const { demoBrand } = await import('../apps/server/src/db/seed/brands.ts');
const { recompute, recomputeTeams, refreshTeamNow } = await import('../apps/server/src/modules/agent/rollup.ts');
const q = await import('../apps/server/src/modules/agent/queries.ts');
const service = await import('../apps/server/src/modules/agent/service.ts');
const reports = await import('../apps/server/src/modules/agent/reports.ts');
const { sql } = await import('drizzle-orm');
const links = await import('../apps/server/src/modules/agent/links.ts');
const { buildWindows } = await import('../apps/server/src/modules/agent/windows.ts');
/** --focus: only the slow reports of issue 25 (downline list, team betting 7/31, P&L all 7/31, links report) and a load baseline. */
const FOCUS = process.argv.includes('--focus');

const rowsOf = (res) => res.rows;
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const day = (t) => new Date(t).toISOString().slice(0, 10);

async function timed(label, fn) {
  const t0 = performance.now();
  const out = await fn();
  const s = (performance.now() - t0) / 1000;
  console.log(`${label.padEnd(44)} ${fmt(s, 1)} s`);
  return { out, s };
}

/**
 * The member day rows of a generated brand in one grouped pass: what the rollup's recompute
 * writes for each (member, day), for data made of settled bets and registrations only (no
 * deposits, withdrawals or credits). The product's recompute works on the keys one job run
 * touched; over 600,000 keys at once its per-key lookups take the better part of an hour.
 */
async function bulkMemberDays(db, m, off) {
  await db.execute(sql`analyze`);
  await db.execute(sql`
    with d as (
      select b.member_id, ((b.bet_at at time zone 'UTC') + make_interval(mins => ${off}::int))::date as day,
             count(*)::int as n, sum(b.bet) as bet, sum(b.valid_bet) as vb, sum(b.win) as win, sum(b.profit) as profit
        from bet_records b where b.merchant_id = ${m} and b.status <> 'refunded' group by 1, 2),
    fb as (select member_id, min(day) as day from d group by member_id),
    r as (select id as member_id, ((created_at at time zone 'UTC') + make_interval(mins => ${off}::int))::date as day from members where merchant_id = ${m}),
    k as (select member_id, day from d union select member_id, day from r)
    insert into agent_daily_stats (merchant_id, member_id, day, bets, bet, valid_bet, win, profit, first_bet, registered)
    select ${m}, k.member_id, k.day, coalesce(d.n, 0), coalesce(d.bet, 0), coalesce(d.vb, 0), coalesce(d.win, 0), coalesce(d.profit, 0),
           coalesce(d.n > 0 and fb.day = k.day, false), r.member_id is not null
      from k left join d on d.member_id = k.member_id and d.day = k.day
      left join fb on fb.member_id = k.member_id
      left join r on r.member_id = k.member_id and r.day = k.day
    on conflict (member_id, day) do nothing`);
  await db.execute(sql`analyze`);
  // the same as the product's recompute: 300 random member days recomputed by it must not change
  const cols = sql.raw('member_id, day, bets, bet, valid_bet, win, profit, deposits, withdrawals, bonus, salary, dividend, first_deposit, first_bet, registered');
  await db.execute(sql`create temp table bulk_sample as select ${cols} from agent_daily_stats where merchant_id = ${m} order by random() limit 300`);
  await recompute(db, sql`select ${m}::int as merchant_id, member_id, day from bulk_sample`);
  const [{ n: diff }] = rowsOf(await db.execute(sql`select count(*)::int as n from (
    select ${cols} from bulk_sample except select ${cols} from agent_daily_stats where (member_id, day) in (select member_id, day from bulk_sample)) x`));
  await db.execute(sql`drop table bulk_sample`);
  if (diff > 0) throw new Error(`bulk member days differ from the rollup's recompute on ${diff} of 300 sampled rows`);
  return rowsOf(await db.execute(sql`select distinct ${m}::int as "merchantId", day::text as day from agent_daily_stats where merchant_id = ${m}`));
}

async function build(db) {
  const config = { ...demoBrand.config, agentTypes: [1, 2, 41, 42], trialType: 4 };
  const [brand] = rowsOf(await db.execute(sql`insert into merchants (code, hosts, config) values ('benchagent', '{}', ${JSON.stringify(config)}::jsonb) returning id`));
  const m = brand.id;
  const [top] = rowsOf(await db.execute(sql`insert into members (merchant_id, username, username_key, type) values (${m}, 'top', 'top', 1) returning id`));
  const gen = {};
  gen.members = await timed(`members (${MEMBERS}, through the tree triggers)`, async () => {
    await db.execute(sql`insert into members (merchant_id, username, username_key, type, parent_id, created_at)
      select ${m}, 'a' || g, 'a' || g, 2, ${top.id}, now() - interval '60 days' from generate_series(1, 100) g`);
    await db.execute(sql`insert into members (merchant_id, username, username_key, type, parent_id, created_at)
      select ${m}, 'b' || p.id || '_' || g, 'b' || p.id || '_' || g, 2, p.id, now() - interval '60 days'
        from members p cross join generate_series(1, 10) g where p.parent_id = ${top.id}`);
    const rest = MEMBERS - 1_100;
    for (let from = 1; from <= rest; from += 20_000) {
      const to = Math.min(rest, from + 19_999);
      await db.execute(sql`with l2 as (select array_agg(id order by id) ids from members where merchant_id = ${m} and username like 'b%')
        insert into members (merchant_id, username, username_key, type, parent_id, created_at)
        select ${m}, 'p' || g, 'p' || g, 0, l2.ids[1 + g % 1000], now() - make_interval(days => (g % ${DAYS + 30}::int)::int)
          from l2, generate_series(${from}::int, ${to}::int) g`);
    }
  });
  await timed('wallets and 2,000 live sessions', async () => {
    await db.execute(sql`insert into ledger_accounts (merchant_id, member_id, wallet, balance)
      select ${m}, id, 'main', (id % 100000) * 100 from members where merchant_id = ${m}`);
    await db.execute(sql`insert into sessions (token_hash, merchant_id, member_id, expires_at)
      select md5(id::text), ${m}, id, now() + interval '1 hour' from members where merchant_id = ${m} and id % 50 = 0`);
  });
  // members in the order bets pick them: day d uses the window [d * step, d * step + ACTIVE)
  await db.execute(sql`create temp table pick as select row_number() over (order by id) - 1 as n, id from members where merchant_id = ${m} and username like 'p%'`);
  await db.execute(sql`create index on pick (n)`);
  const pool = MEMBERS - 1_100;
  const step = Math.max(1, Math.floor((pool - ACTIVE) / Math.max(1, DAYS - 1)));
  const start = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()) - DAYS * 86_400_000;
  gen.bets = await timed(`bet_records (${BETS})`, async () => {
    for (let from = 0; from < BETS; from += CHUNK) {
      const to = Math.min(BETS, from + CHUNK) - 1;
      await db.execute(sql`insert into bet_records (merchant_id, member_id, order_no, vendor, game, game_type, round_id, bet, valid_bet, win, profit, status, bet_at, settled_at)
        select ${m}, p.id, 'B' || g, 'RNG-BENCH', 'g' || (g % 50), 'RNG', 'r' || g, b.amt, b.amt, w.amt, w.amt - b.amt, 'settled', t.at, t.at
          from generate_series(${from}::bigint, ${to}::bigint) g
          cross join lateral (select (g % ${DAYS}::int)::int as d) dd
          cross join lateral (select to_timestamp(${start / 1000}::float8 + dd.d * 86400 + (g * 7919) % 86400) as at) t
          cross join lateral (select (100 + (g * 31) % 9900)::bigint as amt) b
          cross join lateral (select case when g % 3 = 0 then b.amt * 2 else 0 end::bigint as amt) w
          join pick p on p.n = (dd.d * ${step}::bigint + ((g / ${DAYS}::int) * 104729) % ${ACTIVE}::bigint) % ${pool}::bigint`);
      process.stdout.write(`  ${to + 1} bets\r`);
    }
  });
  gen.rollups = await timed('agent_daily_stats (member days, bulk)', () => bulkMemberDays(db, m, config.gmtOffsetMinutes));
  gen.teams = await timed('agent_team_daily (rollup team pass, bulk)', async () => {
    const n = await recomputeTeams(db, gen.rollups.out);
    await db.execute(sql`vacuum analyze`);
    return n;
  });
  gen.now = await timed('agent_team_now (one rollup pass)', () => refreshTeamNow(db));
  const end = day(start + (DAYS - 1) * 86_400_000);
  // the range rollups the agent.windows job keeps for the brand's today and yesterday, here for the last day of bets
  gen.windows = await timed('range rollups (7 and 31 days to the last day)', () => buildWindows(db, m, end));
  const brandObj = { id: m, code: 'benchagent', hosts: [], version: 1, config, modules: new Set() };
  const principal = { sessionId: 0n, method: 'password', member: { id: BigInt(top.id), type: 1 }, isAgent: true, isTrial: false };
  return { brand: brandObj, principal, gen, end };
}

/** The tree of an earlier run with --db (team rollups rebuilt by the current code), or null. */
async function reuse(db) {
  const [brand] = rowsOf(await db.execute(sql`select id, config from merchants where code = 'benchagent'`));
  if (!brand) return null;
  const m = brand.id;
  const [top] = rowsOf(await db.execute(sql`select id from members where merchant_id = ${m} and username = 'top'`));
  const [{ n: statRows }] = rowsOf(await db.execute(sql`select count(*)::int as n from agent_daily_stats where merchant_id = ${m}`));
  if (statRows === 0) await timed('agent_daily_stats (member days, bulk)', () => bulkMemberDays(db, m, brand.config.gmtOffsetMinutes));
  const [span] = rowsOf(await db.execute(sql`select max(day)::text as end from agent_daily_stats where merchant_id = ${m} and bets > 0`));
  const gen = {};
  // the 2,000 sessions live again (the online count probes them)
  await db.execute(sql`update sessions set last_seen_at = now(), expires_at = now() + interval '1 hour' where merchant_id = ${m}`);
  const days = rowsOf(await db.execute(sql`select distinct ${m}::int as "merchantId", day::text as day from agent_daily_stats where merchant_id = ${m}`));
  gen.members = { s: 0 }; gen.bets = { s: 0 }; gen.rollups = { s: 0 };
  gen.teams = await timed('agent_team_daily (rollup team pass, bulk)', async () => {
    const n = await recomputeTeams(db, days);
    await db.execute(sql`vacuum analyze`);
    return n;
  });
  gen.now = await timed('agent_team_now (one rollup pass)', () => refreshTeamNow(db));
  gen.windows = await timed('range rollups (7 and 31 days to the last day)', () => buildWindows(db, m, span.end));
  const config = brand.config;
  const brandObj = { id: m, code: 'benchagent', hosts: [], version: 1, config, modules: new Set() };
  const principal = { sessionId: 0n, method: 'password', member: { id: BigInt(top.id), type: 1 }, isAgent: true, isTrial: false };
  return { brand: brandObj, principal, gen, end: span.end };
}

async function sample(label, fn) {
  for (let i = 0; i < 10; i++) await fn();
  const ms = [];
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < SAMPLES; i++) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  const cpu = process.cpuUsage(cpu0);
  ms.sort((a, b) => a - b);
  // on a shared machine wall time follows the load; the client's CPU per call and the ratio to a
  // trivial query's p50 (baseline) say more about the query itself
  const out = { label, p50: +fmt(pct(ms, 50), 2), p95: +fmt(pct(ms, 95), 2), max: +fmt(ms[ms.length - 1], 2), clientCpuMs: +fmt((cpu.user + cpu.system) / 1000 / SAMPLES, 2) };
  console.log(`${label.padEnd(44)} p50 ${fmt(out.p50)} ms   p95 ${fmt(out.p95)} ms   max ${fmt(out.max)} ms   client cpu ${fmt(out.clientCpuMs)} ms/op`);
  return out;
}

/** The issue-25 figures: a trivial query as the load baseline, then the slow reports and the links report. */
async function focus(db, brand, principal, back, end) {
  const base = await sample('baseline: select 1', () => db.execute(sql`select 1`));
  const runs = [
    await sample('downline list (all, page 1)', () => service.downlineList(db, brand, principal, { scope: 'all', pageNo: 1, pageSize: 20 })),
    await sample('team betting, 7 days (page 1 + footer)', () => service.teamBetting(db, brand, principal, { startDate: back(7), endDate: end, pageNo: 1, pageSize: 20 })),
    await sample('team betting, 31 days (page 1 + footer)', () => service.teamBetting(db, brand, principal, { startDate: back(31), endDate: end, pageNo: 1, pageSize: 20 })),
    await sample('P&L statement, 7 days (all, page 1)', () => reports.profitLoss(db, brand, principal, { startDate: back(7), endDate: end, scope: 'all', pageNo: 1, pageSize: 20 })),
    await sample('P&L statement, 31 days (all, page 1)', () => reports.profitLoss(db, brand, principal, { startDate: back(31), endDate: end, scope: 'all', pageNo: 1, pageSize: 20 })),
    await sample('links report, 31 days', () => links.linksReport(db, brand, principal, { startDate: back(31), endDate: end })),
  ];
  for (const r of runs) console.log(`  ${r.label.padEnd(42)} p50 / baseline p50 = ${fmt(r.p50 / Math.max(0.01, base.p50), 1)}`);
  return { base, runs };
}

async function main() {
  const keep = optText('db', '');
  const inDb = keep ? async (fn) => { const u = new URL(ADMIN_URL); u.pathname = `/${keep}`; return fn(u.toString()); } : withPgDatabase;
  await inDb(async (url) => {
    const database = await openDatabase({ url, poolSize: 10 });
    try {
      const { brand, principal, gen, end } = (keep && await reuse(database.db)) || await build(database.db);
      const db = database.db;
      const back = (n) => day(Date.parse(`${end}T00:00:00Z`) - (n - 1) * 86_400_000);
      if (FOCUS) {
        const { base, runs } = await focus(db, brand, principal, back, end);
        const file = writeResult('agent-tree-focus', runs.map((r) => ({ figure: `${r.label} p95 (PostgreSQL)`, value: r.p95, unit: 'ms', goal: `<= ${GOAL_MS} ms`, pass: r.p95 <= GOAL_MS })), { baseline: base, runs });
        console.log(`wrote ${file}`);
        return;
      }
      const [{ n: statRows }] = rowsOf(await db.execute(sql`select count(*)::int as n from agent_daily_stats`));
      console.log(`agent_daily_stats rows: ${statRows}`);
      const check = await service.teamOverview(db, brand, principal, { startDate: back(31), endDate: end });
      console.log(`31-day overview: team ${check.teamMembers}, bets ${check.betAmount}, active ${check.activeMembers}, online ${check.onlineUsers}`);
      const runs = [];
      for (const n of [1, 7, 31]) {
        runs.push(await sample(`team overview, ${n} day(s)`, () => service.teamOverview(db, brand, principal, { startDate: back(n), endDate: end })));
      }
      const pl = [];
      for (const n of [1, 7, 31]) {
        pl.push(await sample(`P&L statement, ${n} day(s) (direct, page 1)`, () => reports.profitLoss(db, brand, principal, { startDate: back(n), endDate: end, scope: 'direct', pageNo: 1, pageSize: 20 })));
      }
      const plAll = await sample('P&L statement, 7 days (all, page 1)', () => reports.profitLoss(db, brand, principal, { startDate: back(7), endDate: end, scope: 'all', pageNo: 1, pageSize: 20 }));
      const id = principal.member.id;
      const parts = [
        await sample('  part: team now (size, balance)', () => q.teamNow(db, id)),
        await sample('  part: online users', () => q.onlineCount(db, brand.id, id, new Date(Date.now() - 1_800_000))),
        await sample('  part: team rows, 31 days', () => q.teamDays(db, id, back(31), end)),
        await sample('  part: distinct active, 7 days', () => q.activeMembers(db, id, back(7), end)),
      ];
      const distinct = await sample('  part: distinct active, 31 days', () => q.activeMembers(db, id, back(31), end));
      for (const n of [7, 31]) {
        const [fast, direct] = await Promise.all([q.activeMembers(db, id, back(n), end), q.activeMembersDirect(db, id, back(n), end, 100n)]);
        console.log(`distinct active ${n} days: ${fast} (team rows) = ${direct} (member rows, direct count)`);
        if (fast !== direct) throw new Error(`distinct active members differ: ${fast} vs ${direct}`);
      }
      const list = await sample('downline list (all, page 1)', () => service.downlineList(db, brand, principal, { scope: 'all', pageNo: 1, pageSize: 20 }));
      const betting = await sample('team betting, 7 days (page 1 + footer)', () => service.teamBetting(db, brand, principal, { startDate: back(7), endDate: end, pageNo: 1, pageSize: 20 }));
      const figures = [
        ...runs.map((r) => ({ figure: `${r.label} p95 (PostgreSQL)`, value: r.p95, unit: 'ms', goal: `<= ${GOAL_MS} ms`, pass: r.p95 <= GOAL_MS })),
        ...pl.map((r) => ({ figure: `${r.label} p95 (PostgreSQL)`, value: r.p95, unit: 'ms', goal: `<= ${GOAL_MS} ms`, pass: r.p95 <= GOAL_MS })),
        { figure: 'P&L statement 7 days, scope all p95', value: plAll.p95, unit: 'ms', goal: null, pass: null },
        { figure: 'distinct active members 31 days p95 (part of the overview)', value: distinct.p95, unit: 'ms', goal: null, pass: null },
        { figure: 'downline list p95', value: list.p95, unit: 'ms', goal: null, pass: null },
        { figure: 'team betting 7 days p95', value: betting.p95, unit: 'ms', goal: null, pass: null },
      ];
      const file = writeResult('agent-tree', figures, {
        members: MEMBERS, bets: BETS, days: DAYS, activePerDay: ACTIVE, samples: SAMPLES, statRows,
        generateSeconds: { members: gen.members.s, bets: gen.bets.s, rollups: gen.rollups.s, teams: gen.teams.s, teamNow: gen.now.s }, runs, pl, plAll, parts: [...parts, distinct], list, betting,
      });
      console.log(`wrote ${file}`);
    } finally {
      await database.close();
    }
  });
}

runMain(main);
