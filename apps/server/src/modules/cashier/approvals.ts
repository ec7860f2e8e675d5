/**
 * The two-operator rule of withdrawals: up to the brand's amount one approval pays; above it two
 * different named operators must approve. Every path that pays a withdrawal (the console and
 * the older operator API) goes through `approve`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { operatorBrandRules, operators, withdrawalApprovals, withdrawals } from '../../db/schema.ts';
import { record, type Actor } from '../../kernel/operator-access/index.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { formatAmount } from '../../kernel/ledger/index.ts';
import { payoutStatusOf } from './queries.ts';
import * as withdraw from './withdraw.ts';

export const DEFAULT_DUAL_APPROVAL_ABOVE = 100_000n;

export async function dualApprovalAbove(db: Db, brand: Brand): Promise<bigint> {
  const [r] = await db.select().from(operatorBrandRules).where(eq(operatorBrandRules.merchantId, brand.id));
  return r?.dualApprovalAbove ?? DEFAULT_DUAL_APPROVAL_ABOVE;
}

async function approverNames(db: Db, brand: Brand, withdrawNo: string): Promise<string[]> {
  const r = await db.select({ name: operators.username }).from(withdrawalApprovals).innerJoin(operators, eq(operators.id, withdrawalApprovals.operatorId))
    .where(and(eq(withdrawalApprovals.merchantId, brand.id), eq(withdrawalApprovals.withdrawNo, withdrawNo))).orderBy(withdrawalApprovals.at);
  return r.map((x) => x.name);
}

/**
 * Up to the brand's amount one approval pays. Above it, the first operator's approval is kept and
 * the withdrawal waits; the same operator approving again answers `operator.approval.same`; a
 * second, different operator pays it. The approval rows are locked with the withdrawal row
 * (FOR UPDATE), so two approvals never both see "first". The service key cannot approve above
 * the amount (it is nobody in particular).
 */
export async function approve(app: FastifyInstance, brand: Brand, actor: Actor, req: FastifyRequest, withdrawNo: string, remark?: string) {
  const db = app.db;
  const limit = await dualApprovalAbove(db, brand);
  const decision = await db.transaction(async (tx) => {
    const [w] = await tx.select().from(withdrawals).where(and(eq(withdrawals.merchantId, brand.id), eq(withdrawals.withdrawNo, withdrawNo))).for('update');
    if (!w) throw new AppError('cashier.withdraw.not.found');
    if (w.status !== 'pending') throw new AppError('cashier.withdraw.state', { status: w.status }, { status: w.status });
    if (w.amount <= limit) return { pay: true, amount: w.amount, memberId: w.memberId };
    if (!actor.operatorId) throw new AppError('operator.approval.named');
    const prior = await tx.select().from(withdrawalApprovals).where(and(eq(withdrawalApprovals.merchantId, brand.id), eq(withdrawalApprovals.withdrawNo, withdrawNo)));
    if (prior.some((p) => p.operatorId === actor.operatorId)) throw new AppError('operator.approval.same');
    // A third approval racing the second: the second pays (and audits) it.
    if (prior.length >= 2) return { pay: false, late: true, amount: w.amount, memberId: w.memberId };
    await tx.insert(withdrawalApprovals).values({ merchantId: brand.id, withdrawNo, operatorId: actor.operatorId });
    return { pay: prior.length >= 1, amount: w.amount, memberId: w.memberId };
  });
  if ('late' in decision) return { status: 'paid' as const, approvals: await approverNames(db, brand, withdrawNo), withdrawNo };
  if (!decision.pay) {
    await record(db, actor, brand, req.ip, { action: 'finance.withdraw.approve', target: withdrawNo, before: { status: 'pending' }, after: { status: 'pending', approvals: 1, amount: formatAmount(decision.amount) } });
    return { status: 'awaiting_second' as const, approvals: await approverNames(db, brand, withdrawNo), withdrawNo };
  }
  const paid = await withdraw.pay(app, brand, withdrawNo, remark);
  await record(db, actor, brand, req.ip, { action: 'finance.withdraw.pay', target: withdrawNo, before: { status: 'pending' },
    after: { status: paid.status, amount: formatAmount(decision.amount), member: paid.username, approvals: await approverNames(db, brand, withdrawNo) } });
  // a provider pays it out: the console says the payout is on its way, not that it arrived
  const payout = await payoutStatusOf(db, brand.id, withdrawNo);
  return { status: 'paid' as const, approvals: await approverNames(db, brand, withdrawNo), withdrawNo, ...(payout ? { payout } : {}) };
}

export async function pendingApprovals(db: Db, brand: Brand) {
  const rows = await db.select({ no: withdrawalApprovals.withdrawNo, name: operators.username }).from(withdrawalApprovals)
    .innerJoin(operators, eq(operators.id, withdrawalApprovals.operatorId))
    .innerJoin(withdrawals, and(eq(withdrawals.merchantId, withdrawalApprovals.merchantId), eq(withdrawals.withdrawNo, withdrawalApprovals.withdrawNo)))
    .where(and(eq(withdrawalApprovals.merchantId, brand.id), eq(withdrawals.status, 'pending'))).orderBy(withdrawalApprovals.at);
  const by = new Map<string, string[]>();
  for (const r of rows) by.set(r.no, [...(by.get(r.no) ?? []), r.name]);
  return [...by].map(([withdrawNo, approvals]) => ({ withdrawNo, approvals }));
}

