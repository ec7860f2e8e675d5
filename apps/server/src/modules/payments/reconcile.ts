/**
 * Reconciliation: a provider's settlement report for a UTC day against the ledger. Deposits: per
 * order, what the provider settled (charges − refunds) against the deposit posting of each
 * payment the provider reported paid that day. Payouts: per withdrawal, payouts − returns against
 * what the ledger paid out (and took back) that day. Every difference is kept (missing on either
 * side, amount differs) until an operator resolves it with a reason. Chargebacks are not compared
 * here: they show on the payment (status, shortfall).
 */
import { and, eq, gte, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { payments, payouts, reconciliationItems } from '../../db/schema.ts';
import type { Actor } from '../../kernel/operator-access/index.ts';
import { record } from '../../kernel/operator-access/index.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { formatAmount, postingByKey, postingEntries } from '../../kernel/ledger/index.ts';
import { providerOf, type Providers } from './service.ts';

type Item = typeof reconciliationItems.$inferSelect;
const itemView = (i: Item) => ({
  id: String(i.id), provider: i.provider, day: i.day, ref: i.ref, kind: i.kind,
  providerAmount: i.providerAmount === null ? null : formatAmount(i.providerAmount), ledgerAmount: i.ledgerAmount === null ? null : formatAmount(i.ledgerAmount),
  resolvedAt: i.resolvedAt?.toISOString() ?? null, resolvedBy: i.resolvedBy, reason: i.reason,
});

const add = (m: Map<string, bigint>, k: string, v: bigint) => m.set(k, (m.get(k) ?? 0n) + v);

/** What the member's main wallet received in a posting (0 when the posting is missing). */
async function mainCredit(db: Db, brand: Brand, key: string): Promise<bigint | undefined> {
  const p = await postingByKey(db, brand.id, key);
  if (!p) return undefined;
  return (await postingEntries(db, p.id)).filter((e) => e.wallet === 'main').reduce((s, e) => s + e.amount, 0n);
}

export async function reconcileDay(db: Db, providers: Providers, brand: Brand, actor: Actor, ip: string, code: 'demo' | 'stripe', day: string) {
  const report = await providerOf(providers, code).settlementReport(brand, day);
  const from = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(from.getTime())) throw new AppError('request_param_err');
  const to = new Date(from.getTime() + 86_400_000);

  // provider side, per our reference (Stripe reports name the payment intent: mapped to the order)
  const charges = report.filter((i) => i.ref.startsWith('charge:')).map((i) => i.ref.slice('charge:'.length));
  const byCharge = new Map<string, string>();
  if (charges.length > 0) {
    for (const p of await db.select({ orderNo: payments.orderNo, chargeRef: payments.chargeRef }).from(payments)
      .where(and(eq(payments.merchantId, brand.id), eq(payments.provider, code), inArray(payments.chargeRef, charges)))) byCharge.set(p.chargeRef!, p.orderNo);
  }
  const provider = new Map<string, bigint>();
  for (const i of report) {
    const ref = i.ref.startsWith('charge:') ? byCharge.get(i.ref.slice('charge:'.length)) ?? i.ref : i.ref;
    if (i.kind === 'payment' || i.kind === 'payout') add(provider, ref, i.amount);
    else if (i.kind === 'refund') add(provider, ref, -i.amount);
  }

  // ledger side
  const ledger = new Map<string, bigint>();
  const paid = await db.select().from(payments).where(and(eq(payments.merchantId, brand.id), eq(payments.provider, code), gte(payments.paidAt, from), lt(payments.paidAt, to)));
  for (const p of paid) {
    const credit = await mainCredit(db, brand, `deposit:${p.orderNo}`);
    if (credit !== undefined) add(ledger, p.orderNo, credit);
  }
  const outs = await db.select().from(payouts).where(and(eq(payouts.merchantId, brand.id), eq(payouts.provider, code), gte(payouts.paidAt, from), lt(payouts.paidAt, to)));
  for (const o of outs) add(ledger, o.withdrawNo, o.amount);
  const returned = await db.select().from(payouts).where(and(eq(payouts.merchantId, brand.id), eq(payouts.provider, code), inArray(payouts.status, ['bounced']),
    gte(payouts.updatedAt, from), lt(payouts.updatedAt, to)));
  for (const o of returned) if (await postingByKey(db, brand.id, `withdraw:${o.withdrawNo}:return`)) add(ledger, o.withdrawNo, -o.amount);

  const found: (typeof reconciliationItems.$inferInsert)[] = [];
  for (const ref of new Set([...provider.keys(), ...ledger.keys()])) {
    const pa = provider.get(ref);
    const la = ledger.get(ref);
    if (pa !== undefined && la !== undefined && pa === la) continue;
    if ((pa ?? 0n) === 0n && (la ?? 0n) === 0n) continue;
    const kind = pa === undefined ? 'missing_at_provider' : la === undefined ? 'missing_in_ledger' : 'amount_differs';
    found.push({ merchantId: brand.id, provider: code, day, ref, kind, providerAmount: pa ?? null, ledgerAmount: la ?? null });
  }
  await db.transaction(async (tx) => {
    await tx.delete(reconciliationItems).where(and(eq(reconciliationItems.merchantId, brand.id), eq(reconciliationItems.provider, code),
      eq(reconciliationItems.day, day), isNull(reconciliationItems.resolvedAt)));
    if (found.length > 0) await tx.insert(reconciliationItems).values(found).onConflictDoNothing();
    await record(tx, actor, brand, ip, { action: 'finance.reconcile.provider', target: `${code}:${day}`, after: { mismatches: found.length, providerRefs: provider.size, ledgerRefs: ledger.size } });
  });
  const items = await db.select().from(reconciliationItems).where(and(eq(reconciliationItems.merchantId, brand.id), eq(reconciliationItems.provider, code), eq(reconciliationItems.day, day)));
  return { provider: code, day, providerCount: provider.size, ledgerCount: ledger.size, clean: found.length === 0, items: items.map(itemView) };
}

export async function listItems(db: Db, brand: Brand, open: boolean) {
  const rows = await db.select().from(reconciliationItems).where(and(eq(reconciliationItems.merchantId, brand.id), open ? isNull(reconciliationItems.resolvedAt) : undefined))
    .orderBy(reconciliationItems.day, reconciliationItems.id).limit(500);
  return { items: rows.map(itemView) };
}

export async function resolveItem(db: Db, brand: Brand, actor: Actor, ip: string, id: string, reason: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(reconciliationItems).where(and(eq(reconciliationItems.merchantId, brand.id), eq(reconciliationItems.id, BigInt(id)))).for('update');
    if (!row) throw new AppError('payments.recon.not.found');
    if (row.resolvedAt) throw new AppError('payments.recon.resolved');
    const [done] = await tx.update(reconciliationItems).set({ resolvedAt: new Date(), resolvedBy: actor.name, reason }).where(eq(reconciliationItems.id, row.id)).returning();
    await record(tx, actor, brand, ip, { action: 'finance.reconcile.resolve', target: `${row.provider}:${row.day}:${row.ref}`, before: { kind: row.kind, resolved: false }, after: { resolved: true, reason } });
    return itemView(done);
  });
}
