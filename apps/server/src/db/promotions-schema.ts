/** Tables of the promotions domain (see migration 0018_promotions). */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members, merchants } from './core-schema.ts';

const ts = () => timestamp({ withTimezone: true, mode: 'date' });

/** Texts per language (ES and EN from the console; the demo seed also writes PT-BR, CN, AR, VI, TH, FA); a missing language falls back to EN (ES for ES). */
export type Texts = Partial<Record<'ES' | 'EN' | 'PT-BR' | 'CN' | 'AR' | 'VI' | 'TH' | 'FA', string>>;

/** The rule of a promotion; amounts in minor units as decimal strings (see contract promotions.ts). */
export interface RuleRow {
  kind: 'deposit' | 'newbie' | 'rebate' | 'appDownload' | 'ranking';
  period: 'once' | 'daily' | 'weekly';
  bps?: number;
  maxBonus?: string;
  minDeposit?: string;
  minValidBet?: string;
  fixedAmount?: string;
  turnoverMultiple?: number;
  withinDays?: number;
  gameTypes?: string[];
  /** Ranking: the prize of each rank, in minor units. */
  prizes?: string[];
}

/** A brand's promotion: category for the page filter, rule for eligibility and amount. */
export const promotions = pgTable('promotions', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  category: text().notNull(),
  rule: jsonb().$type<RuleRow>().notNull(),
  title: jsonb().$type<Texts>().notNull(),
  summary: jsonb().$type<Texts>().notNull().default({}),
  content: jsonb().$type<Texts>().notNull().default({}),
  image: text().notNull().default(''),
  sort: integer().notNull().default(0),
  enabled: boolean().notNull().default(true),
  startsAt: ts().notNull(),
  endsAt: ts(),
  createdAt: ts().notNull().defaultNow(),
}, (t) => [
  index('promotions_brand').on(t.merchantId, t.sort),
]);

/**
 * A member's state in a promotion for one period (joined, applying, rejected, issued, claimed):
 * one row per member, promotion and period, so a reward is paid at most once.
 */
export const promotionClaims = pgTable('promotion_claims', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  promotionId: bigint({ mode: 'bigint' }).notNull().references(() => promotions.id),
  memberId: bigint({ mode: 'bigint' }).notNull().references(() => members.id),
  periodKey: text().notNull(),
  status: text({ enum: ['joined', 'applying', 'rejected', 'issued', 'claimed'] }).notNull(),
  amount: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  basis: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  turnoverRequired: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  /** What the reward was computed from (a deposit order number, a day). */
  sourceRef: text(),
  createdAt: ts().notNull().defaultNow(),
  claimedAt: ts(),
}, (t) => [
  uniqueIndex('promotion_claims_once').on(t.merchantId, t.promotionId, t.memberId, t.periodKey),
  index('promotion_claims_member').on(t.merchantId, t.memberId, t.createdAt),
  index('promotion_claims_review').on(t.merchantId, t.createdAt).where(sql`${t.status} = 'applying'`),
  check('promotion_claims_amount', sql`${t.amount} >= 0 and ${t.basis} >= 0 and ${t.turnoverRequired} >= 0`),
]);
