import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members, merchants } from './core-schema.ts';

/**
 * A ledger account. Member wallets may never go below zero (a CHECK, not only code); brand
 * accounts that face the outside world (house, deposit clearing, bonus pool) may.
 */
export const ledgerAccounts = pgTable('ledger_accounts', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  /** null for the brand's own accounts. */
  memberId: bigint({ mode: 'bigint' }).references(() => members.id),
  /** 'main', 'bonus', 'game:<vendor>' for members; 'house', 'clearing', 'bonus_pool', 'payout', 'play_money' for the brand. */
  wallet: text().notNull(),
  /**
   * Brand accounts are split into shards (0…LEDGER_SHARDS-1) so that concurrent postings do
   * not all queue on one row; the brand's balance of a wallet is the sum of its shards.
   */
  shard: smallint().notNull().default(0),
  balance: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  allowNegative: boolean().notNull().default(false),
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('ledger_accounts_owner').on(t.merchantId, t.memberId, t.wallet).where(sql`${t.memberId} is not null`),
  uniqueIndex('ledger_accounts_brand_shard').on(t.merchantId, t.wallet, t.shard).where(sql`${t.memberId} is null`),
  check('ledger_balance_not_negative', sql`${t.allowNegative} or ${t.balance} >= 0`),
]);

/** One money movement: balanced entries, applied once per idempotency key. */
export const postings = pgTable('postings', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  kind: text().notNull(),
  /** The external reference (deposit order, withdrawal, vendor transaction, transfer request). */
  idemKey: text().notNull(),
  /** The member the posting is about (for statements), if any. */
  memberId: bigint({ mode: 'bigint' }),
  meta: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  /** A correcting posting names the one it reverses. */
  reverses: bigint({ mode: 'bigint' }),
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('postings_idem').on(t.merchantId, t.idemKey),
  index('postings_member').on(t.memberId, t.createdAt),
]);

/** Immutable entries; each records the account balance right after it, for statements. */
export const entries = pgTable('entries', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  postingId: bigint({ mode: 'bigint' }).notNull().references(() => postings.id),
  accountId: bigint({ mode: 'bigint' }).notNull().references(() => ledgerAccounts.id),
  amount: bigint({ mode: 'bigint' }).notNull(),
  balanceAfter: bigint({ mode: 'bigint' }).notNull(),
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [index('entries_account').on(t.accountId, t.id), index('entries_posting').on(t.postingId)]);
