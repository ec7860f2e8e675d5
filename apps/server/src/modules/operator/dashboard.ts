/** The console dashboard: today (brand-local day) and the last 7 days. */
import { sql } from 'drizzle-orm';
import type { operator, ValueOf } from '@lobby/contract';
import type { Db } from '../../db/index.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { brandDayStart } from '../../kernel/brand-time/index.ts';
import { formatAmount } from '../../kernel/ledger/index.ts';

type Row = Record<string, unknown>;
const rows = async (db: Db, q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: Row[] }).rows;
const n = (v: unknown) => Number(v ?? 0);
const big = (v: unknown) => BigInt(String(v ?? 0));

export async function dashboard(db: Db, brand: Brand, now = new Date()): Promise<ValueOf<typeof operator.dashboard>> {
  const today = brandDayStart(brand, now);
  const from7 = new Date(today.getTime() - 6 * 86_400_000);
  const m = brand.id;
  const off = `${brand.config.gmtOffsetMinutes} minutes`;
  const dayOf = (col: string) => sql.raw(`to_char((${col} at time zone 'UTC') + interval '${off}', 'YYYY-MM-DD')`);

  const [reg] = await rows(db, sql`select count(*)::int n from members where merchant_id = ${m} and created_at >= ${today}`);
  const [dep] = await rows(db, sql`select count(*)::int n, coalesce(sum(amount), 0)::text s from deposit_orders where merchant_id = ${m} and status = 'confirmed' and closed_at >= ${today}`);
  const [wd] = await rows(db, sql`select count(*)::int n, coalesce(sum(amount), 0)::text s from withdrawals where merchant_id = ${m} and paid_at >= ${today}`);
  const cats = await rows(db, sql`
    select category, sum(cnt)::int cnt, sum(bet)::text bet, sum(win)::text win from (
      select game_type category, count(*) cnt, coalesce(sum(bet), 0) bet, coalesce(sum(win), 0) win
        from bet_records where merchant_id = ${m} and bet_at >= ${today} and status <> 'refunded' group by game_type
      union all
      select 'lottery', count(*), coalesce(sum(amount), 0), coalesce(sum(win), 0)
        from lottery_bets where merchant_id = ${m} and bet_at >= ${today} and status not in ('void', 'failed')
    ) t group by category having sum(cnt) > 0 order by category`);
  const idleMs = brand.config.security.idleTimeoutMinutes * 60_000;
  const [online] = await rows(db, sql`select count(distinct member_id)::int n from sessions where merchant_id = ${m} and revoked_at is null
    and expires_at > ${now} and last_seen_at > ${new Date(now.getTime() - idleMs)}`);
  const [pend] = await rows(db, sql`select (select count(*) from deposit_orders where merchant_id = ${m} and status = 'pending')::int d,
    (select count(*) from withdrawals where merchant_id = ${m} and status = 'pending')::int w`);

  const days = new Map<string, { deposits: bigint; withdrawals: bigint; registrations: number }>();
  for (let i = 0; i < 7; i++) {
    const d = new Date(from7.getTime() + i * 86_400_000 + brand.config.gmtOffsetMinutes * 60_000).toISOString().slice(0, 10);
    days.set(d, { deposits: 0n, withdrawals: 0n, registrations: 0 });
  }
  for (const r of await rows(db, sql`select ${dayOf('closed_at')} d, sum(amount)::text s from deposit_orders where merchant_id = ${m} and status = 'confirmed' and closed_at >= ${from7} group by 1`)) {
    const e = days.get(String(r.d)); if (e) e.deposits = big(r.s);
  }
  for (const r of await rows(db, sql`select ${dayOf('paid_at')} d, sum(amount)::text s from withdrawals where merchant_id = ${m} and paid_at >= ${from7} group by 1`)) {
    const e = days.get(String(r.d)); if (e) e.withdrawals = big(r.s);
  }
  for (const r of await rows(db, sql`select ${dayOf('created_at')} d, count(*)::int n from members where merchant_id = ${m} and created_at >= ${from7} group by 1`)) {
    const e = days.get(String(r.d)); if (e) e.registrations = n(r.n);
  }

  let betCount = 0;
  let betSum = 0n;
  const ggr = cats.map((c) => {
    betCount += n(c.cnt);
    betSum += big(c.bet);
    return { category: String(c.category), bets: formatAmount(big(c.bet)), wins: formatAmount(big(c.win)), ggr: formatAmount(big(c.bet) - big(c.win)) };
  });
  return {
    day: [...days.keys()][6],
    registrations: n(reg.n),
    deposits: { count: n(dep.n), amount: formatAmount(big(dep.s)) },
    withdrawals: { count: n(wd.n), amount: formatAmount(big(wd.s)) },
    bets: { count: betCount, amount: formatAmount(betSum) },
    ggr,
    online: n(online.n),
    pendingDeposits: n(pend.d),
    pendingWithdrawals: n(pend.w),
    series: [...days].map(([day, v]) => ({ day, deposits: formatAmount(v.deposits), withdrawals: formatAmount(v.withdrawals), registrations: v.registrations })),
  };
}
