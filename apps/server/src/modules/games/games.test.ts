import { describe, expect, it } from 'vitest';
import { and, eq, notInArray } from 'drizzle-orm';
import { errorEnvelope, games as contract, okEnvelope } from '@lobby/contract';
import { games, vendors } from '../../db/schema.ts';
import { seedGames } from '../../db/seed/games.ts';
import { LOTTERY_VENDORS } from '../../db/seed/lottery.ts';
import { useTestApp } from '../../test/harness.ts';
import { brandOf } from '../../test/kits/wallet.ts';
import { DEMO_VENDORS, demoCatalog } from './demo-catalog.ts';
import { CatalogImportError, importCatalog } from './import.ts';
import { ART_VERSION } from './art.ts';
import { importAndReload } from './routes.ts';

const t = useTestApp();

const get = async <S extends import('zod').ZodType>(url: string, schema: S, merchant = 'demo', language?: string) => {
  const res = await t.call({ method: 'GET', url, merchant, language });
  expect(res.statusCode, res.body).toBe(200);
  return (okEnvelope(schema).parse(res.json()) as { value: import('zod').output<S> }).value;
};
const list = (qs: string, merchant = 'demo', language?: string) =>
  get(`/wps/relay/GCSGAME_gameList?${qs}`, contract.gameListValue, merchant, language);

describe('demo catalog', () => {
  it('has at least 20 vendors and 600 games across the categories, footer vendors included', async () => {
    const file = demoCatalog();
    expect(file.vendors!.length).toBeGreaterThanOrEqual(20);
    expect(file.games!.length).toBeGreaterThanOrEqual(600);
    const footer = (await get('/wps/system/status', (await import('@lobby/contract')).system.systemStatus)).info.brand.footerVendors;
    const codes = new Set(file.vendors!.map((v) => v.code));
    for (const f of footer) expect(codes.has(f), f).toBe(true);
    expect(new Set(file.vendors!.map((v) => v.gameType))).toEqual(new Set(contract.CATEGORY_ORDER));
    expect(demoCatalog()).toEqual(file);
    const slots = file.games!.filter((g) => g.gameType === 'RNG');
    expect(new Set(slots.map((g) => g.name.EN)).size).toBe(slots.length);
    expect(new Set(slots.map((g) => g.name.ES)).size).toBe(slots.length);
  });

  it('seeds idempotently', async () => {
    // The demo catalog's games in both brands (the lottery's catalog games are seeded apart).
    const demoGames = () => t.database.db.$count(games, notInArray(games.vendor, Object.values(LOTTERY_VENDORS)));
    const before = await demoGames();
    await seedGames(t.database.db);
    expect(await demoGames()).toBe(before);
    expect(before).toBe(demoCatalog().games!.length * 2);
  });
});

describe('GET /lgw/games/game_menus', () => {
  it('lists only categories with enabled vendors, in menu order, with vendor counts', async () => {
    const menus = await get('/lgw/games/game_menus', contract.gameMenus.response);
    expect(menus.map((m) => m.gameType)).toEqual(contract.CATEGORY_ORDER);
    const rng = menus.find((m) => m.gameType === 'RNG')!;
    expect(rng.vendorCount).toBe(DEMO_VENDORS.filter((v) => v.type === 'RNG').length);
    expect(rng.largeDropdown).toBe(true);
    expect(menus.find((m) => m.gameType === 'LIVE')!.largeDropdown).toBe(false);
    expect(rng.vendors[0].vassalage).toBe('RNG-AURORA');

    const id = brandOf(t, 'luna').id;
    await t.database.db.update(vendors).set({ enabled: false }).where(and(eq(vendors.merchantId, id), eq(vendors.gameType, 'COCKFIGHT')));
    await t.app.brandsChanged();
    const luna = await get('/lgw/games/game_menus', contract.gameMenus.response, 'luna');
    expect(luna.map((m) => m.gameType)).not.toContain('COCKFIGHT');
    expect((await get('/lgw/games/game_menus', contract.gameMenus.response)).map((m) => m.gameType)).toContain('COCKFIGHT');
  });
});

describe('GET /wps/relay/GCSGAME_gameList', () => {
  it('pages 20 at a time with the wire fields', async () => {
    const total = demoCatalog().games!.filter((g) => g.gameType === 'RNG').length;
    const p1 = await list('gameType=RNG&pageNo=1');
    expect(p1.games).toHaveLength(20);
    expect(p1.totalCount).toBe(total);
    expect(p1.totalPages).toBe(Math.ceil(total / 20));
    const g = p1.games[0];
    expect(g).toMatchObject({ gameType: 'RNG', vassalage: 'RNG-AURORA', nodeId: '1001' });
    expect(g.iconUrl).toMatch(/^\/lgw\/images\/RNG-AURORA\/RNG\/1001\.svg\?v=/);
    expect(g.showIcon).toBe(g.iconUrl);
    expect(g.gameName).toBe(g.nodeName);
    const last = await list(`gameType=RNG&pageNo=${p1.totalPages}`);
    expect(last.games).toHaveLength(total - (p1.totalPages - 1) * 20);
    const p2 = await list('gameType=RNG&pageNo=2');
    expect(p2.games[0].nodeId).not.toBe(g.nodeId);
    const beyond = await list(`gameType=RNG&pageNo=${p1.totalPages + 1}`);
    expect(beyond).toEqual({ games: [], totalPages: p1.totalPages, totalCount: total });
    expect((await list('gameType=RNG&pageSize=100')).games).toHaveLength(100);
  });

  it('refuses a page size over 100 and an unknown category', async () => {
    for (const qs of ['gameType=RNG&pageSize=101', 'gameType=NOPE', 'gameType=RNG&pageNo=0']) {
      const res = await t.call({ method: 'GET', url: `/wps/relay/GCSGAME_gameList?${qs}` });
      expect(res.statusCode).toBe(400);
      expect(errorEnvelope.parse(res.json()).errorCode).toBe('request_param_err');
    }
  });

  it('filters by vendor (vassalage) and names games in the request language', async () => {
    const fish = await list('gameType=FISH&vassalage=FISH-REEF&pageSize=100');
    expect(fish.totalCount).toBe(DEMO_VENDORS.find((v) => v.code === 'FISH-REEF')!.games);
    expect(fish.games.every((g) => g.vassalage === 'FISH-REEF')).toBe(true);
    const en = await list('gameType=LIVE&vassalage=LIVE-ROYAL', 'demo', 'EN');
    const es = await list('gameType=LIVE&vassalage=LIVE-ROYAL&language=ES', 'demo', 'EN');
    expect(en.games[0].gameName).toBe('Baccarat');
    expect(es.games[0].gameName).toBe('Bacará');
    expect((await list('gameType=LIVE&vassalage=RNG-AURORA')).totalCount).toBe(0);
  });

  it('searches by name in ES and EN, ignoring case and accents', async () => {
    const es = await list('search=medianoche', 'demo', 'EN');
    expect(es.totalCount).toBeGreaterThan(0);
    expect(es.games.every((g) => /midnight/i.test(g.gameName))).toBe(true);
    const en = await list('gameType=LIVE&search=MIDNIGHT');
    expect(en.totalCount).toBe(es.totalCount);
    expect(en.games.every((g) => /medianoche/i.test(g.gameName))).toBe(true);
    const accent = await list('gameType=RNG&search=dragon');
    expect(accent.totalCount).toBeGreaterThan(0);
    expect(accent.games.every((g) => g.gameName.includes('Dragón'))).toBe(true);
    expect((await list('search=zzzzqqq')).totalCount).toBe(0);
  });

  it('shows free-trial and hot flags', async () => {
    const all = await list('gameType=RNG&pageSize=100');
    expect(all.games.some((g) => g.supportPlay === 0)).toBe(true);
    expect(all.games.some((g) => g.isHot === 1)).toBe(true);
    const live = await list('gameType=LIVE&pageSize=100');
    expect(live.games.every((g) => g.supportPlay === 1)).toBe(true);
  });
});

describe('hot games and vendor lanes', () => {
  it('lists hot games first, then by play count, at most 24', async () => {
    const id = brandOf(t, 'demo').id;
    await t.database.db.update(games).set({ isHot: false }).where(eq(games.merchantId, id));
    await t.database.db.update(games).set({ isHot: true }).where(and(eq(games.merchantId, id), eq(games.nodeId, '3005')));
    await t.database.db.update(games).set({ playCount: 500n }).where(and(eq(games.merchantId, id), eq(games.nodeId, '2002')));
    await t.database.db.update(games).set({ playCount: 900n }).where(and(eq(games.merchantId, id), eq(games.nodeId, '4003')));
    t.app.catalogs.invalidate(id);
    const hot = await get('/wps/relay/GCSGAME_hotGamesV2', contract.hotGames.response);
    expect(hot.list).toHaveLength(24);
    expect(hot.list.slice(0, 3).map((g) => g.nodeId)).toEqual(['3005', '4003', '2002']);
    expect(hot.list[0].isHot).toBe(1);
    const luna = await get('/wps/relay/GCSGAME_hotGamesV2', contract.hotGames.response, 'luna');
    // luna keeps its own flags: its many hot games fill the list.
    expect(luna.list.every((g) => g.isHot === 1)).toBe(true);
  });

  it('answers vendor lanes by category with cards', async () => {
    const v = await get('/wps/relay/GCSGAME_gameVendor', contract.gameVendor.response);
    expect(v.data.lanes.map((l) => l.title)).toEqual(contract.CATEGORY_ORDER);
    const sports = v.data.lanes.find((l) => l.title === 'SPORTS')!;
    expect(sports.cards.map((c) => c.cardId)).toEqual(['SPORTS-ARENA', 'SPORTS-GOAL']);
    expect(sports.cards[0]).toMatchObject({ isGame: 1, vassalage: 'SPORTS-ARENA', lagerIcon: `/lgw/images/SPORTS-ARENA/SPORTS/vendor.svg?v=${ART_VERSION}` });
    expect(sports.cards[0].gameCode).not.toBe('');
    const lott = v.data.lanes.find((l) => l.title === 'LOTT')!;
    expect(lott.cards[0]).toMatchObject({ isGame: 0, gameCode: '', lagerIcon: `/lgw/images/LOTT-LOTTO/ELOTT/vendor.svg?v=${ART_VERSION}` });
    const same = await get('/wps/relay/GCSGAME_getVassGameType', contract.vassGameType.response);
    expect(same).toEqual(v);
  });
});

describe('brand isolation', () => {
  it('a vendor disabled in luna is absent there and present in demo', async () => {
    const id = brandOf(t, 'luna').id;
    await t.database.db.update(vendors).set({ enabled: false }).where(and(eq(vendors.merchantId, id), eq(vendors.code, 'RNG-NOVA')));
    await t.app.brandsChanged();
    expect((await list('gameType=RNG&vassalage=RNG-NOVA', 'luna')).totalCount).toBe(0);
    expect((await list('gameType=RNG&vassalage=RNG-NOVA', 'demo')).totalCount).toBeGreaterThan(0);
    const lanes = await get('/wps/relay/GCSGAME_gameVendor', contract.gameVendor.response, 'luna');
    expect(lanes.data.lanes.flatMap((l) => l.cards.map((c) => c.cardId))).not.toContain('RNG-NOVA');
    const img = await t.call({ method: 'GET', url: '/lgw/images/RNG-NOVA/RNG/2001.svg', merchant: 'luna' });
    expect(img.statusCode).toBe(404);
  });
});

describe('GET /lgw/images', () => {
  it('draws a game tile as SVG with long cache headers, distinct per game', async () => {
    const a = await t.call({ method: 'GET', url: '/lgw/images/RNG-AURORA/RNG/1001.svg?v=x' });
    expect(a.statusCode).toBe(200);
    expect(a.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(a.headers['cache-control']).toContain('max-age=31536000');
    expect(a.body).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(a.body).toContain('AURORA GAMING');
    const b = await t.call({ method: 'GET', url: '/lgw/images/RNG-AURORA/RNG/1002.svg' });
    expect(b.body).not.toBe(a.body);
    const lott = await t.call({ method: 'GET', url: '/lgw/images/LOTT-LOTTO/ELOTT/25001.svg' });
    expect(lott.statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/lgw/images/LOTT-LOTTO/LOTT/25001.svg' })).statusCode).toBe(404);
    const logo = await t.call({ method: 'GET', url: '/lgw/images/LIVE-ROYAL/LIVE/vendor.svg' });
    expect(logo.statusCode).toBe(200);
    expect(logo.body).toContain('Royal Live');
  });

  it('answers the 404 envelope for an unknown game or vendor', async () => {
    for (const url of ['/lgw/images/RNG-AURORA/RNG/999999.svg', '/lgw/images/RNG-NOPE/RNG/1001.svg', '/lgw/images/RNG-AURORA/RNG/2001.svg']) {
      const res = await t.call({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(errorEnvelope.parse(res.json()).errorCode).toBe('request.not.found');
    }
  });
});

describe('importCatalog', () => {
  it('refuses bad files with a clear error and changes nothing', async () => {
    const id = brandOf(t, 'demo').id;
    const before = [await t.database.db.$count(games), await t.database.db.$count(vendors)];
    await expect(importCatalog(t.database.db, id, '{"vendors": [')).rejects.toThrow(/not valid JSON/);
    const bad = { vendors: [{ code: 'rng-x', name: '', gameType: 'SLOTS' }], games: [{ nodeId: 'a b', gameCode: 'X', name: { ES: 'x' }, gameType: 'RNG', vendor: 'RNG-AURORA' }] };
    const err = await importCatalog(t.database.db, id, bad).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CatalogImportError);
    const msg = (err as Error).message;
    expect(msg).toContain('vendors.0.code');
    expect(msg).toContain('vendors.0.gameType');
    expect(msg).toContain('games.0.nodeId');
    expect(msg).toContain('games.0.name.EN');
    await expect(importCatalog(t.database.db, id, {
      games: [{ nodeId: 'x1', gameCode: 'X1', name: { ES: 'Uno', EN: 'One' }, gameType: 'RNG', vendor: 'RNG-UNKNOWN' }],
    })).rejects.toThrow(/unknown vendor RNG-UNKNOWN/);
    await expect(importCatalog(t.database.db, id, {
      vendors: [{ code: 'LIVE-ZED', name: 'Zed', gameType: 'RNG' }],
    })).rejects.toThrow(/code prefix/);
    expect([await t.database.db.$count(games), await t.database.db.$count(vendors)]).toEqual(before);
  });

  it('imports vendors and games, updates in place and reloads the catalog', async () => {
    const id = brandOf(t, 'demo').id;
    const file = {
      vendors: [{ code: 'PVP-ZETA', name: 'Zeta Games', gameType: 'PVP', sort: 99 }],
      games: [
        { nodeId: 'zeta-1', gameCode: 'ZT1', name: { ES: 'Cohete Zeta', EN: 'Zeta Rocket' }, gameType: 'PVP', vendor: 'PVP-ZETA', supportPlay: 0 },
        { nodeId: '1001', gameCode: 'AUR001', name: { ES: 'Nombre Nuevo', EN: 'New Name' }, gameType: 'RNG', vendor: 'RNG-AURORA', isHot: true },
      ],
    };
    expect(await importAndReload(t.app, id, JSON.stringify(file))).toEqual({ vendors: 1, games: 2 });
    const zeta = await list('gameType=PVP&vassalage=PVP-ZETA', 'demo', 'EN');
    expect(zeta.games.map((g) => [g.nodeId, g.gameName, g.supportPlay])).toEqual([['zeta-1', 'Zeta Rocket', 0]]);
    const renamed = await list('gameType=RNG&search=nombre nuevo');
    expect(renamed.games.map((g) => g.nodeId)).toEqual(['1001']);
    expect((await list('search=zeta', 'luna')).totalCount).toBe(0);
  });
});

describe('artwork initials', () => {
  it('takes the capitalised words', async () => {
    const { initials } = await import('./art.ts');
    expect(initials('Queen of the North')).toBe('QN');
    expect(initials('Dragón y Fénix')).toBe('DF');
    expect(initials('Baccarat')).toBe('B');
  });
});
