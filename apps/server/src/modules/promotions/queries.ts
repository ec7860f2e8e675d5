import { and, asc, desc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/index.ts';
import { betRecords, depositOrders, members, promotionClaims, promotions } from '../../db/schema.ts';

type Q = Db | Tx;
export type PromotionRow = typeof promotions.$inferSelect;
export type ClaimRow = typeof promotionClaims.$inferSelect;

/** Enabled promotions of a brand not ended before `since`, in display order. */
export function listPromotions(q: Q, merchantId: number, since: Date) {
  return q.select().from(promotions)
    .where(and(eq(promotions.merchantId, merchantId), eq(promotions.enabled, true), or(isNull(promotions.endsAt), gte(promotions.endsAt, since))))
    .orderBy(asc(promotions.sort), asc(promotions.id));
}

export async function promotionById(q: Q, merchantId: number, id: bigint) {
  const [row] = await q.select().from(promotions)
    .where(and(eq(promotions.merchantId, merchantId), eq(promotions.id, id), eq(promotions.enabled, true)));
  return row;
}

/** The member's claim rows of the given (promotion, period) pairs. */
export async function claimsOf(q: Q, merchantId: number, memberId: bigint, keys: { promotionId: bigint; periodKey: string }[]) {
  if (!keys.length) return [];
  const rows = await q.select().from(promotionClaims).where(and(eq(promotionClaims.merchantId, merchantId), eq(promotionClaims.memberId, memberId),
    inArray(promotionClaims.promotionId, keys.map((k) => k.promotionId))));
  return rows.filter((r) => keys.some((k) => k.promotionId === r.promotionId && k.periodKey === r.periodKey));
}

export async function claimForUpdate(tx: Tx, merchantId: number, promotionId: bigint, memberId: bigint, periodKey: string) {
  const [row] = await tx.select().from(promotionClaims).where(and(eq(promotionClaims.merchantId, merchantId),
    eq(promotionClaims.promotionId, promotionId), eq(promotionClaims.memberId, memberId), eq(promotionClaims.periodKey, periodKey))).for('update');
  return row;
}

/** Inserts a claim row unless one exists for the period; answers the new row or undefined. */
export async function insertClaim(q: Q, v: typeof promotionClaims.$inferInsert) {
  const [row] = await q.insert(promotionClaims).values(v).onConflictDoNothing().returning();
  return row;
}

export async function updateClaim(q: Q, id: bigint, from: ClaimRow['status'], set: Partial<typeof promotionClaims.$inferInsert>) {
  const [row] = await q.update(promotionClaims).set(set).where(and(eq(promotionClaims.id, id), eq(promotionClaims.status, from))).returning();
  return row;
}

/** Confirmed deposits of a member from `from` on (oldest first), at least `min`. */
export async function firstDepositSince(q: Q, merchantId: number, memberId: bigint, from: Date, before: Date, min: bigint) {
  const [row] = await q.select({ orderNo: depositOrders.orderNo, amount: depositOrders.amount, at: depositOrders.closedAt }).from(depositOrders)
    .where(and(eq(depositOrders.merchantId, merchantId), eq(depositOrders.memberId, memberId), eq(depositOrders.status, 'confirmed'),
      gte(depositOrders.closedAt, from), lt(depositOrders.closedAt, before), gte(depositOrders.amount, min)))
    .orderBy(asc(depositOrders.closedAt), asc(depositOrders.id)).limit(1);
  return row;
}

/** The member's first confirmed deposit ever. */
export async function firstDeposit(q: Q, merchantId: number, memberId: bigint) {
  const [row] = await q.select({ orderNo: depositOrders.orderNo, amount: depositOrders.amount, at: depositOrders.closedAt }).from(depositOrders)
    .where(and(eq(depositOrders.merchantId, merchantId), eq(depositOrders.memberId, memberId), eq(depositOrders.status, 'confirmed')))
    .orderBy(asc(depositOrders.closedAt), asc(depositOrders.id)).limit(1);
  return row;
}

/** Valid bet of the member's bets settled in [from, to), optionally of some game types. */
export async function validBetBetween(q: Q, merchantId: number, memberId: bigint, from: Date, to: Date, gameTypes: string[] | undefined) {
  const [row] = await q.select({ total: sql<string>`coalesce(sum(${betRecords.validBet}), 0)` }).from(betRecords)
    .where(and(eq(betRecords.merchantId, merchantId), eq(betRecords.memberId, memberId), eq(betRecords.status, 'settled'),
      gte(betRecords.settledAt, from), lt(betRecords.settledAt, to), gameTypes?.length ? inArray(betRecords.gameType, gameTypes) : undefined));
  return BigInt(row.total);
}

export async function claimList(q: Q, merchantId: number, memberId: bigint, limit = 50) {
  return q.select({ c: promotionClaims, title: promotions.title }).from(promotionClaims)
    .innerJoin(promotions, eq(promotions.id, promotionClaims.promotionId))
    .where(and(eq(promotionClaims.merchantId, merchantId), eq(promotionClaims.memberId, memberId)))
    .orderBy(desc(promotionClaims.createdAt), desc(promotionClaims.id)).limit(limit);
}

export async function applications(q: Q, merchantId: number) {
  return q.select({ c: promotionClaims, title: promotions.title, username: members.username }).from(promotionClaims)
    .innerJoin(promotions, eq(promotions.id, promotionClaims.promotionId))
    .innerJoin(members, eq(members.id, promotionClaims.memberId))
    .where(and(eq(promotionClaims.merchantId, merchantId), eq(promotionClaims.status, 'applying')))
    .orderBy(asc(promotionClaims.createdAt)).limit(200);
}

export async function claimById(q: Q, merchantId: number, id: bigint) {
  const [row] = await q.select({ c: promotionClaims, title: promotions.title }).from(promotionClaims)
    .innerJoin(promotions, eq(promotions.id, promotionClaims.promotionId))
    .where(and(eq(promotionClaims.merchantId, merchantId), eq(promotionClaims.id, id)));
  return row;
}

/** The top `limit` members by valid bet settled in [from, to) (at least `min`), ties to the lower member id. */
export async function rankingBetween(q: Q, merchantId: number, from: Date, to: Date, gameTypes: string[] | undefined, min: bigint, limit: number) {
  const total = sql<string>`sum(${betRecords.validBet})`;
  return q.select({ memberId: betRecords.memberId, total }).from(betRecords)
    .where(and(eq(betRecords.merchantId, merchantId), eq(betRecords.status, 'settled'), gte(betRecords.settledAt, from), lt(betRecords.settledAt, to),
      gameTypes?.length ? inArray(betRecords.gameType, gameTypes) : undefined))
    .groupBy(betRecords.memberId)
    .having(sql`sum(${betRecords.validBet}) >= ${String(min)}`)
    .orderBy(desc(total), asc(betRecords.memberId)).limit(limit);
}
