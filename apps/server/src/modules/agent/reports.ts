import { sql, type SQL } from 'drizzle-orm';
import { wallet, type agent } from '@lobby/contract';
import { rowsOf, type Db } from '../../db/index.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { requireAgent, type Principal } from '../../plugins/session.ts';
import { codeTypeOf, formatAmount, kindFilter, KNOWN_KINDS, memberBalances } from '../../kernel/ledger/index.ts';
import { walletQueries as wq } from '../wallet/index.ts';
import { dayRange } from '../../kernel/brand-time/index.ts';
import { parseCodeTypes } from '../wallet/index.ts';
import { downlineOf, downlineView } from './service.ts';
import { depthOf, memberDays, withSpans } from './spans.ts';
import { teamWindow, type TeamWindow } from './windows.ts';

/**
 * Agent reports beside the overview: the P&L statement (palStatementsAgentCopy, menu "user
 * loss") from the member and team day rollups, and a team member's transaction details
 * (agentDownlineTransactionDetailsCopy, menu "account details") from the ledger. Both only
 * reach the caller's own subtree.
 */

/** Summed money columns of a day rollup (agent_daily_stats or agent_team_daily). */
const SUMS = ['deposits', 'withdrawals', 'bet', 'valid_bet', 'profit', 'bonus', 'salary', 'dividend'] as const;
type Sums = Record<(typeof SUMS)[number], string>;
const sums = (alias: string) => sql.raw(SUMS.map((c) => `coalesce(sum(${alias}.${c}), 0)::text as ${c}`).join(', '));
/** a + b per column (a downline's own day rows plus its team's). */
const add = (a: Sums, b?: Sums): Sums => (b ? Object.fromEntries(SUMS.map((k) => [k, String(BigInt(a[k]) + BigInt(b[k]))])) as Sums : a);

function amounts(s: Sums) {
  const net = BigInt(s.profit) + BigInt(s.bonus) + BigInt(s.salary) + BigInt(s.dividend);
  return {
    deposits: formatAmount(s.deposits), withdrawals: formatAmount(s.withdrawals), betAmount: formatAmount(s.bet), validBet: formatAmount(s.valid_bet),
    profit: formatAmount(s.profit), bonus: formatAmount(s.bonus), salary: formatAmount(s.salary), dividend: formatAmount(s.dividend), net: formatAmount(net),
  };
}

type Member = { id: string; username: string; type: number; depth: number; team: number };

/**
 * Scope direct: a page of direct downlines (newest first), each with its own and its team's sums.
 * After a move touched the team (`moved`), the members at depth 1 on some day of the period
 * (spans.ts memberDays), each with its own and its team's day rows of those days only: a downline
 * moved in counts from the move day on, one moved out up to the day before, as in the team totals.
 */
async function directPage(db: Db, agentId: bigint, from: string, to: string, limit: number, offset: number, moved: boolean) {
  const md = sql`md as (select md.member_id, md.d0, md.d1 from (${memberDays(agentId, from, to)}) md where md.depth = 1)`;
  const ids = moved
    ? sql`select distinct md.member_id as id from md`
    : sql`select t.descendant_id as id from member_tree t where t.ancestor_id = ${agentId} and t.depth = 1`;
  /** The downline's day rows of `rows` (its member column `key`, its `day`) on its days. */
  const daysOf = (rows: SQL, key: SQL, day: SQL) => (moved
    ? sql`from md join ${rows} on ${key} = md.member_id and ${day} between md.d0 and md.d1 where md.member_id = dl.id`
    : sql`from ${rows} where ${key} = dl.id and ${day} between ${from}::date and ${to}::date`);
  const [page, total] = await Promise.all([
    db.execute(sql`
      with ${moved ? sql`${md},` : sql``} dl as (${ids} order by id desc limit ${limit} offset ${offset})
      select dl.id::text as id, m.username, m.type, 1 as depth, 1 + coalesce(n.team_members, 0) as team,
             own.*, team.bet as team_bet, team.valid_bet as team_valid_bet, team.deposits as team_deposits, team.withdrawals as team_withdrawals,
             team.profit as team_profit, team.bonus as team_bonus, team.salary as team_salary, team.dividend as team_dividend
        from dl join members m on m.id = dl.id left join agent_team_now n on n.agent_id = dl.id
        cross join lateral (select ${sums('s')} ${daysOf(sql`agent_daily_stats s`, sql`s.member_id`, sql`s.day`)}) own
        cross join lateral (select ${sums('a')} ${daysOf(sql`agent_team_daily a`, sql`a.agent_id`, sql`a.day`)}) team
       order by dl.id desc`),
    db.execute(sql`${moved ? sql`with ${md}` : sql``} select count(*)::int as n from (${ids}) x`),
  ]);
  const rows = rowsOf<Member & Sums & Record<`team_${(typeof SUMS)[number]}`, string>>(page).map((r) => ({
    ...r, sums: add(r, Object.fromEntries(SUMS.map((k) => [k, r[`team_${k}`]])) as Sums),
  }));
  return { rows, total: rowsOf<{ n: number }>(total)[0]?.n ?? 0 };
}

/**
 * Scope all: team members with day rows in the period, biggest valid bet first, each with its own
 * sums. One pass: the period's day rows of the team summed per member (bigint), the page cut with
 * the total counted on the way (a window over the same rows), names and depths for the page only.
 * After a move touched the team (`moved`), only the day rows of the days each member counted for
 * the agent (spans.ts): a member moved in shows from the move day on, one moved out up to the day before.
 */
async function allPage(db: Db, merchantId: number, agentId: bigint, from: string, to: string, limit: number, offset: number, moved: boolean) {
  const cols = sql.raw(SUMS.map((c) => `sum(s.${c})::bigint as ${c}`).join(', '));
  const out = sql.raw(SUMS.map((c) => `p.${c}::text as ${c}`).join(', '));
  const rowsIn = moved
    ? sql`from (${memberDays(agentId, from, to)}) md join agent_daily_stats s on s.member_id = md.member_id and s.day between md.d0 and md.d1`
    : sql`from agent_daily_stats s
       where s.merchant_id = ${merchantId} and s.day between ${from}::date and ${to}::date
         and s.member_id in (select t.descendant_id from member_tree t where t.ancestor_id = ${agentId} and t.depth > 0)`;
  const res = await db.execute(sql`
    with per as (select s.member_id, ${cols} ${rowsIn} group by s.member_id),
    p as (select per.*, count(*) over () as total from per order by per.valid_bet desc, per.member_id desc limit ${limit} offset ${offset})
    select ${out}, p.member_id::text as id, p.total::int as total, m.username, m.type, ${moved ? depthOf(agentId, sql`p.member_id`) : sql`t.depth`} as depth, 1 as team
      from p join members m on m.id = p.member_id
      ${moved ? sql`left join` : sql`join`} member_tree t on t.ancestor_id = ${agentId} and t.descendant_id = p.member_id
     order by p.valid_bet desc, p.member_id desc`);
  const rows = rowsOf<Member & Sums & { total: number }>(res);
  // a page past the end has no row to carry the total
  const total = rows[0]?.total ?? (offset > 0 ? rowsOf<{ n: number }>(await db.execute(sql`
    select count(distinct s.member_id)::int as n ${rowsIn}`))[0]?.n ?? 0 : 0);
  return { rows: rows.map((r) => ({ ...r, sums: r as Sums })), total };
}

/** Scope all of a big team from its range rollup (windows.ts): the page through the window's index by valid bet, the total its team row's. */
async function allPageWindow(db: Db, merchantId: number, agentId: bigint, w: TeamWindow, limit: number, offset: number) {
  const out = sql.raw(SUMS.map((c) => `x.${c}::text as ${c}`).join(', '));
  const cols = sql.raw(SUMS.map((c) => `w.${c}`).join(', '));
  const res = await db.execute(sql`
    select ${out}, x.member_id::text as id, m.username, m.type, x.depth, 1 as team
      from (select w.member_id, ${cols}, t.depth from agent_member_window w
              cross join lateral (select t.depth from member_tree t where t.ancestor_id = ${agentId} and t.descendant_id = w.member_id and t.depth > 0) t
             where w.merchant_id = ${merchantId} and w.end_day = ${w.endDay}::date and w.days = ${w.days}
             order by w.valid_bet desc, w.member_id desc limit ${limit} offset ${offset}) x
      join members m on m.id = x.member_id
     order by x.valid_bet desc, x.member_id desc`);
  return { rows: rowsOf<Member & Sums>(res).map((r) => ({ ...r, sums: r as Sums })), total: w.members };
}

type PLQuery = { startDate: string; endDate: string; scope: 'direct' | 'all'; pageNo: number; pageSize: number };

export async function profitLoss(db: Db, brand: Brand, p: Principal, query: PLQuery) {
  const me = requireAgent(p).member;
  dayRange(brand, query.startDate, query.endDate);
  const offset = (query.pageNo - 1) * query.pageSize;
  const allOf = async (moved: boolean) => {
    // a big team without moves over a window's range: its range rollup (windows.ts)
    const w = moved ? null : await teamWindow(db, brand.id, me.id, query.startDate, query.endDate);
    return w ? allPageWindow(db, brand.id, me.id, w, query.pageSize, offset) : allPage(db, brand.id, me.id, query.startDate, query.endDate, query.pageSize, offset, moved);
  };
  const [page, footer] = await Promise.all([
    withSpans(db, me.id, async (moved): Promise<{ rows: (Member & { sums: Sums })[]; total: number }> => (query.scope === 'direct'
      ? directPage(db, me.id, query.startDate, query.endDate, query.pageSize, offset, moved)
      : await allOf(moved))),
    db.execute(sql`select ${sums('a')} from agent_team_daily a where a.agent_id = ${me.id} and a.day between ${query.startDate}::date and ${query.endDate}::date`),
  ]);
  return {
    list: page.rows.map((r): agent.ProfitLossRow => ({
      memberId: r.id, account: r.username, isAgent: brand.config.agentTypes.includes(r.type), level: Number(r.depth), members: Number(r.team),
      ...amounts(r.sums),
    })),
    pageNo: query.pageNo, totalPages: Math.ceil(page.total / query.pageSize), total: page.total,
    footer: amounts(rowsOf<Sums>(footer)[0]!),
  };
}

type TxQuery = { startDate: string; endDate: string; account: string; codeTypes?: string; page: number };

/** The team member with this exact account (case-insensitive), else wallet.downline.invalid like any id outside the team. */
async function teamMemberByAccount(db: Db, brand: Brand, p: Principal, account: string) {
  const me = requireAgent(p).member;
  const [row] = rowsOf<{ id: string }>(await db.execute(sql`
    select m.id::text as id from members m join member_tree t on t.descendant_id = m.id and t.ancestor_id = ${me.id} and t.depth > 0
     where m.merchant_id = ${brand.id} and m.username_key = ${account.toLowerCase()}`));
  if (!row) throw new AppError('wallet.downline.invalid');
  return downlineOf(db, brand, p, row.id);
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

export async function downlineTransactions(db: Db, brand: Brand, p: Principal, query: TxQuery) {
  requireAgent(p);
  const range = dayRange(brand, query.startDate, query.endDate);
  const types = parseCodeTypes(query.codeTypes);
  const { id } = await teamMemberByAccount(db, brand, p, query.account);
  const member = await downlineView(db, brand, p, id);
  const ids = (await memberBalances(db, brand.id, id)).filter((a) => a.wallet === 'main').map((a) => a.id);
  const size = wallet.RECORDS_PAGE_SIZE;
  if (ids.length === 0) return { list: [], page: query.page, total: 0, totalPages: 0, member };
  const kinds = types ? { ...kindFilter(types), known: KNOWN_KINDS } : null;
  const r = await wq.statementPage(db, { accountIds: ids, ...range, kinds }, size, (query.page - 1) * size);
  return {
    list: r.rows.map((x): agent.DownlineTransactionRow => ({
      txId: String(x.postingId), account: member.account, txTypeName: codeTypeOf(x.kind),
      orderNo: str(x.meta.orderNo) || str(x.meta.requestId) || x.idemKey, remark: str(x.meta.remark),
      txTime: x.createdAt.toISOString(), amount: formatAmount(x.amount), balance: formatAmount(x.balanceAfter),
    })),
    page: query.page, total: r.total, totalPages: Math.ceil(r.total / size), member,
  };
}

