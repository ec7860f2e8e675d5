/** The console's deposit and withdrawal history: every state, filters, totals, CSV. */
import { and, count, desc, eq, gte, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { payments as contract } from '@lobby/contract';
import type { Db } from '../../db/index.ts';
import { depositOrders, members, payments, payouts, withdrawals } from '../../db/schema.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { formatAmount, parseAmount } from '../../kernel/ledger/index.ts';
import { recordRange } from '../../kernel/brand-time/index.ts';

const PAGE = 20;
const amountOf = (v: string | undefined) => {
  if (!v) return undefined;
  try {
    return parseAmount(v);
  } catch {
    throw new AppError('payments.amount.invalid');
  }
};

function depositWhere(brand: Brand, f: contract.HistoryQuery): SQL | undefined {
  const { from, to } = recordRange(brand, f.startDate, f.endDate);
  const min = amountOf(f.minAmount);
  const max = amountOf(f.maxAmount);
  return and(
    eq(depositOrders.merchantId, brand.id), gte(depositOrders.createdAt, from), lt(depositOrders.createdAt, to),
    f.status ? or(eq(depositOrders.status, f.status as never), eq(payments.status, f.status as never)) : undefined,
    f.method ? eq(depositOrders.method, f.method) : undefined,
    f.provider ? (f.provider === 'manual' ? isNull(payments.id) : eq(payments.provider, f.provider)) : undefined,
    f.username ? eq(members.usernameKey, f.username.toLowerCase()) : undefined,
    min === undefined ? undefined : gte(depositOrders.amount, min),
    max === undefined ? undefined : lte(depositOrders.amount, max),
  );
}

const depositRows = (db: Db) => db.select({ o: depositOrders, username: members.username, p: payments }).from(depositOrders)
  .innerJoin(members, eq(members.id, depositOrders.memberId))
  .leftJoin(payments, and(eq(payments.merchantId, depositOrders.merchantId), eq(payments.orderNo, depositOrders.orderNo)));

type DepositJoin = Awaited<ReturnType<ReturnType<typeof depositRows>['where']>>[number];
const depositView = (r: DepositJoin) => ({
  orderNo: r.o.orderNo, username: r.username, method: r.o.method, channel: r.o.channel, provider: r.p?.provider ?? 'manual',
  amount: formatAmount(r.o.amount), bonusAmount: formatAmount(r.o.bonusAmount), status: r.o.status,
  paymentStatus: r.p?.status ?? null, flag: r.p?.flag ?? null, shortfall: formatAmount(r.p?.shortfall ?? 0n),
  createdAt: r.o.createdAt.toISOString(), closedAt: r.o.closedAt?.toISOString() ?? null,
});

export async function deposits(db: Db, brand: Brand, f: contract.HistoryQuery) {
  const where = depositWhere(brand, f);
  const [t] = await db.select({
    n: count(), amount: sql<string>`coalesce(sum(${depositOrders.amount}), 0)::text`,
    confirmed: sql<string>`coalesce(sum(${depositOrders.amount}) filter (where ${depositOrders.status} = 'confirmed'), 0)::text`,
  }).from(depositOrders).innerJoin(members, eq(members.id, depositOrders.memberId))
    .leftJoin(payments, and(eq(payments.merchantId, depositOrders.merchantId), eq(payments.orderNo, depositOrders.orderNo))).where(where);
  const rows = await depositRows(db).where(where).orderBy(desc(depositOrders.createdAt), desc(depositOrders.id)).limit(PAGE).offset((f.page - 1) * PAGE);
  return {
    list: rows.map(depositView), page: f.page, pageSize: PAGE, total: t.n,
    totals: { count: t.n, amount: formatAmount(BigInt(t.amount)), confirmedAmount: formatAmount(BigInt(t.confirmed)) },
  };
}

const cell = (v: unknown) => {
  const s = v === null || v === undefined ? '' : String(v);
  return `"${(/^[=+\-@\t\r]/.test(s) ? `'${s}` : s).replace(/"/g, '""')}"`;
};

/** The filtered deposits as CSV (at most 50,000 rows, newest first). */
export async function depositsCsv(db: Db, brand: Brand, f: contract.HistoryQuery): Promise<string> {
  const rows = (await depositRows(db).where(depositWhere(brand, f)).orderBy(desc(depositOrders.createdAt), desc(depositOrders.id)).limit(50_000)).map(depositView);
  const head = ['orderNo', 'username', 'method', 'channel', 'provider', 'amount', 'bonusAmount', 'status', 'paymentStatus', 'flag', 'shortfall', 'createdAt', 'closedAt'] as const;
  return `${[head.map(cell).join(','), ...rows.map((r) => head.map((k) => cell(r[k])).join(','))].join('\r\n')}\r\n`;
}

function withdrawalWhere(brand: Brand, f: contract.HistoryQuery): SQL | undefined {
  const { from, to } = recordRange(brand, f.startDate, f.endDate);
  const min = amountOf(f.minAmount);
  const max = amountOf(f.maxAmount);
  return and(
    eq(withdrawals.merchantId, brand.id), gte(withdrawals.createdAt, from), lt(withdrawals.createdAt, to),
    f.status ? or(eq(withdrawals.status, f.status as never), eq(payouts.status, f.status as never)) : undefined,
    // method: the receiving account's kind (bank, ewallet)
    f.method ? sql`${withdrawals.account}->>'kind' = ${f.method}` : undefined,
    f.provider ? (f.provider === 'manual' ? isNull(payouts.id) : eq(payouts.provider, f.provider)) : undefined,
    f.username ? eq(members.usernameKey, f.username.toLowerCase()) : undefined,
    min === undefined ? undefined : gte(withdrawals.amount, min),
    max === undefined ? undefined : lte(withdrawals.amount, max),
  );
}

const withdrawalRows = (db: Db) => db.select({ w: withdrawals, username: members.username, p: payouts }).from(withdrawals)
  .innerJoin(members, eq(members.id, withdrawals.memberId))
  .leftJoin(payouts, and(eq(payouts.merchantId, withdrawals.merchantId), eq(payouts.withdrawNo, withdrawals.withdrawNo)));

type WithdrawalJoin = Awaited<ReturnType<ReturnType<typeof withdrawalRows>['where']>>[number];
const withdrawalView = (r: WithdrawalJoin) => ({
  withdrawNo: r.w.withdrawNo, username: r.username, method: r.w.account.kind, amount: formatAmount(r.w.amount), fee: formatAmount(r.w.fee),
  status: r.w.status, payoutStatus: r.p?.status ?? null, provider: r.p?.provider ?? 'manual', detail: r.p?.detail || (r.w.status === 'returned' ? r.w.remark : ''),
  createdAt: r.w.createdAt.toISOString(), paidAt: r.w.paidAt?.toISOString() ?? null, closedAt: r.w.closedAt?.toISOString() ?? null,
});

/** Money that left: paid (by hand or by a provider) and not returned. */
const PAID_OUT = ['paid', 'received', 'disputed', 'auto_received'] as const;

export async function withdrawalsOf(db: Db, brand: Brand, f: contract.HistoryQuery) {
  const where = withdrawalWhere(brand, f);
  const inList = (states: readonly string[]) => sql.join(states.map((x) => sql`${x}`), sql`, `);
  const [t] = await db.select({
    n: count(), amount: sql<string>`coalesce(sum(${withdrawals.amount}), 0)::text`,
    fee: sql<string>`coalesce(sum(${withdrawals.fee}) filter (where ${withdrawals.status} in (${inList(PAID_OUT)})), 0)::text`,
    paid: sql<string>`coalesce(sum(${withdrawals.amount} - ${withdrawals.fee}) filter (where ${withdrawals.status} in (${inList(PAID_OUT)})), 0)::text`,
    returned: sql<string>`coalesce(sum(${withdrawals.amount}) filter (where ${withdrawals.status} = 'returned'), 0)::text`,
  }).from(withdrawals).innerJoin(members, eq(members.id, withdrawals.memberId))
    .leftJoin(payouts, and(eq(payouts.merchantId, withdrawals.merchantId), eq(payouts.withdrawNo, withdrawals.withdrawNo))).where(where);
  const rows = await withdrawalRows(db).where(where).orderBy(desc(withdrawals.createdAt), desc(withdrawals.id)).limit(PAGE).offset((f.page - 1) * PAGE);
  return {
    list: rows.map(withdrawalView), page: f.page, pageSize: PAGE, total: t.n,
    totals: { count: t.n, amount: formatAmount(BigInt(t.amount)), paidOutAmount: formatAmount(BigInt(t.paid)), feeAmount: formatAmount(BigInt(t.fee)), returnedAmount: formatAmount(BigInt(t.returned)) },
  };
}

/** The filtered withdrawals as CSV (at most 50,000 rows, newest first). */
export async function withdrawalsCsv(db: Db, brand: Brand, f: contract.HistoryQuery): Promise<string> {
  const rows = (await withdrawalRows(db).where(withdrawalWhere(brand, f)).orderBy(desc(withdrawals.createdAt), desc(withdrawals.id)).limit(50_000)).map(withdrawalView);
  const head = ['withdrawNo', 'username', 'method', 'provider', 'amount', 'fee', 'status', 'payoutStatus', 'detail', 'createdAt', 'paidAt', 'closedAt'] as const;
  return `${[head.map(cell).join(','), ...rows.map((r) => head.map((k) => cell(r[k])).join(','))].join('\r\n')}\r\n`;
}
