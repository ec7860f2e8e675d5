/** Tables of missions and VIP (see migration 0020_missions_vip). */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members, merchants } from './core-schema.ts';

const ts = () => timestamp({ withTimezone: true, mode: 'date' });

/** A brand's mission: what it counts (kind), over which period, the target and the reward (minor units; counts for count kinds). */
export const missions = pgTable('missions', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  kind: text({ enum: ['validBet', 'betCount', 'games', 'deposits', 'depositAmount'] }).notNull(),
  period: text({ enum: ['daily', 'weekly', 'milestone'] }).notNull(),
  target: bigint({ mode: 'bigint' }).notNull(),
  reward: bigint({ mode: 'bigint' }).notNull(),
  title: jsonb().$type<Partial<Record<'ES' | 'EN' | 'PT-BR' | 'CN' | 'AR' | 'VI' | 'TH' | 'FA', string>>>().notNull(),
  sort: integer().notNull().default(0),
  enabled: boolean().notNull().default(true),
  createdAt: ts().notNull().defaultNow(),
}, (t) => [
  index('missions_brand').on(t.merchantId, t.sort),
  check('missions_amounts', sql`${t.target} > 0 and ${t.reward} >= 0`),
]);

/** A claimed mission: one row per member, mission and period, so a reward is paid at most once. */
export const missionClaims = pgTable('mission_claims', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  missionId: bigint({ mode: 'bigint' }).notNull().references(() => missions.id),
  memberId: bigint({ mode: 'bigint' }).notNull().references(() => members.id),
  periodKey: text().notNull(),
  progress: bigint({ mode: 'bigint' }).notNull(),
  reward: bigint({ mode: 'bigint' }).notNull(),
  postingId: bigint({ mode: 'bigint' }),
  claimedAt: ts().notNull().defaultNow(),
}, (t) => [
  uniqueIndex('mission_claims_once').on(t.merchantId, t.missionId, t.memberId, t.periodKey),
  index('mission_claims_member').on(t.merchantId, t.memberId, t.periodKey),
]);

/** A brand's VIP level: reached when cumulative confirmed deposits and valid bet both meet the thresholds. */
export const vipLevels = pgTable('vip_levels', {
  merchantId: integer().notNull().references(() => merchants.id),
  level: integer().notNull(),
  label: text().notNull(),
  minDeposit: bigint({ mode: 'bigint' }).notNull(),
  minValidBet: bigint({ mode: 'bigint' }).notNull(),
  reward: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  /** The label per language (migration 0028); a missing language shows `label`. */
  labels: jsonb().$type<Partial<Record<'ES' | 'EN', string>>>().notNull().default(sql`'{}'::jsonb`),
}, (t) => [
  primaryKey({ columns: [t.merchantId, t.level] }),
  check('vip_levels_amounts', sql`${t.level} >= 0 and ${t.minDeposit} >= 0 and ${t.minValidBet} >= 0 and ${t.reward} >= 0`),
]);

/** A paid VIP level reward: one per member and level. */
export const vipRewards = pgTable('vip_rewards', {
  merchantId: integer().notNull().references(() => merchants.id),
  memberId: bigint({ mode: 'bigint' }).notNull().references(() => members.id),
  level: integer().notNull(),
  amount: bigint({ mode: 'bigint' }).notNull(),
  postingId: bigint({ mode: 'bigint' }),
  claimedAt: ts().notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.merchantId, t.memberId, t.level] }),
]);

/**
 * A member's activity totals up to `throughAt` (a rollup): since-ever totals (milestones, VIP) are
 * this row plus the live activity after `throughAt`, so a read never walks a member's whole
 * history. `throughAt` trails now by a settle window (bets settle and deposits confirm within it).
 */
export const memberActivityTotals = pgTable('member_activity_totals', {
  merchantId: integer().notNull().references(() => merchants.id),
  memberId: bigint({ mode: 'bigint' }).notNull().references(() => members.id),
  throughAt: ts().notNull(),
  validBet: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  betCount: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  deposits: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  depositAmount: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
}, (t) => [
  primaryKey({ columns: [t.merchantId, t.memberId] }),
]);
