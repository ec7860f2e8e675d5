import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants } from './core-schema.ts';

const ts = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * A partner's seamless-wallet credential at one brand (issue 20). `partner` is a vendor code
 * (protocol `native`: `secret` signs its HMAC calls) or an aggregator code (protocol `hub88`:
 * `partnerPublicKey` verifies its calls, `ourPrivateKey` signs our answers; PEM, the private key
 * encrypted with BRAND_KEY_PASSPHRASE when set). Several rows per partner: a rotation gives the
 * older ones an `expiresAt` (the overlap), after which they stop; null = no end.
 */
export const seamlessCredentials = pgTable('seamless_credentials', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  partner: text().notNull(),
  protocol: text({ enum: ['native', 'hub88'] }).notNull(),
  secret: text(),
  partnerPublicKey: text(),
  ourPublicKey: text(),
  ourPrivateKey: text(),
  createdBy: text().notNull().default(''),
  createdAt: ts().notNull().defaultNow(),
  expiresAt: ts(),
}, (t) => [index('seamless_credentials_partner').on(t.merchantId, t.partner)]);

/**
 * A launch token (issue 20 item 3): the game session a launch opens for one member, brand,
 * vendor, game and currency until `expiresAt`. Only the token's SHA-256 is kept. It also ends
 * with the lobby session that launched it (logout, lock, cool-off, self-exclusion revoke those).
 */
export const gameSessions = pgTable('game_sessions', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  memberId: bigint({ mode: 'bigint' }).notNull(),
  /** The lobby session that launched the game. */
  sessionId: bigint({ mode: 'bigint' }),
  vendor: text().notNull(),
  /** The game's nodeId. */
  game: text().notNull(),
  gameCode: text().notNull(),
  currency: text().notNull(),
  tokenHash: text().notNull(),
  expiresAt: ts().notNull(),
  endedAt: ts(),
  createdAt: ts().notNull().defaultNow(),
}, (t) => [
  uniqueIndex('game_sessions_token').on(t.tokenHash),
  index('game_sessions_member').on(t.merchantId, t.memberId),
]);

/** A member's round at a vendor: closed by a settling win (native) or `round_closed` (Hub88); no bet and no ordinary win after that. */
export const seamlessRounds = pgTable('seamless_rounds', {
  merchantId: integer().notNull(),
  vendor: text().notNull(),
  roundId: text().notNull(),
  memberId: bigint({ mode: 'bigint' }).notNull(),
  closedAt: ts(),
  createdAt: ts().notNull().defaultNow(),
}, (t) => [primaryKey({ name: 'seamless_rounds_pk', columns: [t.merchantId, t.vendor, t.roundId, t.memberId] })]);

/**
 * Every seamless-wallet transaction a vendor sent (bet, win, rollback), unique per
 * (brand, vendor, txId): a duplicate reads the first answer back. A rollback of a bet never
 * seen leaves a `rollback_unknown` bet row under the referenced tx id, so the late bet is refused.
 */
export const vendorTransactions = pgTable('vendor_transactions', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  vendor: text().notNull(),
  txId: text().notNull(),
  /** For a rollback: the bet it refunds. */
  refTxId: text(),
  roundId: text().notNull(),
  memberId: bigint({ mode: 'bigint' }).notNull(),
  kind: text({ enum: ['bet', 'win', 'rollback'] }).notNull(),
  amount: bigint({ mode: 'bigint' }).notNull(),
  status: text({ enum: ['applied', 'refused', 'rolled_back', 'rollback_unknown'] }).notNull(),
  /** The first answer's value, returned again on a duplicate. */
  answer: jsonb().$type<Record<string, unknown>>(),
  postingId: bigint({ mode: 'bigint' }),
  /** What the call said (kind, member, round, amount, game, currency, reference, flags): the same id with another fingerprint is a conflict. */
  fingerprint: text(),
  createdAt: ts().notNull().defaultNow(),
}, (t) => [
  uniqueIndex('vendor_transactions_tx').on(t.merchantId, t.vendor, t.txId),
  index('vendor_transactions_round').on(t.merchantId, t.vendor, t.roundId),
]);

/** The betting record: one per bet, settled by the round's win or refunded by a rollback. Read by records, hot games, the winner board and agent reports. */
export const betRecords = pgTable('bet_records', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  memberId: bigint({ mode: 'bigint' }).notNull(),
  orderNo: text().notNull().unique(),
  vendor: text().notNull(),
  /** The game's node id. */
  game: text().notNull(),
  gameType: text().notNull(),
  roundId: text().notNull(),
  bet: bigint({ mode: 'bigint' }).notNull(),
  validBet: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  win: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  /** win - bet once settled. */
  profit: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  status: text({ enum: ['open', 'settled', 'refunded'] }).notNull().default('open'),
  betAt: ts().notNull().defaultNow(),
  settledAt: ts(),
}, (t) => [
  index('bet_records_round').on(t.merchantId, t.vendor, t.roundId),
  index('bet_records_member').on(t.merchantId, t.memberId, t.betAt),
  index('bet_records_settled').on(t.merchantId, t.settledAt),
]);
