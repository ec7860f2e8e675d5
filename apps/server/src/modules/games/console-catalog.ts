/**
 * Games of the console (issue 9 item 4): the brand's vendors (on/off, order, maintenance) and games
 * (search, on/off, hot flag, order, bulk on/off). Every change is audited with before/after and
 * reloads the lobby's in-memory catalog on every instance (see {@link catalogChanged}).
 */
import type { FastifyInstance } from 'fastify';
import { and, asc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { games as gamesContract, type operatorGames as contract } from '@lobby/contract';
import type { Db } from '../../db/index.ts';
import { games, vendors } from '../../db/schema.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { record, type Actor } from '../../kernel/operator-access/index.ts';

type VendorDb = typeof vendors.$inferSelect;
type GameDb = typeof games.$inferSelect;

/**
 * The catalog, hot games, menus and game lists (and the boot page, read through the same routes)
 * are served from memory: drop this brand's catalog here and make every instance reload its
 * brands, which rebuilds their catalogs on the next call (the same path as the seed import).
 */
export async function catalogChanged(app: FastifyInstance, brand: Brand): Promise<void> {
  app.catalogs.invalidate(brand.id);
  await app.brandsChanged();
}

const categoryOrder = sql.raw(`array[${gamesContract.CATEGORY_ORDER.map((c) => `'${c}'`).join(',')}]::text[]`);

const escape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const vendorView = (v: VendorDb, count?: { games: number; enabledGames: number }): contract.VendorRow => ({
  code: v.code, name: v.name, gameType: v.gameType as contract.VendorRow['gameType'], sort: v.sort, enabled: v.enabled,
  maintenance: v.maintenance, games: count?.games ?? 0, enabledGames: count?.enabledGames ?? 0,
});

export const gameView = (g: GameDb): contract.GameRow => ({
  nodeId: g.nodeId, gameCode: g.gameCode, name: g.name, gameType: g.gameType as contract.GameRow['gameType'], vendor: g.vendor,
  isHot: g.isHot, supportPlay: g.supportPlay, sort: g.sort, enabled: g.enabled, plays: String(g.playCount),
});

async function counts(db: Db, brand: Brand, codes?: string[]) {
  const rows = await db.select({
    vendor: games.vendor, games: sql<number>`count(*)::int`, enabledGames: sql<number>`count(*) filter (where ${games.enabled})::int`,
  }).from(games).where(and(eq(games.merchantId, brand.id), codes ? inArray(games.vendor, codes) : undefined)).groupBy(games.vendor);
  return new Map(rows.map((r) => [r.vendor, r]));
}

export async function listVendors(db: Db, brand: Brand, gameType?: string): Promise<contract.VendorRow[]> {
  const rows = await db.select().from(vendors)
    .where(and(eq(vendors.merchantId, brand.id), gameType ? eq(vendors.gameType, gameType) : undefined))
    .orderBy(sql`array_position(${categoryOrder}, ${vendors.gameType})`, asc(vendors.sort), asc(vendors.code));
  const c = await counts(db, brand);
  return rows.map((v) => vendorView(v, c.get(v.code)));
}

/** Only the fields that change, before and after. */
function diff<T extends object>(row: T, patch: Partial<T>): { before: Partial<T>; after: Partial<T> } {
  const before: Partial<T> = {};
  const after: Partial<T> = {};
  for (const k of Object.keys(patch) as (keyof T)[]) {
    if (patch[k] === undefined || patch[k] === row[k]) continue;
    before[k] = row[k];
    after[k] = patch[k];
  }
  return { before, after };
}

export async function updateVendor(app: FastifyInstance, brand: Brand, actor: Actor, ip: string, body: { code: string; enabled?: boolean; maintenance?: boolean; sort?: number }) {
  const db = app.db;
  const { code, ...patch } = body;
  const result = await db.transaction(async (tx) => {
    const [v] = await tx.select().from(vendors).where(and(eq(vendors.merchantId, brand.id), eq(vendors.code, code))).for('update');
    if (!v) throw new AppError('operator.games.vendor.not.found');
    const d = diff(v, patch);
    if (!Object.keys(d.after).length) return { row: v, changed: false };
    const [row] = await tx.update(vendors).set({ ...d.after, updatedAt: new Date() }).where(eq(vendors.id, v.id)).returning();
    await record(tx, actor, brand, ip, { action: 'games.vendor.update', target: code, ...d });
    return { row, changed: true };
  });
  if (result.changed) await catalogChanged(app, brand);
  return vendorView(result.row, (await counts(db, brand, [code])).get(code));
}

export async function listGames(db: Db, brand: Brand, q: contract.GamesQueryInput, pageSize: number) {
  const conds: (SQL | undefined)[] = [eq(games.merchantId, brand.id)];
  if (q.vendor) conds.push(eq(games.vendor, q.vendor));
  if (q.gameType) conds.push(eq(games.gameType, q.gameType));
  if (q.enabled !== 'all') conds.push(eq(games.enabled, q.enabled === 'on'));
  if (q.hot !== 'all') conds.push(eq(games.isHot, q.hot === 'on'));
  if (q.q) {
    const like = `%${escape(q.q)}%`;
    conds.push(or(sql`${games.name}->>'ES' ilike ${like}`, sql`${games.name}->>'EN' ilike ${like}`, ilike(games.nodeId, like), ilike(games.gameCode, like)));
  }
  const w = and(...conds);
  const rows = await db.select({ g: games }).from(games)
    .leftJoin(vendors, and(eq(vendors.merchantId, games.merchantId), eq(vendors.code, games.vendor)))
    .where(w)
    .orderBy(sql`array_position(${categoryOrder}, ${games.gameType})`, sql`coalesce(${vendors.sort}, 0)`, asc(games.vendor), asc(games.sort), asc(games.nodeId))
    .limit(pageSize).offset((q.page - 1) * pageSize);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(games).where(w);
  return { list: rows.map((r) => gameView(r.g)), page: q.page, pageSize, total: n };
}

export async function updateGame(app: FastifyInstance, brand: Brand, actor: Actor, ip: string, body: { nodeId: string; enabled?: boolean; isHot?: boolean; sort?: number }) {
  const { nodeId, ...patch } = body;
  const result = await app.db.transaction(async (tx) => {
    const [g] = await tx.select().from(games).where(and(eq(games.merchantId, brand.id), eq(games.nodeId, nodeId))).for('update');
    if (!g) throw new AppError('operator.games.game.not.found');
    const d = diff(g, patch);
    if (!Object.keys(d.after).length) return { row: g, changed: false };
    const [row] = await tx.update(games).set({ ...d.after, updatedAt: new Date() }).where(eq(games.id, g.id)).returning();
    await record(tx, actor, brand, ip, { action: 'games.game.update', target: nodeId, ...d });
    return { row, changed: true };
  });
  if (result.changed) await catalogChanged(app, brand);
  return gameView(result.row);
}

export async function bulkGames(app: FastifyInstance, brand: Brand, actor: Actor, ip: string, body: { nodeIds: string[]; enabled: boolean }) {
  const ids = [...new Set(body.nodeIds)];
  const result = await app.db.transaction(async (tx) => {
    const found = await tx.select({ nodeId: games.nodeId, enabled: games.enabled }).from(games)
      .where(and(eq(games.merchantId, brand.id), inArray(games.nodeId, ids)));
    const known = new Set(found.map((r) => r.nodeId));
    const unknown = ids.filter((id) => !known.has(id));
    const changed = (await tx.update(games).set({ enabled: body.enabled, updatedAt: new Date() })
      .where(and(eq(games.merchantId, brand.id), inArray(games.nodeId, ids), ne(games.enabled, body.enabled)))
      .returning({ nodeId: games.nodeId })).map((r) => r.nodeId);
    if (changed.length) {
      await record(tx, actor, brand, ip, {
        action: 'games.game.bulk', target: `${changed.length} games`,
        before: { enabled: !body.enabled, nodeIds: changed }, after: { enabled: body.enabled, nodeIds: changed },
      });
    }
    return { changed: changed.length, unknown };
  });
  if (result.changed) await catalogChanged(app, brand);
  return result;
}
