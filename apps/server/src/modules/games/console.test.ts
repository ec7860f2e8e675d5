import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { games as gamesContract, okEnvelope, operatorGames } from '@lobby/contract';
import { games, operatorAudit, vendors } from '../../db/schema.ts';
import { buildApp } from '../../app.ts';
import { useTestApp } from '../../test/harness.ts';
import { player } from '../../test/kits/seamless.ts';
import { brandOf } from '../../test/kits/wallet.ts';
import { newOp, opCall, type Op } from '../../test/kits/operator.ts';

const t = useTestApp();

const ok = async <R extends import('zod').ZodType>(p: Promise<{ statusCode: number; body: string; json(): unknown }>, schema: R) => {
  const r = await p;
  expect(r.statusCode, r.body).toBe(200);
  return (okEnvelope(schema).parse(r.json()) as { value: import('zod').output<R> }).value;
};

/** The lobby's answers, as a visitor sees them (served from the in-memory catalog). */
const lobby = {
  list: (q: string) => ok(t.call({ method: 'GET', url: `${gamesContract.gameList.path}?${q}`, merchant: 'demo' }), gamesContract.gameList.response),
  hot: () => ok(t.call({ method: 'GET', url: `${gamesContract.hotGames.path}?language=EN`, merchant: 'demo' }), gamesContract.hotGames.response),
  menus: () => ok(t.call({ method: 'GET', url: gamesContract.gameMenus.path, merchant: 'demo' }), gamesContract.gameMenus.response),
};

const auditOf = async (action: string, target?: string) =>
  (await t.database.db.select().from(operatorAudit)).filter((r) => r.action === action && (target === undefined || r.target === target));

async function someGame(op: Op, q: string) {
  const v = await ok(opCall(t, op, 'GET', `/wps/ops/games?${q}`), operatorGames.listGames.response);
  expect(v.list.length).toBeGreaterThan(0);
  return v;
}

describe('console games: list and toggles', () => {
  it('filters by vendor, category, name and state, with paging', async () => {
    const op = await newOp(t, 'content');
    const vs = await ok(opCall(t, op, 'GET', '/wps/ops/games/vendors'), operatorGames.listVendors.response);
    expect(vs.length).toBeGreaterThanOrEqual(20);
    const rng = vs.find((v) => v.gameType === 'RNG')!;
    expect(rng.games).toBeGreaterThan(0);
    const byVendor = await someGame(op, `vendor=${rng.code}`);
    expect(byVendor.list.every((g) => g.vendor === rng.code)).toBe(true);
    expect(byVendor.total).toBe(rng.games);
    const live = await someGame(op, 'gameType=LIVE');
    expect(live.list.every((g) => g.gameType === 'LIVE')).toBe(true);
    const all = await someGame(op, '');
    expect(all.pageSize).toBe(operatorGames.GAMES_PAGE_SIZE);
    expect(all.total).toBeGreaterThan(600);
    const page2 = await someGame(op, 'page=2');
    expect(page2.list[0].nodeId).not.toBe(all.list[0].nodeId);
    const word = all.list[3].name.EN.split(' ')[0];
    const byName = await someGame(op, `q=${encodeURIComponent(word.toLowerCase())}`);
    expect(byName.list.every((g) => `${g.name.ES} ${g.name.EN}`.toLowerCase().includes(word.toLowerCase()))).toBe(true);
    const bad = await opCall(t, op, 'GET', '/wps/ops/games?gameType=NOPE');
    expect(bad.json().errorCode).toBe('request_param_err');
  });

  it('a game turned off leaves the game list, the search and the hot list at once; hot puts it first', async () => {
    const op = await newOp(t, 'content');
    const lane = await lobby.list('gameType=RNG&pageNo=1&pageSize=20&language=EN');
    const g = lane.games[5];
    // the demo seed marks ~12% of the games hot: start from none, so the one marked here leads the list
    await t.database.db.update(games).set({ isHot: false }).where(eq(games.merchantId, brandOf(t).id));
    t.app.catalogs.invalidate(brandOf(t).id);
    expect((await lobby.hot()).list.some((x) => x.nodeId === g.nodeId && x.isHot === 1)).toBe(false);
    const r = await ok(opCall(t, op, 'POST', '/wps/ops/games/update', { nodeId: g.nodeId, isHot: true }), operatorGames.updateGame.response);
    expect(r.isHot).toBe(true);
    expect((await lobby.hot()).list[0].nodeId).toBe(g.nodeId);
    expect((await lobby.list(`gameType=RNG&vassalage=${g.vassalage}&pageNo=1&pageSize=100&language=EN`)).games.find((x) => x.nodeId === g.nodeId)?.isHot).toBe(1);

    await ok(opCall(t, op, 'POST', '/wps/ops/games/update', { nodeId: g.nodeId, enabled: false }), operatorGames.updateGame.response);
    expect((await lobby.hot()).list.some((x) => x.nodeId === g.nodeId)).toBe(false);
    const lane2 = await lobby.list(`gameType=RNG&vassalage=${g.vassalage}&pageNo=1&pageSize=100&language=EN`);
    expect(lane2.games.some((x) => x.nodeId === g.nodeId)).toBe(false);
    const found = await lobby.list(`pageNo=1&pageSize=100&language=EN&search=${encodeURIComponent(g.gameName)}`);
    expect(found.games.some((x) => x.nodeId === g.nodeId)).toBe(false);

    const audits = await auditOf('games.game.update', g.nodeId);
    expect(audits.map((a) => [a.before, a.after])).toEqual([[{ isHot: false }, { isHot: true }], [{ enabled: true }, { enabled: false }]]);
    expect(audits[0].operatorName).toBe(op.username);

    await ok(opCall(t, op, 'POST', '/wps/ops/games/update', { nodeId: g.nodeId, enabled: true, isHot: false }), operatorGames.updateGame.response);
    expect((await lobby.list(`pageNo=1&pageSize=100&language=EN&search=${encodeURIComponent(g.gameName)}`)).games.some((x) => x.nodeId === g.nodeId)).toBe(true);
    expect((await opCall(t, op, 'POST', '/wps/ops/games/update', { nodeId: 'no-such-game', enabled: false })).json().errorCode).toBe('operator.games.game.not.found');
  });

  it('bulk on/off changes only the selected games of the brand and audits them', async () => {
    const op = await newOp(t, 'owner');
    const v = await someGame(op, 'gameType=FISH&enabled=on');
    const ids = v.list.slice(0, 3).map((g) => g.nodeId);
    const r = await ok(opCall(t, op, 'POST', '/wps/ops/games/bulk', { nodeIds: [...ids, 'nope-1'], enabled: false }), operatorGames.bulkGames.response);
    expect(r).toEqual({ changed: 3, unknown: ['nope-1'] });
    const fish = await lobby.list('gameType=FISH&pageNo=1&pageSize=100&language=EN');
    expect(fish.games.some((x) => ids.includes(x.nodeId))).toBe(false);
    const luna = await t.database.db.select().from(games).where(and(eq(games.merchantId, brandOf(t, 'luna').id), eq(games.nodeId, ids[0])));
    if (luna.length) expect(luna[0].enabled).toBe(true);
    const [a] = await auditOf('games.game.bulk');
    expect(a.after).toEqual({ enabled: false, nodeIds: ids });
    expect((await ok(opCall(t, op, 'POST', '/wps/ops/games/bulk', { nodeIds: ids, enabled: false }), operatorGames.bulkGames.response)).changed).toBe(0);
    await ok(opCall(t, op, 'POST', '/wps/ops/games/bulk', { nodeIds: ids, enabled: true }), operatorGames.bulkGames.response);
    expect((await opCall(t, op, 'POST', '/wps/ops/games/bulk', { nodeIds: [], enabled: true })).json().errorCode).toBe('request_param_err');
  });

  it('vendor maintenance makes launch answer game_maintenance; a vendor turned off leaves the menus', async () => {
    const op = await newOp(t, 'content');
    const m = await player(t, 0n);
    const menus = await lobby.menus();
    const fish = menus.find((c) => c.gameType === 'FISH')!.vendors[0];
    const game = (await lobby.list(`gameType=FISH&vassalage=${fish.vassalage}&pageNo=1&pageSize=20&language=EN`)).games[0];
    const launch = () => t.call({ method: 'POST', url: gamesContract.launchGame.path, merchant: 'demo', token: m.token,
      payload: { gameType: 'FISH', vassalage: fish.vassalage, nodeId: game.nodeId, accountType: 1 } });
    expect((await launch()).statusCode).toBe(200);
    const [{ sort }] = await t.database.db.select().from(vendors).where(and(eq(vendors.merchantId, brandOf(t).id), eq(vendors.code, fish.vassalage)));

    const on = await ok(opCall(t, op, 'POST', '/wps/ops/games/vendors/update', { code: fish.vassalage, maintenance: true }), operatorGames.updateVendor.response);
    expect(on.maintenance).toBe(true);
    const r = await launch();
    expect(r.statusCode).toBe(503);
    expect(r.json().errorCode).toBe('game_maintenance');
    expect((await lobby.menus()).find((c) => c.gameType === 'FISH')!.vendors.find((v) => v.vassalage === fish.vassalage)!.maintenance).toBe(true);
    const [luna] = await t.database.db.select().from(vendors).where(and(eq(vendors.merchantId, brandOf(t, 'luna').id), eq(vendors.code, fish.vassalage)));
    if (luna) expect(luna.maintenance).toBe(false);

    await ok(opCall(t, op, 'POST', '/wps/ops/games/vendors/update', { code: fish.vassalage, maintenance: false, enabled: false, sort: sort + 7 }), operatorGames.updateVendor.response);
    expect((await lobby.menus()).find((c) => c.gameType === 'FISH')?.vendors.some((v) => v.vassalage === fish.vassalage) ?? false).toBe(false);
    expect((await launch()).json().errorCode).toBe('game.not.found');
    const audits = await auditOf('games.vendor.update', fish.vassalage);
    expect(audits.map((a) => a.after)).toEqual([{ maintenance: true }, { maintenance: false, enabled: false, sort: sort + 7 }]);
    expect(audits[1].before).toMatchObject({ maintenance: true, enabled: true });

    await ok(opCall(t, op, 'POST', '/wps/ops/games/vendors/update', { code: fish.vassalage, enabled: true, sort }), operatorGames.updateVendor.response);
    expect((await launch()).statusCode).toBe(200);
    expect((await opCall(t, op, 'POST', '/wps/ops/games/vendors/update', { code: 'RNG-NOPE', enabled: false })).json().errorCode).toBe('operator.games.vendor.not.found');
  });

  it.skipIf(!process.env.REDIS_URL)('with Redis, a game turned off on one instance leaves the lobby of another at once', async () => {
    const second = await buildApp({ config: t.app.config, database: t.database, logger: false });
    try {
      const op = await newOp(t, 'content');
      const list = async () => (okEnvelope(gamesContract.gameList.response).parse((await second.inject({ method: 'GET',
        url: `${gamesContract.gameList.path}?gameType=LIVE&pageNo=1&pageSize=100&language=EN`, headers: { merchant: 'demo' } })).json()).value.games);
      const g = (await list())[0];
      await ok(opCall(t, op, 'POST', '/wps/ops/games/update', { nodeId: g.nodeId, enabled: false }), operatorGames.updateGame.response);
      const until = Date.now() + 5000;
      while ((await list()).some((x) => x.nodeId === g.nodeId) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      expect((await list()).some((x) => x.nodeId === g.nodeId)).toBe(false);
      await ok(opCall(t, op, 'POST', '/wps/ops/games/update', { nodeId: g.nodeId, enabled: true }), operatorGames.updateGame.response);
    } finally {
      await second.close();
    }
  });
});
