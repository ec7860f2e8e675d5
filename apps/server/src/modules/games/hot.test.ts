import { afterEach, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { games as contract, okEnvelope } from '@lobby/contract';
import { betRecords, games } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { player } from '../../test/kits/seamless.ts';
import { brandOf } from '../../test/kits/wallet.ts';
import { PLAYS_REFRESH_MS } from './catalog.ts';
import { gameOf, round } from './testkit.ts';
import { maskName, WINNERS_TTL_MS } from './winners.ts';

const t = useTestApp();

afterEach(() => { vi.restoreAllMocks(); });

async function get<S extends import('zod').ZodType>(url: string, schema: S, merchant = 'demo', language?: string) {
  const res = await t.call({ method: 'GET', url, merchant, language });
  expect(res.statusCode, res.body).toBe(200);
  return (okEnvelope(schema).parse(res.json()) as { value: import('zod').output<S> }).value;
}
const hot = async (merchant = 'demo') => (await get('/wps/relay/GCSGAME_hotGamesV2', contract.hotGames.response, merchant)).list.map((g) => g.nodeId);
const board = (qs = '', merchant = 'demo', language?: string) =>
  get(`/wps/relay/GCSGAME_winnerBoard?${qs}`, contract.winnerBoard.response, merchant, language);
const days = (n: number) => new Date(Date.now() - n * 86_400_000);
/** Moves Date.now forward (the caches' clocks); the database keeps the real time. */
const later = (ms: number) => { const now = Date.now(); vi.spyOn(Date, 'now').mockImplementation(() => now + ms); };

describe('hot games from play counts', () => {
  it('ranks flagged games first, then by the last 7 days of plays; counts refresh in memory', async () => {
    const b = brandOf(t);
    await t.database.db.update(games).set({ isHot: false }).where(eq(games.merchantId, b.id));
    t.app.catalogs.invalidate(b.id);
    const [x, y, z] = [await gameOf(t, 'RNG', 40), await gameOf(t, 'FISH', 5), await gameOf(t, 'LIVE', 3)];
    const before = await hot();
    expect(before).toHaveLength(contract.HOT_GAMES_LIMIT);
    expect(before).not.toContain(x.nodeId);
    expect(before).not.toContain(y.nodeId);

    const m = await player(t);
    for (let i = 0; i < 3; i++) await round(t, m, x, '1', '2');
    await round(t, m, y, '1', '0');
    await round(t, m, y, '1', '0');
    // Open and refunded bets are not plays.
    await round(t, m, z, '1', null);
    await round(t, m, z, '1', null, { refund: true });
    // Served from memory: nothing changes until the counts are reloaded.
    expect(await hot()).toEqual(before);
    await t.app.catalogs.refreshPlays(b);
    const after = await hot();
    expect(after.slice(0, 2)).toEqual([x.nodeId, y.nodeId]);
    expect(after).not.toContain(z.nodeId);
    expect(await hot('luna')).not.toContain(x.nodeId);

    // A hot flag still comes first (a catalog reload keeps the counts).
    await t.database.db.update(games).set({ isHot: true }).where(and(eq(games.merchantId, b.id), eq(games.nodeId, z.nodeId)));
    t.app.catalogs.invalidate(b.id);
    expect((await hot()).slice(0, 3)).toEqual([z.nodeId, x.nodeId, y.nodeId]);

    // Rounds older than 7 days no longer count; the minute's background refresh picks it up.
    await t.database.db.update(betRecords).set({ betAt: days(8), settledAt: days(8) })
      .where(and(eq(betRecords.merchantId, b.id), eq(betRecords.game, x.nodeId)));
    expect((await hot())[1]).toBe(x.nodeId);
    later(PLAYS_REFRESH_MS + 1000);
    await hot(); // starts the refresh in the background
    await vi.waitFor(async () => expect((await hot()).slice(0, 2)).toEqual([z.nodeId, y.nodeId]), { timeout: 5000 });
  });

  it('counts launches: members who launched a game this week, and all-time launches as the tie-break', async () => {
    const b = brandOf(t);
    const g = await gameOf(t, 'RNG', 60);
    expect(await hot()).not.toContain(g.nodeId);
    const m = await player(t);
    const r = await t.call({ method: 'POST', url: '/wps/game/launchGame', token: m.token, payload: { gameType: g.gameType, vassalage: g.vendor.code, nodeId: g.nodeId } });
    expect(r.statusCode, r.body).toBe(200);
    await t.app.catalogs.refreshPlays(b);
    expect(await hot()).toContain(g.nodeId);
  });
});

describe('winner board', () => {
  it('masks names: first and last character kept', () => {
    expect(maskName('player01')).toBe('p******1');
    expect(maskName('abc')).toBe('a*c');
    expect(maskName('ab')).toBe('a*');
    expect(maskName('a')).toBe('*');
    expect(maskName('ñandú')).toBe('ñ***ú');
  });

  it('lists the biggest settled wins of the last 7 days, masked, with catalog names; cached for 30 s per brand', async () => {
    const [slot, fish] = [await gameOf(t, 'RNG', 7), await gameOf(t, 'FISH', 2)];
    const [a, b, c] = [await player(t), await player(t), await player(t)];
    await round(t, a, slot, '10', '50');
    await round(t, b, fish, '10', '500.25');
    await round(t, c, slot, '10', '0');
    await round(t, c, slot, '1000', null);
    await round(t, c, slot, '1000', null, { refund: true });
    await round(t, c, fish, '10', '9000');
    const merchantId = brandOf(t).id;
    // c's big win was 8 days ago.
    await t.database.db.update(betRecords).set({ betAt: days(8), settledAt: days(8) })
      .where(and(eq(betRecords.merchantId, merchantId), eq(betRecords.memberId, c.id), eq(betRecords.win, 900_000n)));

    const en = await board('', 'demo', 'EN');
    // Names of test members look alike once masked (w*********x): pick the rows by game and amount.
    const mine = en.list.filter((w) => (w.nodeId === fish.nodeId && w.winAmount === '500.25') || (w.nodeId === slot.nodeId && w.winAmount === '50.00'));
    expect(mine).toEqual([
      { customerName: maskName(b.username), winAmount: '500.25', gameName: fish.name.EN, iconUrl: fish.wire.EN.iconUrl, nodeId: fish.nodeId, gameType: 'FISH', vassalage: fish.vendor.code },
      { customerName: maskName(a.username), winAmount: '50.00', gameName: slot.name.EN, iconUrl: slot.wire.EN.iconUrl, nodeId: slot.nodeId, gameType: 'RNG', vassalage: slot.vendor.code },
    ]);
    expect(en.list.some((w) => w.winAmount === '9000.00')).toBe(false);
    expect(en.list.every((w) => !w.customerName.includes(a.username))).toBe(true);
    const amounts = en.list.map((w) => Number(w.winAmount));
    expect(amounts).toEqual([...amounts].sort((p, q) => q - p));
    expect(en.list.length).toBeLessThanOrEqual(contract.WINNER_BOARD_LIMIT);
    expect((await board('language=es')).list.find((w) => w.nodeId === slot.nodeId)!.gameName).toBe(slot.name.ES);
    expect((await board('limitNum=1')).list).toHaveLength(1);
    expect((await board('category=RNG')).list.every((w) => w.gameType === 'RNG')).toBe(true);
    expect((await board('category=RNG')).list.map((w) => w.nodeId)).toContain(slot.nodeId);
    expect((await board('', 'luna')).list.map((w) => w.winAmount)).not.toContain('500.25');
    const bad = await t.call({ method: 'GET', url: '/wps/relay/GCSGAME_winnerBoard?limitNum=21' });
    expect(bad.json().errorCode).toBe('request_param_err');

    // A new big win shows once the 30 s cache has expired.
    const d = await player(t);
    await round(t, d, slot, '10', '7777');
    expect((await board()).list[0]?.winAmount).not.toBe('7777.00');
    later(WINNERS_TTL_MS + 1000);
    expect((await board()).list[0]).toMatchObject({ customerName: maskName(d.username), winAmount: '7777.00' });
  });
});
