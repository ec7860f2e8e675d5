import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants } from './core-schema.ts';

const ts = () => timestamp({ withTimezone: true, mode: 'date' });

/** A vendor's seamless-wallet credentials at one brand: the HMAC-SHA256 secret of its calls. */
export const vendorCredentials = pgTable('vendor_credentials', {
  merchantId: integer().notNull().references(() => merchants.id),
  vendor: text().notNull(),
  secret: text().notNull(),
  enabled: boolean().notNull().default(true),
  createdAt: ts().notNull().defaultNow(),
}, (t) => [uniqueIndex('vendor_credentials_key').on(t.merchantId, t.vendor)]);

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
