import type { FastifyInstance } from 'fastify';
import type { cashier } from '@lobby/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/index.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { requireRealAccount, type Principal } from '../../plugins/session.ts';
import { assertMoneyOut } from '../member-security/index.ts';
import { runMoneyGates } from './gates.ts';
import { brandAccount, formatAmount, memberAccount, memberBalances, parseAmount, post } from '../../kernel/ledger/index.ts';
import { balanceChanged } from '../../kernel/live/index.ts';
import { brandDayStart, recordRange } from '../../kernel/brand-time/index.ts';
import { newRef, pageOf } from './common.ts';
import * as q from './queries.ts';
import { paymentPasswordState, verifyPaymentPassword } from './secrets.ts';
import { turnoverRemaining } from './turnover.ts';
import { withdrawalView, type PayoutOf } from './views.ts';

/** The brand's fee for an amount: amount × feeBps / 10000 (rounded down) + feeFixed. */
export function withdrawFee(brand: Brand, amount: bigint): bigint {
  const w = brand.config.wallet.withdraw;
  return (amount * BigInt(w.feeBps)) / 10_000n + BigInt(w.feeFixed);
}

const view = (brand: Brand, w: q.WithdrawalRow, payout: PayoutOf = null) => withdrawalView(w, brand.config.wallet.autoReceiptMinutes, payout);

async function mainBalance(db: Db, brand: Brand, memberId: bigint): Promise<bigint> {
  return (await memberBalances(db, brand.id, memberId)).find((b) => b.wallet === 'main')?.balance ?? 0n;
}

export async function settings(db: Db, brand: Brand, p: Principal, now = new Date()): Promise<z.infer<typeof cashier.withdrawSettings>> {
  requireRealAccount(p);
  const w = brand.config.wallet.withdraw;
  const used = await q.countWithdrawalsSince(db, brand.id, p.member.id, brandDayStart(brand, now));
  return {
    allowed: w.allowed, min: formatAmount(w.min), max: formatAmount(w.max), feeBps: w.feeBps, feeFixed: formatAmount(w.feeFixed),
    dailyCount: w.dailyCount, remainingToday: Math.max(w.dailyCount - used, 0),
    turnoverRequired: formatAmount(await turnoverRemaining(db, brand.id, p.member.id)),
    balance: formatAmount(await mainBalance(db, brand, p.member.id)),
    hasPaymentPassword: (await paymentPasswordState(db, p, now)).isSet,
    accounts: (await q.accountsOf(db, brand.id, p.member.id)).length,
    currency: brand.config.currency.code, currencySymbol: brand.config.currency.symbol,
  };
}

type RequestBody = { amount: unknown; accountId: string; paymentPassword: string; requestId: string };

/**
 * A withdrawal request. Rules in order: allowed, amount (format, min/max, above the fee),
 * account, turnover met, daily count, withdrawal password; then, in one transaction with the
 * member row locked, the row and the hold posting `withdraw:<no>:hold` (member main →
 * brand withdraw_hold), which fails with wallet.insufficient.funds by itself. Same requestId =
 * same withdrawal.
 */
export async function request(app: FastifyInstance, brand: Brand, p: Principal, body: RequestBody, now = new Date()) {
  requireRealAccount(p);
  const db = app.db;
  const replay = await q.withdrawalByRequest(db, brand.id, p.member.id, body.requestId);
  if (replay) return view(brand, replay);
  const w = brand.config.wallet.withdraw;
  if (!w.allowed) throw new AppError('cashier.withdraw.not.allowed');
  await assertMoneyOut(db, brand, p, now); // a reset's block or new-device hold (member-security)
  const amount = parseAmount(body.amount);
  const fee = withdrawFee(brand, amount);
  if (amount < BigInt(w.min) || amount > BigInt(w.max) || fee >= amount) {
    throw new AppError('cashier.amount.out.of.range', { min: formatAmount(w.min), max: formatAmount(w.max) });
  }
  await runMoneyGates(db, brand, p.member.id, { kind: 'withdraw', amount }, now); // kyc: identity above an amount, contact
  const account = await q.accountById(db, brand.id, p.member.id, BigInt(body.accountId));
  if (!account || !w.kinds.includes(account.kind)) throw new AppError('cashier.account.not.found');
  const turnover = await turnoverRemaining(db, brand.id, p.member.id);
  if (turnover > 0n) throw new AppError('cashier.withdraw.turnover.required', { amount: formatAmount(turnover) }, { turnoverRequired: formatAmount(turnover) });
  const since = brandDayStart(brand, now);
  const overDaily = async (d: Parameters<typeof q.countWithdrawalsSince>[0]) => {
    if (await q.countWithdrawalsSince(d, brand.id, p.member.id, since) >= w.dailyCount) throw new AppError('cashier.withdraw.daily.limit', { count: w.dailyCount });
  };
  await overDaily(db);
  await verifyPaymentPassword(db, p, body.paymentPassword, now);

  const row = await db.transaction(async (tx) => {
    await q.lockMember(tx, p.member.id);
    const again = await q.withdrawalByRequest(tx, brand.id, p.member.id, body.requestId);
    if (again) return { row: again, fresh: false };
    await overDaily(tx);
    const created = await q.insertWithdrawal(tx, {
      merchantId: brand.id, memberId: p.member.id, requestId: body.requestId, accountId: account.id,
      account: { kind: account.kind, bankName: account.bankName, accountNo: account.accountNo, payeeName: account.payeeName },
      amount, fee, createdAt: now,
    }, () => newRef('W', now));
    const main = await memberAccount(tx, brand.id, p.member.id);
    const hold = await brandAccount(tx, brand.id, 'withdraw_hold', created.withdrawNo);
    await post(tx, { merchantId: brand.id, kind: 'withdraw_hold', idemKey: `withdraw:${created.withdrawNo}:hold`, memberId: p.member.id,
      lines: [{ account: main, amount: -amount }, { account: hold, amount }], meta: { withdrawNo: created.withdrawNo, fee: String(fee) } });
    return { row: created, fresh: true };
  });
  if (row.fresh) balanceChanged(app, brand, p.member.id);
  return view(brand, row.row);
}

export async function list(db: Db, brand: Brand, p: Principal, query: { startDate?: string; endDate?: string; status?: q.WithdrawStatus; page: number }) {
  requireRealAccount(p);
  const { from, to } = recordRange(brand, query.startDate, query.endDate);
  const { rows, total } = await q.listWithdrawalRows(db, { merchantId: brand.id, memberId: p.member.id, status: query.status, from, to, page: query.page });
  return pageOf(rows.map((r) => view(brand, r.w, r.payout?.status ? r.payout : null)), total, query.page);
}

const RECEIPT_STATUS = { received: 'received', not_received: 'disputed', partial: 'disputed' } as const;

/**
 * The member's answer on a paid withdrawal: received closes it; not_received and partial open
 * a dispute for the operator. No money moves, and a paid withdrawal is never reversed here.
 */
export async function confirm(db: Db, brand: Brand, p: Principal, body: { withdrawNo: string; result: keyof typeof RECEIPT_STATUS; receivedAmount?: unknown; remark?: string }, now = new Date()) {
  requireRealAccount(p);
  const result = body.result;
  const current = await q.withdrawalByNo(db, brand.id, body.withdrawNo, p.member.id);
  if (!current) throw new AppError('cashier.withdraw.not.found');
  let receivedAmount: bigint | null = null;
  if (result === 'partial') {
    receivedAmount = parseAmount(body.receivedAmount);
    if (receivedAmount >= current.amount - current.fee) throw new AppError('wallet.amount.invalid');
  }
  const moved = await q.moveWithdrawal(db, brand.id, body.withdrawNo, 'paid',
    { status: RECEIPT_STATUS[result], receipt: result, receivedAmount, memberRemark: body.remark ?? '', closedAt: now }, p.member.id);
  if (moved) return view(brand, moved);
  const again = (await q.withdrawalByNo(db, brand.id, body.withdrawNo, p.member.id))!;
  if (again.receipt === result) return view(brand, again);
  throw new AppError('cashier.withdraw.state', { status: again.status }, { status: again.status });
}

// ---- operator ------------------------------------------------------------------------------------

const operatorView = (brand: Brand, w: q.WithdrawalRow, username: string, payout: PayoutOf = null) =>
  ({ ...view(brand, w, payout), memberId: String(w.memberId), username, accountNoFull: w.account.accountNo });

export async function operatorList(db: Db, brand: Brand, query: { startDate?: string; endDate?: string; status?: q.WithdrawStatus; username?: string; page: number }) {
  const { from, to } = recordRange(brand, query.startDate, query.endDate);
  const { rows, total } = await q.listWithdrawalRows(db, { merchantId: brand.id, status: query.status, username: query.username, from, to, page: query.page });
  return pageOf(rows.map((r) => operatorView(brand, r.w, r.username, r.payout?.status ? r.payout : null)), total, query.page);
}

/** After a lost race: the wanted outcome already happened (replay) or another one did (conflict). */
async function outcome(db: Db, brand: Brand, withdrawNo: string, ok: q.WithdrawStatus[]) {
  const row = await q.withdrawalByNo(db, brand.id, withdrawNo);
  if (!row) throw new AppError('cashier.withdraw.not.found');
  if (!ok.includes(row.status)) throw new AppError('cashier.withdraw.state', { status: row.status }, { status: row.status });
  return operatorView(brand, row, await q.usernameOf(db, row.memberId));
}

/** Paid: pending → paid and `withdraw:<no>:pay` (hold → payout amount − fee, hold → house fee). */
export async function pay(app: FastifyInstance, brand: Brand, withdrawNo: string, remark?: string, now = new Date()) {
  const row = await app.db.transaction(async (tx) => {
    const w = await q.moveWithdrawal(tx, brand.id, withdrawNo, 'pending', { status: 'paid', paidAt: now, ...(remark !== undefined ? { remark } : {}) });
    if (!w) return undefined;
    await runMoneyGates(tx, brand, w.memberId, { kind: 'pay', amount: w.amount, withdrawNo: w.withdrawNo }, now); // kyc risk review (throws: nothing moves)
    const hold = await brandAccount(tx, brand.id, 'withdraw_hold', w.withdrawNo);
    const payout = await brandAccount(tx, brand.id, 'payout', w.withdrawNo);
    const house = await brandAccount(tx, brand.id, 'house', w.withdrawNo);
    await post(tx, { merchantId: brand.id, kind: 'withdraw_pay', idemKey: `withdraw:${w.withdrawNo}:pay`, memberId: w.memberId,
      lines: [{ account: hold, amount: -w.amount }, { account: payout, amount: w.amount - w.fee }, { account: house, amount: w.fee }],
      meta: { withdrawNo: w.withdrawNo, fee: String(w.fee) } });
    for (const h of payoutHooks) await h.inPayTx(tx, brand, w);
    return w;
  });
  if (!row) return outcome(app.db, brand, withdrawNo, ['paid', 'received', 'disputed', 'auto_received', 'returned']);
  for (const h of payoutHooks) h.afterPay(brand, row);
  return operatorView(brand, row, await q.usernameOf(app.db, row.memberId));
}

/**
 * Paying out through a provider (modules/payments registers one): `inPayTx` runs in the pay
 * transaction (it queues the payout with the paid status, so a crash cannot lose it), `afterPay`
 * after the commit (it sends the queued payout).
 */
export interface PayoutHook {
  inPayTx(tx: Tx, brand: Brand, w: q.WithdrawalRow): Promise<void>;
  afterPay(brand: Brand, w: q.WithdrawalRow): void;
}
const payoutHooks: PayoutHook[] = [];
export function registerPayoutHook(h: PayoutHook): () => void {
  payoutHooks.push(h);
  return () => { payoutHooks.splice(payoutHooks.indexOf(h), 1); };
}

/**
 * The provider could not pay (failed) or the bank sent it back (bounced): paid|received|disputed|
 * auto_received → returned in the caller's transaction, and `withdraw:<no>:return` gives the whole
 * amount back to the member (payout − fee from payout, the fee from house). Once: a second call
 * finds no row to move and the posting key is taken. Answers the row or undefined.
 */
export async function returnInTx(tx: Tx, brand: Brand, withdrawNo: string, remark: string, now: Date): Promise<q.WithdrawalRow | undefined> {
  let w: q.WithdrawalRow | undefined;
  for (const from of ['paid', 'received', 'disputed', 'auto_received'] as const) {
    w = await q.moveWithdrawal(tx, brand.id, withdrawNo, from, { status: 'returned', closedAt: now, remark });
    if (w) break;
  }
  if (!w) return undefined;
  const payout = await brandAccount(tx, brand.id, 'payout', w.withdrawNo);
  const house = await brandAccount(tx, brand.id, 'house', w.withdrawNo);
  const main = await memberAccount(tx, brand.id, w.memberId);
  await post(tx, { merchantId: brand.id, kind: 'withdraw_refund', idemKey: `withdraw:${w.withdrawNo}:return`, memberId: w.memberId,
    lines: [{ account: payout, amount: -(w.amount - w.fee) }, { account: house, amount: -w.fee }, { account: main, amount: w.amount }],
    meta: { withdrawNo: w.withdrawNo, reason: remark } });
  return w;
}

/** Rejected: pending → rejected and `withdraw:<no>:reject` returns the full hold to the member. */
export async function reject(app: FastifyInstance, brand: Brand, withdrawNo: string, remark?: string, now = new Date()) {
  const row = await app.db.transaction(async (tx) => {
    const w = await q.moveWithdrawal(tx, brand.id, withdrawNo, 'pending', { status: 'rejected', closedAt: now, ...(remark !== undefined ? { remark } : {}) });
    if (!w) return undefined;
    const hold = await brandAccount(tx, brand.id, 'withdraw_hold', w.withdrawNo);
    const main = await memberAccount(tx, brand.id, w.memberId);
    await post(tx, { merchantId: brand.id, kind: 'withdraw_reject', idemKey: `withdraw:${w.withdrawNo}:reject`, memberId: w.memberId,
      lines: [{ account: hold, amount: -w.amount }, { account: main, amount: w.amount }], meta: { withdrawNo: w.withdrawNo } });
    return w;
  });
  if (!row) return outcome(app.db, brand, withdrawNo, ['rejected']);
  balanceChanged(app, brand, row.memberId);
  return operatorView(brand, row, await q.usernameOf(app.db, row.memberId));
}

/** Job: paid withdrawals unconfirmed for the brand's autoReceiptMinutes become auto_received. */
export async function autoReceiveAll(db: Db | Tx, brands: Brand[], now = new Date()): Promise<number> {
  let n = 0;
  for (const b of brands) {
    const cutoff = new Date(now.getTime() - b.config.wallet.autoReceiptMinutes * 60_000);
    n += (await q.autoReceive(db, b.id, cutoff, now)).length;
  }
  return n;
}
