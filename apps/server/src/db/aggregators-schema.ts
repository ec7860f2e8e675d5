import { boolean, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants } from './core-schema.ts';

const ts = () => timestamp({ withTimezone: true, mode: 'date' });

/** What the last catalog import of an aggregator brought (console view). */
export interface AggregatorImport { at: string; vendors: number; games: number; added: number }

/**
 * A game aggregator a brand buys content from (issue 20 item 5): how to reach its operator API
 * (`kind` = the adapter, e.g. hub88), our operator id there, and the catalog vendors its last
 * import created (their games launch through this aggregator). `code` is also the partner name of
 * its seamless-wallet credentials (its public key and our key pair).
 */
export const aggregatorConfigs = pgTable('aggregator_configs', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  code: text().notNull(),
  kind: text().notNull(),
  baseUrl: text().notNull(),
  operatorId: text().notNull(),
  /** Prefix of the catalog vendor codes of its suppliers (RNG-<prefix><SUPPLIER>). */
  vendorPrefix: text().notNull(),
  enabled: boolean().notNull().default(true),
  vendors: jsonb().$type<string[]>().notNull().default([]),
  lastImport: jsonb().$type<AggregatorImport>(),
  updatedAt: ts().notNull().defaultNow(),
}, (t) => [uniqueIndex('aggregator_configs_key').on(t.merchantId, t.code)]);
