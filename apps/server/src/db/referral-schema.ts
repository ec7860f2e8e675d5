import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members, merchants } from './core-schema.ts';

const ts = () => timestamp({ withTimezone: true, mode: 'date' });

/** Referral income: one row per invitee and rule (paid once; migration 0019). */
export const referralRewards = pgTable('referral_rewards', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  referrerId: bigint({ mode: 'bigint' }).notNull().references(() => members.id),
  inviteeId: bigint({ mode: 'bigint' }).notNull().references(() => members.id),
  rule: text({ enum: ['first_deposit', 'threshold'] }).notNull(),
  basis: bigint({ mode: 'bigint' }).notNull(),
  amount: bigint({ mode: 'bigint' }).notNull(),
  createdAt: ts().notNull().defaultNow(),
}, (t) => [
  uniqueIndex('referral_rewards_once').on(t.merchantId, t.inviteeId, t.rule),
  index('referral_rewards_referrer').on(t.referrerId, t.createdAt),
  check('referral_rewards_amount', sql`${t.amount} > 0 AND ${t.basis} >= 0`),
]);

/** A red envelope: agent-sent (sender set) or a promotion (sender null, scope all). */
export const redEnvelopes = pgTable('red_envelopes', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  kind: text({ enum: ['agent', 'promotion'] }).notNull(),
  senderId: bigint({ mode: 'bigint' }).references(() => members.id),
  scope: text({ enum: ['direct', 'team', 'all'] }).notNull(),
  title: text().notNull().default(''),
  total: bigint({ mode: 'bigint' }).notNull(),
  count: integer().notNull(),
  split: text({ enum: ['random', 'equal'] }).notNull(),
  openedCount: integer().notNull().default(0),
  openedAmount: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  refunded: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  status: text({ enum: ['open', 'finished', 'expired'] }).notNull().default('open'),
  requestId: text(),
  startsAt: ts().notNull(),
  expiresAt: ts().notNull(),
  createdAt: ts().notNull().defaultNow(),
  closedAt: ts(),
}, (t) => [
  uniqueIndex('red_envelopes_request').on(t.merchantId, t.senderId, t.requestId).where(sql`${t.requestId} IS NOT NULL`),
  index('red_envelopes_open').on(t.merchantId, t.expiresAt).where(sql`${t.status} = 'open'`),
  index('red_envelopes_sender_created').on(t.senderId, t.createdAt),
  check('red_envelopes_amounts', sql`${t.total} > 0 AND ${t.count} > 0 AND ${t.openedCount} BETWEEN 0 AND ${t.count}
		AND ${t.openedAmount} >= 0 AND ${t.refunded} >= 0 AND ${t.openedAmount} + ${t.refunded} <= ${t.total}`),
  check('red_envelopes_sender', sql`(${t.kind} = 'agent') = (${t.senderId} IS NOT NULL)`),
  check('red_envelopes_window', sql`${t.startsAt} < ${t.expiresAt}`),
]);

/** The shares of an envelope, cut at creation; member set when opened (one per member). */
export const redEnvelopeShares = pgTable('red_envelope_shares', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  envelopeId: bigint({ mode: 'bigint' }).notNull().references(() => redEnvelopes.id),
  seq: integer().notNull(),
  amount: bigint({ mode: 'bigint' }).notNull(),
  memberId: bigint({ mode: 'bigint' }).references(() => members.id),
  openedAt: ts(),
}, (t) => [
  uniqueIndex('red_envelope_shares_seq').on(t.envelopeId, t.seq),
  uniqueIndex('red_envelope_shares_member').on(t.envelopeId, t.memberId),
  index('red_envelope_shares_opener').on(t.memberId, t.openedAt),
  check('red_envelope_shares_amount', sql`${t.amount} > 0`),
  check('red_envelope_shares_opened', sql`(${t.memberId} IS NULL) = (${t.openedAt} IS NULL)`),
]);
