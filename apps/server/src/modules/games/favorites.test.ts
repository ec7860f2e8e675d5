import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { accountGames as contract, okEnvelope } from '@lobby/contract';
import { favoriteGames, games } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { player } from '../../test/kits/seamless.ts';
import { api, brandOf } from '../../test/kits/wallet.ts';
import type { CatalogGame } from './catalog.ts';
import { gameOf } from './testkit.ts';

const t = useTestApp();

const payload = (g: CatalogGame) => ({ nodeId: g.nodeId, vendor: g.vendor.code, gameType: g.gameType });
const add = (token: string | undefined, body: object) => api(t, token, 'POST', '/wps/relay/MCSFE_addFavoriteGameV2', body);
const remove = (token: string | undefined, body: object) => api(t, token, 'POST', '/wps/relay/MCSFE_removeFavoriteGameV2', body);

async function listOf(token: string, qs = '', language?: string) {
  const res = await t.call({ method: 'GET', url: `/wps/relay/MCSFE_getFavoriteGamesList?${qs}`, token, language });
  expect(res.statusCode, res.body).toBe(200);
  return okEnvelope(contract.getFavoriteGamesList.response).parse(res.json()).value;
}
async function idsOf(token: string, qs = '') {
  const res = await t.call({ method: 'GET', url: `/wps/relay/MCSFE_getFavoriteGames?${qs}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return okEnvelope(contract.getFavoriteGames.response).parse(res.json()).value;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('favourites', () => {
  it('adds and removes idempotently, lists newest first with catalog fields in the asked language', async () => {
    const m = await player(t, 0n);
    const [a, b, c] = [await gameOf(t, 'RNG', 0), await gameOf(t, 'LIVE', 0), await gameOf(t, 'FISH', 1)];
    for (const g of [a, b, c]) {
      const r = await add(m.token, payload(g));
      expect(r.json()).toEqual({ success: true, value: { nodeId: g.nodeId, favorite: true } });
      await sleep(5);
    }
    // Adding again changes nothing (not even the order).
    expect((await add(m.token, payload(a))).json().value).toEqual({ nodeId: a.nodeId, favorite: true });
    expect(await t.database.db.$count(favoriteGames, eq(favoriteGames.memberId, m.id))).toBe(3);

    const en = await listOf(m.token, '', 'EN');
    expect(en.content.map((g) => g.nodeId)).toEqual([c.nodeId, b.nodeId, a.nodeId]);
    expect(en.content[2]).toEqual(a.wire.EN);
    expect(en).toMatchObject({ pageNum: 1, totalPages: 1 });
    expect((await listOf(m.token, 'language=es', 'EN')).content[2].gameName).toBe(a.name.ES);
    expect((await listOf(m.token)).content[2].gameName).toBe(a.name.ES);
    const page2 = await listOf(m.token, 'pageNo=2&pageSize=2&language=EN');
    expect(page2).toEqual({ content: [a.wire.EN], pageNum: 2, totalPages: 2 });
    expect(await idsOf(m.token)).toEqual({ content: [c, b, a].map((g) => ({ nodeId: g.nodeId })), pageNum: 1, totalPages: 1 });

    expect((await remove(m.token, payload(b))).json()).toEqual({ success: true, value: { nodeId: b.nodeId, favorite: false } });
    expect((await remove(m.token, payload(b))).json()).toEqual({ success: true, value: { nodeId: b.nodeId, favorite: false } });
    expect((await idsOf(m.token)).content.map((x) => x.nodeId)).toEqual([c.nodeId, a.nodeId]);
    // Another member's list is their own.
    const other = await player(t, 0n);
    expect((await idsOf(other.token)).content).toEqual([]);
  });

  it('refuses a game that is not in the catalog with that vendor and category', async () => {
    const m = await player(t, 0n);
    const g = await gameOf(t, 'RNG', 3);
    const other = await gameOf(t, 'LIVE', 0);
    for (const body of [
      { ...payload(g), nodeId: 'no-such-game' },
      { ...payload(g), vendor: other.vendor.code },
      { ...payload(g), gameType: 'LIVE' },
    ]) {
      const r = await add(m.token, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(404);
      expect(r.json()).toMatchObject({ success: false, errorCode: 'game.not.found' });
    }
    expect((await add(m.token, { ...payload(g), gameType: 'NOPE' })).json().errorCode).toBe('request_param_err');
    expect(await t.database.db.$count(favoriteGames, eq(favoriteGames.memberId, m.id))).toBe(0);
  });

  it('skips favourites of games that left the catalog, and refuses to add a disabled game', async () => {
    const m = await player(t, 0n);
    const [keep, gone] = [await gameOf(t, 'RNG', 5), await gameOf(t, 'RNG', 6)];
    await add(m.token, payload(keep));
    await add(m.token, payload(gone));
    const id = brandOf(t).id;
    await t.database.db.update(games).set({ enabled: false }).where(and(eq(games.merchantId, id), eq(games.nodeId, gone.nodeId)));
    t.app.catalogs.invalidate(id);
    try {
      expect((await idsOf(m.token)).content).toEqual([{ nodeId: keep.nodeId }]);
      expect((await listOf(m.token)).content.map((g) => g.nodeId)).toEqual([keep.nodeId]);
      expect((await add(m.token, payload(gone))).json().errorCode).toBe('game.not.found');
      // Removing it still works (nothing to show, nothing kept).
      expect((await remove(m.token, payload(gone))).statusCode).toBe(200);
      expect(await t.database.db.$count(favoriteGames, eq(favoriteGames.memberId, m.id))).toBe(1);
    } finally {
      await t.database.db.update(games).set({ enabled: true }).where(and(eq(games.merchantId, id), eq(games.nodeId, gone.nodeId)));
      t.app.catalogs.invalidate(id);
    }
  });

  it(`keeps at most ${contract.FAVORITES_MAX} favourites (favorite.limit with the maximum)`, async () => {
    const m = await player(t, 0n);
    const g = await gameOf(t, 'RNG', 1);
    await add(m.token, payload(g));
    // The demo catalog has fewer games than the limit: fill the rest by hand.
    const merchantId = brandOf(t).id;
    await t.database.db.insert(favoriteGames).values(Array.from({ length: contract.FAVORITES_MAX - 1 }, (_, i) => ({
      merchantId, memberId: m.id, nodeId: `old-${i}`, vendor: g.vendor.code, gameType: g.gameType, createdAt: new Date(Date.now() - 86_400_000),
    })));
    const next = await gameOf(t, 'RNG', 2);
    const r = await t.call({ method: 'POST', url: '/wps/relay/MCSFE_addFavoriteGameV2', token: m.token, language: 'EN', payload: payload(next) });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ success: false, errorCode: 'favorite.limit' });
    expect(r.json().message).toContain(String(contract.FAVORITES_MAX));
    // One already kept is still "added"; after a removal there is room again.
    expect((await add(m.token, payload(g))).statusCode).toBe(200);
    await remove(m.token, payload(g));
    expect((await add(m.token, payload(next))).statusCode).toBe(200);
    expect(await t.database.db.$count(favoriteGames, eq(favoriteGames.memberId, m.id))).toBe(contract.FAVORITES_MAX);
  });

  it('holds the limit when adds race: one place left, five games at once, one is kept', async () => {
    const m = await player(t, 0n);
    const g = await gameOf(t, 'RNG', 0);
    const merchantId = brandOf(t).id;
    await t.database.db.insert(favoriteGames).values(Array.from({ length: contract.FAVORITES_MAX - 1 }, (_, i) => ({
      merchantId, memberId: m.id, nodeId: `old-${i}`, vendor: g.vendor.code, gameType: g.gameType,
    })));
    const games = await Promise.all([1, 2, 3, 4, 5].map((i) => gameOf(t, 'RNG', i)));
    const codes = (await Promise.all(games.map((x) => add(m.token, payload(x))))).map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 400, 400, 400, 400]);
    expect(await t.database.db.$count(favoriteGames, eq(favoriteGames.memberId, m.id))).toBe(contract.FAVORITES_MAX);
  });

  it('needs a logged-in real account: visitors get customer.not.login, trial accounts in_need_true_account', async () => {
    const g = await gameOf(t, 'RNG', 0);
    expect((await add(undefined, payload(g))).json().errorCode).toBe('customer.not.login');
    expect((await t.call({ method: 'GET', url: '/wps/relay/MCSFE_getFavoriteGames' })).json().errorCode).toBe('customer.not.login');
    const trial = await player(t, 0n, { type: brandOf(t).config.trialType });
    for (const r of [
      await add(trial.token, payload(g)),
      await remove(trial.token, payload(g)),
      await t.call({ method: 'GET', url: '/wps/relay/MCSFE_getFavoriteGames', token: trial.token }),
      await t.call({ method: 'GET', url: '/wps/relay/MCSFE_getFavoriteGamesList', token: trial.token }),
    ]) {
      expect(r.statusCode).toBe(403);
      expect(r.json().errorCode).toBe('in_need_true_account');
    }
    expect(await t.database.db.$count(favoriteGames, eq(favoriteGames.memberId, trial.id))).toBe(0);
  });

  it('validates the page size (at most 999)', async () => {
    const m = await player(t, 0n);
    expect((await t.call({ method: 'GET', url: '/wps/relay/MCSFE_getFavoriteGamesList?pageSize=999', token: m.token })).statusCode).toBe(200);
    const r = await t.call({ method: 'GET', url: '/wps/relay/MCSFE_getFavoriteGamesList?pageSize=1000', token: m.token });
    expect(r.json().errorCode).toBe('request_param_err');
  });
});
