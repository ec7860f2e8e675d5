import { and, desc, eq, sql } from 'drizzle-orm';
import type { games as contract } from '@lobby/contract';
import type { Db } from '../../db/index.ts';
import { recentGames } from '../../db/schema.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { requireRealAccount, type Principal } from '../../plugins/session.ts';
import type { Lang } from '../../kernel/lang/index.ts';
import type { Catalog, CatalogGame } from './catalog.ts';
import { pageOf } from './favorites.ts';

/** Moves a game to the top of the member's recent games (a launch): launches + 1, lastPlayedAt now. */
export async function recordRecent(db: Db, brand: Brand, memberId: bigint, g: CatalogGame) {
  await db.insert(recentGames).values({ merchantId: brand.id, memberId, nodeId: g.nodeId, gameType: g.gameType })
    .onConflictDoUpdate({
      target: [recentGames.merchantId, recentGames.memberId, recentGames.nodeId],
      set: { launches: sql`${recentGames.launches} + 1`, lastPlayedAt: sql`now()`, gameType: g.gameType },
    });
}

/** GCS_recentGame: most recent first, games no longer in the catalog skipped, paged. */
export async function recentList(
  db: Db, brand: Brand, catalog: Catalog, p: Principal,
  q: { page: number; pageSize: number; gameType?: contract.GameType }, lang: Lang,
) {
  requireRealAccount(p);
  const where = [eq(recentGames.merchantId, brand.id), eq(recentGames.memberId, p.member.id)];
  if (q.gameType) where.push(eq(recentGames.gameType, q.gameType));
  const rows = await db.select({ nodeId: recentGames.nodeId, at: recentGames.lastPlayedAt }).from(recentGames)
    .where(and(...where)).orderBy(desc(recentGames.lastPlayedAt), desc(recentGames.nodeId));
  const live = rows.flatMap((r) => {
    const g = catalog.game(r.nodeId);
    return g && (!q.gameType || g.gameType === q.gameType) ? [{ ...g.wire[lang], lastPlayedAt: r.at.toISOString() }] : [];
  });
  return { list: pageOf(live, q.page, q.pageSize), page: q.page, total: live.length, totalPages: Math.ceil(live.length / q.pageSize) };
}
