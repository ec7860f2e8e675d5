import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/index.ts';
import { CODE_TYPE_OF_KIND } from '../../kernel/ledger/index.ts';
import { wallet } from '@lobby/contract';
import { recomputeLinks } from './links-rollup.ts';
import { markDirty } from './windows.ts';

/**
 * The agent_daily_stats rollup. Three append-only sources tell which (member, local day) rows
 * changed: vendor_transactions (a bet, win or rollback touches the bets of its round),
 * members (a registration) and postings (those of kind deposit / withdraw_pay). Each run reads
 * every source past its watermark (by id, `BATCH` rows at most), collects the touched keys and
 * recomputes those rows from bet_records, deposit_orders and withdrawals. A recompute is a
 * pure function of the raw rows, so running twice, or overlapping runs, change nothing.
 *
 * A row id becomes visible at its transaction's commit, so a lower id can appear after a
 * higher one. The watermark therefore only moves past rows older than `LAG_MS`: newer rows
 * are read again on the next run (harmless, see above), and a writer whose transaction stays
 * open longer than LAG_MS is the only way to be missed.
 */
const BATCH = 5_000;
const LAG_MS = 60_000;

/** Local day (brand offset in minutes) of a timestamptz expression. */
const localDay = (ts: SQL, off: SQL) => sql`((${ts} at time zone 'UTC') + make_interval(mins => ${off}))::date`;
const OFF = sql`(mc.config->>'gmtOffsetMinutes')::int`;
/** Default active-member threshold: valid bets of 1.00 in a day (brand config activeMemberValidBet). */
export const DEFAULT_ACTIVE_MIN = 100n;
/** A member day's valid bet makes the member active (brand `mc`'s threshold). */
const isActive = (validBet: SQL) => sql`(${validBet} > 0 and ${validBet} >= coalesce((mc.config->>'activeMemberValidBet')::bigint, ${DEFAULT_ACTIVE_MIN}))`;
/** activeSince's gaps: j = 0…MAX_RANGE_DAYS. */
const MAX_RANGE_DAYS = wallet.MAX_RANGE_DAYS;
const GAPS = Array.from({ length: MAX_RANGE_DAYS + 1 }, (_, j) => j);

/**
 * A source table (its name is its watermark's name) and the (merchant_id, member_id, ts) of the
 * member days its rows touch; `batch` is its next rows past the watermark. The watermark moves
 * past every row of the batch, also those that touch no member day (most postings).
 */
interface Source { name: string; keys: (batch: SQL) => SQL }

const SOURCES: Source[] = [
  {
    name: 'vendor_transactions',
    keys: (batch) => sql`
      select b.merchant_id, b.member_id, b.bet_at as ts
        from ${batch} v join bet_records b on b.merchant_id = v.merchant_id and b.vendor = v.vendor and b.round_id = v.round_id`,
  },
  {
    name: 'members',
    keys: (batch) => sql`select m.merchant_id, m.id as member_id, m.created_at as ts from ${batch} m`,
  },
  {
    name: 'postings',
    keys: (batch) => sql`
      select p.merchant_id, p.member_id, coalesce(o.closed_at, w.paid_at, p.created_at) as ts
        from ${batch} p
        left join deposit_orders o on p.kind = 'deposit' and o.merchant_id = p.merchant_id and o.order_no = substr(p.idem_key, 9)
        left join withdrawals w on p.kind = 'withdraw_pay' and w.merchant_id = p.merchant_id and w.withdraw_no = split_part(p.idem_key, ':', 2)
       where p.kind in ('deposit', 'withdraw_pay') or p.kind in ${ALL_CREDIT}`,
  },
];

/** Posting kinds credited to members that the P&L statement shows, by its column (from the code types of the transaction history). */
const kindsOf = (...types: string[]) => Object.keys(CODE_TYPE_OF_KIND).filter((k) => types.includes(CODE_TYPE_OF_KIND[k]!));
export const CREDIT_KINDS = {
  bonus: kindsOf('share_bonus', 'betting_rebate', 'agent_rebate', 'referral_rebate'),
  salary: kindsOf('daily_wage', 'hour_wage'),
  dividend: kindsOf('dividend'),
};
const kindList = (kinds: string[]) => sql`(${sql.join(kinds.map((k) => sql`${k}`), sql`, `)})`;
const ALL_CREDIT = kindList([...CREDIT_KINDS.bonus, ...CREDIT_KINDS.salary, ...CREDIT_KINDS.dividend]);

/** Statuses of a withdrawal that was paid out. */
const PAID = sql`('paid', 'received', 'disputed', 'auto_received')`;

/** A brand day whose team rows must be rebuilt. */
export interface BrandDay { merchantId: number; day: string }

/**
 * Recomputes agent_daily_stats for the (merchant, member, day) rows of `keys` (a query with
 * those three columns). Answers the brand days written.
 */
export async function recompute(tx: Db | Tx, keys: SQL): Promise<BrandDay[]> {
  const res = await tx.execute(sql`
    with k as (${keys}),
    r as (
      select k.merchant_id, k.member_id, k.day,
             (k.day::timestamp - make_interval(mins => ${OFF})) at time zone 'UTC' as t0,
             (k.day::timestamp + interval '1 day' - make_interval(mins => ${OFF})) at time zone 'UTC' as t1
        from k join merchants mc on mc.id = k.merchant_id
    ),
    ins as (insert into agent_daily_stats as s (merchant_id, member_id, day, bets, bet, valid_bet, win, profit,
      deposits, withdrawals, bonus, salary, dividend, first_deposit, first_bet, registered, updated_at)
    select r.merchant_id, r.member_id, r.day, b.n, b.bet, b.valid_bet, b.win, b.profit, d.amount, w.amount, c.bonus, c.salary, c.dividend,
           d.n > 0 and not exists (select 1 from deposit_orders o where o.merchant_id = r.merchant_id
             and o.member_id = r.member_id and o.status = 'confirmed' and o.closed_at < r.t0),
           b.n > 0 and not exists (select 1 from bet_records x where x.merchant_id = r.merchant_id
             and x.member_id = r.member_id and x.bet_at < r.t0 and x.status <> 'refunded'),
           m.created_at >= r.t0 and m.created_at < r.t1, now()
      from r
      join members m on m.id = r.member_id and m.merchant_id = r.merchant_id
      cross join lateral (
        select count(*)::int as n, coalesce(sum(x.bet), 0) as bet, coalesce(sum(x.valid_bet), 0) as valid_bet,
               coalesce(sum(x.win), 0) as win, coalesce(sum(x.profit), 0) as profit
          from bet_records x where x.merchant_id = r.merchant_id and x.member_id = r.member_id
           and x.bet_at >= r.t0 and x.bet_at < r.t1 and x.status <> 'refunded') b
      cross join lateral (
        select count(*)::int as n, coalesce(sum(o.amount), 0) as amount from deposit_orders o
         where o.merchant_id = r.merchant_id and o.member_id = r.member_id and o.status = 'confirmed'
           and o.closed_at >= r.t0 and o.closed_at < r.t1) d
      cross join lateral (
        select coalesce(sum(x.amount), 0) as amount from withdrawals x
         where x.merchant_id = r.merchant_id and x.member_id = r.member_id and x.status in ${PAID}
           and x.paid_at >= r.t0 and x.paid_at < r.t1) w
      cross join lateral (
        select coalesce(sum(e.amount) filter (where p.kind in ${kindList(CREDIT_KINDS.bonus)}), 0) as bonus,
               coalesce(sum(e.amount) filter (where p.kind in ${kindList(CREDIT_KINDS.salary)}), 0) as salary,
               coalesce(sum(e.amount) filter (where p.kind in ${kindList(CREDIT_KINDS.dividend)}), 0) as dividend
          from postings p join entries e on e.posting_id = p.id join ledger_accounts a on a.id = e.account_id and a.member_id = p.member_id
         where p.member_id = r.member_id and p.merchant_id = r.merchant_id and p.kind in ${ALL_CREDIT}
           and p.created_at >= r.t0 and p.created_at < r.t1) c
    on conflict (member_id, day) do update set
      bets = excluded.bets, bet = excluded.bet, valid_bet = excluded.valid_bet, win = excluded.win,
      profit = excluded.profit, deposits = excluded.deposits, withdrawals = excluded.withdrawals,
      first_deposit = excluded.first_deposit, first_bet = excluded.first_bet,
      registered = excluded.registered, bonus = excluded.bonus, salary = excluded.salary, dividend = excluded.dividend,
      updated_at = excluded.updated_at
    returning merchant_id, member_id, day),
    -- a member day that changed can change the gap of the member's next active day (activeSince)
    nx as (
      select ins.merchant_id, (select min(n.day) from agent_daily_stats n where n.member_id = ins.member_id
               and n.day > ins.day and n.day <= ins.day + ${MAX_RANGE_DAYS + 1}::int and ${isActive(sql`n.valid_bet`)}) as day
        from ins join merchants mc on mc.id = ins.merchant_id)
    select merchant_id, day::text as day from ins
    union select merchant_id, day::text from nx where day is not null`);
  const seen = new Map<string, BrandDay>();
  for (const r of rowsOf<{ merchant_id: number; day: string }>(res)) seen.set(`${r.merchant_id}:${r.day}`, { merchantId: Number(r.merchant_id), day: r.day });
  return [...seen.values()];
}

/**
 * Rebuilds agent_team_daily for every agent with team rows on the given brand days: one
 * grouped pass over those days' member rows and their uplines (closure rows, depth > 0).
 * Answers the team rows written.
 */
export async function recomputeTeams(tx: Db | Tx, days: BrandDay[]): Promise<number> {
  if (days.length === 0) return 0;
  const list = sql.join(days.map((d) => sql`(${d.merchantId}::int, ${d.day}::date)`), sql`, `);
  const res = await tx.execute(sql`
    with d(merchant_id, day) as (values ${list}),
    -- materialized: each member day's gap is looked up once, not once per upline and count
    s as materialized (
      select s.*, a.act,
             case when a.act then s.day - coalesce((select max(p.day) from agent_daily_stats p where p.member_id = s.member_id
               and p.day < s.day and p.day >= s.day - ${MAX_RANGE_DAYS + 1}::int and ${isActive(sql`p.valid_bet`)}), s.day - 999) end as gap
        from d
        join merchants mc on mc.id = d.merchant_id
        join agent_daily_stats s on s.merchant_id = d.merchant_id and s.day = d.day
        cross join lateral (select ${isActive(sql`s.valid_bet`)} as act) a)
    insert into agent_team_daily as a (merchant_id, agent_id, day, registrations, first_deposits, first_bets,
      active_members, bettors, bet, valid_bet, win, profit, deposits, withdrawals, bonus, salary, dividend, active_since, updated_at)
    select s.merchant_id, t.ancestor_id, s.day,
           count(*) filter (where s.registered), count(*) filter (where s.first_deposit), count(*) filter (where s.first_bet),
           count(*) filter (where s.act), count(*) filter (where s.bets > 0),
           sum(s.bet), sum(s.valid_bet), sum(s.win), sum(s.profit), sum(s.deposits), sum(s.withdrawals),
           sum(s.bonus), sum(s.salary), sum(s.dividend),
           array[${sql.raw(GAPS.map((j) => `count(*) filter (where s.gap > ${j})`).join(', '))}]::integer[], now()
      from s
      join member_tree t on t.descendant_id = s.member_id and t.depth > 0
     group by s.merchant_id, t.ancestor_id, s.day
    on conflict (agent_id, day) do update set
      registrations = excluded.registrations, first_deposits = excluded.first_deposits, first_bets = excluded.first_bets,
      active_members = excluded.active_members, bettors = excluded.bettors, bet = excluded.bet, valid_bet = excluded.valid_bet,
      win = excluded.win, profit = excluded.profit, deposits = excluded.deposits, withdrawals = excluded.withdrawals,
      bonus = excluded.bonus, salary = excluded.salary, dividend = excluded.dividend, active_since = excluded.active_since,
      updated_at = excluded.updated_at`);
  return (res as unknown as { rowCount?: number; affectedRows?: number }).rowCount
    ?? (res as unknown as { affectedRows?: number }).affectedRows ?? 0;
}

/**
 * One rollup run (the `agent.rollup` job, under its advisory lock): reads each source past its
 * watermark and moves the watermark, recomputes every member day those rows touch once (a
 * member who bet and deposited the same day is one key, not one per source), then rebuilds
 * the team rows of the brand days touched and the agents' current team sizes and balances.
 * Answers the rows written.
 */
export async function rollup(tx: Tx, now = new Date()): Promise<number> {
  const settled = new Date(now.getTime() - LAG_MS);
  const keys: SQL[] = [];
  for (const src of SOURCES) {
    await tx.execute(sql`insert into agent_rollup_marks (source) values (${src.name}) on conflict do nothing`);
    const [mark] = rowsOf<{ last_id: string }>(await tx.execute(sql`select last_id from agent_rollup_marks where source = ${src.name} for update`));
    const batch = sql`(select * from ${sql.identifier(src.name)} where id > ${BigInt(mark!.last_id)} order by id limit ${BATCH})`;
    const [seen] = rowsOf<{ settled_max: string | null; n: number }>(await tx.execute(sql`
      select max(id) filter (where created_at < ${settled.toISOString()}::timestamptz) as settled_max, count(*)::int as n from ${batch} b`));
    if (!seen || seen.n === 0) continue;
    keys.push(src.keys(batch));
    if (seen.settled_max !== null) {
      await tx.execute(sql`update agent_rollup_marks set last_id = ${seen.settled_max}, updated_at = now() where source = ${src.name}`);
    }
  }
  const touched = keys.length === 0 ? [] : await recompute(tx, sql`
    select distinct src.merchant_id, src.member_id, ${localDay(sql`src.ts`, OFF)} as day
      from (${sql.join(keys, sql` union all `)}) src join merchants mc on mc.id = src.merchant_id
     where src.member_id is not null`);
  await markDirty(tx, touched); // the range rollups containing these days (windows.ts)
  return touched.length + await recomputeTeams(tx, touched) + await recomputeLinks(tx, touched) + await refreshTeamNow(tx);
}

/**
 * Rebuilds agent_team_now for every member with a team (one grouped pass over the closure
 * rows of depth > 0 and the members' main wallets) in one statement; rows of members left
 * without a team go. Answers the rows written or removed.
 */
export async function refreshTeamNow(tx: Db | Tx): Promise<number> {
  const res = await tx.execute(sql`
    with up as (
    insert into agent_team_now as n (agent_id, merchant_id, team_members, direct_members, team_balance, updated_at)
    select t.ancestor_id, t.merchant_id, count(*)::int, (count(*) filter (where t.depth = 1))::int, coalesce(sum(a.balance), 0), now()
      from member_tree t
      left join ledger_accounts a on a.merchant_id = t.merchant_id and a.member_id = t.descendant_id and a.wallet = 'main'
     where t.depth > 0
     group by t.ancestor_id, t.merchant_id
    on conflict (agent_id) do update set team_members = excluded.team_members, direct_members = excluded.direct_members,
      team_balance = excluded.team_balance, updated_at = excluded.updated_at
    returning agent_id),
    gone as (delete from agent_team_now n where not exists (select 1 from up where up.agent_id = n.agent_id) returning 1)
    select (select count(*) from up)::int + (select count(*) from gone)::int as n`);
  return rowsOf<{ n: number }>(res)[0]?.n ?? 0;
}
