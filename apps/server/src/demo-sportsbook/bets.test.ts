import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { demoSportsbook as contract } from '@lobby/contract';
import { demoSportsBets, demoSportsMatches, demoSportsSessions, vendorTransactions } from '../db/schema.ts';
import { useTestApp } from '../test/harness.ts';
import { player } from '../test/kits/seamless.ts';
import { balanceOf, dv, launch, minor, postingsOf, recordsOf } from '../demo-vendor/testkit.ts';
import type { WalletPath } from '../demo-vendor/wallet.ts';
import { settleDue } from './bets.ts';
import { setMatchMs } from './fixtures.ts';
import { SESSION_TTL_MS } from './session.ts';
import { finalOf, paramsOf } from './model.ts';
import { finishWith } from './testkit.ts';

/** Real money through the seamless wallet: a member launches the sportsbook and bets. */
const t = useTestApp();
type Board = { matches: contract.MatchView[] };
type Placed = { bet: contract.BetView; balance: string };

beforeAll(() => setMatchMs(60_000));
afterAll(() => setMatchMs(null));

const board = async (token: string) => (await dv(t, 'GET', 'sports/board', token)).json.value as unknown as Board;
const pre = (b: Board) => b.matches.filter((m) => m.phase === 'pre' && m.markets[0].selections[0].odds);
const leg = (m: contract.MatchView, market = m.markets[0], i = 0) => ({ matchId: m.id, market: market.id, selection: market.selections[i].selection, odds: market.selections[i].odds! });


function breakWallet(dropped: WalletPath[]) {
  const wallet = t.app.demoVendor.wallet;
  const real = wallet.call.bind(wallet);
  wallet.call = async (brand, vendor, path, body) => (dropped.includes(path) ? { ok: false, unavailable: true } : real(brand, vendor, path, body));
  return () => { wallet.call = real; };
}

describe('the demo sportsbook with real money', () => {
  it('launches SPORTS and ESPORTS on their own pages; the session reads the balance through the wallet', async () => {
    const m = await player(t, 100_000n);
    const s = await launch(t, 'SPORTS', m);
    expect(s.url).toBe(`/demo-vendor/play/sports?token=${s.token}`);
    const e = await launch(t, 'ESPORTS', m);
    expect(e.url).toBe(`/demo-vendor/play/esports?token=${e.token}`);
    const v = (await dv(t, 'GET', 'sports/session', s.token)).json.value as unknown as contract.SessionValue;
    expect(v).toMatchObject({ kind: 'sports', trial: false, balance: '1000.00', margin: 0.05, matchSeconds: 60 });
    const sports = new Set((await board(s.token)).matches.map((x) => x.sport));
    expect([...sports].sort()).toEqual(['basketball', 'football', 'tennis']);
    const es = (await board(e.token)).matches;
    expect(new Set(es.map((x) => x.sport))).toEqual(new Set(['cs2', 'dota2', 'lol']));
    expect(es[0].markets.map((x) => x.type)).toEqual(['ml', 'ou', 'ah']);
    expect(es[0].serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(es[0].serverSeed).toBeNull();
    expect((await dv(t, 'GET', 'sports/board', 'x'.repeat(43))).json.errorCode).toBe('demo.session.invalid');
  });

  it('a single: odds that moved are refused unless accepted; limits; the stake and the payout go through the wallet once', async () => {
    const m = await player(t, 100_000n);
    const { token, game } = await launch(t, 'SPORTS', m);
    const [a] = pre(await board(token));
    const l = leg(a);
    const moved = await dv(t, 'POST', 'sports/bet', token, { type: 'single', stake: '10.00', legs: [{ ...l, odds: '1.01' }] });
    expect(moved.json).toMatchObject({ success: false, errorCode: 'demo.bet.invalid', value: { reason: 'odds.changed', legs: [{ matchId: a.id, odds: l.odds }] } });
    const big = await dv(t, 'POST', 'sports/bet', token, { type: 'single', stake: '99999.00', legs: [l] });
    expect(big.json).toMatchObject({ errorCode: 'demo.bet.invalid', value: { reason: 'stake.max' } });
    expect((await dv(t, 'POST', 'sports/bet', token, { type: 'single', stake: '0.50', legs: [l] })).json.value).toMatchObject({ reason: 'stake.min' });
    expect((await dv(t, 'POST', 'sports/bet', token, { type: 'single', stake: 'abc', legs: [l] })).json.errorCode).toBe('request_param_err');
    expect((await dv(t, 'POST', 'sports/bet', token, { type: 'single', stake: '1.00', legs: [{ ...l, market: 'ou:9.25' }] })).json.value).toMatchObject({ reason: 'selection.unknown' });
    const ok = await dv(t, 'POST', 'sports/bet', token, { type: 'single', stake: '10.00', legs: [{ ...l, odds: '1.01' }], acceptOddsChange: true });
    const placed = ok.json.value as unknown as Placed;
    expect(placed.bet).toMatchObject({ status: 'open', stake: '10.00', odds: l.odds, receipt: `SB${placed.bet.betId}` });
    expect(placed.balance).toBe('990.00');
    const recs = await recordsOf(t, m.id);
    expect(recs).toHaveLength(1);
    expect(recs[0]).toMatchObject({ gameType: 'SPORTS', status: 'open' });

    await finishWith(t, a.id, (tl) => tl.abandonedAt === null);
    expect(await settleDue(t.app)).toBeGreaterThanOrEqual(1);
    const [bet] = await t.database.db.select().from(demoSportsBets).where(eq(demoSportsBets.id, BigInt(placed.bet.betId)));
    expect(bet.status).toBe('settled');
    expect(bet.paidAt).not.toBeNull();
    expect(await balanceOf(t, m.username, game.vendor.code)).toBe(99_000n + bet.payout);
    await settleDue(t.app);
    const mine = (await dv(t, 'GET', 'sports/bets', token)).json.value as unknown as { settled: contract.BetView[]; balance: string };
    expect(mine.settled[0]).toMatchObject({ betId: placed.bet.betId, status: bet.result });
    expect(minor(mine.settled[0].payout)).toBe(bet.payout);
    expect(minor(mine.balance)).toBe(99_000n + bet.payout);
    expect((await recordsOf(t, m.id))[0].status).toBe('settled');
    expect(await postingsOf(t, 'win', m.id)).toBe(bet.payout > 0n ? 1 : 0);
    const [settledMatch] = await t.database.db.select().from(demoSportsMatches).where(eq(demoSportsMatches.id, a.id));
    expect(settledMatch.serverSeed).toBe('pick-0'.replace('0', settledMatch.serverSeed.slice(5)));
    expect(settledMatch.revealedAt).not.toBeNull();
  });

  it('a parlay with a void leg (abandoned match) pays the other legs; an all-void bet is rolled back', async () => {
    const m = await player(t, 100_000n);
    const { token, game } = await launch(t, 'SPORTS', m);
    const [a, b] = pre(await board(token));
    const same = await dv(t, 'POST', 'sports/bet', token, { type: 'parlay', stake: '5.00', legs: [leg(a), leg(a, a.markets[1])] });
    expect(same.json.value).toMatchObject({ reason: 'parlay.same.match' });
    const parlay = (await dv(t, 'POST', 'sports/bet', token, { type: 'parlay', stake: '5.00', legs: [leg(a), leg(b)] })).json.value as unknown as Placed;
    expect(parlay.bet).toMatchObject({ type: 'parlay', status: 'open', odds: (Number(leg(a).odds) * Number(leg(b).odds)).toFixed(2) });
    const single = (await dv(t, 'POST', 'sports/bet', token, { type: 'single', stake: '3.00', legs: [leg(a)] })).json.value as unknown as Placed;
    expect(single.balance).toBe('992.00');
    await finishWith(t, a.id, (tl) => tl.abandonedAt !== null);
    await settleDue(t.app);
    const rows = await t.database.db.select().from(demoSportsBets).where(eq(demoSportsBets.player, m.username.toLowerCase()));
    const byId = new Map(rows.map((r) => [String(r.id), r]));
    expect(byId.get(single.bet.betId)).toMatchObject({ status: 'settled', result: 'void', payout: 300n });
    expect(byId.get(parlay.bet.betId)).toMatchObject({ status: 'open' });
    expect(await balanceOf(t, m.username, game.vendor.code)).toBe(99_500n);
    const recs = await recordsOf(t, m.id);
    expect(recs.map((r) => r.status).sort()).toEqual(['open', 'refunded']);
    // the other leg decides the parlay alone: its odds only
    await finishWith(t, b.id, (tl) => tl.abandonedAt === null);
    await settleDue(t.app);
    const [p] = await t.database.db.select().from(demoSportsBets).where(eq(demoSportsBets.id, BigInt(parlay.bet.betId)));
    expect(p.status).toBe('settled');
    expect(['won', 'lost', 'push']).toContain(p.result);
    if (p.result === 'won') expect(p.payout).toBe((500n * BigInt(Math.round(Number(leg(b).odds) * 100))) / 100n);
    expect(await balanceOf(t, m.username, game.vendor.code)).toBe(99_500n + p.payout);
  });

  it('a single whose whole line ties (a push) gets its stake back as a rollback: no valid bet, no win', async () => {
    const m = await player(t, 100_000n);
    const { token, game } = await launch(t, 'SPORTS', m);
    const a = pre(await board(token)).find((x) => x.markets.some((k) => k.id === 'ou:3'));
    expect(a, 'a football match with the whole line ou:3').toBeTruthy();
    const placed = (await dv(t, 'POST', 'sports/bet', token, { type: 'single', stake: '4.00', legs: [leg(a!, a!.markets.find((k) => k.id === 'ou:3'))] })).json.value as unknown as Placed;
    await finishWith(t, a!.id, (tl) => tl.abandonedAt === null && tl.events.reduce((n, e) => n + e.points, 0) === 3);
    await settleDue(t.app);
    const [bet] = await t.database.db.select().from(demoSportsBets).where(eq(demoSportsBets.id, BigInt(placed.bet.betId)));
    expect(bet).toMatchObject({ status: 'settled', result: 'push', payout: 400n });
    expect(bet.paidAt).not.toBeNull();
    expect(await balanceOf(t, m.username, game.vendor.code)).toBe(100_000n);
    expect((await recordsOf(t, m.id)).map((r) => r.status)).toEqual(['refunded']);
    expect(await postingsOf(t, 'win', m.id)).toBe(0);
  });

  it('cash-out at the value shown; a changed value is refused unless accepted; a settled bet cannot cash out', async () => {
    const m = await player(t, 100_000n);
    const { token, game } = await launch(t, 'ESPORTS', m);
    const [a] = pre(await board(token));
    const placed = (await dv(t, 'POST', 'sports/bet', token, { type: 'single', stake: '20.00', legs: [leg(a)] })).json.value as unknown as Placed;
    const offer = placed.bet.cashOut!;
    // pre-match: the fair value (1 − margin of the price) minus the margin again
    expect(Number(offer)).toBeGreaterThan(17.8);
    expect(Number(offer)).toBeLessThan(18.3);
    const wrong = await dv(t, 'POST', 'sports/cashout', token, { betId: placed.bet.betId, amount: '19.99' });
    expect(wrong.json).toMatchObject({ errorCode: 'demo.bet.invalid', value: { reason: 'cashout.changed', cashOut: offer } });
    const done = (await dv(t, 'POST', 'sports/cashout', token, { betId: placed.bet.betId, amount: offer })).json.value as unknown as Placed;
    expect(done.bet).toMatchObject({ status: 'cashout', payout: offer, cashOut: null });
    expect(minor(done.balance)).toBe(98_000n + minor(offer));
    const again = await dv(t, 'POST', 'sports/cashout', token, { betId: placed.bet.betId, amount: offer });
    expect(again.json.value).toMatchObject({ reason: 'cashout.unavailable' });
    const other = await launch(t, 'ESPORTS', await player(t, 0n));
    expect((await dv(t, 'POST', 'sports/cashout', other.token, { betId: placed.bet.betId, amount: offer })).json.value).toMatchObject({ reason: 'bet.unknown' });
    // the match ends later: the cashed-out bet is not settled again
    await finishWith(t, a.id, () => true);
    await settleDue(t.app);
    expect(await balanceOf(t, m.username, game.vendor.code)).toBe(98_000n + minor(offer));
    expect((await recordsOf(t, m.id))[0].status).toBe('settled');
  });

  it('a win the wallet does not confirm is resent by the sweep, once; a bet without an answer is rolled back', async () => {
    const m = await player(t, 100_000n);
    const { token, game } = await launch(t, 'SPORTS', m);
    const [a, b] = pre(await board(token));
    const placed = (await dv(t, 'POST', 'sports/bet', token, { type: 'single', stake: '10.00', legs: [leg(a)] })).json.value as unknown as Placed;
    let heal = breakWallet(['win', 'rollback']);
    await finishWith(t, a.id, (tl) => tl.abandonedAt === null);
    await settleDue(t.app);
    heal();
    const [owed] = await t.database.db.select().from(demoSportsBets).where(eq(demoSportsBets.id, BigInt(placed.bet.betId)));
    expect(owed).toMatchObject({ status: 'settled', paidAt: null });
    const later = new Date(Date.now() + 120_000);
    expect(await t.app.demoSportsbook.sweep(later)).toBeGreaterThanOrEqual(1);
    await t.app.demoSportsbook.sweep(later);
    expect(await balanceOf(t, m.username, game.vendor.code)).toBe(99_000n + owed.payout);
    // the stake taken but its answer lost: the bet is rolled back, the balance restored
    heal = breakWallet(['bet', 'rollback']);
    const lost = await dv(t, 'POST', 'sports/bet', token, { type: 'single', stake: '7.00', legs: [leg(b)] });
    heal();
    expect(lost.json.errorCode).toBe('demo.wallet.unavailable');
    await t.app.demoSportsbook.sweep(later);
    const txs = await t.database.db.select().from(vendorTransactions).where(eq(vendorTransactions.memberId, m.id));
    expect(txs.filter((x) => x.kind === 'win')).toHaveLength(1);
    expect(await balanceOf(t, m.username, game.vendor.code)).toBe(99_000n + owed.payout);
  });

  it('a winning bet is a settled SPORTS bet record with its win (the winner board, hot games and agent reports read these)', async () => {
    const m = await player(t, 100_000n);
    const { token, game } = await launch(t, 'SPORTS', m);
    const a = pre(await board(token)).find((x) => x.sport === 'football')!;
    const placed = (await dv(t, 'POST', 'sports/bet', token, { type: 'single', stake: '10.00', legs: [leg(a)] })).json.value as unknown as Placed;
    await finishWith(t, a.id, (tl) => {
      const p = paramsOf('football', a.homeRating / 100, a.awayRating / 100);
      return tl.abandonedAt === null && finalOf('football', p, tl).winner === 'home';
    });
    await settleDue(t.app);
    const win = (1000n * BigInt(Math.round(Number(placed.bet.odds) * 100))) / 100n;
    expect(await balanceOf(t, m.username, game.vendor.code)).toBe(99_000n + win);
    const [rec] = await recordsOf(t, m.id);
    expect(rec).toMatchObject({ gameType: 'SPORTS', game: game.nodeId, status: 'settled', bet: 1000n, win });
  });

  it('free play bets play money kept by the sportsbook', async () => {
    const { token } = await launch(t, 'SPORTS', null);
    const [a] = pre(await board(token));
    const placed = (await dv(t, 'POST', 'sports/bet', token, { type: 'single', stake: '100.00', legs: [leg(a)] })).json.value as unknown as Placed;
    expect(placed.balance).toBe('1900.00');
    await finishWith(t, a.id, (tl) => tl.abandonedAt !== null);
    await settleDue(t.app);
    const mine = (await dv(t, 'GET', 'sports/bets', token)).json.value as { balance: string };
    expect(mine.balance).toBe('2000.00');
    // a day after it expired the session goes (its bets are paid)
    await t.app.demoSportsbook.sweep(new Date(Date.now() + SESSION_TTL_MS + 86_400_000 + 60_000));
    expect((await dv(t, 'GET', 'sports/bets', token)).json.errorCode).toBe('demo.session.invalid');
    expect(await t.database.db.$count(demoSportsSessions, eq(demoSportsSessions.token, token))).toBe(0);
  });
});
