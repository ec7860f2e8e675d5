// Settlement time of one lottery draw with 100,000 open bets (issue 6, "Figures to report"):
// goal on PostgreSQL <= 10 s.
//   node bench/lottery-settle.mjs [--bets 100000 --members 2000 --game FAST5 --parts 2 --pglite]
// A throwaway PostgreSQL database lobby_bench_<random> ($BENCH_PG_URL or
// postgres://postgres@127.0.0.1:5432/test as admin) is migrated and seeded with the server's
// TypeScript (tsx), then filled set-based: `members` funded members of the demo brand and
// `bets` open bets spread over them on the current issue of `game` (FAST5: big/small/odd/even
// and num2, about half of them win; VN-NORTH: lô, đề, 3-càng, xiên), each with its bet record
// and its vendor bet transaction, as placing them through the seamless wallet leaves them.
// Figures on a busy machine are slower: the JSON records the load average.
// The issue is then drawn and the timed part is `settle()` (draws.ts) as the draw job runs it:
// lottery_settle in batches of SETTLE_BATCH, each one transaction, the bets split in `parts`
// settled side by side on the pool (SETTLE_PARTS in the job). Checked after: no bet left open, every win
// credited once (the win postings pay exactly the bets' wins; ledger audit: entries sum to zero,
// balances equal their entries), bet records settled. --pglite: the same on an in-memory PGlite (informational).
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { register } from 'tsx/esm/api';
import { flag, opt, optText, withPgDatabase } from './lib/cli.mjs';
import { fmt, writeResult } from './lib/common.mjs';

register();
const BETS = opt('bets', 100_000);
const MEMBERS = opt('members', 2000);
const GAME = optText('game', 'FAST5');
const PARTS = opt('parts', 2);
const GOAL_S = 10;

const { openDatabase } = await import('../apps/server/src/db/index.ts');
const { seedDemo } = await import('../apps/server/src/db/seed/index.ts');
const { merchants } = await import('../apps/server/src/db/schema.ts');
const { audit } = await import('../apps/server/src/kernel/ledger/index.ts');
const draws = await import('../apps/server/src/modules/lottery/draws.ts');
const { sql, eq } = await import('drizzle-orm');

const rowsOf = (res) => res.rows;

async function run(database, label) {
  const db = database.db;
  const t0 = performance.now();
  await seedDemo(db);
  const [m] = await db.select().from(merchants).where(eq(merchants.code, 'demo'));
  const brand = { id: m.id, code: m.code, config: m.config };
  const game = await draws.gameByCode(db, brand, GAME);
  const draw = await draws.currentDraw(db, brand, game);
  const tag = randomBytes(3).toString('hex');
  // members with a funded main account (one deposit posting for all, balanced by the clearing account)
  await db.execute(sql`insert into members (merchant_id, username, username_key, nickname)
    select ${m.id}, 'lb' || ${tag} || g, 'lb' || ${tag} || g, 'lb' || g from generate_series(1, ${MEMBERS}) g`);
  await db.execute(sql`insert into ledger_accounts (merchant_id, member_id, wallet)
    select ${m.id}, id, 'main' from members where username_key like ${`lb${tag}%`}`);
  const types = game.kind === 'fast'
    ? sql`(array['big','small','odd','even','num2'])[1 + (g % 5)]`
    : sql`(array['lo2','lo2','de','cang3','xien2','xien3'])[1 + (g % 6)]`;
  const numbers = game.kind === 'fast'
    ? sql`case when t = 'num2' then array[lpad((g % 100)::text, 2, '0')] else array[]::text[] end`
    : sql`case t when 'cang3' then array[lpad((g % 1000)::text, 3, '0')]
        when 'xien2' then array[lpad((g % 50)::text, 2, '0'), lpad((50 + g % 50)::text, 2, '0')]
        when 'xien3' then array[lpad((g % 30)::text, 2, '0'), lpad((30 + g % 30)::text, 2, '0'), lpad((60 + g % 30)::text, 2, '0')]
        else array[lpad((g % 100)::text, 2, '0')] end`;
  const odds = game.kind === 'fast' ? sql`case when t = 'num2' then 95000 else 1960 end`
    : sql`case t when 'lo2' then 3500 when 'de' then 95000 when 'cang3' then 950000 when 'xien2' then 17000 else 75000 end`;
  await db.execute(sql`insert into lottery_bets (merchant_id, member_id, game_id, draw_id, request_id, idx, bet_type, numbers, num_key,
      prize_mode, amount, odds_milli, status, tx_id, round_id)
    select ${m.id}, mem.id, ${game.id}, ${draw.id}, 'bench-' || g, 0, t, n, coalesce(nullif(array_to_string(n, '-'), ''), t),
      'LOTT', 100 + (g % 50) * 100, o, 'open', 'LB' || ${tag} || g, 'LB' || ${tag} || g
    from generate_series(1, ${BETS}) g
    cross join lateral (select ${types} as t) tt
    cross join lateral (select ${numbers} as n, ${odds} as o) nn
    join lateral (select id from members where username_key = 'lb' || ${tag} || (1 + g % ${MEMBERS})) mem on true`);
  await db.execute(sql`insert into bet_records (merchant_id, member_id, order_no, vendor, game, game_type, round_id, bet)
    select merchant_id, member_id, 'BR' || round_id, ${game.vendor}, ${game.nodeId}, ${game.gameType}, round_id, amount
    from lottery_bets where draw_id = ${draw.id}`);
  await db.execute(sql`insert into vendor_transactions (merchant_id, vendor, tx_id, round_id, member_id, kind, amount, status)
    select merchant_id, ${game.vendor}, tx_id, round_id, member_id, 'bet', amount, 'applied' from lottery_bets where draw_id = ${draw.id}`);
  await db.execute(sql`analyze`);
  const prepS = (performance.now() - t0) / 1000;

  const drawn = await draws.publish(db, game, draw);
  const t1 = performance.now();
  const settled = await draws.settle(db, brand, game, drawn, { parts: PARTS });
  const seconds = (performance.now() - t1) / 1000;

  const [left] = rowsOf(await db.execute(sql`select count(*)::int as n from lottery_bets where draw_id = ${draw.id} and status = 'open'`));
  const [won] = rowsOf(await db.execute(sql`select count(*)::int as n, coalesce(sum(win), 0)::text as total from lottery_bets where draw_id = ${draw.id} and status = 'won'`));
  const [recs] = rowsOf(await db.execute(sql`select count(*)::int as n from bet_records where game = ${game.nodeId} and status = 'settled'`));
  const [posts] = rowsOf(await db.execute(sql`select count(distinct p.id)::int as n, coalesce(sum(e.amount) filter (where e.amount > 0), 0)::text as paid
    from postings p join entries e on e.posting_id = p.id where p.kind = 'win' and p.idem_key like ${`lottery:${draw.id}:%`}`));
  const a = await audit(db, m.id);
  const ok = left.n === 0 && settled === BETS && recs.n === BETS && posts.paid === won.total && a.entrySum === 0n && a.mismatchedAccounts === 0;
  console.log(`${label.padEnd(10)} ${GAME}: ${settled} bets settled in ${fmt(seconds, 2)} s (${Math.round(settled / seconds)} bets/s; ${won.n} winners, ${won.total} minor units paid, ${posts.n} win postings, one per member and batch) — setup ${fmt(prepS, 1)} s — checks ${ok ? 'ok' : 'FAILED'}`);
  if (!ok) console.log({ left: left.n, settled, recs: recs.n, posts: posts.n, winners: won.n, audit: a });
  return { seconds, settled, winners: won.n, ok };
}

const results = {};
results.postgres = await withPgDatabase(async (url) => {
  const database = await openDatabase({ url, poolSize: 8 });
  try {
    return await run(database, 'postgres');
  } finally {
    await database.close();
  }
});
if (flag('pglite')) {
  const database = await openDatabase({});
  try {
    results.pglite = await run(database, 'pglite');
  } finally {
    await database.close();
  }
}
const pass = results.postgres.ok && results.postgres.seconds <= GOAL_S;
console.log(`lottery settlement of one draw with ${BETS} open bets on PostgreSQL: ${fmt(results.postgres.seconds, 2)} s (goal <= ${GOAL_S} s) ${pass ? 'pass' : 'FAIL'}`);
writeResult('lottery-settle', [{ figure: `lottery settle ${BETS} bets (PostgreSQL)`, value: `${fmt(results.postgres.seconds, 2)} s`, goal: `<= ${GOAL_S} s`, pass }], { game: GAME, members: MEMBERS, ...results });
if (!results.postgres.ok) process.exitCode = 1;
