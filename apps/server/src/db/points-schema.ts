/** Tables of the points mall (see migration 0021_points_mall). */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members, merchants } from './core-schema.ts';

const ts = () => timestamp({ withTimezone: true, mode: 'date' });

/** Texts per language (ES and EN from the console; the demo seed also writes the other translated languages). */
export type PointTexts = Partial<Record<'ES' | 'EN' | 'PT-BR' | 'CN' | 'AR' | 'VI' | 'TH' | 'FA', string>>;

/** A member's points: balance (never negative), points ever earned, valid bet carried towards the next point. */
export const pointAccounts = pgTable('point_accounts', {
  memberId: bigint({ mode: 'bigint' }).primaryKey().references(() => members.id),
  merchantId: integer().notNull().references(() => merchants.id),
  balance: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  earned: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  carry: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  updatedAt: ts().notNull().defaultNow(),
}, (t) => [
  check('point_accounts_not_negative', sql`${t.balance} >= 0 and ${t.earned} >= 0 and ${t.carry} >= 0`),
]);

/** The points ledger: one row per change of a member's points, unique per idempotency key. */
export const pointPostings = pgTable('point_postings', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  memberId: bigint({ mode: 'bigint' }).notNull().references(() => members.id),
  kind: text({ enum: ['earn', 'redeem', 'refund', 'convert', 'adjust'] }).notNull(),
  points: bigint({ mode: 'bigint' }).notNull(),
  balanceAfter: bigint({ mode: 'bigint' }).notNull(),
  idemKey: text().notNull(),
  ref: text().notNull().default(''),
  createdAt: ts().notNull().defaultNow(),
}, (t) => [
  uniqueIndex('point_postings_idem').on(t.merchantId, t.idemKey),
  index('point_postings_member').on(t.merchantId, t.memberId, t.id),
  check('point_postings_kind', sql`${t.kind} in ('earn', 'redeem', 'refund', 'convert', 'adjust')`),
  check('point_postings_balance', sql`${t.balanceAfter} >= 0 and ${t.points} <> 0`),
]);

/** Each settled bet that was counted for points: its primary key makes a bet count once. */
export const pointBetAccruals = pgTable('point_bet_accruals', {
  betId: bigint({ mode: 'bigint' }).primaryKey(),
  merchantId: integer().notNull().references(() => merchants.id),
  memberId: bigint({ mode: 'bigint' }).notNull(),
  validBet: bigint({ mode: 'bigint' }).notNull(),
  createdAt: ts().notNull().defaultNow(),
});

/** Per brand: bets settled before this instant have all been counted. */
export const pointWatermarks = pgTable('point_watermarks', {
  merchantId: integer().primaryKey().references(() => merchants.id),
  settledThrough: ts().notNull(),
});

/** A reward of the mall: a physical item or a balance voucher (voucherAmount in minor units). */
export const pointRewards = pgTable('point_rewards', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  kind: text({ enum: ['item', 'voucher'] }).notNull(),
  name: jsonb().$type<PointTexts>().notNull(),
  description: jsonb().$type<PointTexts>().notNull().default({}),
  image: text().notNull().default(''),
  cost: bigint({ mode: 'bigint' }).notNull(),
  stock: integer().notNull().default(0),
  perMemberLimit: integer(),
  voucherAmount: bigint({ mode: 'bigint' }),
  enabled: boolean().notNull().default(true),
  sort: integer().notNull().default(0),
  createdAt: ts().notNull().defaultNow(),
}, (t) => [
  index('point_rewards_brand').on(t.merchantId, t.sort),
  check('point_rewards_values', sql`${t.cost} > 0 and ${t.stock} >= 0 and (${t.kind} = 'voucher') = (${t.voucherAmount} is not null) and coalesce(${t.voucherAmount}, 1) > 0`),
]);

/** A redemption: points taken at once; in process until the operator approves or rejects it. */
export const pointRedemptions = pgTable('point_redemptions', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  memberId: bigint({ mode: 'bigint' }).notNull().references(() => members.id),
  rewardId: bigint({ mode: 'bigint' }).notNull().references(() => pointRewards.id),
  orderNo: text().notNull(),
  requestId: text().notNull(),
  kind: text({ enum: ['item', 'voucher'] }).notNull(),
  points: bigint({ mode: 'bigint' }).notNull(),
  status: text({ enum: ['process', 'approved', 'rejected'] }).notNull().default('process'),
  receiver: text().notNull().default(''),
  address: text().notNull().default(''),
  mobile: text().notNull().default(''),
  voucherAmount: bigint({ mode: 'bigint' }),
  remark: text().notNull().default(''),
  createdAt: ts().notNull().defaultNow(),
  reviewedAt: ts(),
}, (t) => [
  uniqueIndex('point_redemptions_order').on(t.orderNo),
  uniqueIndex('point_redemptions_request').on(t.merchantId, t.memberId, t.requestId),
  index('point_redemptions_member').on(t.merchantId, t.memberId, t.rewardId),
  index('point_redemptions_review').on(t.merchantId, t.status, t.id),
  check('point_redemptions_status', sql`${t.status} in ('process', 'approved', 'rejected') and ${t.points} > 0`),
]);
