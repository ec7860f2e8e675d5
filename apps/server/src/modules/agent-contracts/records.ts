import { sql } from 'drizzle-orm';
import type { contracts } from '@lobby/contract';
import { rowsOf, type Db } from '../../db/index.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { requireAgent, type Principal } from '../../plugins/session.ts';
import { teamDays } from '../agent/index.ts';
import { formatAmount } from '../../kernel/ledger/index.ts';
import { dayRange } from '../../kernel/brand-time/index.ts';

/** The records pages (dividend records, daily wages, hourly and real-time salary) and my income. */

interface RecordRow {
  id: string; contract_id: string; kind: contracts.ContractKind; account: string; period_start: Date | string; period_end: Date | string; day: string;
  valid_bet: string; net_loss: string; active_members: number; rate_type: 'P' | 'F' | null; rate: string; amount: string;
  status: 'pending' | 'disbursed' | 'none'; calculated_at: Date | string; settled_at: Date | string | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export async function records(db: Db, brand: Brand, p: Principal, query: { kind: contracts.ContractKind; role: 'mine' | 'downline'; startDate: string; endDate: string; pageNo: number; pageSize: number }) {
  const me = requireAgent(p).member;
  dayRange(brand, query.startDate, query.endDate);
  // mine: paid to me (the other party is my upline); downline: paid by me to my downlines
  const who = query.role === 'mine' ? sql`x.downline_id = ${me.id}` : sql`x.upline_id = ${me.id}`;
  const other = query.role === 'mine' ? sql`x.upline_id` : sql`x.downline_id`;
  const where = sql`x.merchant_id = ${brand.id} and ${who} and x.kind = ${query.kind} and x.day between ${query.startDate}::date and ${query.endDate}::date
    and not (x.status = 'none' and x.valid_bet = 0)`; // not the baselines of contracts accepted mid-day
  const [rows, totals] = await Promise.all([
    db.execute(sql`
      select x.id::text as id, x.contract_id::text as contract_id, x.kind, coalesce(m.username, '') as account, x.period_start, x.period_end, x.day::text as day,
             x.valid_bet::text as valid_bet, x.net_loss::text as net_loss, x.active_members, x.rate_type, x.rate::text as rate,
             x.amount::text as amount, x.status, x.calculated_at, x.settled_at
        from agent_contract_payouts x left join members m on m.id = ${other}
       where ${where} order by x.period_start desc, x.id desc limit ${query.pageSize} offset ${(query.pageNo - 1) * query.pageSize}`),
    db.execute(sql`
      select count(*)::int as n, coalesce(sum(x.valid_bet), 0)::text as valid_bet, coalesce(sum(x.amount), 0)::text as amount,
             coalesce(sum(x.amount) filter (where x.status = 'disbursed'), 0)::text as disbursed,
             coalesce(sum(x.amount) filter (where x.status = 'pending'), 0)::text as pending
        from agent_contract_payouts x where ${where}`),
  ]);
  const t = rowsOf<{ n: number; valid_bet: string; amount: string; disbursed: string; pending: string }>(totals)[0]!;
  return {
    list: rowsOf<RecordRow>(rows).map((r) => ({
      recordId: r.id, contractId: r.contract_id, kind: r.kind, account: r.account,
      periodStart: iso(r.period_start)!, periodEnd: iso(r.period_end)!, day: r.day,
      validBet: formatAmount(r.valid_bet), netLoss: formatAmount(r.net_loss), activeMembers: r.active_members,
      rateType: r.rate_type, rate: formatAmount(r.rate), amount: formatAmount(r.amount), status: r.status,
      calculatedAt: iso(r.calculated_at)!, settledAt: iso(r.settled_at),
    })),
    pageNo: query.pageNo, totalPages: Math.ceil(t.n / query.pageSize), total: t.n,
    totals: { validBet: formatAmount(t.valid_bet), amount: formatAmount(t.amount), disbursed: formatAmount(t.disbursed), pending: formatAmount(t.pending) },
  };
}

const KINDS: contracts.ContractKind[] = ['dividend', 'daily', 'hourly', 'realtime'];

/** My income: payouts received and paid (disbursed) per kind over brand days, and the team's betting from the rollups. */
export async function income(db: Db, brand: Brand, p: Principal, query: { startDate: string; endDate: string }) {
  const me = requireAgent(p).member;
  dayRange(brand, query.startDate, query.endDate);
  const [sums, days] = await Promise.all([
    db.execute(sql`
      select x.kind, x.received,
             coalesce(sum(x.amount) filter (where x.status = 'disbursed'), 0)::text as disbursed,
             coalesce(sum(x.amount) filter (where x.status = 'pending'), 0)::text as pending
        from (select kind, amount, status, downline_id = ${me.id} as received from agent_contract_payouts
               where merchant_id = ${brand.id} and (downline_id = ${me.id} or upline_id = ${me.id})
                 and day between ${query.startDate}::date and ${query.endDate}::date) x
       group by x.kind, x.received`),
    teamDays(db, me.id, query.startDate, query.endDate),
  ]);
  const rows = rowsOf<{ kind: contracts.ContractKind; received: boolean; disbursed: string; pending: string }>(sums);
  const side = (received: boolean) => {
    const by = Object.fromEntries(KINDS.map((k) => [k, rows.filter((r) => r.kind === k && r.received === received).reduce((a, r) => a + BigInt(r.disbursed), 0n)])) as Record<contracts.ContractKind, bigint>;
    return { ...by, total: KINDS.reduce((a, k) => a + by[k], 0n) };
  };
  const received = side(true);
  const paid = side(false);
  const fmt = (o: Record<string, bigint>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, formatAmount(v)])) as Record<contracts.ContractKind | 'total', string>;
  return {
    startDate: query.startDate, endDate: query.endDate,
    received: fmt(received), paid: fmt(paid), net: formatAmount(received.total - paid.total),
    pending: formatAmount(rows.filter((r) => r.received).reduce((a, r) => a + BigInt(r.pending), 0n)),
    team: {
      validBet: formatAmount(days.reduce((a, d) => a + BigInt(d.valid_bet), 0n)),
      profit: formatAmount(days.reduce((a, d) => a + BigInt(d.profit), 0n)),
    },
  };
}
