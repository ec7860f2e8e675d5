import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { merchants } from './core-schema.ts';

/**
 * The built-in demo vendor's own storage. The vendor is a separate party: these tables are
 * read and written only by `demo-vendor`, which reaches the platform's money only through the
 * seamless-wallet API.
 */
const ts = () => timestamp({ withTimezone: true, mode: 'date' });

/** A game session opened by a launch. `account` null = free play with `trialBalance` play money. */
export const demoVendorSessions = pgTable('demo_vendor_sessions', {
  token: text().primaryKey(),
  merchantId: integer().notNull().references(() => merchants.id),
  /** The vendor code the game belongs to (signs the seamless calls). */
  vendor: text().notNull(),
  nodeId: text().notNull(),
  /** Which engine plays the game: slot5, baccarat, fish, dice, crash, keno. */
  engine: text().notNull(),
  /** Member account name (real play); null for free play. */
  account: text(),
  /** Player key for seeds and rounds: the account, or `trial:<token>`. */
  player: text().notNull(),
  trial: boolean().notNull().default(false),
  /** Play money of a free-play session, minor units. */
  trialBalance: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  currency: text().notNull(),
  language: text().notNull().default('ES'),
  backUrl: text(),
  createdAt: ts().notNull().defaultNow(),
  expiresAt: ts().notNull(),
}, (t) => [index('demo_vendor_sessions_expiry').on(t.expiresAt)]);

/**
 * Provably fair seed pairs per player (or per table: `table:<nodeId>`). The active pair shows
 * only its server seed hash and the next seed's hash; rotating reveals the server seed
 * (revealedAt set, stored in plain text from then on) and makes the next seed active. Unrevealed
 * seeds are sealed (lib/seal.ts, migration 0040).
 */
export const demoVendorSeeds = pgTable('demo_vendor_seeds', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  player: text().notNull(),
  /** Sealed (`s1.…`) until revealed, then the plain seed. */
  serverSeed: text().notNull(),
  serverSeedHash: text().notNull(),
  clientSeed: text().notNull(),
  /** The committed next server seed (sealed) and its hash, shown before the client seed can change. */
  nextServerSeed: text(),
  nextServerSeedHash: text(),
  /** The next round's nonce. */
  nonce: integer().notNull().default(0),
  active: boolean().notNull().default(true),
  createdAt: ts().notNull().defaultNow(),
  revealedAt: ts(),
}, (t) => [
  uniqueIndex('demo_vendor_seeds_active').on(t.merchantId, t.player).where(sql`active`),
  index('demo_vendor_seeds_player').on(t.merchantId, t.player, t.id),
]);

/** One played round: its fairness inputs, stakes and outcome. `status` follows the seamless calls. */
export const demoVendorRounds = pgTable('demo_vendor_rounds', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  player: text().notNull(),
  roundId: text().notNull(),
  engine: text().notNull(),
  nodeId: text().notNull(),
  trial: boolean().notNull().default(false),
  seedId: bigint({ mode: 'bigint' }),
  nonce: integer(),
  /** A baccarat bet: the player's client seed at bet time, mixed into the table round's cut (migration 0040). */
  clientSeed: text(),
  bet: bigint({ mode: 'bigint' }).notNull(),
  payout: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  /** The engine's input (bets, choices) and outcome, as the screen draws it. */
  input: jsonb().$type<Record<string, unknown>>(),
  outcome: jsonb().$type<Record<string, unknown>>(),
  /** pending (bet sent), settled (win sent), refunded (rolled back), failed (bet refused). */
  status: text({ enum: ['pending', 'settled', 'refunded', 'failed'] }).notNull().default('pending'),
  createdAt: ts().notNull().defaultNow(),
  settledAt: ts(),
}, (t) => [
  uniqueIndex('demo_vendor_rounds_round').on(t.merchantId, t.roundId, t.player),
  index('demo_vendor_rounds_player').on(t.merchantId, t.player, t.id),
  index('demo_vendor_rounds_pending').on(t.status, t.createdAt),
]);

/**
 * The crash game's hash chains, one at a time per brand and game (issue 21, migration 0050): a
 * secret start (sealed, lib/seal.ts) hashed `length` times with SHA-256 gives the published
 * terminating hash; rounds use the chain backwards (games/crash-chain in the contract). `seq`
 * numbers the chains of a game; a new one starts when the last round of the previous one is used.
 */
export const demoVendorCrashChains = pgTable('demo_vendor_crash_chains', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  nodeId: text().notNull(),
  seq: integer().notNull(),
  length: integer().notNull(),
  /** Sealed (`s1.…`): never revealed as such; each round reveals its own seed. */
  startSeed: text().notNull(),
  terminatingHash: text().notNull(),
  /** The published salt of the round results (HMAC-SHA256(round seed, salt)). */
  salt: text().notNull(),
  createdAt: ts().notNull().defaultNow(),
}, (t) => [uniqueIndex('demo_vendor_crash_chains_seq').on(t.merchantId, t.nodeId, t.seq)]);
