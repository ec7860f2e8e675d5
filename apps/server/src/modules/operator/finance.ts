/** Finance of the console: two-person withdrawal approval, manual adjustments, reconciliation. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { ledgerAccounts, members, operatorBrandRules, operators, postings, withdrawalApprovals, withdrawals } from '../../db/schema.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { balanceChanged } from '../cashier/common.ts';
import * as withdraw from '../cashier/withdraw.ts';
import { audit as ledgerAudit, BRAND_WALLETS, brandAccount, brandWalletBalance, memberAccount, memberBalances, post } from '../wallet/ledger.ts';
import { formatAmount, parseAmount } from '../wallet/money.ts';
import type { Actor } from './access.ts';
import { record } from './audit.ts';

export const DEFAULT_DUAL_APPROVAL_ABOVE = 100_000n;

export async function dualApprovalAbove(db: Db, brand: Brand): Promise<bigint> {
  const [r] = await db.select().from(operatorBrandRules).where(eq(operatorBrandRules.merchantId, brand.id));
  return r?.dualApprovalAbove ?? DEFAULT_DUAL_APPROVAL_ABOVE;
}

export async function setDualApprovalAbove(db: Db, brand: Brand, actor: Actor, ip: string, input: string | number) {
  const value = input === 0 || input === '0' ? 0n : parseAmount(input);
  const before = await dualApprovalAbove(db, brand);
  await db.insert(operatorBrandRules).values({ merchantId: brand.id, dualApprovalAbove: value })
    .onConflictDoUpdate({ target: operatorBrandRules.merchantId, set: { dualApprovalAbove: value, updatedAt: new Date() } });
  await record(db, actor, brand, ip, { action: 'finance.rules', target: 'dualApprovalAbove', before: { dualApprovalAbove: formatAmount(before) }, after: { dualApprovalAbove: formatAmount(value) } });
  return { dualApprovalAbove: formatAmount(value) };
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
    if (!actor.operatorId) throw new AppError('operator.forbidden');
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
  return { status: 'paid' as const, approvals: await approverNames(db, brand, withdrawNo), withdrawNo };
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

/** A manual adjustment: one posting `adjust:<requestId>` between house and the member's main wallet. */
export async function adjust(app: FastifyInstance, brand: Brand, actor: Actor, req: FastifyRequest,
  body: { username: string; direction: 'credit' | 'debit'; amount: string | number; reason: string; requestId: string }) {
  const db = app.db;
  const amount = parseAmount(body.amount);
  const [m] = await db.select().from(members).where(and(eq(members.merchantId, brand.id), eq(members.usernameKey, body.username.toLowerCase())));
  if (!m) throw new AppError('operator.member.not.found');
  const signed = body.direction === 'credit' ? amount : -amount;
  const out = await db.transaction(async (tx) => {
    const main = await memberAccount(tx, brand.id, m.id);
    const house = await brandAccount(tx, brand.id, 'house', body.requestId);
    const before = (await memberBalances(tx, brand.id, m.id)).find((b) => b.id === main)?.balance ?? 0n;
    const r = await post(tx, { merchantId: brand.id, kind: 'adjustment', idemKey: `adjust:${body.requestId}`, memberId: m.id,
      lines: [{ account: main, amount: signed }, { account: house, amount: -signed }],
      meta: { reason: body.reason, operator: actor.name, direction: body.direction } });
    const after = r.applied ? r.balanceAfter.get(main) ?? before : before;
    if (r.applied) {
      await record(tx, actor, brand, req.ip, { action: 'finance.adjust', target: m.username,
        before: { balance: formatAmount(before) }, after: { balance: formatAmount(after), amount: formatAmount(signed), reason: body.reason, postingId: String(r.postingId) } });
    }
    return { postingId: String(r.postingId), applied: r.applied, balance: formatAmount(after) };
  });
  if (out.applied) balanceChanged(app, brand, m.id);
  return out;
}

/** The proof the brand's books balance: sum of all entries = 0 and every balance = its entries. */
export async function reconcile(db: Db, brand: Brand) {
  const a = await ledgerAudit(db, brand.id);
  const [counts] = await db.select({ accounts: sql<number>`count(*)::int`, memberTotal: sql<string>`coalesce(sum(${ledgerAccounts.balance}) filter (where ${ledgerAccounts.memberId} is not null), 0)::text` })
    .from(ledgerAccounts).where(eq(ledgerAccounts.merchantId, brand.id));
  const [p] = await db.select({ n: sql<number>`count(*)::int` }).from(postings).where(eq(postings.merchantId, brand.id));
  const brandWallets = [];
  for (const w of BRAND_WALLETS) brandWallets.push({ wallet: w, balance: formatAmount(await brandWalletBalance(db, brand.id, w)) });
  return {
    balanced: a.entrySum === 0n && a.mismatchedAccounts === 0 && a.negativeMemberBalances === 0,
    entrySum: formatAmount(a.entrySum), accounts: counts.accounts, mismatchedAccounts: a.mismatchedAccounts,
    negativeMemberBalances: a.negativeMemberBalances, postings: p.n, memberTotal: formatAmount(BigInt(counts.memberTotal)), brandWallets,
  };
}
