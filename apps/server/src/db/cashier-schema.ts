import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members, merchants } from './core-schema.ts';

const ts = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * A deposit order. `pending` until the operator confirms (the wallet is credited by the posting
 * `deposit:<orderNo>`) or rejects it, the member cancels it or the expiry job closes it.
 * Every status change is a conditional UPDATE … WHERE status = 'pending'.
 */
export const depositOrders = pgTable('deposit_orders', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  memberId: bigint({ mode: 'bigint' }).notNull().references(() => members.id),
  orderNo: text().notNull(),
  /** The client's idempotency key: the same one answers the same order. */
  requestId: text().notNull(),
  method: text().notNull(),
  channel: text().notNull(),
  amount: bigint({ mode: 'bigint' }).notNull(),
  bonusCode: text(),
  bonusAmount: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  turnoverMultiple: integer().notNull().default(0),
  payee: jsonb().$type<Record<string, string>>().notNull().default({}),
  status: text({ enum: ['pending', 'confirmed', 'cancelled', 'expired', 'rejected'] }).notNull().default('pending'),
  remark: text().notNull().default(''),
  createdAt: ts().notNull().defaultNow(),
  expiresAt: ts().notNull(),
  closedAt: ts(),
}, (t) => [
  uniqueIndex('deposit_orders_no').on(t.merchantId, t.orderNo),
  uniqueIndex('deposit_orders_request').on(t.merchantId, t.memberId, t.requestId),
  index('deposit_orders_member').on(t.merchantId, t.memberId, t.createdAt),
  index('deposit_orders_brand').on(t.merchantId, t.createdAt),
  index('deposit_orders_pending').on(t.expiresAt).where(sql`${t.status} = 'pending'`),
  check('deposit_orders_amount', sql`${t.amount} > 0 and ${t.bonusAmount} >= 0`),
]);

/** The member's withdrawal password and its wrong-try lock; the payee name bound with the first account. */
export const memberSecrets = pgTable('member_secrets', {
  memberId: bigint({ mode: 'bigint' }).primaryKey().references(() => members.id),
  paymentPasswordHash: text(),
  paymentPasswordFailures: integer().notNull().default(0),
  paymentPasswordLockedUntil: ts(),
  payeeName: text(),
  updatedAt: ts().notNull().defaultNow(),
});

/** Bank or e-wallet accounts a member withdraws to. Bound once, never edited. */
export const withdrawAccounts = pgTable('withdraw_accounts', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  memberId: bigint({ mode: 'bigint' }).notNull().references(() => members.id),
  kind: text({ enum: ['bank', 'ewallet'] }).notNull(),
  bankName: text().notNull(),
  accountNo: text().notNull(),
  payeeName: text().notNull(),
  createdAt: ts().notNull().defaultNow(),
}, (t) => [
  uniqueIndex('withdraw_accounts_unique').on(t.memberId, t.kind, t.accountNo),
  index('withdraw_accounts_member').on(t.merchantId, t.memberId),
]);

/**
 * A withdrawal. `pending` (amount held in the brand's withdraw_hold account) → `paid` or
 * `rejected` by the operator → `received` / `disputed` by the member, or `auto_received` by
 * the job; `returned` when a provider payout failed or bounced (payments). Money moves by the
 * postings `withdraw:<no>:hold|pay|reject|return`.
 */
export const withdrawals = pgTable('withdrawals', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  memberId: bigint({ mode: 'bigint' }).notNull().references(() => members.id),
  withdrawNo: text().notNull(),
  requestId: text().notNull(),
  accountId: bigint({ mode: 'bigint' }).notNull().references(() => withdrawAccounts.id),
  /** The account as it was at request time. */
  account: jsonb().$type<{ kind: 'bank' | 'ewallet'; bankName: string; accountNo: string; payeeName: string }>().notNull(),
  amount: bigint({ mode: 'bigint' }).notNull(),
  fee: bigint({ mode: 'bigint' }).notNull(),
  status: text({ enum: ['pending', 'paid', 'rejected', 'received', 'disputed', 'auto_received', 'returned'] }).notNull().default('pending'),
  receipt: text({ enum: ['received', 'not_received', 'partial', 'auto'] }),
  receivedAmount: bigint({ mode: 'bigint' }),
  remark: text().notNull().default(''),
  memberRemark: text().notNull().default(''),
  createdAt: ts().notNull().defaultNow(),
  paidAt: ts(),
  closedAt: ts(),
}, (t) => [
  uniqueIndex('withdrawals_no').on(t.merchantId, t.withdrawNo),
  uniqueIndex('withdrawals_request').on(t.merchantId, t.memberId, t.requestId),
  index('withdrawals_member').on(t.merchantId, t.memberId, t.createdAt),
  index('withdrawals_brand').on(t.merchantId, t.createdAt),
  index('withdrawals_paid').on(t.merchantId, t.paidAt).where(sql`${t.status} = 'paid'`),
  check('withdrawals_amount', sql`${t.amount} > 0 and ${t.fee} >= 0 and ${t.fee} < ${t.amount}`),
]);

/** Valid bets a member must place (bonuses) before withdrawing; open while completed_at is null. */
export const turnoverRequirements = pgTable('turnover_requirements', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  memberId: bigint({ mode: 'bigint' }).notNull().references(() => members.id),
  /** 'bonus:<code>' */
  source: text().notNull(),
  /** The deposit order (or other reference) that created it; one requirement per reference. */
  sourceRef: text().notNull(),
  required: bigint({ mode: 'bigint' }).notNull(),
  progress: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  createdAt: ts().notNull().defaultNow(),
  completedAt: ts(),
}, (t) => [
  uniqueIndex('turnover_requirements_ref').on(t.merchantId, t.sourceRef),
  index('turnover_requirements_open').on(t.memberId, t.id).where(sql`${t.completedAt} is null`),
]);
