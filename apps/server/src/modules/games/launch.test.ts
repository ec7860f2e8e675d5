import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { accountGames, games as contract, okEnvelope } from '@lobby/contract';
import { games, recentGames, vendors } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import type { LaunchRequest } from '../../demo-vendor/launcher.ts';
import { setBrand, setModule } from '../../test/kits/session.ts';
import { player } from '../../test/kits/seamless.ts';
import { brandOf } from '../../test/kits/wallet.ts';
import type { CatalogGame } from './catalog.ts';
import { gameOf } from './testkit.ts';

const t = useTestApp();
const launched: LaunchRequest[] = [];

beforeAll(() => {
  // The demo vendor plugin opens the games; wrap it to see what the platform asked for.
  const launcher = t.app.vendorLauncher;
  const real = launcher.launch.bind(launcher);
  launcher.launch = (req) => {
    launched.push(req);
    return real(req);
  };
});

const body = (g: CatalogGame, accountType = 1) => ({ gameType: g.gameType, vassalage: g.vendor.code, nodeId: g.nodeId, gameId: g.gameCode, platform: 'W', accountType });
const launch = (b: object, token?: string, merchant = 'demo') => t.call({ method: 'POST', url: '/wps/game/launchGame', token, merchant, payload: b });
const playCount = async (g: CatalogGame) =>
  (await t.database.db.select({ n: games.playCount }).from(games).where(and(eq(games.merchantId, brandOf(t).id), eq(games.nodeId, g.nodeId))))[0].n;

/** A game with (0) or without (1) a free trial, of a category the demo vendor opens. */
async function trialGame(supportPlay: number): Promise<CatalogGame> {
  const c = await t.app.catalogs.get(brandOf(t));
  return c.games.find((g) => g.supportPlay === supportPlay && (g.gameType === 'RNG' || g.gameType === 'FISH'))!;
}

describe('POST /wps/game/launchGame', () => {
  it('real play: a logged-in member gets the vendor URL; the launch is a recent game and a play', async () => {
    const m = await player(t);
    const g = await gameOf(t, 'RNG', 2);
    const before = await playCount(g);
    const r = await launch({ ...body(g), language: 'en', backUrl: '/rng' }, m.token);
    expect(r.statusCode, r.body).toBe(200);
    const v = okEnvelope(contract.launchGame.response).parse(r.json()).value;
    expect(v.trial).toBe(false);
    expect(v.content.game_url).toMatch(/token=/);
    expect(launched.at(-1)).toMatchObject({
      vendor: g.vendor.code, nodeId: g.nodeId, gameType: g.gameType, gameName: g.name.EN, language: 'EN', backUrl: '/rng',
      member: { id: m.id, account: m.username }, currency: brandOf(t).config.currency.code,
    });
    expect(await playCount(g)).toBe(before + 1n);
    const [rec] = await t.database.db.select().from(recentGames).where(eq(recentGames.memberId, m.id));
    expect(rec).toMatchObject({ nodeId: g.nodeId, gameType: g.gameType, launches: 1 });
  });

  it('real play needs a login and a real account', async () => {
    const g = await gameOf(t, 'RNG', 0);
    const anon = await launch(body(g));
    expect(anon.statusCode).toBe(401);
    expect(anon.json().errorCode).toBe('customer.not.login');
    const trial = await player(t, 0n, { type: brandOf(t).config.trialType });
    const r = await launch(body(g), trial.token);
    expect(r.statusCode).toBe(403);
    expect(r.json().errorCode).toBe('in_need_true_account');
    expect(await t.database.db.$count(recentGames, eq(recentGames.memberId, trial.id))).toBe(0);
  });

  it('free play: no login, play money only (no member sent to the vendor), counted as a play', async () => {
    const g = await trialGame(0);
    const before = await playCount(g);
    const n = launched.length;
    const r = await launch(body(g, contract.ACCOUNT_TYPE.free));
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().value.trial).toBe(true);
    expect(launched.length).toBe(n + 1);
    expect(launched.at(-1)!.member).toBeNull();
    expect(await playCount(g)).toBe(before + 1n);
    // A trial account may play for free too (but keeps no recent games); a real member's free play is recent.
    const trial = await player(t, 0n, { type: brandOf(t).config.trialType });
    expect((await launch(body(g, 0), trial.token)).json().value.trial).toBe(true);
    expect(launched.at(-1)!.member).toBeNull();
    expect(await t.database.db.$count(recentGames, eq(recentGames.memberId, trial.id))).toBe(0);
    const m = await player(t, 0n);
    expect((await launch(body(g, 0), m.token)).json().value.trial).toBe(true);
    expect(launched.at(-1)!.member).toBeNull();
    expect(await t.database.db.$count(recentGames, eq(recentGames.memberId, m.id))).toBe(1);
  });

  it('free play needs a game with a trial and the brand\'s free-play module', async () => {
    const none = await trialGame(1);
    const r = await launch(body(none, 0));
    expect(r.statusCode).toBe(403);
    expect(r.json().errorCode).toBe('game.trial.unavailable');

    const g = await trialGame(0);
    const luna = (await t.app.catalogs.get(brandOf(t, 'luna'))).game(g.nodeId)!;
    const lunaBody = { gameType: luna.gameType, vassalage: luna.vendor.code, nodeId: luna.nodeId, accountType: 0 };
    await setBrand(t, 'luna', (c) => setModule(c, 'FREEPLAY3', false));
    try {
      const off = await launch(lunaBody, undefined, 'luna');
      expect(off.statusCode).toBe(403);
      expect(off.json().errorCode).toBe('function.not.available');
      expect((await launch(body(g, 0))).statusCode).toBe(200);
    } finally {
      await setBrand(t, 'luna', (c) => setModule(c, 'FREEPLAY3', true));
    }
  });

  it('answers game.not.found for an unknown game, vendor or category, and validates the body', async () => {
    const m = await player(t, 0n);
    const g = await gameOf(t, 'RNG', 0);
    const live = await gameOf(t, 'LIVE', 0);
    for (const b of [{ ...body(g), nodeId: 'nope' }, { ...body(g), vassalage: live.vendor.code }, { ...body(g), gameType: 'LIVE' }]) {
      const r = await launch(b, m.token);
      expect(r.statusCode, JSON.stringify(b)).toBe(404);
      expect(r.json().errorCode).toBe('game.not.found');
    }
    for (const b of [{ ...body(g), accountType: 2 }, { ...body(g), gameType: 'NOPE' }, { ...body(g), backUrl: '//evil.example' }]) {
      expect((await launch(b, m.token)).json().errorCode, JSON.stringify(b)).toBe('request_param_err');
    }
  });

  it('a vendor in maintenance for this brand answers game_maintenance; a disabled vendor game.not.found', async () => {
    const m = await player(t, 0n);
    const g = await gameOf(t, 'FISH', 0);
    const id = brandOf(t).id;
    const set = async (v: Partial<typeof vendors.$inferInsert>) => {
      await t.database.db.update(vendors).set(v).where(and(eq(vendors.merchantId, id), eq(vendors.code, g.vendor.code)));
      t.app.catalogs.invalidate(id);
    };
    const n = launched.length;
    try {
      await set({ maintenance: true });
      const r = await launch(body(g), m.token);
      expect(r.statusCode).toBe(503);
      expect(r.json().errorCode).toBe('game_maintenance');
      expect((await launch(body(g))).json().errorCode).toBe('customer.not.login');
      // The other brand's vendor of the same code is not in maintenance.
      const luna = (await t.app.catalogs.get(brandOf(t, 'luna'))).byCode.get(g.vendor.code)!;
      expect(luna.maintenance).toBe(false);
      await set({ maintenance: false, enabled: false });
      expect((await launch(body(g), m.token)).json().errorCode).toBe('game.not.found');
      expect(launched.length).toBe(n);
    } finally {
      await set({ maintenance: false, enabled: true });
    }
    expect((await launch(body(g), m.token)).statusCode).toBe(200);
  });
});

describe('GET /wps/relay/GCS_recentGame', () => {
  const recent = async (token: string, qs = '', language?: string) => {
    const r = await t.call({ method: 'GET', url: `/wps/relay/GCS_recentGame?${qs}`, token, language });
    expect(r.statusCode, r.body).toBe(200);
    return okEnvelope(accountGames.recentGame.response).parse(r.json()).value;
  };

  it('lists launched games most recent first, relaunch moves to the top, with a category filter and paging', async () => {
    const m = await player(t);
    const c = await t.app.catalogs.get(brandOf(t));
    const rng = c.games.filter((g) => g.gameType === 'RNG').slice(0, 21);
    const fish = await gameOf(t, 'FISH', 0);
    for (const g of [...rng, fish]) expect((await launch(body(g), m.token)).statusCode).toBe(200);
    expect((await launch(body(rng[0]), m.token)).statusCode).toBe(200);

    const p1 = await recent(m.token, '', 'EN');
    expect(p1).toMatchObject({ page: 1, total: 22, totalPages: 2 });
    expect(p1.list).toHaveLength(accountGames.RECENT_PAGE_SIZE);
    expect(p1.list.slice(0, 3).map((g) => g.nodeId)).toEqual([rng[0].nodeId, fish.nodeId, rng[20].nodeId]);
    expect(p1.list[0]).toMatchObject({ ...rng[0].wire.EN });
    expect(Date.parse(p1.list[0].lastPlayedAt)).toBeGreaterThan(Date.parse(p1.list[1].lastPlayedAt) - 1);
    const p2 = await recent(m.token, 'page=2', 'EN');
    expect(p2.list.map((g) => g.nodeId)).toEqual([rng[2].nodeId, rng[1].nodeId]);
    expect((await recent(m.token, 'gameType=FISH')).list.map((g) => g.nodeId)).toEqual([fish.nodeId]);
    expect((await recent(m.token, 'gameType=FISH&language=ES')).list[0].gameName).toBe(fish.name.ES);
    const [row] = await t.database.db.select().from(recentGames).where(and(eq(recentGames.memberId, m.id), eq(recentGames.nodeId, rng[0].nodeId)));
    expect(row.launches).toBe(2);

    // A game that left the catalog is skipped.
    const id = brandOf(t).id;
    await t.database.db.update(games).set({ enabled: false }).where(and(eq(games.merchantId, id), eq(games.nodeId, fish.nodeId)));
    t.app.catalogs.invalidate(id);
    try {
      const after = await recent(m.token);
      expect(after.total).toBe(21);
      expect(after.list.map((g) => g.nodeId)).not.toContain(fish.nodeId);
      expect((await recent(m.token, 'gameType=FISH')).list).toEqual([]);
    } finally {
      await t.database.db.update(games).set({ enabled: true }).where(and(eq(games.merchantId, id), eq(games.nodeId, fish.nodeId)));
      t.app.catalogs.invalidate(id);
    }
  });

  it('needs a real account', async () => {
    expect((await t.call({ method: 'GET', url: '/wps/relay/GCS_recentGame' })).json().errorCode).toBe('customer.not.login');
    const trial = await player(t, 0n, { type: brandOf(t).config.trialType });
    expect((await t.call({ method: 'GET', url: '/wps/relay/GCS_recentGame', token: trial.token })).json().errorCode).toBe('in_need_true_account');
  });
});
