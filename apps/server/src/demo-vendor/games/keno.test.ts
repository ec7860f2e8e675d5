import { describe, expect, it } from 'vitest';
import { FairRng } from './fair.ts';
import { PAYTABLE, countHits, distribution, draw, exactRtp, hitProbability, meta, play } from '@lobby/contract/fairness/games/keno';
import { FastRng } from '@lobby/contract/fairness/games/rng';
import { FAIR_ROUNDS, ReturnStats, SIM_ROUNDS, fourSigma, sdOf } from './sim.ts';
import { GameInputError } from '@lobby/contract/fairness/games/types';

const SPOTS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

describe('keno engine', () => {
  it('hypergeometric probabilities sum to 1 and match known values', () => {
    for (const k of SPOTS) {
      expect(distribution(k).reduce((s, [, p]) => s + p, 0)).toBeCloseTo(1, 12);
    }
    expect(hitProbability(1, 1)).toBeCloseTo(0.25, 12);
    expect(hitProbability(10, 10)).toBeCloseTo(1 / 8_911_711.18, 13); // 1 in 8,911,711
  });

  it('every spot count returns ~95% exactly (94.5% .. 95.5%), as stated', () => {
    for (const k of SPOTS) {
      const r = exactRtp(k);
      expect(r).toBeGreaterThan(0.945);
      expect(r).toBeLessThan(0.955);
      expect(meta.rtpByBet![String(k)]).toBeCloseTo(r, 4);
    }
  });

  it('draw: 20 distinct numbers 1..80; hits counted', () => {
    const d = draw(new FastRng(9));
    expect(d).toHaveLength(20);
    expect(new Set(d).size).toBe(20);
    expect(Math.min(...d)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...d)).toBeLessThanOrEqual(80);
    expect(countHits([1, 2, 3, 80], [80, 5, 2, 7])).toEqual([2, 80]);
    expect(countHits([10], [1, 2])).toEqual([]);
  });

  it('pays by the paytable of the spot count', () => {
    const rng = new FairRng('seed', 'client', 1);
    const drawn = draw(new FairRng('seed', 'client', 1));
    const picks = [...drawn.slice(0, 3), ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24].filter((n) => !drawn.includes(n)).slice(0, 2)];
    const r = play({ bet: 100n, picks }, rng);
    expect(r.outcome.drawn).toEqual(drawn);
    expect(r.details).toEqual({ spots: 5, hitCount: 3, multiplier: PAYTABLE[5][3] / 100 });
    expect(r.payout).toBe(350n);
    expect(r.outcome.hits).toEqual([...drawn.slice(0, 3)].sort((a, b) => a - b));
  });

  it('validates input', () => {
    const rng = new FastRng(1);
    expect(() => play({ bet: 100n, picks: [] }, rng)).toThrow(GameInputError);
    expect(() => play({ bet: 100n, picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] }, rng)).toThrow(/1 to 10/);
    expect(() => play({ bet: 100n, picks: [1, 1] }, rng)).toThrow(/distinct/);
    expect(() => play({ bet: 100n, picks: [0] }, rng)).toThrow(GameInputError);
    expect(() => play({ bet: 100n, picks: [81] }, rng)).toThrow(GameInputError);
    expect(() => play({ bet: 100n, picks: [1.5] }, rng)).toThrow(GameInputError);
    expect(() => play({ bet: 1_000_000n, picks: [1] }, rng)).toThrowError(expect.objectContaining({ code: 'BET_OUT_OF_RANGE' }));
  });

  it('is deterministic given the seeds', () => {
    const a = play({ bet: 100n, picks: [1, 2, 3, 4, 5] }, new FairRng('s', 'c', 5));
    expect(play({ bet: 100n, picks: [5, 4, 3, 2, 1] }, new FairRng('s', 'c', 5))).toEqual(a);
  });

  // one test per spot count: each has its own time limit (all ten in one ran past it on a busy machine)
  for (const k of SPOTS) {
    it(`RTP simulation: ${SIM_ROUNDS} draws with ${k} spots (fast PRNG)`, { timeout: 30_000 }, () => {
      const rng = new FastRng(4000 + k);
      const picks = Array.from({ length: k }, (_, i) => 1 + i * 7);
      const st = new ReturnStats();
      for (let n = 0; n < SIM_ROUNDS; n++) {
        const r = play({ bet: 100n, picks }, rng);
        st.add(r.totalBet, r.payout);
      }
      const tol = fourSigma(sdOf(distribution(k)), SIM_ROUNDS);
      expect(tol).toBeLessThanOrEqual(meta.tolerance);
      expect(Math.abs(st.rtp - exactRtp(k)), `${k} spots: measured ${st.rtp}`).toBeLessThanOrEqual(tol);
    });
  }

  it(`RTP through the HMAC RNG: ${FAIR_ROUNDS} draws with 4 spots`, () => {
    const st = new ReturnStats();
    for (let n = 0; n < FAIR_ROUNDS; n++) {
      const r = play({ bet: 100n, picks: [3, 17, 42, 66] }, new FairRng('server', 'client', n));
      st.add(r.totalBet, r.payout);
    }
    expect(Math.abs(st.rtp - exactRtp(4))).toBeLessThanOrEqual(fourSigma(sdOf(distribution(4)), FAIR_ROUNDS));
  });
});
