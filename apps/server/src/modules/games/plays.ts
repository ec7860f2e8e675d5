import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { betRecords, games, recentGames } from '../../db/schema.ts';

/** The window of the play counts that order hot games. */
export const PLAY_WINDOW_MS = 7 * 86_400_000;

/** How much a game was played: `recent` over the window, `launches` since ever (the tie-break). */
export interface Plays { recent: number; launches: bigint }

/**
 * A brand's play counts per game node id: over the last 7 days, the members who launched the
 * game plus the rounds settled on it (bet_records_settled index); all-time launches (games.play_count,
 * free play included) break ties. Three grouped queries per brand, run by the catalog store in the
 * background, never per request.
 */
export async function loadPlays(db: Db, merchantId: number, now = Date.now()): Promise<Map<string, Plays>> {
  const since = new Date(now - PLAY_WINDOW_MS);
  const [launched, rounds, all] = await Promise.all([
    db.select({ nodeId: recentGames.nodeId, n: count() }).from(recentGames)
      .where(and(eq(recentGames.merchantId, merchantId), gte(recentGames.lastPlayedAt, since)))
      .groupBy(recentGames.nodeId),
    db.select({ nodeId: betRecords.game, n: count() }).from(betRecords)
      .where(and(eq(betRecords.merchantId, merchantId), gte(betRecords.settledAt, since), eq(betRecords.status, 'settled')))
      .groupBy(betRecords.game),
    db.select({ nodeId: games.nodeId, launches: games.playCount }).from(games)
      .where(and(eq(games.merchantId, merchantId), sql`${games.playCount} > 0`)),
  ]);
  const out = new Map<string, Plays>();
  const at = (id: string) => {
    let p = out.get(id);
    if (!p) out.set(id, (p = { recent: 0, launches: 0n }));
    return p;
  };
  for (const r of launched) at(r.nodeId).recent += Number(r.n);
  for (const r of rounds) at(r.nodeId).recent += Number(r.n);
  for (const r of all) at(r.nodeId).launches = r.launches;
  return out;
}

/** Counts a launch of a game (free play included): games.play_count + 1. */
export async function countLaunch(db: Db, merchantId: number, nodeId: string) {
  await db.update(games).set({ playCount: sql`${games.playCount} + 1` })
    .where(and(eq(games.merchantId, merchantId), eq(games.nodeId, nodeId)));
}
