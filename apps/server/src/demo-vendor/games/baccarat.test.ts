import { describe, expect, it } from 'vitest';
import {
  BET_TYPES,
  SHOE_SIZE,
  bankerDraws,
  betReturn,
  cardAt,
  cardValue,
  coup,
  exactOdds,
  meta,
  play,
  playerDraws,
  type BetType,
} from '@lobby/contract/fairness/games/baccarat';
import { FairRng } from './fair.ts';
import { FastRng } from '@lobby/contract/fairness/games/rng';
import { FAIR_ROUNDS, SIM_ROUNDS, fourSigma, sdOf } from './sim.ts';
import { GameInputError } from '@lobby/contract/fairness/games/types';

const odds = exactOdds();

function dist(type: BetType): Array<[number, number]> {
  if (type === 'tie') return [[9, odds.TIE], [0, 1 - odds.TIE]];
  const win = type === 'player' ? odds.PLAYER : odds.BANKER;
  return [[type === 'player' ? 2 : 1.95, win], [1, odds.TIE], [0, 1 - win - odds.TIE]];
}

const seq = (values: number[]) => {
  let i = 0;
  return () => values[i++];
};

describe('baccarat engine', () => {
  it('card values and shoe', () => {
    expect(SHOE_SIZE).toBe(416);
    expect(cardAt(0)).toEqual({ rank: 'A', suit: 'S' });
    expect(cardAt(12)).toEqual({ rank: 'K', suit: 'S' });
    expect(cardAt(52 + 13 + 8)).toEqual({ rank: '9', suit: 'H' });
    expect(['A', '5', '9', '10', 'J', 'Q', 'K'].map((rank) => cardValue({ rank, suit: 'S' } as never))).toEqual([1, 5, 9, 0, 0, 0, 0]);
  });

  it("third-card rules: player draws on 0-5; banker's table", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(playerDraws)).toEqual([true, true, true, true, true, true, false, false]);
    // Rows: banker total 0..7; columns: player's third card 0..9 (D = draw, S = stand).
    const table = [
      'DDDDDDDDDD',
      'DDDDDDDDDD',
      'DDDDDDDDDD',
      'DDDDDDDDSD',
      'SSDDDDDDSS',
      'SSSSDDDDSS',
      'SSSSSSDDSS',
      'SSSSSSSSSS',
    ];
    for (let b = 0; b <= 7; b++) {
      for (let t = 0; t <= 9; t++) expect(bankerDraws(b, t) ? 'D' : 'S', `banker ${b}, third ${t}`).toBe(table[b][t]);
      expect(bankerDraws(b, null)).toBe(b <= 5);
    }
  });

  it('known coups (cards dealt P, B, P, B, then thirds)', () => {
    expect(coup(seq([8, 3, 0, 2]))).toEqual({ player: [8, 0], banker: [3, 2], playerTotal: 8, bankerTotal: 5, natural: true, winner: 'PLAYER' });
    expect(coup(seq([4, 0, 5, 9]))).toMatchObject({ natural: true, playerTotal: 9, bankerTotal: 9, winner: 'TIE' });
    // Player 5 draws an 8 -> 3; banker 3 stands on a player's third 8.
    expect(coup(seq([2, 1, 3, 2, 8]))).toMatchObject({ player: [2, 3, 8], banker: [1, 2], playerTotal: 3, bankerTotal: 3, winner: 'TIE' });
    // Player stands on 6; banker 5 draws (player stood) a 4 -> 9.
    expect(coup(seq([6, 5, 0, 0, 4]))).toMatchObject({ player: [6, 0], banker: [5, 0, 4], winner: 'BANKER' });
    // Player 2 draws a 6 -> 8; banker 6 draws on a 6 -> 9.
    expect(coup(seq([1, 6, 1, 0, 6, 3]))).toMatchObject({ playerTotal: 8, bankerTotal: 9, winner: 'BANKER' });
    // Banker 4 stands on a player's third 1.
    expect(coup(seq([0, 4, 0, 0, 1]))).toMatchObject({ player: [0, 0, 1], banker: [4, 0], winner: 'BANKER' });
    // Player 7 stands; banker 7 stands.
    expect(coup(seq([7, 7, 0, 0]))).toMatchObject({ player: [7, 0], banker: [7, 0], winner: 'TIE' });
  });

  it('bet returns: player 1:1, banker 0.95:1, tie 8:1, push on tie', () => {
    expect(betReturn('player', 100n, 'PLAYER')).toBe(200n);
    expect(betReturn('player', 100n, 'BANKER')).toBe(0n);
    expect(betReturn('player', 100n, 'TIE')).toBe(100n);
    expect(betReturn('banker', 100n, 'BANKER')).toBe(195n);
    expect(betReturn('banker', 110n, 'BANKER')).toBe(214n); // 104.5 rounded down
    expect(betReturn('banker', 100n, 'TIE')).toBe(100n);
    expect(betReturn('tie', 100n, 'TIE')).toBe(900n);
    expect(betReturn('tie', 100n, 'PLAYER')).toBe(0n);
  });

  it('exact 8-deck probabilities and stated RTPs', () => {
    expect(odds.BANKER).toBeCloseTo(0.458597, 6);
    expect(odds.PLAYER).toBeCloseTo(0.446247, 6);
    expect(odds.TIE).toBeCloseTo(0.095156, 6);
    for (const t of BET_TYPES) {
      const e = dist(t).reduce((s, [x, p]) => s + x * p, 0);
      expect(Math.abs(e - meta.rtpByBet![t])).toBeLessThan(5e-5);
    }
  });

  it('validates input', () => {
    const rng = new FastRng(1);
    expect(() => play({}, rng)).toThrowError(expect.objectContaining({ code: 'BET_INVALID' }));
    expect(() => play({ player: 50n }, rng)).toThrowError(expect.objectContaining({ code: 'BET_OUT_OF_RANGE', field: 'player' }));
    expect(() => play({ dragon: 100n } as never, rng)).toThrow(GameInputError);
    expect(() => play({ tie: 100 as unknown as bigint }, rng)).toThrow(GameInputError);
  });

  it('deals consistent hands, deterministic given the seeds', () => {
    for (let n = 0; n < 200; n++) {
      const r = play({ player: 100n, banker: 200n, tie: 300n }, new FairRng('seed', 'client', n));
      expect(play({ player: 100n, banker: 200n, tie: 300n }, new FairRng('seed', 'client', n))).toEqual(r);
      const o = r.outcome;
      const again = coup(seq([o.playerCards[0], o.bankerCards[0], o.playerCards[1], o.bankerCards[1], ...o.playerCards.slice(2), ...o.bankerCards.slice(2)].map(cardValue)));
      // Same hands whatever the order of the thirds (the banker's third is dealt after the player's).
      expect(again.winner).toBe(o.winner);
      expect(r.totalBet).toBe(600n);
      expect(r.payout).toBe(r.details.returns.player + r.details.returns.banker + r.details.returns.tie);
    }
  });

  it('first card of the shoe is uniform over the 13 ranks (chi-square, 130k rounds)', () => {
    const rng = new FastRng(5);
    const counts = new Map<string, number>();
    const n = 130_000;
    for (let i = 0; i < n; i++) {
      const { outcome } = play({ player: 100n }, rng);
      const all = [...outcome.playerCards, ...outcome.bankerCards];
      expect(all.length).toBeGreaterThanOrEqual(4);
      expect(all.length).toBeLessThanOrEqual(6);
      const r = outcome.playerCards[0].rank;
      counts.set(r, (counts.get(r) ?? 0) + 1);
    }
    expect(counts.size).toBe(13);
    const e = n / 13;
    const chi2 = [...counts.values()].reduce((s, c) => s + (c - e) ** 2 / e, 0);
    expect(chi2).toBeLessThan(32.91); // 12 df, p = 0.001
  });

  it(`RTP simulation: ${SIM_ROUNDS} rounds, every bet type (fast PRNG)`, { timeout: 30_000 }, () => {
    const rng = new FastRng(2024);
    const paid = { player: 0, banker: 0, tie: 0 };
    for (let n = 0; n < SIM_ROUNDS; n++) {
      const r = play({ player: 100n, banker: 100n, tie: 100n }, rng);
      paid.player += Number(r.details.returns.player);
      paid.banker += Number(r.details.returns.banker);
      paid.tie += Number(r.details.returns.tie);
    }
    for (const t of BET_TYPES) {
      const measured = paid[t] / (100 * SIM_ROUNDS);
      const tol = fourSigma(sdOf(dist(t)), SIM_ROUNDS);
      expect(tol).toBeLessThanOrEqual(meta.tolerance);
      expect(Math.abs(measured - meta.rtpByBet![t]), `${t}: measured ${measured}`).toBeLessThanOrEqual(tol);
    }
  });

  it(`RTP through the HMAC RNG: ${FAIR_ROUNDS} rounds`, () => {
    let banker = 0;
    for (let n = 0; n < FAIR_ROUNDS; n++) {
      banker += Number(play({ banker: 100n }, new FairRng('server', 'client', n)).payout);
    }
    expect(Math.abs(banker / (100 * FAIR_ROUNDS) - meta.rtpByBet!.banker)).toBeLessThanOrEqual(fourSigma(sdOf(dist('banker')), FAIR_ROUNDS));
  });
});
