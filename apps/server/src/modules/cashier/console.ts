/**
 * The console's Finance page: the two-operator rule's amount, deposits confirmed or rejected,
 * withdrawals approved (two operators above the brand's amount) or rejected, manual adjustments and
 * reconciliation. Every change is audited. Also the operator API's cashier calls (cashier.operator*).
 * Registered by the cashier routes (routes.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { cashier, operator } from '@lobby/contract';
import type { Db } from '../../db/index.ts';
import { ledgerAccounts, members, operatorBrandRules, postings } from '../../db/schema.ts';
import { operatorOf, record, type Actor } from '../../kernel/operator-access/index.ts';
import { route } from '../../lib/route.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { balanceChanged } from '../../kernel/live/index.ts';
import * as approvals from './approvals.ts';
import { dualApprovalAbove } from './approvals.ts';
import * as deposit from './deposit.ts';
import * as withdraw from './withdraw.ts';
import { audit as ledgerAudit, BRAND_WALLETS, brandAccount, brandWalletBalance, formatAmount, memberAccount, memberBalances, parseAmount, post } from '../../kernel/ledger/index.ts';

export async function setDualApprovalAbove(db: Db, brand: Brand, actor: Actor, ip: string, input: string | number) {
  const value = input === 0 || input === '0' ? 0n : parseAmount(input);
  const before = await dualApprovalAbove(db, brand);
  await db.insert(operatorBrandRules).values({ merchantId: brand.id, dualApprovalAbove: value })
    .onConflictDoUpdate({ target: operatorBrandRules.merchantId, set: { dualApprovalAbove: value, updatedAt: new Date() } });
  await record(db, actor, brand, ip, { action: 'finance.rules', target: 'dualApprovalAbove', before: { dualApprovalAbove: formatAmount(before) }, after: { dualApprovalAbove: formatAmount(value) } });
  return { dualApprovalAbove: formatAmount(value) };
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

const settledView = (no: string, r: { status: string; amount: string; username: string }) => ({ no, status: r.status, amount: r.amount, username: r.username });

/** The operator API's cashier calls and the Finance page's calls (finance.* permissions, kernel/operator-access). */
export async function cashierConsoleRoutes(app: FastifyInstance) {
  const db = app.db;
  const g = (ctx: { req: FastifyRequest }) => operatorOf(ctx.req);

  // operator API (X-Operator-Key or a console session; kernel/operator-access), brand from the Merchant header
  route(app, cashier.operatorListDeposits, async (ctx) => (g(ctx), deposit.operatorList(db, ctx.brand, ctx.query)));
  route(app, cashier.operatorConfirmDeposit, async (ctx) => (g(ctx), deposit.confirmOrder(app, ctx.brand, ctx.body.orderNo, ctx.body.remark)));
  route(app, cashier.operatorRejectDeposit, async (ctx) => (g(ctx), deposit.rejectOrder(db, ctx.brand, ctx.body.orderNo, ctx.body.remark)));
  route(app, cashier.operatorListWithdrawals, async (ctx) => (g(ctx), withdraw.operatorList(db, ctx.brand, ctx.query)));
  // the two-operator rule holds here as in the console: above the brand's amount a first approval
  // is kept and answered operator.approval.second; a withdrawal no longer pending answers its outcome
  route(app, cashier.operatorPayWithdrawal, async (ctx) => {
    const { withdrawNo, remark } = ctx.body;
    const r = await approvals.approve(app, ctx.brand, g(ctx), ctx.req, withdrawNo, remark).catch((err: unknown) => {
      if (err instanceof AppError && err.code === 'cashier.withdraw.state') return null;
      throw err;
    });
    if (r?.status === 'awaiting_second') throw new AppError('operator.approval.second');
    return withdraw.pay(app, ctx.brand, withdrawNo, remark);
  });
  route(app, cashier.operatorRejectWithdrawal, async (ctx) => (g(ctx), withdraw.reject(app, ctx.brand, ctx.body.withdrawNo, ctx.body.remark)));

  // the Finance page
  route(app, operator.financeRules, async (ctx) => {
    g(ctx);
    return { dualApprovalAbove: formatAmount(await dualApprovalAbove(db, ctx.brand)) };
  });
  route(app, operator.setFinanceRules, async (ctx) => setDualApprovalAbove(db, ctx.brand, g(ctx), ctx.req.ip, ctx.body.dualApprovalAbove));
  route(app, operator.confirmDeposit, async (ctx) => {
    const a = g(ctx);
    const r = await deposit.confirmOrder(app, ctx.brand, ctx.body.orderNo, ctx.body.remark);
    await record(db, a, ctx.brand, ctx.req.ip, { action: 'finance.deposit.confirm', target: r.orderNo, before: { status: 'pending' }, after: { status: r.status, amount: r.amount, member: r.username } });
    return settledView(r.orderNo, r);
  });
  route(app, operator.rejectDeposit, async (ctx) => {
    const a = g(ctx);
    const r = await deposit.rejectOrder(db, ctx.brand, ctx.body.orderNo, ctx.body.remark);
    await record(db, a, ctx.brand, ctx.req.ip, { action: 'finance.deposit.reject', target: r.orderNo, before: { status: 'pending' }, after: { status: r.status, amount: r.amount, member: r.username, remark: ctx.body.remark ?? '' } });
    return settledView(r.orderNo, r);
  });
  route(app, operator.approveWithdrawal, async (ctx) => approvals.approve(app, ctx.brand, g(ctx), ctx.req, ctx.body.withdrawNo, ctx.body.remark));
  route(app, operator.withdrawalApprovals, async (ctx) => (g(ctx), approvals.pendingApprovals(db, ctx.brand)));
  route(app, operator.rejectWithdrawal, async (ctx) => {
    const a = g(ctx);
    const r = await withdraw.reject(app, ctx.brand, ctx.body.withdrawNo, ctx.body.remark);
    await record(db, a, ctx.brand, ctx.req.ip, { action: 'finance.withdraw.reject', target: r.withdrawNo, before: { status: 'pending' }, after: { status: r.status, amount: r.amount, member: r.username, remark: ctx.body.remark ?? '' } });
    return settledView(r.withdrawNo, r);
  });
  route(app, operator.adjust, async (ctx) => adjust(app, ctx.brand, g(ctx), ctx.req, ctx.body));
  route(app, operator.reconcile, async (ctx) => (g(ctx), reconcile(db, ctx.brand)));
}
