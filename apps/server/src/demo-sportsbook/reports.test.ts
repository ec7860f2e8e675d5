import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ZodType, output } from 'zod';
import { affiliate, agent, games as gamesContract, okEnvelope, operator } from '@lobby/contract';
import type { demoSportsbook as sb } from '@lobby/contract';
import { demoCockfightFights, games } from '../db/schema.ts';
import { seal } from '../lib/seal.ts';
import { formatAmount } from '../kernel/ledger/index.ts';
import { brandDate } from '../kernel/brand-time/index.ts';
import { jobsOf } from '../jobs/index.ts';
import { runExclusive } from '../jobs/runner.ts';
import { useTestApp } from '../test/harness.ts';
import { addMember, api, brandOf, fund, tokenFor } from '../test/kits/wallet.ts';
import { newOp, opCall } from '../test/kits/operator.ts';
import { balanceOf, dv, launch, minor } from '../demo-vendor/testkit.ts';
import { hashServerSeed, newServerSeed } from '../demo-vendor/games/index.ts';
import { cardOf, clock, fightIdOf, resultOf, rollOf, type Result } from '../demo-cockfight/derby.ts';
import { setMatchMs } from './fixtures.ts';
import { marketDef, settle, type Selection } from './markets.ts';
import { finishWith } from './testkit.ts';

/**
 * Issue 24 item 5: sports, e-sports and cockfight bets count in the hot games, the agent's
 * reports (team betting, P&L statement, revenue statement per product) and the operator
 * dashboard's GGR per category. A member under an agent bets through the demo vendors' routes and
 * the seamless wallet, the vendors' sweeps settle, the agent rollup job runs, and every figure is
 * read through the platform's routes. This file's database holds no other bet, so the figures are
 * exactly those of these bets.
 */
const t = useTestApp();

beforeAll(() => setMatchMs(60_000));
afterAll(() => setMatchMs(null));
afterEach(() => { vi.useRealTimers(); });

const fmt = (minorUnits: bigint) => formatAmount(minorUnits);

async function get<S extends ZodType>(res: Promise<{ statusCode: number; body: string; json: () => unknown }>, schema: S): Promise<output<S>> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return (okEnvelope(schema).parse(r.json()) as { value: output<S> }).value;
}

type Board = { matches: sb.MatchView[] };
type Placed = { bet: sb.BetView; balance: string };

/** A single on the first pre-match selection of the board; `finish` then ends its match with the leg `want`. */
async function single(token: string, stake: string, want: 'won' | 'lost') {
  const board = (await dv(t, 'GET', 'sports/board', token)).json.value as unknown as Board;
  const m = board.matches.find((x) => x.phase === 'pre' && x.markets[0].selections[0].odds)!;
  const market = m.markets[0];
  const leg = { matchId: m.id, market: market.id, selection: market.selections[0].selection, odds: market.selections[0].odds! };
  const r = await dv(t, 'POST', 'sports/bet', token, { type: 'single', stake, legs: [leg], acceptOddsChange: true });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  const placed = r.json.value as unknown as Placed;
  return { stake: minor(stake), odds: minor(placed.bet.odds), finish: () => finishWith(t, m.id, (tl, final) => tl.abandonedAt === null && settle(marketDef(leg.market)!, leg.selection as Selection, final) === want) };
}

/** Stores cockfight fight `n` of the node ahead with a seed that rolls `want` (the card is public). */
async function rigFight(merchantId: number, nodeId: string, n: number, want: Result) {
  const T = t.app.demoCockfight.timing;
  const cycle = T.bettingMs + T.fightMs;
  const fightId = fightIdOf(nodeId, n);
  let seed = newServerSeed();
  while (resultOf(rollOf(seed, fightId), cardOf(fightId).qBp) !== want) seed = newServerSeed();
  await t.database.db.insert(demoCockfightFights).values({
    merchantId, nodeId, fightNo: n, fightId, closesAt: new Date(n * cycle + T.bettingMs), endsAt: new Date((n + 1) * cycle),
    serverSeed: seal(seed), serverSeedHash: hashServerSeed(seed),
  });
  return cycle;
}

describe('sports, e-sports and cockfight bets in the reports', () => {
  it('hot games, the agent reports and the operator dashboard GGR count them per category', async () => {
    const brand = brandOf(t);
    const ag = await addMember(t, 'demo', { type: 1 });
    const m = await addMember(t, 'demo', { parent: ag.username });
    await fund(t, m.username, 100_000n);
    await tokenFor(t, m.username);

    // SPORTS: a 10.00 single that wins (stake x odds); ESPORTS: a 20.00 single that loses
    const sports = await launch(t, 'SPORTS', m);
    const esports = await launch(t, 'ESPORTS', m);
    const s = await single(sports.token, '10.00', 'won');
    const e = await single(esports.token, '20.00', 'lost');
    // both matches end now; the sportsbook's sweep (its scheduled job's step) settles and pays them
    await s.finish();
    await e.finish();
    expect(await t.app.demoSportsbook.sweep()).toBeGreaterThanOrEqual(2);
    const sportsWin = (s.stake * s.odds) / 100n;

    // COCKFIGHT: Draw 5.00 on a fight that ends in a draw (pays 8x), and Meron 10.00 on it (a push: returned, no valid bet)
    const cock = await launch(t, 'COCKFIGHT', m);
    const n = clock(Date.now(), t.app.demoCockfight.timing).fightNo + 3;
    const cycle = await rigFight(brand.id, cock.game.nodeId, n, 'draw');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(n * cycle + 1_000);
    for (const [side, amount] of [['draw', '5.00'], ['meron', '10.00']]) {
      const r = await dv(t, 'POST', 'cockfight/bet', cock.token, { fightNo: n, side, amount });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
    }
    expect(await t.app.demoCockfight.sweep(new Date((n + 1) * cycle + 1_000))).toBeGreaterThanOrEqual(1);
    vi.useRealTimers();
    const cockBet = 500n;
    const cockWin = 4_000n;

    // the money went through the wallet: 1000 - 10 + win - 20 - 5 + 40 (the push returned)
    expect(await balanceOf(t, m.username, cock.game.vendor.code)).toBe(100_000n - s.stake + sportsWin - e.stake - cockBet + cockWin);

    const bet = s.stake + e.stake + cockBet;
    const win = sportsWin + cockWin;
    const day = brandDate(brand);
    const range = `startDate=${day}&endDate=${day}`;

    // hot games rank by the week's settled rounds once no game is flagged hot: these three lead
    await t.database.db.update(games).set({ isHot: false }).where(eq(games.merchantId, brand.id));
    t.app.catalogs.invalidate(brand.id);
    await t.app.catalogs.refreshPlays(brand);
    const hot = await get(t.call({ method: 'GET', url: '/wps/relay/GCSGAME_hotGamesV2' }), gamesContract.hotGames.response);
    expect(hot.list.slice(0, 3).map((g) => `${g.gameType}:${g.nodeId}`).sort())
      .toEqual([`COCKFIGHT:${cock.game.nodeId}`, `ESPORTS:${esports.game.nodeId}`, `SPORTS:${sports.game.nodeId}`]);

    // the operator dashboard: today's bets and GGR (bets - wins) per category
    const op = await newOp(t, 'support');
    const dash = await get(opCall(t, op, 'GET', '/wps/ops/dashboard'), operator.dashboard.response);
    expect(dash.bets).toEqual({ count: 3, amount: fmt(bet) });
    expect(dash.ggr).toEqual([
      { category: 'COCKFIGHT', bets: fmt(cockBet), wins: fmt(cockWin), ggr: fmt(cockBet - cockWin) },
      { category: 'ESPORTS', bets: fmt(e.stake), wins: '0.00', ggr: fmt(e.stake) },
      { category: 'SPORTS', bets: fmt(s.stake), wins: fmt(sportsWin), ggr: fmt(s.stake - sportsWin) },
    ]);

    // the agent reports read the day rollup (the scheduled job, run an hour later so it reads every row)
    const rollup = jobsOf(t.app).find((j) => j.name === 'agent.rollup')!;
    expect(await runExclusive(t.database.db, rollup, new Date(Date.now() + 3_600_000))).not.toBeNull();
    const token = await tokenFor(t, ag.username);
    const betting = await get(api(t, token, 'GET', `/wps/relay/ODSFE2_agentTeamBetting?${range}`), agent.teamBetting.response);
    const figures = { bets: 3, betAmount: fmt(bet), validBet: fmt(bet), win: fmt(win), profit: fmt(win - bet) };
    expect(betting.list).toEqual([{ memberId: String(m.id), account: m.username, directAgent: ag.username, ...figures }]);
    expect(betting.footer).toEqual(figures);

    const pl = await get(api(t, token, 'GET', `/wps/relay/ODSFE2_agentProfitLoss?${range}&scope=direct`), agent.profitLoss.response);
    expect(pl.list).toHaveLength(1);
    expect(pl.list[0]).toMatchObject({ account: m.username, betAmount: fmt(bet), validBet: fmt(bet), profit: fmt(win - bet) });
    expect(pl.footer).toMatchObject({ betAmount: fmt(bet), validBet: fmt(bet), profit: fmt(win - bet) });

    // the revenue statement splits the team's GGR (members' losses) per product
    const st = await get(api(t, token, 'GET', `/wps/relay/MCSFE_agentStatement?${range}`), affiliate.statement.response);
    expect(st.products.map((p) => [p.product, p.betAmount, p.validBet, p.ggr])).toEqual([
      ['COCKFIGHT', fmt(cockBet), fmt(cockBet), fmt(cockBet - cockWin)],
      ['ESPORTS', fmt(e.stake), fmt(e.stake), fmt(e.stake)],
      ['SPORTS', fmt(s.stake), fmt(s.stake), fmt(s.stake - sportsWin)],
    ]);
    expect(st).toMatchObject({ ggr: fmt(bet - win), validBet: fmt(bet) });
  });
});
