import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members, merchants } from './core-schema.ts';

/** Tables of the lottery domain (migration 0013_lottery: checks, the draw guard trigger and the settlement function live there). */
const ts = () => timestamp({ withTimezone: true, mode: 'date' });

/** A lottery game of one brand: a fast game (every `intervalSeconds`) or a daily VN regional draw (`drawMinute` of the brand's local day). */
export const lotteryGames = pgTable('lottery_games', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  code: text().notNull(),
  name: jsonb().$type<{ ES: string; EN: string }>().notNull(),
  kind: text({ enum: ['fast', 'vn'] }).notNull(),
  region: text({ enum: ['north', 'central', 'south'] }),
  intervalSeconds: integer(),
  drawMinute: integer(),
  cutoffSeconds: integer().notNull(),
  prizeModes: text().array().notNull(),
  defaultPrizeMode: text().notNull(),
  gameType: text().notNull(),
  vendor: text().notNull(),
  nodeId: text().notNull(),
  minBet: bigint({ mode: 'bigint' }).notNull(),
  maxBet: bigint({ mode: 'bigint' }).notNull(),
  maxPerNumber: bigint({ mode: 'bigint' }).notNull(),
  sort: integer().notNull().default(0),
  enabled: boolean().notNull().default(true),
}, (t) => [uniqueIndex('lottery_games_code').on(t.merchantId, t.code)]);

/** An issue (numero) of a game: unique per game; the seed is committed by its hash; the result is immutable once published (trigger). */
export const lotteryDraws = pgTable('lottery_draws', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  gameId: integer().notNull().references(() => lotteryGames.id),
  numero: text().notNull(),
  opensAt: ts().notNull(),
  closesAt: ts().notNull(),
  drawAt: ts().notNull(),
  status: text({ enum: ['open', 'closed', 'drawn', 'settled', 'void'] }).notNull().default('open'),
  serverSeed: text().notNull(),
  seedHash: text().notNull(),
  special: text(),
  prizes: jsonb().$type<{ prize: string; numbers: string[] }[]>(),
  numbers: text().array(),
  publishedAt: ts(),
  /** Every bet closed out: paid (settled) or, on a void issue, refunded (the draw job finishes a void cut short until then). */
  settledAt: ts(),
  voidedAt: ts(),
  /** Console void: the operator's reason and name (migration 0032). */
  voidReason: text(),
  voidedBy: text(),
  /** VN province of the issue (code, e.g. HCM; north: the day's province); null for fast games (migration 0045). */
  province: text(),
  /** Where the result comes from: the sealed seed (fast games), the official result (VN: four-eyes console entry or the feed), or a test stand-in (draw-now). */
  resultSource: text({ enum: ['seed', 'official', 'test'] }).notNull().default('seed'),
  createdAt: ts().notNull().defaultNow(),
}, (t) => [
  uniqueIndex('lottery_draws_numero').on(t.gameId, t.numero),
  index('lottery_draws_due').on(t.drawAt).where(sql`${t.status} IN ('open', 'closed', 'drawn')`),
  index('lottery_draws_history').on(t.gameId, t.drawAt),
  // void issues whose refunds are not finished (a void sets settled_at once no bet is left open; migration 0035)
  index('lottery_draws_void_unrefunded').on(t.merchantId).where(sql`${t.status} = 'void' AND ${t.settledAt} IS NULL`),
]);

/** A lottery bet (table fillfactor 80, so settling is a HOT update): one seamless-wallet round (`roundId`, bet tx `txId`); `pending` until the debit answered, `failed` when it was refused. */
export const lotteryBets = pgTable('lottery_bets', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  memberId: bigint({ mode: 'bigint' }).notNull().references(() => members.id),
  gameId: integer().notNull().references(() => lotteryGames.id),
  drawId: bigint({ mode: 'bigint' }).notNull().references(() => lotteryDraws.id),
  requestId: text().notNull(),
  idx: smallint().notNull(),
  betType: text().notNull(),
  numbers: text().array().notNull(),
  numKey: text().notNull(),
  prizeMode: text().notNull(),
  amount: bigint({ mode: 'bigint' }).notNull(),
  oddsMilli: integer().notNull(),
  status: text({ enum: ['pending', 'open', 'won', 'lost', 'void', 'failed'] }).notNull().default('pending'),
  win: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  txId: text().notNull(),
  roundId: text().notNull(),
  betAt: ts().notNull().defaultNow(),
  settledAt: ts(),
}, (t) => [
  uniqueIndex('lottery_bets_request').on(t.merchantId, t.memberId, t.requestId, t.idx),
  index('lottery_bets_draw').on(t.drawId, t.id),
  index('lottery_bets_member').on(t.merchantId, t.memberId, t.betAt),
]);

/** Stakes taken per issue, bet type and number (or xiên combination), against the per-number limit. */
export const lotteryExposure = pgTable('lottery_exposure', {
  drawId: bigint({ mode: 'bigint' }).notNull().references(() => lotteryDraws.id),
  betType: text().notNull(),
  numKey: text().notNull(),
  total: bigint({ mode: 'bigint' }).notNull(),
}, (t) => [primaryKey({ name: 'lottery_exposure_pk', columns: [t.drawId, t.betType, t.numKey] })]);

/**
 * Entries of a VN issue's official result (migration 0045): seq 1 and 2 active at most (four
 * eyes: two operators, or the feed and an operator); equal entries publish the result, a
 * mismatch blocks the issue until an operator discards them (discarded_at).
 */
export const lotteryResultEntries = pgTable('lottery_result_entries', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  drawId: bigint({ mode: 'bigint' }).notNull().references(() => lotteryDraws.id),
  seq: smallint().notNull(),
  source: text({ enum: ['console', 'feed'] }).notNull(),
  enteredBy: text().notNull(),
  /** The console operator who entered it (four eyes: the second entry must be another one); null for the feed. */
  operatorId: bigint({ mode: 'bigint' }),
  prizes: jsonb().$type<{ prize: string; numbers: string[] }[]>().notNull(),
  createdAt: ts().notNull().defaultNow(),
  discardedAt: ts(),
  discardedBy: text(),
}, (t) => [
  uniqueIndex('lottery_result_entries_active').on(t.drawId, t.seq).where(sql`${t.discardedAt} IS NULL`),
  index('lottery_result_entries_draw').on(t.drawId, t.id),
]);
