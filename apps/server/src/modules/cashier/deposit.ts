import type { FastifyInstance } from 'fastify';
import type { cashier } from '@lobby/contract';
import type { Db, Tx } from '../../db/index.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { requireRealAccount, type Principal } from '../../plugins/session.ts';
import { brandAccount, formatAmount, memberAccount, parseAmount, post } from '../../kernel/ledger/index.ts';
import { balanceChanged } from '../../kernel/live/index.ts';
import { recordRange } from '../../kernel/brand-time/index.ts';
import { newRef, pageOf } from './common.ts';
import * as q from './queries.ts';
import { depositView } from './views.ts';
import { checkDeposit } from '../responsible/index.ts';
import { runMoneyGates } from './gates.ts';

/** Open (pending, unexpired) orders a member may have at once. */
export const MAX_OPEN_DEPOSITS = 5;

export function depositMethods(brand: Brand, p: Principal) {
  requireRealAccount(p);
  const { deposit } = brand.config.wallet;
  return {
    methods: deposit.methods.map((m) => ({
      code: m.code, name: m.name, kind: m.kind,
      channels: m.channels.map((c) => ({ code: c.code, name: c.name, min: formatAmount(c.min), max: formatAmount(c.max), fixedAmounts: c.fixedAmounts.map(formatAmount) })),
    })),
    bonuses: deposit.bonuses.map((b) => ({
      code: b.code, name: b.name, bps: b.bps, maxBonus: formatAmount(b.maxBonus), minDeposit: formatAmount(b.minDeposit), turnoverMultiple: b.turnoverMultiple,
    })),
    expiryMinutes: deposit.expiryMinutes,
    currency: brand.config.currency.code, currencySymbol: brand.config.currency.symbol,
  };
}

type CreateBody = { method: string; channel: string; amount: unknown; bonusCode?: string; requestId: string };

/** Creates a pending order (same requestId = same order). Amounts and bonus are the server's. */
export async function createOrder(db: Db, brand: Brand, p: Principal, body: CreateBody, now = new Date()): Promise<cashier.DepositOrder> {
  requireRealAccount(p);
  const replay = await q.depositByRequest(db, brand.id, p.member.id, body.requestId);
  if (replay) return depositView(replay);
  const amount = parseAmount(body.amount);
  const { deposit } = brand.config.wallet;
  const method = deposit.methods.find((m) => m.code === body.method);
  const channel = method?.channels.find((c) => c.code === body.channel);
  if (!method || !channel) throw new AppError('cashier.method.invalid');
  if (amount < BigInt(channel.min) || amount > BigInt(channel.max)) {
    throw new AppError('cashier.amount.out.of.range', { min: formatAmount(channel.min), max: formatAmount(channel.max) });
  }
  // fixedAmounts are quick picks: any amount between the channel's min and max is accepted (issue 22)
  let bonusAmount = 0n;
  let turnoverMultiple = 0;
  if (body.bonusCode) {
    const bonus = deposit.bonuses.find((b) => b.code === body.bonusCode);
    if (!bonus || amount < BigInt(bonus.minDeposit)) throw new AppError('cashier.bonus.invalid');
    bonusAmount = (amount * BigInt(bonus.bps)) / 10_000n;
    if (bonusAmount > BigInt(bonus.maxBonus)) bonusAmount = BigInt(bonus.maxBonus);
    turnoverMultiple = bonus.turnoverMultiple;
  }
  return db.transaction(async (tx) => {
    await q.lockMember(tx, p.member.id);
    const again = await q.depositByRequest(tx, brand.id, p.member.id, body.requestId);
    if (again) return depositView(again);
    await checkDeposit(tx, brand, p.member.id, amount, now); // responsible gaming: break, deposit limits (member locked)
    await runMoneyGates(tx, brand, p.member.id, { kind: 'deposit', amount }, now); // kyc: age gate, address above a deposit total
    if (await q.countOpenDeposits(tx, brand.id, p.member.id, now) >= MAX_OPEN_DEPOSITS) throw new AppError('cashier.deposit.pending.limit');
    const row = await q.insertDeposit(tx, {
      merchantId: brand.id, memberId: p.member.id, requestId: body.requestId,
      method: method.code, channel: channel.code, amount, bonusCode: body.bonusCode ?? null, bonusAmount, turnoverMultiple,
      payee: channel.payee, createdAt: now, expiresAt: new Date(now.getTime() + deposit.expiryMinutes * 60_000),
    }, () => newRef('D', now));
    return depositView(row);
  });
}

export async function listOrders(db: Db, brand: Brand, p: Principal, query: { startDate?: string; endDate?: string; status?: q.DepositStatus; page: number }) {
  requireRealAccount(p);
  const { from, to } = recordRange(brand, query.startDate, query.endDate);
  const { rows, total } = await q.listDeposits(db, { merchantId: brand.id, memberId: p.member.id, status: query.status, from, to, page: query.page });
  return pageOf(rows.map((r) => depositView(r.o)), total, query.page);
}

/** A state change that did not happen: the same end state again is a replay, anything else a conflict. */
function settled(row: q.DepositRow | undefined, wanted: q.DepositStatus, now: Date): q.DepositRow {
  if (!row) throw new AppError('cashier.order.not.found');
  if (row.status === wanted) return row;
  const status = row.status === 'pending' && row.expiresAt <= now ? 'expired' : row.status;
  throw new AppError('cashier.order.state', { status }, { status });
}

export async function cancelOrder(db: Db, brand: Brand, p: Principal, orderNo: string, now = new Date()) {
  requireRealAccount(p);
  const row = await q.closeDeposit(db, brand.id, orderNo, 'cancelled', { now, memberId: p.member.id, evenIfExpired: false })
    ?? settled(await q.depositByNo(db, brand.id, orderNo, p.member.id), 'cancelled', now);
  return depositView(row);
}

// ---- operator ------------------------------------------------------------------------------------

const operatorView = (o: q.DepositRow, username: string) => ({ ...depositView(o), memberId: String(o.memberId), username });

export async function operatorList(db: Db, brand: Brand, query: { startDate?: string; endDate?: string; status?: q.DepositStatus; username?: string; page: number }) {
  const { from, to } = recordRange(brand, query.startDate, query.endDate);
  const { rows, total } = await q.listDeposits(db, { merchantId: brand.id, status: query.status, username: query.username, from, to, page: query.page });
  return pageOf(rows.map((r) => operatorView(r.o, r.username)), total, query.page);
}

/**
 * The money arrived: pending → confirmed and, in the same transaction, the posting
 * `deposit:<orderNo>` (clearing → member main) plus, with a bonus, `deposit:<orderNo>:bonus`
 * (bonus_pool → member main) and its turnover requirement. A second confirm answers the
 * confirmed order and moves nothing; an expired, cancelled or rejected order cannot be confirmed.
 */
export async function confirmOrder(app: FastifyInstance, brand: Brand, orderNo: string, remark?: string, now = new Date()) {
  const row = await app.db.transaction((tx) => confirmInTx(tx, brand, orderNo, { remark, now }));
  if (row) balanceChanged(app, brand, row.memberId);
  const final = row ?? settled(await q.depositByNo(app.db, brand.id, orderNo), 'confirmed', now);
  return operatorView(final, await q.usernameOf(app.db, final.memberId));
}

/**
 * The confirmation inside the caller's transaction (payments: a provider's paid webhook, applied
 * with its event row). `late`: the provider says the money arrived, so an order the expiry job or
 * the member closed meanwhile (expired, cancelled) is confirmed too. Answers the confirmed row, or
 * undefined when it was not pending (nothing moved).
 */
export async function confirmInTx(tx: Tx, brand: Brand, orderNo: string, o: { remark?: string; now: Date; late?: boolean }): Promise<q.DepositRow | undefined> {
  const d = await q.closeDeposit(tx, brand.id, orderNo, 'confirmed', { now: o.now, remark: o.remark, evenIfExpired: o.late, from: o.late ? ['pending', 'expired', 'cancelled'] : undefined });
  if (!d) return undefined;
  const main = await memberAccount(tx, brand.id, d.memberId);
  const clearing = await brandAccount(tx, brand.id, 'clearing', d.orderNo);
  await post(tx, { merchantId: brand.id, kind: 'deposit', idemKey: `deposit:${d.orderNo}`, memberId: d.memberId,
    lines: [{ account: clearing, amount: -d.amount }, { account: main, amount: d.amount }], meta: { orderNo: d.orderNo, method: d.method, channel: d.channel } });
  if (d.bonusAmount > 0n) {
    const pool = await brandAccount(tx, brand.id, 'bonus_pool', d.orderNo);
    await post(tx, { merchantId: brand.id, kind: 'bonus', idemKey: `deposit:${d.orderNo}:bonus`, memberId: d.memberId,
      lines: [{ account: pool, amount: -d.bonusAmount }, { account: main, amount: d.bonusAmount }], meta: { orderNo: d.orderNo, bonusCode: d.bonusCode } });
  }
  if (d.bonusCode && d.turnoverMultiple > 0) {
    await q.insertTurnover(tx, { merchantId: brand.id, memberId: d.memberId, source: `bonus:${d.bonusCode}`, sourceRef: `deposit:${d.orderNo}`,
      required: (d.amount + d.bonusAmount) * BigInt(d.turnoverMultiple), createdAt: o.now });
  }
  return d;
}

/** A provider said the payment failed or expired: the pending order closes (rejected / expired) in the caller's transaction. */
export async function closeInTx(tx: Tx, brand: Brand, orderNo: string, to: 'rejected' | 'expired', remark: string, now: Date) {
  return q.closeDeposit(tx, brand.id, orderNo, to, { now, remark, evenIfExpired: true });
}

export async function rejectOrder(db: Db, brand: Brand, orderNo: string, remark?: string, now = new Date()) {
  const row = await q.closeDeposit(db, brand.id, orderNo, 'rejected', { now, remark, evenIfExpired: true })
    ?? settled(await q.depositByNo(db, brand.id, orderNo), 'rejected', now);
  return operatorView(row, await q.usernameOf(db, row.memberId));
}

/** Job: closes pending orders past their expiry. Answers how many. */
export async function expireOrders(db: Db | Tx, now = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await q.expireDeposits(db, now);
    total += rows.length;
    if (rows.length < 500) return total;
  }
}
