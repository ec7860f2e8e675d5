/**
 * The aggregator's game list into the brand's catalog (through the games module's import): each
 * supplier of a category becomes a vendor `<TYPE>-<prefix><SUPPLIER>`, each game a game with the
 * aggregator's game code, its name (ES and EN) and its thumbnail URL. Re-importing keeps what the
 * operator set on existing rows (on/off, hot, order, maintenance); a game the aggregator no longer
 * lists or has disabled is switched off.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { GAME_TYPES, type GameType } from '@lobby/contract';
import type { Db } from '../../db/index.ts';
import { games, vendors } from '../../db/schema.ts';
import { aggregatorConfigs, type AggregatorImport } from '../../db/aggregators-schema.ts';
import { importCatalog, type CatalogFile } from '../games/index.ts';
import type { AggregatorGame } from './adapter.ts';
import type { ConfigRow } from './store.ts';

/** Our game type of an aggregator category name. */
export function gameTypeOf(category: string | null): GameType {
  const c = (category ?? '').toLowerCase();
  if (/e-?sport/.test(c)) return 'ESPORTS';
  if (/sport/.test(c)) return 'SPORTS';
  if (/live/.test(c)) return 'LIVE';
  if (/fish|shoot/.test(c)) return 'FISH';
  if (/lott|keno|bingo|scratch/.test(c)) return 'LOTT';
  if (/crash|dice|table|card|poker|blackjack|roulette|baccarat|instant|arcade|mini|plinko|mines/.test(c)) return 'PVP';
  return 'RNG';
}

const short = (s: string, n: number) => createHash('sha1').update(s).digest('hex').slice(0, n).toUpperCase();

/** `<TYPE>-<prefix><SUPPLIER>` within the vendor code rule (2-20 capitals or digits after the dash). */
export function vendorCodeOf(gameType: GameType, prefix: string, supplier: string): string {
  let name = supplier.normalize('NFD').replace(/[^A-Za-z0-9]/g, '').toUpperCase();
  const room = 20 - prefix.length;
  if (name.length > room) name = name.slice(0, room - 3) + short(supplier, 3);
  if (prefix.length + name.length < 2) name = short(supplier, 4);
  return `${gameType}-${prefix}${name}`;
}

/** Our node id of an aggregator game: `<prefix>_<game_code>`, or a hash when the code does not fit. */
export function nodeIdOf(prefix: string, gameCode: string): string {
  const id = `${prefix.toLowerCase()}_${gameCode}`;
  return /^[A-Za-z0-9_-]{1,40}$/.test(id) ? id : `${prefix.toLowerCase()}_${createHash('sha1').update(gameCode).digest('hex').slice(0, 24)}`;
}

export interface ImportOutcome { vendors: string[]; summary: AggregatorImport }

/** Imports `list` for one configuration in one transaction of the games import. */
export async function importList(db: Db, cfg: ConfigRow, list: AggregatorGame[]): Promise<ImportOutcome> {
  const merchantId = cfg.merchantId;
  const vendorRows = new Map<string, { code: string; name: string; gameType: GameType }>();
  const gameRows = new Map<string, NonNullable<CatalogFile['games']>[number]>();
  for (const g of list) {
    if (g.gameCode.length > 40) continue; // the catalog's game code limit
    const gameType = gameTypeOf(g.category);
    if (!GAME_TYPES.includes(gameType)) continue;
    const vendor = vendorCodeOf(gameType, cfg.vendorPrefix, g.supplier);
    if (!vendorRows.has(vendor)) vendorRows.set(vendor, { code: vendor, name: g.supplier.slice(0, 60), gameType });
    const nodeId = nodeIdOf(cfg.vendorPrefix, g.gameCode);
    const name = g.name.trim().slice(0, 80) || g.gameCode;
    gameRows.set(nodeId, {
      nodeId, gameCode: g.gameCode, name: { ES: name, EN: name }, gameType, vendor,
      supportPlay: 0, enabled: g.enabled, imageUrl: g.imageUrl ?? undefined,
    });
  }
  const codes = [...new Set([...vendorRows.keys(), ...cfg.vendors])];
  // what the operator set stays; games of this aggregator it no longer lists are switched off
  const [oldVendors, oldGames] = codes.length
    ? await Promise.all([
      db.select().from(vendors).where(and(eq(vendors.merchantId, merchantId), inArray(vendors.code, codes))),
      db.select().from(games).where(and(eq(games.merchantId, merchantId), inArray(games.vendor, codes))),
    ])
    : [[], []];
  const vendorFile: NonNullable<CatalogFile['vendors']> = [...vendorRows.values()].map((v) => {
    const old = oldVendors.find((o) => o.code === v.code);
    return { ...v, sort: old?.sort ?? 0, enabled: old?.enabled ?? true, maintenance: old?.maintenance ?? false };
  });
  const oldByNode = new Map(oldGames.map((o) => [o.nodeId, o]));
  let added = 0;
  for (const g of gameRows.values()) {
    const old = oldByNode.get(g.nodeId);
    if (!old) added++;
    else Object.assign(g, { isHot: old.isHot, sort: old.sort, enabled: g.enabled && old.enabled });
  }
  const gone = oldGames.filter((o) => !gameRows.has(o.nodeId) && o.enabled);
  const gameFile = [...gameRows.values(), ...gone.map((o) => ({
    nodeId: o.nodeId, gameCode: o.gameCode, name: o.name, gameType: o.gameType as GameType, vendor: o.vendor,
    isHot: o.isHot, supportPlay: o.supportPlay, sort: o.sort, enabled: false, imageUrl: o.imageUrl ?? undefined,
  }))];
  await importCatalog(db, merchantId, { vendors: vendorFile, games: gameFile });
  const summary: AggregatorImport = { at: new Date().toISOString(), vendors: vendorFile.length, games: gameRows.size, added };
  const kept = [...vendorRows.keys()];
  await db.update(aggregatorConfigs).set({ vendors: kept, lastImport: summary, updatedAt: new Date() }).where(eq(aggregatorConfigs.id, cfg.id));
  return { vendors: kept, summary };
}
