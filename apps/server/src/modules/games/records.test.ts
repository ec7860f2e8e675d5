import { describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { accountGames, okEnvelope } from '@lobby/contract';
import { betRecords } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { player } from '../../test/kits/seamless.ts';
import { brandOf } from '../../test/kits/wallet.ts';
import { gameOf, round } from './testkit.ts';

const t = useTestApp();

/** A brand day (gmtOffsetMinutes) `n` days from today, as YYYY-MM-DD. */
const day = (n = 0) => new Date(Date.now() + brandOf(t).config.gmtOffsetMinutes * 60_000 + n * 86_400_000).toISOString().slice(0, 10);

async function records(token: string, qs: string, language?: string) {
  const r = await t.call({ method: 'GET', url: `/wps/relay/ODSFE2_betRecords?${qs}`, token, language });
  expect(r.statusCode, r.body).toBe(200);
  return okEnvelope(accountGames.betRecords.response).parse(r.json()).value;
}

describe('GET /wps/relay/ODSFE2_betRecords', () => {
  it('lists the member\'s bets newest first, 10 a page, with totals, filters and catalog names', async () => {
    const m = await player(t);
    const [slot, fish] = [await gameOf(t, 'RNG', 4), await gameOf(t, 'FISH', 1)];
    // 9 settled slot rounds (bet 2, win 3), a fish win, a fish loss, an open bet and a refunded one.
    for (let i = 0; i < 9; i++) await round(t, m, slot, '2', '3');
    const fishWin = await round(t, m, fish, '10', '25.50');
    await round(t, m, fish, '5', '0');
    await round(t, m, slot, '7', null);
    await round(t, m, slot, '100', null, { refund: true });
    // Someone else's bets are not listed.
    await round(t, await player(t), slot, '1', '1');

    const range = `startDate=${day(-1)}&endDate=${day()}`;
    const p1 = await records(m.token, range, 'EN');
    expect(p1).toMatchObject({ page: 1, total: 13, totalPages: 2 });
    expect(p1.list).toHaveLength(accountGames.BET_RECORDS_PAGE_SIZE);
    expect(p1.totals).toEqual({ bet: '40.00', validBet: '33.00', win: '52.50', profit: '19.50' });
    const [refunded, open, loss, win] = p1.list;
    expect(refunded).toMatchObject({ status: 'refunded', bet: '100.00', validBet: '0.00', win: '0.00', profit: '0.00', gameName: slot.name.EN, nodeId: slot.nodeId, vassalage: slot.vendor.code, gameType: 'RNG' });
    expect(refunded.settleTime).not.toBeNull();
    expect(open).toMatchObject({ status: 'open', bet: '7.00', profit: '0.00', settleTime: null });
    expect(loss).toMatchObject({ status: 'settled', bet: '5.00', validBet: '5.00', win: '0.00', profit: '-5.00', gameType: 'FISH' });
    expect(win).toMatchObject({ status: 'settled', bet: '10.00', win: '25.50', profit: '15.50', roundId: fishWin, gameName: fish.name.EN });
    expect(win.orderNo).toMatch(/^BR\d+$/);
    expect(Date.parse(win.betTime)).toBeLessThanOrEqual(Date.parse(win.settleTime!));
    const rows = await t.database.db.select().from(betRecords).where(eq(betRecords.memberId, m.id)).orderBy(desc(betRecords.betAt), desc(betRecords.id));
    expect(p1.list.map((r) => r.orderNo)).toEqual(rows.slice(0, 10).map((r) => r.orderNo));

    const p2 = await records(m.token, `${range}&page=2`);
    expect(p2.list.map((r) => r.orderNo)).toEqual(rows.slice(10).map((r) => r.orderNo));
    expect(p2.list[0].gameName).toBe(slot.name.ES);
    expect(p2.totals).toEqual(p1.totals);

    const fishOnly = await records(m.token, `${range}&gameType=FISH`);
    expect(fishOnly).toMatchObject({ total: 2, totals: { bet: '15.00', validBet: '15.00', win: '25.50', profit: '10.50' } });
    const openOnly = await records(m.token, `${range}&status=open`);
    expect(openOnly).toMatchObject({ total: 1, totals: { bet: '7.00', validBet: '0.00', win: '0.00', profit: '0.00' } });
    expect((await records(m.token, `${range}&status=refunded`)).totals.bet).toBe('0.00');
  });

  it('cuts the range in brand days and refuses a bad range', async () => {
    const m = await player(t);
    const slot = await gameOf(t, 'RNG', 8);
    await round(t, m, slot, '1', '1');
    await round(t, m, slot, '2', '0');
    // The second bet was placed 3 days ago (brand time).
    const [old] = await t.database.db.select().from(betRecords).where(and(eq(betRecords.memberId, m.id), eq(betRecords.bet, 200n)));
    const at = new Date(Date.now() - 3 * 86_400_000);
    await t.database.db.update(betRecords).set({ betAt: at, settledAt: at }).where(eq(betRecords.id, old.id));

    expect((await records(m.token, `startDate=${day()}&endDate=${day()}`)).total).toBe(1);
    expect((await records(m.token, `startDate=${day(-3)}&endDate=${day(-3)}`)).list.map((r) => r.bet)).toEqual(['2.00']);
    expect((await records(m.token, `startDate=${day(-30)}&endDate=${day()}`)).total).toBe(2);
    expect((await records(m.token, `startDate=${day(-2)}&endDate=${day(-1)}`)).list).toEqual([]);

    const bad = async (qs: string) => (await t.call({ method: 'GET', url: `/wps/relay/ODSFE2_betRecords?${qs}`, token: m.token })).json().errorCode;
    expect(await bad(`startDate=${day(-31)}&endDate=${day()}`)).toBe('wallet.range.too.long');
    expect(await bad(`startDate=${day()}&endDate=${day(-1)}`)).toBe('wallet.range.invalid');
    expect(await bad('startDate=2026-02-30&endDate=2026-03-01')).toBe('request_param_err');
    expect(await bad(`startDate=${day()}&endDate=${day()}&status=lost`)).toBe('request_param_err');
  });

  it('needs a real account', async () => {
    const qs = `startDate=${day()}&endDate=${day()}`;
    expect((await t.call({ method: 'GET', url: `/wps/relay/ODSFE2_betRecords?${qs}` })).json().errorCode).toBe('customer.not.login');
    const trial = await player(t, 0n, { type: brandOf(t).config.trialType });
    const r = await t.call({ method: 'GET', url: `/wps/relay/ODSFE2_betRecords?${qs}`, token: trial.token });
    expect(r.statusCode).toBe(403);
    expect(r.json().errorCode).toBe('in_need_true_account');
  });
});
