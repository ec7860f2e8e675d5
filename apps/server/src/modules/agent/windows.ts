/**
 * Range rollups (issue 25 item 7): per member, the sums of its day rows (agent_daily_stats) over
 * the 7 and 31 brand days ending on the brand's today and yesterday (agent_member_window), and per
 * agent its team's counts over the same windows (agent_team_window: members with rows, bettors,
 * bets). Team betting and P&L "all members" of a big team over such a range read one page through
 * the window's index and one team row, whatever the team size.
 *
 * The `agent.windows` job rebuilds a brand's windows of an end day when they are missing or the
 * rollup changed one of their days since (rollup.ts marks them dirty). A window is read while it
 * is clean or was built in the last FRESH_MS (so the day under way is at most that late, like the
 * other rollups); otherwise, and for teams a move touched (spans.ts), the reports sum the member
 * days as before.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/index.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { brandDate, DAY_MS } from '../../kernel/brand-time/index.ts';

const WINDOW_DAYS = [7, 31] as const;
/** A dirty window is still read this long after it was built. */
const FRESH_MS = 120_000;
/** Below `minMembers` team members with rows, the reports sum member days directly (as fast, and exact at once); tests lower it. */
export const windowSettings = { minMembers: 2_000 };
const SUMS = ['bet', 'valid_bet', 'win', 'profit', 'deposits', 'withdrawals', 'bonus', 'salary', 'dividend'] as const;

/** Marks the windows that contain the brand days the rollup rewrote (called by the rollup run). */
export async function markDirty(tx: Db | Tx, days: { merchantId: number; day: string }[]): Promise<void> {
  if (days.length === 0) return;
  const list = sql.join(days.map((d) => sql`(${d.merchantId}::int, ${d.day}::date)`), sql`, `);
  await tx.execute(sql`
    update agent_window_marks m set dirty = true from (values ${list}) d(merchant_id, day)
     where m.merchant_id = d.merchant_id and m.end_day >= d.day and m.end_day < d.day + ${Math.max(...WINDOW_DAYS)}::int and not m.dirty`);
}

/** Rebuilds one brand's windows ending on `endDay`. */
export async function buildWindows(tx: Db | Tx, merchantId: number, endDay: string): Promise<number> {
  const cols = sql.raw(SUMS.join(', '));
  const sums = sql.raw(SUMS.map((c) => `sum(s.${c})`).join(', '));
  await tx.execute(sql`delete from agent_member_window where merchant_id = ${merchantId} and end_day = ${endDay}::date`);
  const res = await tx.execute(sql`
    insert into agent_member_window (merchant_id, member_id, end_day, days, bets, ${cols})
    select ${merchantId}, s.member_id, ${endDay}::date, w.days, sum(s.bets), ${sums}
      from (values ${sql.join(WINDOW_DAYS.map((d) => sql`(${d}::smallint)`), sql`, `)}) w(days)
      join agent_daily_stats s on s.merchant_id = ${merchantId} and s.day <= ${endDay}::date and s.day > ${endDay}::date - w.days
     group by s.member_id, w.days`);
  await tx.execute(sql`delete from agent_team_window where merchant_id = ${merchantId} and end_day = ${endDay}::date`);
  await tx.execute(sql`
    insert into agent_team_window (agent_id, merchant_id, end_day, days, members, bettors, bets)
    select t.ancestor_id, ${merchantId}, ${endDay}::date, w.days, count(*), count(*) filter (where w.bets > 0), sum(w.bets)
      from agent_member_window w join member_tree t on t.descendant_id = w.member_id and t.depth > 0
     where w.merchant_id = ${merchantId} and w.end_day = ${endDay}::date
     group by t.ancestor_id, w.days`);
  await tx.execute(sql`
    insert into agent_window_marks (merchant_id, end_day, built_at, dirty) values (${merchantId}, ${endDay}::date, now(), false)
    on conflict (merchant_id, end_day) do update set built_at = now(), dirty = false`);
  return (res as unknown as { rowCount?: number }).rowCount ?? 0;
}

/** The `agent.windows` job: per brand, the windows ending today and yesterday that are missing or dirty; older ones dropped. */
export async function refreshWindows(tx: Db | Tx, brands: Brand[], now = new Date()): Promise<number> {
  let n = 0;
  for (const brand of brands) {
    const today = brandDate(brand, now);
    const yesterday = brandDate(brand, new Date(now.getTime() - DAY_MS));
    const marks = rowsOf<{ end_day: string; dirty: boolean }>(await tx.execute(sql`
      select end_day::text as end_day, dirty from agent_window_marks where merchant_id = ${brand.id} and end_day in (${today}::date, ${yesterday}::date)`));
    for (const day of [yesterday, today]) {
      const m = marks.find((x) => x.end_day === day);
      if (!m || m.dirty) n += await buildWindows(tx, brand.id, day);
    }
    await tx.execute(sql`delete from agent_member_window where merchant_id = ${brand.id} and end_day < ${yesterday}::date`);
    await tx.execute(sql`delete from agent_team_window where merchant_id = ${brand.id} and end_day < ${yesterday}::date`);
    await tx.execute(sql`delete from agent_window_marks where merchant_id = ${brand.id} and end_day < ${yesterday}::date`);
  }
  return n;
}

export interface TeamWindow { endDay: string; days: number; members: number; bettors: number; bets: number }

/**
 * The agent's team window for [startDate, endDate] when the reports may read it: a window length,
 * built and fresh, and a team big enough to be worth it; null otherwise.
 */
export async function teamWindow(db: Db, merchantId: number, agentId: bigint, startDate: string, endDate: string): Promise<TeamWindow | null> {
  const days = Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / DAY_MS) + 1;
  if (!(WINDOW_DAYS as readonly number[]).includes(days)) return null;
  const [row] = rowsOf<{ members: number | null; bettors: number | null; bets: number | null }>(await db.execute(sql`
    select w.members, w.bettors, w.bets from agent_window_marks k
      left join agent_team_window w on w.agent_id = ${agentId} and w.end_day = k.end_day and w.days = ${days}
     where k.merchant_id = ${merchantId} and k.end_day = ${endDate}::date
       and (not k.dirty or k.built_at > now() - make_interval(secs => ${FRESH_MS / 1000}))`));
  if (!row || (row.members ?? 0) < windowSettings.minMembers) return null;
  return { endDay: endDate, days, members: row.members ?? 0, bettors: row.bettors ?? 0, bets: row.bets ?? 0 };
}
