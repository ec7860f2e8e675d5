import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/index.ts';
import { paymentChannels, paymentEvents, payments, paymentSettings, payouts, withdrawals } from '../../db/schema.ts';

type Q = Db | Tx;
export type PaymentRow = typeof payments.$inferSelect;
export type PayoutRow = typeof payouts.$inferSelect;

/** The brand's payment settings, created on first use with fresh demo-provider keys. */
export async function settingsOf(db: Q, merchantId: number) {
  const [row] = await db.select().from(paymentSettings).where(eq(paymentSettings.merchantId, merchantId));
  if (row) return row;
  await db.insert(paymentSettings).values({
    merchantId, demoApiKey: `dk_${randomBytes(18).toString('hex')}`, demoWebhookSecret: `dwh_${randomBytes(24).toString('hex')}`,
  }).onConflictDoNothing();
  const [again] = await db.select().from(paymentSettings).where(eq(paymentSettings.merchantId, merchantId));
  return again;
}

export async function setPayoutProvider(db: Q, merchantId: number, provider: string | null) {
  await settingsOf(db, merchantId);
  await db.update(paymentSettings).set({ payoutProvider: provider, updatedAt: new Date() }).where(eq(paymentSettings.merchantId, merchantId));
}

export const channelRows = (db: Q, merchantId: number) => db.select().from(paymentChannels).where(eq(paymentChannels.merchantId, merchantId));

export async function channelProvider(db: Q, merchantId: number, method: string, channel: string) {
  const [r] = await db.select().from(paymentChannels).where(and(eq(paymentChannels.merchantId, merchantId), eq(paymentChannels.method, method), eq(paymentChannels.channel, channel)));
  return r && r.enabled ? r.provider : 'manual';
}

export async function upsertChannel(db: Q, v: { merchantId: number; method: string; channel: string; provider: string; enabled: boolean }) {
  await db.insert(paymentChannels).values({ ...v, updatedAt: new Date() })
    .onConflictDoUpdate({ target: [paymentChannels.merchantId, paymentChannels.method, paymentChannels.channel], set: { provider: v.provider, enabled: v.enabled, updatedAt: new Date() } });
}

/** A channel's provider unless one is set already (the demo set-up never overrides an operator's choice). */
export async function insertChannelOnce(db: Q, v: { merchantId: number; method: string; channel: string; provider: string; enabled: boolean }) {
  await db.insert(paymentChannels).values(v).onConflictDoNothing();
}

export async function paymentByOrder(db: Q, merchantId: number, orderNo: string) {
  const [r] = await db.select().from(payments).where(and(eq(payments.merchantId, merchantId), eq(payments.orderNo, orderNo)));
  return r;
}

export async function insertPayment(db: Q, v: typeof payments.$inferInsert) {
  await db.insert(payments).values(v).onConflictDoNothing();
  return paymentByOrder(db, v.merchantId, v.orderNo);
}

/** The payment an event is about, locked for the event's transaction (`charge:<id>` looks it up by its charge). */
export async function lockPayment(tx: Tx, merchantId: number, provider: string, ref: string) {
  const byCharge = ref.startsWith('charge:');
  const [r] = await tx.select().from(payments).where(and(
    eq(payments.merchantId, merchantId), eq(payments.provider, provider),
    byCharge ? eq(payments.chargeRef, ref.slice('charge:'.length)) : eq(payments.providerRef, ref),
  )).for('update');
  return r;
}

export async function updatePayment(tx: Tx, id: bigint, set: Partial<typeof payments.$inferInsert>) {
  await tx.update(payments).set({ ...set, updatedAt: new Date() }).where(eq(payments.id, id));
}

/** The event row: answers false when this provider event id was already received (a replay). */
export async function claimEvent(tx: Tx, v: { merchantId: number; provider: string; eventId: string; type: string; ref: string; payload: Record<string, unknown> }) {
  const r = await tx.insert(paymentEvents).values({ ...v, outcome: 'received' }).onConflictDoNothing().returning({ id: paymentEvents.id });
  return r[0]?.id;
}

export async function setEventOutcome(tx: Tx, id: bigint, outcome: string, detail = '') {
  await tx.update(paymentEvents).set({ outcome, detail }).where(eq(paymentEvents.id, id));
}

// ---- payouts --------------------------------------------------------------------------------

export async function insertPayout(tx: Tx, v: typeof payouts.$inferInsert) {
  await tx.insert(payouts).values(v).onConflictDoNothing();
}

export async function payoutByNo(db: Q, merchantId: number, withdrawNo: string) {
  const [r] = await db.select().from(payouts).where(and(eq(payouts.merchantId, merchantId), eq(payouts.withdrawNo, withdrawNo)));
  return r;
}

export async function lockPayout(tx: Tx, merchantId: number, withdrawNo: string) {
  const [r] = await tx.select().from(payouts).where(and(eq(payouts.merchantId, merchantId), eq(payouts.withdrawNo, withdrawNo))).for('update');
  return r;
}

export async function updatePayout(db: Q, id: bigint, set: Partial<typeof payouts.$inferInsert>) {
  await db.update(payouts).set({ ...set, updatedAt: new Date() }).where(eq(payouts.id, id));
}

/** Payouts queued before `before` (a send that crashed, or the one just queued). */
export const queuedPayouts = (db: Q, before: Date) =>
  db.select().from(payouts).where(and(eq(payouts.status, 'queued'), sql`${payouts.createdAt} <= ${before.toISOString()}::timestamptz`)).limit(100);

export async function withdrawalAccount(db: Q, merchantId: number, withdrawNo: string) {
  const [w] = await db.select({ account: withdrawals.account }).from(withdrawals).where(and(eq(withdrawals.merchantId, merchantId), eq(withdrawals.withdrawNo, withdrawNo)));
  return w?.account;
}
