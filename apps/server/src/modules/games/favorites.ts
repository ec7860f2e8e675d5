import { and, desc, eq, sql } from 'drizzle-orm';
import { accountGames } from '@lobby/contract';
import type { Db } from '../../db/index.ts';
import { favoriteGames } from '../../db/schema.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { requireRealAccount, type Principal } from '../../plugins/session.ts';
import type { Lang } from '../../kernel/lang/index.ts';
import type { Catalog, CatalogGame } from './catalog.ts';

const { FAVORITES_MAX } = accountGames;

/** The catalog game of a favourite payload: it must be enabled with the same vendor and category. */
function catalogGame(catalog: Catalog, body: accountGames.FavoriteBody): CatalogGame {
  const g = catalog.game(body.nodeId);
  if (!g || g.vendor.code !== body.vendor || g.gameType !== body.gameType) throw new AppError('game.not.found');
  return g;
}

/**
 * Adds a favourite (MCSFE_addFavoriteGameV2). Already a favourite: no change. The member's row
 * is locked first, so two adds at once cannot both pass the limit (the counting insert runs
 * with a snapshot taken after the lock).
 */
export async function addFavorite(db: Db, brand: Brand, catalog: Catalog, p: Principal, body: accountGames.FavoriteBody) {
  requireRealAccount(p);
  const g = catalogGame(catalog, body);
  const memberId = p.member.id;
  const added = await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from members where id = ${memberId} for update`);
    const res = await tx.execute(sql`
      insert into favorite_games (merchant_id, member_id, node_id, vendor, game_type)
      select ${brand.id}, ${memberId}, ${g.nodeId}, ${g.vendor.code}, ${g.gameType}
      where (select count(*) from favorite_games where merchant_id = ${brand.id} and member_id = ${memberId}) < ${FAVORITES_MAX}
      on conflict (merchant_id, member_id, node_id) do nothing
      returning node_id`);
    if ((res as unknown as { rows: unknown[] }).rows.length > 0) return true;
    const [had] = await tx.select({ n: favoriteGames.nodeId }).from(favoriteGames)
      .where(and(eq(favoriteGames.merchantId, brand.id), eq(favoriteGames.memberId, memberId), eq(favoriteGames.nodeId, g.nodeId))).limit(1);
    return !!had;
  });
  if (!added) throw new AppError('favorite.limit', { max: FAVORITES_MAX });
  return { nodeId: g.nodeId, favorite: true as const };
}

/** Removes a favourite (MCSFE_removeFavoriteGameV2); not a favourite: no change. */
export async function removeFavorite(db: Db, brand: Brand, p: Principal, body: accountGames.FavoriteBody) {
  requireRealAccount(p);
  await db.delete(favoriteGames).where(and(
    eq(favoriteGames.merchantId, brand.id), eq(favoriteGames.memberId, p.member.id), eq(favoriteGames.nodeId, body.nodeId),
  ));
  return { nodeId: body.nodeId, favorite: false as const };
}

/** The member's favourites still in the catalog, newest first (at most FAVORITES_MAX rows). */
async function favoriteList(db: Db, brand: Brand, catalog: Catalog, p: Principal): Promise<CatalogGame[]> {
  requireRealAccount(p);
  const rows = await db.select({ nodeId: favoriteGames.nodeId }).from(favoriteGames)
    .where(and(eq(favoriteGames.merchantId, brand.id), eq(favoriteGames.memberId, p.member.id)))
    .orderBy(desc(favoriteGames.createdAt), desc(favoriteGames.nodeId)).limit(FAVORITES_MAX);
  return rows.map((r) => catalog.game(r.nodeId)).filter((g): g is CatalogGame => g !== undefined);
}

export const pageOf = <T>(rows: T[], pageNo: number, pageSize: number) => rows.slice((pageNo - 1) * pageSize, pageNo * pageSize);

/** MCSFE_getFavoriteGames: node ids (the hearts). */
export async function favoriteIds(db: Db, brand: Brand, catalog: Catalog, p: Principal, q: { pageNo: number; pageSize: number }) {
  const all = await favoriteList(db, brand, catalog, p);
  return { content: pageOf(all, q.pageNo, q.pageSize).map((g) => ({ nodeId: g.nodeId })), pageNum: q.pageNo, totalPages: Math.ceil(all.length / q.pageSize) };
}

/** MCSFE_getFavoriteGamesList: the games with their catalog fields in `lang`. */
export async function favoriteGamesList(db: Db, brand: Brand, catalog: Catalog, p: Principal, q: { pageNo: number; pageSize: number }, lang: Lang) {
  const all = await favoriteList(db, brand, catalog, p);
  return { content: pageOf(all, q.pageNo, q.pageSize).map((g) => g.wire[lang]), pageNum: q.pageNo, totalPages: Math.ceil(all.length / q.pageSize) };
}
