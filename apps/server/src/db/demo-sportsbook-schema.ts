import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { merchants } from './core-schema.ts';

/**
 * Tables of the demo sportsbook (sports and e-sports): its own books, as an outside vendor keeps
 * them. Read and written only by `demo-sportsbook`, which moves the platform's money only
 * through the seamless wallet (migration 0048).
 */
const ts = () => timestamp({ withTimezone: true, mode: 'date' });

/** A sportsbook session opened by a launch (real play with the launch token, or free play with play money). */
export const demoSportsSessions = pgTable('demo_sports_sessions', {
  token: text().primaryKey(),
  merchantId: integer().notNull().references(() => merchants.id),
  vendor: text().notNull(),
  nodeId: text().notNull(),
  /** sports | esports */
  kind: text({ enum: ['sports', 'esports'] }).notNull(),
  account: text(),
  /** The account (lower case), or `trial:<token>`. */
  player: text().notNull(),
  trial: boolean().notNull().default(false),
  trialBalance: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  currency: text().notNull(),
  language: text().notNull().default('ES'),
  backUrl: text(),
  createdAt: ts().notNull().defaultNow(),
  expiresAt: ts().notNull(),
}, (t) => [index('demo_sports_sessions_expiry').on(t.expiresAt)]);

/**
 * A fixture. Teams and strengths are public (from the id); the result comes from the server
 * seed, sealed (lib/seal.ts) until the match is over, its SHA-256 shown from the start.
 */
export const demoSportsMatches = pgTable('demo_sports_matches', {
  /** `<league>-<kick-off epoch seconds>` */
  id: text().primaryKey(),
  kind: text({ enum: ['sports', 'esports'] }).notNull(),
  sport: text().notNull(),
  league: text().notNull(),
  home: text().notNull(),
  away: text().notNull(),
  homeStrength: integer().notNull(),
  awayStrength: integer().notNull(),
  kickoffAt: ts().notNull(),
  /** Kick-off + the match's duration (a race may finish earlier). */
  endsAt: ts().notNull(),
  serverSeed: text().notNull(),
  serverSeedHash: text().notNull(),
  revealedAt: ts(),
  /** The final result (or abandonment) once the match's bets were settled. */
  result: jsonb().$type<Record<string, unknown>>(),
  settledAt: ts(),
}, (t) => [
  index('demo_sports_matches_kind').on(t.kind, t.kickoffAt),
  index('demo_sports_matches_due').on(t.endsAt).where(sql`settled_at is null`),
]);

/** A bet (single or parlay). Its seamless tx ids are `SB<id>:bet`, `SB<id>:win`, `SB<id>:rb` (round `SB<id>`). */
export const demoSportsBets = pgTable('demo_sports_bets', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  vendor: text().notNull(),
  nodeId: text().notNull(),
  kind: text({ enum: ['sports', 'esports'] }).notNull(),
  player: text().notNull(),
  account: text(),
  /** The session that placed it (free play pays back into its play money). */
  token: text().notNull(),
  trial: boolean().notNull().default(false),
  stake: bigint({ mode: 'bigint' }).notNull(),
  /** Stake × the legs' odds, rounded down. */
  potential: bigint({ mode: 'bigint' }).notNull(),
  /** pending (bet sent), open (accepted), settled, failed (refused), refunded (rolled back before it was accepted). */
  status: text({ enum: ['pending', 'open', 'settled', 'failed', 'refunded'] }).notNull().default('pending'),
  result: text({ enum: ['won', 'lost', 'push', 'void', 'cashout'] }),
  payout: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  /** When the wallet confirmed the settlement (win or rollback); null while it is owed. */
  paidAt: ts(),
  createdAt: ts().notNull().defaultNow(),
  settledAt: ts(),
}, (t) => [
  index('demo_sports_bets_player').on(t.merchantId, t.player, t.id),
  index('demo_sports_bets_owed').on(t.status, t.createdAt).where(sql`paid_at is null`),
]);

/** A leg of a bet: one selection at the odds taken (×100). */
export const demoSportsLegs = pgTable('demo_sports_legs', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  betId: bigint({ mode: 'bigint' }).notNull().references(() => demoSportsBets.id),
  matchId: text().notNull().references(() => demoSportsMatches.id),
  market: text().notNull(),
  selection: text().notNull(),
  odds: integer().notNull(),
  /** Taken in play (after kick-off). */
  live: boolean().notNull().default(false),
  result: text({ enum: ['won', 'lost', 'push', 'void'] }),
}, (t) => [
  index('demo_sports_legs_bet').on(t.betId),
  index('demo_sports_legs_open').on(t.matchId).where(sql`result is null`),
]);
