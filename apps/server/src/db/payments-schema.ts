import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members, merchants } from './core-schema.ts';

const ts = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * Which payment provider serves a deposit channel of a brand (the channel comes from the brand's
 * wallet config). A channel without a row, or with provider `manual`, keeps today's flow: the
 * member pays the payee shown and an operator confirms.
 */
export const paymentChannels = pgTable('payment_channels', {
  merchantId: integer().notNull().references(() => merchants.id),
  method: text().notNull(),
  channel: text().notNull(),
  provider: text().notNull(),
  enabled: boolean().notNull().default(true),
  updatedAt: ts().notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.merchantId, t.method, t.channel] })]);

/** Per brand: the provider that pays withdrawals out (null: paid by hand, as before) and the demo provider's keys. */
export const paymentSettings = pgTable('payment_settings', {
  merchantId: integer().primaryKey().references(() => merchants.id),
  payoutProvider: text(),
  /** The built-in demo provider's API key and webhook signing secret for this brand. */
  demoApiKey: text().notNull(),
  demoWebhookSecret: text().notNull(),
  updatedAt: ts().notNull().defaultNow(),
});

export const PAYMENT_STATUSES = ['open', 'pending', 'paid', 'failed', 'expired', 'refunded', 'charged_back'] as const;

/**
 * A deposit order sent to a provider. Status only moves forward (open < pending < paid|failed|expired
 * < refunded|charged_back; a late `paid` after failed/expired still wins: the money arrived).
 * `shortfall`: what a chargeback could not take back from the member (a debt the operator sees).
 */
export const payments = pgTable('payments', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  memberId: bigint({ mode: 'bigint' }).notNull().references(() => members.id),
  orderNo: text().notNull(),
  provider: text().notNull(),
  providerRef: text().notNull(),
  /** The provider's id of the money movement once paid (Stripe payment intent, demo charge). */
  chargeRef: text(),
  amount: bigint({ mode: 'bigint' }).notNull(),
  currency: text().notNull(),
  status: text({ enum: PAYMENT_STATUSES }).notNull().default('open'),
  checkoutUrl: text().notNull(),
  /** amount_mismatch, currency_mismatch, duplicate_charge… (refused events); null when clean. */
  flag: text(),
  shortfall: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  paidAt: ts(),
  createdAt: ts().notNull().defaultNow(),
  updatedAt: ts().notNull().defaultNow(),
}, (t) => [
  uniqueIndex('payments_order').on(t.merchantId, t.orderNo),
  uniqueIndex('payments_ref').on(t.provider, t.providerRef),
  index('payments_paid').on(t.merchantId, t.provider, t.paidAt),
  check('payments_amount', sql`${t.amount} > 0 and ${t.shortfall} >= 0`),
]);

/** Every provider event received, once by its id: the unique row is what makes a replay move nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  provider: text().notNull(),
  eventId: text().notNull(),
  type: text().notNull(),
  ref: text().notNull(),
  /** applied, ignored (older or no-op), refused (amount/currency differ, unknown ref). */
  outcome: text().notNull(),
  detail: text().notNull().default(''),
  payload: jsonb().$type<Record<string, unknown>>().notNull(),
  receivedAt: ts().notNull().defaultNow(),
}, (t) => [
  uniqueIndex('payment_events_id').on(t.provider, t.eventId),
  index('payment_events_ref').on(t.merchantId, t.ref),
]);

export const PAYOUT_STATUSES = ['queued', 'sent', 'paid', 'failed', 'bounced'] as const;

/** A withdrawal paid out through a provider: queued in the pay transaction, sent after it. */
export const payouts = pgTable('payouts', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  memberId: bigint({ mode: 'bigint' }).notNull().references(() => members.id),
  withdrawNo: text().notNull(),
  provider: text().notNull(),
  providerRef: text(),
  amount: bigint({ mode: 'bigint' }).notNull(),
  currency: text().notNull(),
  status: text({ enum: PAYOUT_STATUSES }).notNull().default('queued'),
  detail: text().notNull().default(''),
  paidAt: ts(),
  createdAt: ts().notNull().defaultNow(),
  updatedAt: ts().notNull().defaultNow(),
}, (t) => [
  uniqueIndex('payouts_withdrawal').on(t.merchantId, t.withdrawNo),
  index('payouts_queued').on(t.createdAt).where(sql`${t.status} = 'queued'`),
]);

/** A difference between a provider's settlement report and the ledger, for one day; resolved with a reason. */
export const reconciliationItems = pgTable('reconciliation_items', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  provider: text().notNull(),
  day: text().notNull(),
  ref: text().notNull(),
  kind: text({ enum: ['missing_in_ledger', 'missing_at_provider', 'amount_differs'] }).notNull(),
  providerAmount: bigint({ mode: 'bigint' }),
  ledgerAmount: bigint({ mode: 'bigint' }),
  foundAt: ts().notNull().defaultNow(),
  resolvedAt: ts(),
  resolvedBy: text(),
  reason: text(),
}, (t) => [uniqueIndex('reconciliation_items_key').on(t.merchantId, t.provider, t.day, t.ref, t.kind)]);

interface DemoMovement { id: string; amount: string; at: string }
/** The demo provider's record of a session: its charges, refunds, chargebacks, a payout's account. */
export interface DemoPayMeta { charges?: DemoMovement[]; refunds?: DemoMovement[]; chargebacks?: DemoMovement[]; account?: Record<string, string>; description?: string }

/**
 * The built-in demo provider's own books (an outside party served by the project): checkout
 * sessions and payouts it holds, and the webhooks it still has to deliver.
 */
export const demoPaySessions = pgTable('demo_pay_sessions', {
  id: text().primaryKey(),
  merchantCode: text().notNull(),
  kind: text({ enum: ['payment', 'payout'] }).notNull(),
  reference: text().notNull(),
  amount: bigint({ mode: 'bigint' }).notNull(),
  currency: text().notNull(),
  status: text().notNull(),
  method: text(),
  outcome: text(),
  returnUrl: text().notNull().default(''),
  webhookUrl: text().notNull(),
  meta: jsonb().$type<DemoPayMeta>().notNull().default({}),
  createdAt: ts().notNull().defaultNow(),
  settledAt: ts(),
}, (t) => [
  uniqueIndex('demo_pay_sessions_ref').on(t.merchantCode, t.kind, t.reference),
  index('demo_pay_sessions_settled').on(t.merchantCode, t.settledAt),
]);

export const demoPayWebhooks = pgTable('demo_pay_webhooks', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  sessionId: text().notNull().references(() => demoPaySessions.id),
  eventId: text().notNull(),
  body: text().notNull(),
  dueAt: ts().notNull(),
  attempts: integer().notNull().default(0),
  deliveredAt: ts(),
  lastStatus: integer(),
}, (t) => [index('demo_pay_webhooks_due').on(t.dueAt).where(sql`${t.deliveredAt} is null`)]);
