import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants } from './core-schema.ts';

const ts = () => timestamp({ withTimezone: true, mode: 'date' });

/** A game vendor of one brand (code like RNG-AURORA, §9). `maintenance` makes launches answer game_maintenance. */
export const vendors = pgTable('vendors', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  code: text().notNull(),
  name: text().notNull(),
  gameType: text().notNull(),
  sort: integer().notNull().default(0),
  enabled: boolean().notNull().default(true),
  maintenance: boolean().notNull().default(false),
  updatedAt: ts().notNull().defaultNow(),
}, (t) => [
  uniqueIndex('vendors_code').on(t.merchantId, t.code),
]);

/** A game of one brand's catalog. `supportPlay` 0 = free trial offered (§3). */
export const games = pgTable('games', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  nodeId: text().notNull(),
  gameCode: text().notNull(),
  name: jsonb().$type<{ ES: string; EN: string }>().notNull(),
  gameType: text().notNull(),
  vendor: text().notNull(),
  isHot: boolean().notNull().default(false),
  supportPlay: integer().notNull().default(1),
  sort: integer().notNull().default(0),
  enabled: boolean().notNull().default(true),
  playCount: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  /** The tile's image at an aggregator (issue 20); null = generated art. */
  imageUrl: text(),
  updatedAt: ts().notNull().defaultNow(),
}, (t) => [
  uniqueIndex('games_node').on(t.merchantId, t.nodeId),
  index('games_listing').on(t.merchantId, t.gameType, t.vendor, t.sort),
]);

/** A member's favourite game (§3 favourite payload), unique per member and game. */
export const favoriteGames = pgTable('favorite_games', {
  merchantId: integer().notNull().references(() => merchants.id),
  memberId: bigint({ mode: 'bigint' }).notNull(),
  nodeId: text().notNull(),
  vendor: text().notNull(),
  gameType: text().notNull(),
  createdAt: ts().notNull().defaultNow(),
}, (t) => [
  uniqueIndex('favorite_games_key').on(t.merchantId, t.memberId, t.nodeId),
  index('favorite_games_member').on(t.merchantId, t.memberId, t.createdAt),
]);

/** A game the member launched: one row per member and game, moved to the top at every launch. */
export const recentGames = pgTable('recent_games', {
  merchantId: integer().notNull().references(() => merchants.id),
  memberId: bigint({ mode: 'bigint' }).notNull(),
  nodeId: text().notNull(),
  gameType: text().notNull(),
  launches: integer().notNull().default(1),
  lastPlayedAt: ts().notNull().defaultNow(),
}, (t) => [
  uniqueIndex('recent_games_key').on(t.merchantId, t.memberId, t.nodeId),
  index('recent_games_member').on(t.merchantId, t.memberId, t.lastPlayedAt),
]);
