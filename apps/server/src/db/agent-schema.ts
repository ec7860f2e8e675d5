import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { merchants } from './core-schema.ts';

/**
 * The downline tree as a closure table: one row per (ancestor, descendant) pair, depth 0 being
 * the member itself. Kept by triggers on `members` (insert, and a change of parent_id moves the
 * subtree) so that every way of creating a member keeps it in step; see migration 0012.
 */
export const memberTree = pgTable('member_tree', {
  merchantId: integer().notNull().references(() => merchants.id),
  ancestorId: bigint({ mode: 'bigint' }).notNull(),
  descendantId: bigint({ mode: 'bigint' }).notNull(),
  depth: integer().notNull(),
}, (t) => [
  primaryKey({ columns: [t.ancestorId, t.descendantId] }),
  /** "All of my team" (depth > 0) and "my direct downlines" (depth = 1). */
  index('member_tree_team').on(t.ancestorId, t.depth, t.descendantId),
  /** "My uplines". */
  index('member_tree_uplines').on(t.descendantId, t.depth),
]);

/**
 * One member's day (local day of the brand's GMT offset) for agent reports: recomputed from
 * bet_records, deposit_orders and withdrawals for every (member, day) the rollup job finds
 * touched, so running it twice changes nothing. Team reports sum these over the closure table.
 */
export const agentDailyStats = pgTable('agent_daily_stats', {
  merchantId: integer().notNull().references(() => merchants.id),
  memberId: bigint({ mode: 'bigint' }).notNull(),
  day: date({ mode: 'string' }).notNull(),
  bets: integer().notNull().default(0),
  bet: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  validBet: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  win: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  profit: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  deposits: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  withdrawals: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  /** The member's first confirmed deposit / first bet / registration fell on this day. */
  firstDeposit: boolean().notNull().default(false),
  firstBet: boolean().notNull().default(false),
  registered: boolean().notNull().default(false),
  updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** Credited to the member that day (migration 0025): promotions and rebates, salaries (daily, hourly, real-time), dividends. */
  bonus: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  salary: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  dividend: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
}, (t) => [
  primaryKey({ columns: [t.memberId, t.day] }),
  index('agent_daily_stats_day').on(t.merchantId, t.day),
]);

/**
 * One agent's team (every member below it, any depth) for one local day: the sums of the
 * members' agent_daily_stats rows, rebuilt by the rollup job for every brand day it touched.
 * Team overviews read these (a row a day), not the members' rows.
 */
export const agentTeamDaily = pgTable('agent_team_daily', {
  merchantId: integer().notNull().references(() => merchants.id),
  agentId: bigint({ mode: 'bigint' }).notNull(),
  day: date({ mode: 'string' }).notNull(),
  registrations: integer().notNull().default(0),
  firstDeposits: integer().notNull().default(0),
  firstBets: integer().notNull().default(0),
  /** Members with valid bets that day at or above the brand's threshold. */
  activeMembers: integer().notNull().default(0),
  bettors: integer().notNull().default(0),
  bet: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  validBet: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  win: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  profit: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  deposits: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  withdrawals: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  bonus: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  salary: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  dividend: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  /**
   * activeSince[j] (0-based j = 0…30): members active that day whose previous active day is more
   * than j days earlier, or who had none. The distinct active members of days s…e are then
   * the sum over each day d of activeSince[d - s]; activeSince[0] = activeMembers.
   */
  activeSince: integer().array().notNull().default(sql`'{}'::integer[]`),
}, (t) => [primaryKey({ columns: [t.agentId, t.day] })]);

/**
 * Each agent's team as of the last rollup run: members below it (any depth and direct) and
 * the sum of their main wallets. Rebuilt for every agent of a brand by the rollup, so the team
 * overview reads one row instead of scanning the team.
 */
export const agentTeamNow = pgTable('agent_team_now', {
  agentId: bigint({ mode: 'bigint' }).primaryKey(),
  merchantId: integer().notNull().references(() => merchants.id),
  teamMembers: integer().notNull().default(0),
  directMembers: integer().notNull().default(0),
  teamBalance: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** How far the rollup job has read each append-only source (by id). */
export const agentRollupMarks = pgTable('agent_rollup_marks', {
  source: text().primaryKey(),
  lastId: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Team membership spans written by operator moves (migration 0034, modules/agent/move.ts):
 * for an (agent, member) pair whose closure row a move added or removed, the member's day rows count
 * for the agent only on the days of its spans [fromDay, toDay) (null: open). Pairs without spans
 * count every day while their closure row exists. `depth`: the member's depth below the agent then.
 */
export const agentTeamSpans = pgTable('agent_team_spans', {
  merchantId: integer().notNull().references(() => merchants.id),
  agentId: bigint({ mode: 'bigint' }).notNull(),
  memberId: bigint({ mode: 'bigint' }).notNull(),
  depth: integer().notNull(),
  fromDay: date({ mode: 'string' }),
  toDay: date({ mode: 'string' }),
}, (t) => [index('agent_team_spans_agent').on(t.agentId, t.memberId)]);

/**
 * Range rollups (issue 25, migration 0046): each member's sums over the 7 and 31 brand days ending
 * on `end_day` (the brand's today and yesterday), rebuilt by the `agent.windows` job, so team betting
 * and P&L "all members" of a big team page through an index instead of summing every member's days.
 */
export const agentMemberWindow = pgTable('agent_member_window', {
  merchantId: integer().notNull(),
  memberId: bigint({ mode: 'bigint' }).notNull(),
  endDay: date({ mode: 'string' }).notNull(),
  days: smallint().notNull(),
  bets: integer().notNull().default(0),
  bet: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  validBet: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  win: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  profit: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  deposits: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  withdrawals: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  bonus: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  salary: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  dividend: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
}, (t) => [
  primaryKey({ name: 'agent_member_window_pk', columns: [t.memberId, t.endDay, t.days] }),
  index('agent_member_window_bet').on(t.merchantId, t.endDay, t.days, t.bet.desc(), t.memberId).where(sql`"bets" > 0`),
  index('agent_member_window_valid').on(t.merchantId, t.endDay, t.days, t.validBet.desc(), t.memberId.desc()),
]);

/** Per agent and window: team members with day rows, bettors among them and their bets (the reports' totals). */
export const agentTeamWindow = pgTable('agent_team_window', {
  agentId: bigint({ mode: 'bigint' }).notNull(),
  merchantId: integer().notNull(),
  endDay: date({ mode: 'string' }).notNull(),
  days: smallint().notNull(),
  members: integer().notNull().default(0),
  bettors: integer().notNull().default(0),
  bets: integer().notNull().default(0),
}, (t) => [primaryKey({ name: 'agent_team_window_pk', columns: [t.agentId, t.endDay, t.days] })]);

/** When a brand's windows ending on a day were built, and whether the rollup changed a day in them since. */
export const agentWindowMarks = pgTable('agent_window_marks', {
  merchantId: integer().notNull(),
  endDay: date({ mode: 'string' }).notNull(),
  builtAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  dirty: boolean().notNull().default(false),
}, (t) => [primaryKey({ name: 'agent_window_marks_pk', columns: [t.merchantId, t.endDay] })]);
