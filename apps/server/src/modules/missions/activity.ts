/**
 * The member activity missions, the leaderboard and VIP read: settled bets (bet_records, written
 * by the seamless wallet and the lottery) and confirmed deposits (deposit_orders). Every query
 * walks an index range, never the whole table:
 * - one member's bets: `bet_records_member` (merchant, member, bet_at) — a bet counts in the
 *   period it was placed in, once settled (its valid bet is known then);
 * - one member's deposits: `deposit_orders_member` (merchant, member, created_at) — a deposit
 *   counts in the period it was confirmed in; orders expire long before a day, so the range
 *   starts a day before the period;
 * - the leaderboard: `bet_records_settled` (merchant, settled_at) from the period start (a bet
 *   placed in the period settles in it or later).
 * Totals since ever (milestones, VIP) come from a per-member rollup plus the last days live
 * (see {@link lifetime}), remembered per member for a few seconds.
 */
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/index.ts';
import { memberActivityTotals } from '../../db/missions-schema.ts';
import { DAY_MS } from '../../kernel/brand-time/index.ts';

type Q = Db | Tx;

/** What a member did in a window: valid bet, settled bets, different games, confirmed deposits and their sum. */
export interface Activity {
  validBet: bigint;
  betCount: bigint;
  games: bigint;
  deposits: bigint;
  depositAmount: bigint;
}
export const NO_ACTIVITY: Activity = { validBet: 0n, betCount: 0n, games: 0n, deposits: 0n, depositAmount: 0n };


/** A window [from, to); from = null means since ever. */
export interface Window { from: Date | null; to: Date }

/** The member's activity in each window, in two queries (bets, deposits) whatever the number of windows. */
export async function activityIn(q: Q, merchantId: number, memberId: bigint, windows: Window[]): Promise<Activity[]> {
  if (!windows.length) return [];
  const lo = windows.some((w) => !w.from) ? null : new Date(Math.min(...windows.map((w) => w.from!.getTime())));
  const hi = new Date(Math.max(...windows.map((w) => w.to.getTime())));
  const inW = (col: string, w: Window) => (w.from
    ? sql`${sql.raw(col)} >= ${w.from.toISOString()}::timestamptz and ${sql.raw(col)} < ${w.to.toISOString()}::timestamptz`
    : sql`${sql.raw(col)} < ${w.to.toISOString()}::timestamptz`);
  const betCols = sql.join(windows.map((w, i) => sql`coalesce(sum(valid_bet) filter (where ${inW('bet_at', w)}), 0)::text as ${sql.raw(`v${i}`)},
    count(*) filter (where ${inW('bet_at', w)})::text as ${sql.raw(`n${i}`)},
    count(distinct game) filter (where ${inW('bet_at', w)})::text as ${sql.raw(`g${i}`)}`), sql`, `);
  const depCols = sql.join(windows.map((w, i) => sql`count(*) filter (where ${inW('closed_at', w)})::text as ${sql.raw(`d${i}`)},
    coalesce(sum(amount) filter (where ${inW('closed_at', w)}), 0)::text as ${sql.raw(`a${i}`)}`), sql`, `);
  const [bets] = rowsOf<Record<string, string>>(await q.execute(sql`select ${betCols} from bet_records
    where merchant_id = ${merchantId} and member_id = ${String(memberId)}::bigint and status = 'settled'
      ${lo ? sql`and bet_at >= ${lo.toISOString()}::timestamptz` : sql``} and bet_at < ${hi.toISOString()}::timestamptz`));
  const [deps] = rowsOf<Record<string, string>>(await q.execute(sql`select ${depCols} from deposit_orders
    where merchant_id = ${merchantId} and member_id = ${String(memberId)}::bigint and status = 'confirmed'
      ${lo ? sql`and created_at >= ${new Date(lo.getTime() - DAY_MS).toISOString()}::timestamptz` : sql``} and created_at < ${hi.toISOString()}::timestamptz`));
  return windows.map((_, i) => ({
    validBet: BigInt(bets[`v${i}`]), betCount: BigInt(bets[`n${i}`]), games: BigInt(bets[`g${i}`]),
    deposits: BigInt(deps[`d${i}`]), depositAmount: BigInt(deps[`a${i}`]),
  }));
}

const TOTALS_TTL_MS = 5_000;
const TOTALS_MAX = 50_000;
/** Bets settle and deposits are confirmed within this long: older activity is final and rolled up. */
export const SETTLE_WINDOW_MS = 2 * DAY_MS;
const HOUR = 3_600_000;
const totals = new Map<string, { at: number; a: Activity }>();

const add = (a: Activity, b: Activity): Activity => ({
  validBet: a.validBet + b.validBet, betCount: a.betCount + b.betCount, games: 0n, deposits: a.deposits + b.deposits, depositAmount: a.depositAmount + b.depositAmount,
});

/**
 * The member's activity since ever (valid bet, bets, deposits; not `games`, which needs the whole
 * history): the rollup row up to its `throughAt` plus the live activity after it. When the row
 * trails now by more than SETTLE_WINDOW_MS (+1 h) it is moved forward first (a guarded update:
 * a concurrent reader moving it too changes nothing). Remembered for TOTALS_TTL_MS unless `fresh`.
 */
export async function lifetime(q: Q, merchantId: number, memberId: bigint, now = new Date(), fresh = false): Promise<Activity> {
  const key = `${merchantId}:${memberId}`;
  const hit = totals.get(key);
  if (!fresh && hit && now.getTime() - hit.at < TOTALS_TTL_MS && now.getTime() >= hit.at) return hit.a;
  const [row] = await q.select().from(memberActivityTotals)
    .where(and(eq(memberActivityTotals.merchantId, merchantId), eq(memberActivityTotals.memberId, memberId)));
  let base: Activity = row ? { ...row, games: 0n } : NO_ACTIVITY;
  let through = row?.throughAt ?? null;
  const cut = new Date(Math.floor((now.getTime() - SETTLE_WINDOW_MS) / HOUR) * HOUR);
  if (!through || through.getTime() + HOUR < cut.getTime()) {
    const [more] = await activityIn(q, merchantId, memberId, [{ from: through, to: cut }]);
    base = add(base, more);
    const v = { throughAt: cut, validBet: base.validBet, betCount: base.betCount, deposits: base.deposits, depositAmount: base.depositAmount };
    if (!row) await q.insert(memberActivityTotals).values({ merchantId, memberId, ...v }).onConflictDoNothing();
    else await q.update(memberActivityTotals).set(v).where(and(eq(memberActivityTotals.merchantId, merchantId), eq(memberActivityTotals.memberId, memberId), eq(memberActivityTotals.throughAt, row.throughAt)));
    through = cut;
  }
  const [live] = await activityIn(q, merchantId, memberId, [{ from: through, to: new Date(now.getTime() + 1) }]);
  const a = add(base, live);
  if (totals.size >= TOTALS_MAX) totals.clear();
  totals.set(key, { at: now.getTime(), a });
  return a;
}

/** Valid bet per member of the bets placed in [from, to) and settled, highest first (ties: lower member id). */
export async function validBetRanking(q: Q, merchantId: number, from: Date, to: Date) {
  return rowsOf<{ member_id: string; username: string; total: string }>(await q.execute(sql`select b.member_id::text as member_id, m.username, b.total::text as total
    from (select member_id, sum(valid_bet) as total from bet_records
      where merchant_id = ${merchantId} and status = 'settled' and settled_at >= ${from.toISOString()}::timestamptz
        and bet_at >= ${from.toISOString()}::timestamptz and bet_at < ${to.toISOString()}::timestamptz
      group by member_id having sum(valid_bet) > 0) b
    join members m on m.id = b.member_id
    order by b.total desc, b.member_id asc`)).map((r) => ({ memberId: BigInt(r.member_id), username: r.username, total: BigInt(r.total) }));
}
