import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { games as contract } from '@lobby/contract';
import type { Db } from '../../db/index.ts';
import { CachedJson } from '../../lib/route.ts';
import { games, vendors } from '../../db/schema.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { loadPlays, type Plays } from './plays.ts';
import { ART_VERSION } from './art.ts';
import type { Lang } from '../../kernel/lang/index.ts';

type GameType = contract.GameType;

export interface CatalogVendor {
  code: string;
  name: string;
  gameType: GameType;
  sort: number;
  maintenance: boolean;
  games: CatalogGame[];
}

export interface CatalogGame {
  nodeId: string;
  gameCode: string;
  name: { ES: string; EN: string };
  gameType: GameType;
  vendor: CatalogVendor;
  isHot: boolean;
  supportPlay: number;
  /** Plays over the last 7 days and all-time launches (see plays.ts); they order hot games. */
  plays: Plays;
  /** Both names, lower case without accents, for search. */
  haystack: string;
  /** The wire object per language. */
  wire: Record<Lang, contract.Game>;
}

/** Lower case without accents: "Dragón" and "dragon" match. */
export const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const shortHash = (s: string) => createHash('sha1').update(s).digest('base64url').slice(0, 8);

/** The serialised success envelope of a value. */
const envelope = (value: unknown) => new CachedJson(`{"success":true,"value":${JSON.stringify(value)}}`);

const LIST_CACHE_MAX = 2000;

/** One brand's enabled catalog, in memory, with the JSON of the common answers. */
export class Catalog {
  readonly vendors: CatalogVendor[] = [];
  readonly byCode = new Map<string, CatalogVendor>();
  /** Enabled games of enabled vendors: category order, vendor sort, game sort. */
  readonly games: CatalogGame[] = [];
  private readonly byNode = new Map<string, CatalogGame>();
  private readonly menusJson: CachedJson;
  private readonly lanesJson: CachedJson;
  private hotJson!: Record<Lang, CachedJson>;
  private readonly listJson = new Map<string, CachedJson>();

  constructor(vendorRows: (typeof vendors.$inferSelect)[], gameRows: (typeof games.$inferSelect)[], plays: Map<string, Plays>) {
    const order = (t: string) => contract.CATEGORY_ORDER.indexOf(t as GameType);
    const vs = vendorRows
      .filter((v) => v.enabled && order(v.gameType) >= 0)
      .sort((a, b) => order(a.gameType) - order(b.gameType) || a.sort - b.sort || a.code.localeCompare(b.code));
    for (const v of vs) {
      const cv: CatalogVendor = { code: v.code, name: v.name, gameType: v.gameType as GameType, sort: v.sort, maintenance: v.maintenance, games: [] };
      this.vendors.push(cv);
      this.byCode.set(cv.code, cv);
    }
    const gs = gameRows.filter((g) => g.enabled).sort((a, b) => a.sort - b.sort || a.nodeId.localeCompare(b.nodeId));
    for (const g of gs) {
      const v = this.byCode.get(g.vendor);
      if (!v || v.gameType !== g.gameType) continue;
      const icon = g.imageUrl ?? `${contract.gameImagePath(v.code, v.gameType, g.nodeId)}?v=${shortHash(`${g.name.EN}|${v.name}|${ART_VERSION}`)}`;
      const wire = (lang: Lang): contract.Game => ({
        nodeId: g.nodeId, gameId: g.gameCode, gameCode: g.gameCode, gameName: g.name[lang], nodeName: g.name[lang],
        gameType: v.gameType, vassalage: v.code, showIcon: icon, iconUrl: icon,
        isHot: g.isHot ? 1 : 0, supportPlay: g.supportPlay, maintenance: v.maintenance,
      });
      const cg: CatalogGame = {
        nodeId: g.nodeId, gameCode: g.gameCode, name: g.name, gameType: v.gameType, vendor: v, isHot: g.isHot,
        supportPlay: g.supportPlay, plays: { recent: 0, launches: g.playCount }, haystack: fold(`${g.name.ES}\n${g.name.EN}`),
        wire: { ES: wire('ES'), EN: wire('EN') },
      };
      v.games.push(cg);
      this.byNode.set(cg.nodeId, cg);
    }
    for (const v of this.vendors) this.games.push(...v.games);
    this.menusJson = envelope(this.menus());
    this.lanesJson = envelope(this.lanes());
    this.setPlays(plays);
  }

  /** New play counts (games not in the map have none): re-ranks the hot games. */
  setPlays(plays: Map<string, Plays>) {
    for (const g of this.games) g.plays = plays.get(g.nodeId) ?? { recent: 0, launches: g.plays.launches };
    const hot = [...this.games]
      .sort((a, b) => Number(b.isHot) - Number(a.isHot) || b.plays.recent - a.plays.recent
        || (b.plays.launches > a.plays.launches ? 1 : b.plays.launches < a.plays.launches ? -1 : 0))
      .slice(0, contract.HOT_GAMES_LIMIT);
    this.hotJson = { ES: envelope({ list: hot.map((g) => g.wire.ES) }), EN: envelope({ list: hot.map((g) => g.wire.EN) }) };
  }

  game(nodeId: string): CatalogGame | undefined {
    return this.byNode.get(nodeId);
  }

  /** Categories with enabled vendors, in menu order. */
  private menus(): contract.MenuCategory[] {
    const out: contract.MenuCategory[] = [];
    for (const t of contract.CATEGORY_ORDER) {
      const vs = this.vendors.filter((v) => v.gameType === t);
      if (!vs.length) continue;
      out.push({
        gameType: t,
        vendorCount: vs.length,
        gameCount: vs.reduce((n, v) => n + v.games.length, 0),
        largeDropdown: vs.length > contract.LARGE_DROPDOWN_VENDORS,
        vendors: vs.map((v) => ({
          vassalage: v.code, displayName: v.name, gameCount: v.games.length, maintenance: v.maintenance,
          lagerIcon: `${contract.vendorImagePath(v.code, v.gameType)}?v=${ART_VERSION}`,
        })),
      });
    }
    return out;
  }

  private lanes(): { data: { lanes: { title: GameType; cards: contract.VendorCard[] }[] } } {
    return {
      data: {
        lanes: this.menus().map((m) => ({
          title: m.gameType,
          cards: m.vendors.map((mv) => {
            const v = this.byCode.get(mv.vassalage)!;
            const single = v.games.length === 1 ? v.games[0] : undefined;
            return {
              cardId: v.code, vassalage: v.code, displayName: v.name, gameType: v.gameType, lagerIcon: mv.lagerIcon,
              gameCode: single?.gameCode ?? '', isGame: single ? 1 as const : 0 as const, nodeId: single?.nodeId ?? '',
              maintenance: v.maintenance,
            };
          }),
        })),
      },
    };
  }

  menusEnvelope(): CachedJson {
    return this.menusJson;
  }

  lanesEnvelope(): CachedJson {
    return this.lanesJson;
  }

  hotEnvelope(lang: Lang): CachedJson {
    return this.hotJson[lang];
  }

  /** One page of a category / vendor, optionally filtered by name; plain lists are served from a JSON cache. */
  listEnvelope(q: { gameType?: GameType; vassalage?: string; pageNo: number; pageSize: number; search?: string }, lang: Lang): CachedJson {
    const search = q.search ? fold(q.search) : '';
    const key = search ? '' : `${lang}|${q.gameType ?? ''}|${q.vassalage ?? ''}|${q.pageNo}|${q.pageSize}`;
    const hit = key ? this.listJson.get(key) : undefined;
    if (hit) return hit;
    let rows: CatalogGame[] = q.vassalage ? (this.byCode.get(q.vassalage)?.games ?? []) : this.games;
    if (q.gameType) rows = rows.filter((g) => g.gameType === q.gameType);
    if (search) rows = rows.filter((g) => g.haystack.includes(search));
    const start = (q.pageNo - 1) * q.pageSize;
    const json = envelope({
      games: rows.slice(start, start + q.pageSize).map((g) => g.wire[lang]),
      totalPages: Math.ceil(rows.length / q.pageSize),
      totalCount: rows.length,
    });
    if (key && start < rows.length) {
      if (this.listJson.size >= LIST_CACHE_MAX) this.listJson.clear();
      this.listJson.set(key, json);
    }
    return json;
  }
}

async function loadCatalog(db: Db, merchantId: number): Promise<Catalog> {
  const [vs, gs, plays] = await Promise.all([
    db.select().from(vendors).where(eq(vendors.merchantId, merchantId)).orderBy(asc(vendors.sort)),
    db.select().from(games).where(and(eq(games.merchantId, merchantId), eq(games.enabled, true))),
    loadPlays(db, merchantId),
  ]);
  return new Catalog(vs, gs, plays);
}

/** How long a catalog is served before it is reloaded in the background. */
const REFRESH_MS = 5 * 60_000;
/** How often the play counts (hot games order) are reloaded in the background. */
export const PLAYS_REFRESH_MS = 60_000;

interface Entry { brand: Brand; catalog: Promise<Catalog>; loadedAt: number; refreshing: boolean; playsAt: number; counting?: Promise<void> }

/**
 * The catalogs of all brands, loaded on first use. A brand reload (`app.brandsChanged()`, which
 * every instance hears) replaces the Brand objects, so the next call rebuilds that brand's catalog;
 * `invalidate` drops one at once (after an import). Stale catalogs are refreshed in the background.
 */
export class CatalogStore {
  private entries = new Map<number, Entry>();

  constructor(private db: Db, private onError: (err: unknown) => void = () => {}) {}

  get(brand: Brand): Promise<Catalog> {
    const e = this.entries.get(brand.id);
    if (e && e.brand === brand) {
      const now = Date.now();
      if (!e.refreshing && now - e.loadedAt > REFRESH_MS) this.refresh(e);
      else if (!e.refreshing && !e.counting && now - e.playsAt > PLAYS_REFRESH_MS) this.countPlays(e).catch(this.onError);
      return e.catalog;
    }
    const now = Date.now();
    const entry: Entry = { brand, catalog: loadCatalog(this.db, brand.id), loadedAt: now, refreshing: false, playsAt: now };
    entry.catalog.catch(() => { if (this.entries.get(brand.id) === entry) this.entries.delete(brand.id); });
    this.entries.set(brand.id, entry);
    return entry.catalog;
  }

  private refresh(e: Entry) {
    e.refreshing = true;
    loadCatalog(this.db, e.brand.id)
      .then((c) => { e.catalog = Promise.resolve(c); e.loadedAt = e.playsAt = Date.now(); })
      .catch(this.onError)
      .finally(() => { e.refreshing = false; });
  }

  /** Reloads one brand's play counts now (also done every minute in the background). */
  async refreshPlays(brand: Brand): Promise<void> {
    await this.get(brand);
    const e = this.entries.get(brand.id)!;
    // A count already running may have started before the plays the caller wants to see.
    await e.counting?.catch(() => {});
    await this.countPlays(e);
  }

  private countPlays(e: Entry): Promise<void> {
    e.playsAt = Date.now();
    const run = Promise.all([e.catalog, loadPlays(this.db, e.brand.id)])
      .then(([c, plays]) => c.setPlays(plays))
      .finally(() => { e.counting = undefined; });
    e.counting = run;
    return run;
  }

  invalidate(merchantId?: number) {
    if (merchantId === undefined) this.entries.clear();
    else this.entries.delete(merchantId);
  }
}
