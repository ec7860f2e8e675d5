import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { merchants } from './core-schema.ts';

/**
 * Tables of the demo cockfight derby: its own books, as an outside vendor keeps them. Read and
 * written only by `demo-cockfight`, which reaches the platform's money only through the
 * seamless-wallet API (migration 0049).
 */
const ts = () => timestamp({ withTimezone: true, mode: 'date' });

/** A game session opened by a launch: the platform's launch token (real play) or a free-play token with play money. */
export const demoCockfightSessions = pgTable('demo_cockfight_sessions', {
  token: text().primaryKey(),
  merchantId: integer().notNull().references(() => merchants.id),
  vendor: text().notNull(),
  nodeId: text().notNull(),
  /** Member account name (real play); null for free play. */
  account: text(),
  /** The account in lower case, or `trial:<token>`. */
  player: text().notNull(),
  trial: boolean().notNull().default(false),
  trialBalance: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  currency: text().notNull(),
  language: text().notNull().default('ES'),
  backUrl: text(),
  createdAt: ts().notNull().defaultNow(),
  expiresAt: ts().notNull(),
}, (t) => [index('demo_cockfight_sessions_expiry').on(t.expiresAt)]);

/**
 * A fight of a derby (brand and game): created by the first caller with its own server seed
 * (sealed, hash shown) and settled once when it ends (result, final pools, seed revealed).
 */
export const demoCockfightFights = pgTable('demo_cockfight_fights', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  nodeId: text().notNull(),
  fightNo: bigint({ mode: 'number' }).notNull(),
  /** `CF<nodeId>-<fightNo>`. */
  fightId: text().notNull(),
  closesAt: ts().notNull(),
  endsAt: ts().notNull(),
  /** Sealed until the fight ends, then the plain seed. */
  serverSeed: text().notNull(),
  serverSeedHash: text().notNull(),
  /** open (betting or fighting), settled (result known). */
  status: text({ enum: ['open', 'settled'] }).notNull().default('open'),
  result: text({ enum: ['meron', 'wala', 'draw', 'cancelled'] }),
  roll: integer(),
  /** Final pools at the cut-off (minor units as strings) and the odds paid. */
  pools: jsonb().$type<Record<string, string>>(),
  odds: jsonb().$type<Record<string, string>>(),
  createdAt: ts().notNull().defaultNow(),
  settledAt: ts(),
}, (t) => [
  uniqueIndex('demo_cockfight_fights_no').on(t.merchantId, t.nodeId, t.fightNo),
  index('demo_cockfight_fights_open').on(t.status, t.endsAt),
]);

/**
 * A bet: one wallet round `CF<id>` (tx ids `CF<id>:bet|win|rb`). status follows the wallet:
 * placing (bet sent), open (debited), settled (win sent), refunded (rolled back), failed (refused).
 * `state` is claimed once with the result (null before).
 */
export const demoCockfightBets = pgTable('demo_cockfight_bets', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  fightRef: bigint({ mode: 'bigint' }).notNull().references(() => demoCockfightFights.id),
  fightNo: bigint({ mode: 'number' }).notNull(),
  nodeId: text().notNull(),
  vendor: text().notNull(),
  player: text().notNull(),
  /** The member's account (real play), or null (free play: the session's play money). */
  account: text(),
  sessionToken: text().notNull(),
  trial: boolean().notNull().default(false),
  side: text({ enum: ['meron', 'wala', 'draw'] }).notNull(),
  amount: bigint({ mode: 'bigint' }).notNull(),
  oddsAtBet: text().notNull(),
  status: text({ enum: ['placing', 'open', 'settled', 'refunded', 'failed'] }).notNull().default('placing'),
  state: text({ enum: ['won', 'lost', 'push', 'void'] }),
  payout: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  createdAt: ts().notNull().defaultNow(),
  settledAt: ts(),
}, (t) => [
  index('demo_cockfight_bets_player').on(t.merchantId, t.player, t.id),
  index('demo_cockfight_bets_fight').on(t.fightRef),
  index('demo_cockfight_bets_pending').on(t.status, t.createdAt),
]);
