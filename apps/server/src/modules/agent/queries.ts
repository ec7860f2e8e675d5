import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/index.ts';
import { memberDays } from './spans.ts';
import type { TeamWindow } from './windows.ts';

/**
 * Agent report queries. Every team query starts from the closure table
 * (member_tree_team index: ancestor_id, depth, descendant_id) and reads rollups, never raw bets.
 */

/** How far below `agentId` `memberId` sits (1 = direct), or null when it is not in the team. */
export async function depthBelow(db: Db, merchantId: number, agentId: bigint, memberId: bigint): Promise<number | null> {
  const [row] = rowsOf<{ depth: number }>(await db.execute(sql`
    select depth from member_tree
     where ancestor_id = ${agentId} and descendant_id = ${memberId} and merchant_id = ${merchantId} and depth > 0`));
  return row ? Number(row.depth) : null;
}

export interface TeamNow { team: number; direct: number; balance: bigint; asOf: Date | null }

/** The agent's team size and balance as of the last rollup run (agent_team_now). */
export async function teamNow(db: Db, agentId: bigint): Promise<TeamNow> {
  const [row] = rowsOf<{ team: number; direct: number; balance: string; at: Date | string }>(await db.execute(sql`
    select team_members as team, direct_members as direct, team_balance::text as balance, updated_at as at
      from agent_team_now where agent_id = ${agentId}`));
  return row
    ? { team: row.team, direct: row.direct, balance: BigInt(row.balance), asOf: new Date(row.at) }
    : { team: 0, direct: 0, balance: 0n, asOf: null };
}

/** A live session `s`: not revoked, not expired, seen within the idle timeout. */
const live = (idleCutoff: Date) => sql`s.revoked_at is null and s.expires_at > now() and s.last_seen_at > ${idleCutoff.toISOString()}::timestamptz`;

/** Account starts with `prefix` (case-insensitive; % and _ match themselves). */
const accountStarts = (prefix: string) => sql`m.username_key like ${`${prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;

/**
 * Live sessions of the brand, each checked against the closure key (not a scan of the team): a
 * scalar probe of the primary key (ancestor_id, descendant_id), answered from the index alone
 * (an EXISTS would be planned as a merge join over the whole team); depth > 0 is "not the
 * caller itself".
 */
export async function onlineCount(db: Db, merchantId: number, agentId: bigint, idleCutoff: Date): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`
    select count(distinct s.member_id)::int as n from sessions s
     where s.merchant_id = ${merchantId} and ${live(idleCutoff)} and s.member_id <> ${agentId}
       and (select 1 from member_tree t where t.ancestor_id = ${agentId} and t.descendant_id = s.member_id) = 1`));
  return row?.n ?? 0;
}

export interface DayRow {
  day: string; registrations: number; first_deposits: number; first_bets: number; active: number; bettors: number;
  bet: string; valid_bet: string; win: string; profit: string; deposits: string; withdrawals: string;
}

/** The team's rows per day of [startDate, endDate] (days without rows are absent): one row a day. */
export async function teamDays(db: Db, agentId: bigint, startDate: string, endDate: string): Promise<DayRow[]> {
  return rowsOf<DayRow>(await db.execute(sql`
    select day::text as day, registrations, first_deposits, first_bets, active_members as active, bettors,
           bet::text as bet, valid_bet::text as valid_bet, win::text as win, profit::text as profit,
           deposits::text as deposits, withdrawals::text as withdrawals
      from agent_team_daily
     where agent_id = ${agentId} and day between ${startDate}::date and ${endDate}::date
     order by day`));
}

/**
 * Distinct team members active on at least one day of the range (at most 31 days), from the
 * team's day rows: a member is counted on the first day of the range it is active, i.e. on a
 * day d where its previous active day lies before the range start s (gap > d - s); the team row
 * of d counts those members in active_since[d - s + 1]. At most 31 rows, whatever the team size.
 */
export async function activeMembers(db: Db, agentId: bigint, startDate: string, endDate: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`
    select coalesce(sum(active_since[day - ${startDate}::date + 1]), 0)::int as n
      from agent_team_daily
     where agent_id = ${agentId} and day between ${startDate}::date and ${endDate}::date`));
  return row?.n ?? 0;
}

/** The same count straight from the members' day rows (a scan of the team; for checks). */
export async function activeMembersDirect(db: Db, agentId: bigint, startDate: string, endDate: string, activeMin: bigint): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`
    select count(distinct s.member_id)::int as n
      from member_tree t
      join agent_daily_stats s on s.member_id = t.descendant_id and s.day between ${startDate}::date and ${endDate}::date
     where t.ancestor_id = ${agentId} and t.depth > 0 and s.valid_bet >= ${activeMin} and s.valid_bet > 0`));
  return row?.n ?? 0;
}

export interface DownlineRow {
  id: string; username: string; nickname: string; type: number; depth: number; parent: string | null;
  balance: string; team_size: number; online: boolean; created_at: Date | string; last_login_at: Date | string | null;
}

/** The columns of a downline row for members `m` found through closure rows `t`. */
const downlineColumns = (idleCutoff: Date) => sql`
  m.id::text as id, m.username, m.nickname, m.type, t.depth, p.username as parent,
  coalesce((select a.balance from ledger_accounts a where a.merchant_id = m.merchant_id and a.member_id = m.id and a.wallet = 'main'), 0)::text as balance,
  (select count(*) from member_tree x where x.ancestor_id = m.id and x.depth > 0)::int as team_size,
  exists (select 1 from sessions s where s.member_id = m.id and s.merchant_id = m.merchant_id and ${live(idleCutoff)}) as online,
  m.created_at, m.last_login_at`;

export interface DownlineFilter {
  scope: 'direct' | 'all'; account?: string; agentTypes?: number[]; notAgentTypes?: number[];
  from?: Date; to?: Date; limit: number; offset: number;
}

export async function downlines(db: Db, merchantId: number, agentId: bigint, f: DownlineFilter, idleCutoff: Date) {
  const where: SQL[] = [sql`t.ancestor_id = ${agentId}`, f.scope === 'direct' ? sql`t.depth = 1` : sql`t.depth > 0`, sql`m.merchant_id = ${merchantId}`];
  if (f.account) where.push(accountStarts(f.account));
  if (f.agentTypes) where.push(sql`m.type in (${sql.join(f.agentTypes.map((n) => sql`${n}`), sql`, `)})`);
  if (f.notAgentTypes) where.push(sql`m.type not in (${sql.join(f.notAgentTypes.map((n) => sql`${n}`), sql`, `)})`);
  if (f.from) where.push(sql`m.created_at >= ${f.from.toISOString()}::timestamptz`);
  if (f.to) where.push(sql`m.created_at < ${f.to.toISOString()}::timestamptz`);
  const cond = sql.join(where, sql` and `);
  const memberFilter = where.length > 3;
  // newest first = highest id first: t.descendant_id is m.id, so the closure key (ancestor_id,
  // descendant_id) is read backwards and only the page's members are joined
  const [rows, total] = await Promise.all([
    db.execute(sql`
      select ${downlineColumns(idleCutoff)}
        from member_tree t join members m on m.id = t.descendant_id left join members p on p.id = m.parent_id
       where ${cond} order by t.descendant_id desc limit ${f.limit} offset ${f.offset}`),
    // no filter on the member's columns: the closure rows alone (an index-only count, no join)
    db.execute(memberFilter
      ? sql`select count(*)::int as n from member_tree t join members m on m.id = t.descendant_id where ${cond}`
      : sql`select count(*)::int as n from member_tree t where t.ancestor_id = ${agentId} and ${f.scope === 'direct' ? sql`t.depth = 1` : sql`t.depth > 0`}`),
  ]);
  return { rows: rowsOf<DownlineRow>(rows), total: rowsOf<{ n: number }>(total)[0]?.n ?? 0 };
}

/** One downline row of `memberId` as seen from `agentId` (which must be an ancestor). */
export async function downlineOf(db: Db, agentId: bigint, memberId: bigint, idleCutoff: Date): Promise<DownlineRow | undefined> {
  return rowsOf<DownlineRow>(await db.execute(sql`
    select ${downlineColumns(idleCutoff)}
      from member_tree t join members m on m.id = t.descendant_id left join members p on p.id = m.parent_id
     where t.ancestor_id = ${agentId} and t.descendant_id = ${memberId}`))[0];
}

export interface BettingRow { id: string; username: string; parent: string | null; bets: number; bet: string; valid_bet: string; win: string; profit: string }

/**
 * Per-member betting totals of the team over the range, biggest bettors first; with totals. After a
 * move touched the team (`moved`), only the days each member counted for the agent (spans.ts).
 */
export async function teamBetting(db: Db, merchantId: number, agentId: bigint, startDate: string, endDate: string, account: string | undefined, limit: number, offset: number, moved = false) {
  const acct = account ? sql`and ${accountStarts(account)}` : sql``;
  // the members' names only to filter by account (otherwise only the page's are read)
  const names = account ? sql`join members m on m.id = s.member_id` : sql``;
  const sumCols = sql`s.member_id, sum(s.bets)::int as bets, sum(s.bet) as bet, sum(s.valid_bet) as valid_bet,
           sum(s.win) as win, sum(s.profit) as profit`;
  const per = moved
    ? sql`
    select ${sumCols}
      from (${memberDays(agentId, startDate, endDate)}) md
      join agent_daily_stats s on s.member_id = md.member_id and s.day between md.d0 and md.d1
      ${names}
     where s.bets > 0 ${acct}
     group by s.member_id`
    // the brand's member days of the range (agent_daily_stats_day) joined with the team's closure
    // rows: the planner hashes the smaller side, so a big team costs one pass over the range's rows
    // instead of one index probe per member, and a small team stays a probe per member
    : sql`
    select ${sumCols}
      from agent_daily_stats s
      join member_tree t on t.ancestor_id = ${agentId} and t.descendant_id = s.member_id and t.depth > 0
      ${names}
     where s.merchant_id = ${merchantId} and s.day between ${startDate}::date and ${endDate}::date and s.bets > 0 ${acct}
     group by s.member_id`;
  // one pass over the team's member days: the page and the totals from the same materialized sums
  const res = rowsOf<BettingRow & { t_members: number; t_bets: number; t_bet: string; t_valid_bet: string; t_win: string; t_profit: string }>(await db.execute(sql`
    with per as materialized (${per}),
    tot as (select count(*)::int as t_members, coalesce(sum(bets), 0)::int as t_bets, coalesce(sum(bet), 0)::text as t_bet,
             coalesce(sum(valid_bet), 0)::text as t_valid_bet, coalesce(sum(win), 0)::text as t_win, coalesce(sum(profit), 0)::text as t_profit from per),
    top as (select * from per order by bet desc, member_id limit ${limit} offset ${offset})
    select tot.*, top.member_id::text as id, m.username, p.username as parent, top.bets, top.bet::text as bet,
           top.valid_bet::text as valid_bet, top.win::text as win, top.profit::text as profit
      from tot left join top on true left join members m on m.id = top.member_id left join members p on p.id = m.parent_id
     order by top.bet desc, top.member_id`));
  const t = res[0]!;
  return {
    rows: res.filter((r) => r.id !== null).map(({ id, username, parent, bets, bet, valid_bet, win, profit }) => ({ id, username, parent, bets, bet, valid_bet, win, profit })),
    totals: { members: t.t_members, bets: t.t_bets, bet: t.t_bet, valid_bet: t.t_valid_bet, win: t.t_win, profit: t.t_profit },
  };
}

/**
 * Team betting of a big team from its range rollup (windows.ts): the page walks the window's index
 * by bet, keeping the team's members (a closure key probe each); the totals are the team window's
 * counts and the team day rows' sums.
 */
export async function teamBettingWindow(db: Db, merchantId: number, agentId: bigint, w: TeamWindow, startDate: string, limit: number, offset: number) {
  const [page, sums] = await Promise.all([
    db.execute(sql`
      select x.member_id::text as id, m.username, p.username as parent, x.bets, x.bet::text as bet, x.valid_bet::text as valid_bet,
             x.win::text as win, x.profit::text as profit
        from (select w.member_id, w.bets, w.bet, w.valid_bet, w.win, w.profit from agent_member_window w
               where w.merchant_id = ${merchantId} and w.end_day = ${w.endDay}::date and w.days = ${w.days} and w.bets > 0
                 and (select 1 from member_tree t where t.ancestor_id = ${agentId} and t.descendant_id = w.member_id and t.depth > 0) = 1
               order by w.bet desc, w.member_id limit ${limit} offset ${offset}) x
        join members m on m.id = x.member_id left join members p on p.id = m.parent_id
       order by x.bet desc, x.member_id`),
    db.execute(sql`
      select coalesce(sum(bet), 0)::text as bet, coalesce(sum(valid_bet), 0)::text as valid_bet, coalesce(sum(win), 0)::text as win, coalesce(sum(profit), 0)::text as profit
        from agent_team_daily where agent_id = ${agentId} and day between ${startDate}::date and ${w.endDay}::date`),
  ]);
  const t = rowsOf<{ bet: string; valid_bet: string; win: string; profit: string }>(sums)[0]!;
  return { rows: rowsOf<BettingRow>(page), totals: { members: w.bettors, bets: w.bets, bet: t.bet, valid_bet: t.valid_bet, win: t.win, profit: t.profit } };
}
