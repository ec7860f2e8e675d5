import { describe, expect, it } from 'vitest';
import { FairRng } from './fair.ts';
import { exactRtp, meta, play, terms, type Direction } from '@lobby/contract/fairness/games/dice';
import { RngBase, FastRng } from '@lobby/contract/fairness/games/rng';
import { FAIR_ROUNDS, ReturnStats, SIM_ROUNDS, fourSigma, sdOf } from './sim.ts';
import { GameInputError } from '@lobby/contract/fairness/games/types';

/** An RNG whose intBelow answers the given values (for fixed known cases). */
class Scripted extends RngBase {
  constructor(private readonly values: number[]) {
    super();
  }
  uint32(): number {
    return this.values.shift() ?? 0;
  }
}

const CASES: Array<[number, Direction]> = [
  [50, 'under'], // 50% -> 1.98x
  [49.5, 'over'], // 50.49%
  [1, 'under'], // 1% -> 99x
  [2, 'over'], // 97.99%
  [90.01, 'over'], // 9.98%
];

function dist(bet: bigint, target: number, dir: Direction): Array<[number, number]> {
  const { winCount, multiplierX10k } = terms(target, dir);
  const pay = Number((bet * multiplierX10k) / 10_000n) / Number(bet);
  return [[pay, winCount / 10_000], [0, 1 - winCount / 10_000]];
}

describe('dice engine', () => {
  it('multiplier = 0.99 * 100 / win chance', () => {
    expect(terms(50, 'under')).toEqual({ winCount: 5000, multiplierX10k: 19_800n });
    expect(terms(1, 'under')).toEqual({ winCount: 100, multiplierX10k: 990_000n });
    expect(terms(49.99, 'over')).toEqual({ winCount: 5000, multiplierX10k: 19_800n });
    expect(terms(75, 'under').multiplierX10k).toBe(13_200n);
  });

  it('rules on fixed rolls: under wins below the target, over above it', () => {
    // uint32 v -> roll = v % 10000 (v below the rejection limit).
    const r1 = play({ bet: 1000n, target: 50, direction: 'under' }, new Scripted([4999]));
    expect(r1.outcome).toEqual({ roll: 49.99, target: 50, direction: 'under', win: true });
    expect(r1.payout).toBe(1980n);
    const r2 = play({ bet: 1000n, target: 50, direction: 'under' }, new Scripted([5000]));
    expect(r2.outcome.win).toBe(false);
    expect(r2.payout).toBe(0n);
    const r3 = play({ bet: 1000n, target: 50, direction: 'over' }, new Scripted([5000]));
    expect(r3.outcome.win).toBe(false); // 50.00 is not over 50.00
    const r4 = play({ bet: 1000n, target: 50, direction: 'over' }, new Scripted([5001]));
    expect(r4.outcome.win).toBe(true);
    expect(r4.payout).toBe((1000n * terms(50, 'over').multiplierX10k) / 10_000n);
    const r5 = play({ bet: 100n, target: 2, direction: 'over' }, new Scripted([9999]));
    expect(r5.outcome.roll).toBe(99.99);
  });

  it('validates input', () => {
    const rng = new FastRng(1);
    expect(() => play({ bet: 1n, target: 50, direction: 'under' }, rng)).toThrow(GameInputError);
    expect(() => play({ bet: 100n, target: 50.001, direction: 'under' }, rng)).toThrowError(expect.objectContaining({ field: 'target' }));
    expect(() => play({ bet: 100n, target: 0.5, direction: 'under' }, rng)).toThrow(/1% and 98%/);
    expect(() => play({ bet: 100n, target: 1, direction: 'over' }, rng)).toThrow(/1% and 98%/);
    expect(() => play({ bet: 100n, target: 100, direction: 'under' }, rng)).toThrow(GameInputError);
    expect(() => play({ bet: 100n, target: 50, direction: 'sideways' as Direction }, rng)).toThrowError(expect.objectContaining({ field: 'direction' }));
  });

  it('is deterministic given the seeds', () => {
    const a = Array.from({ length: 20 }, (_, i) => play({ bet: 100n, target: 50, direction: 'over' }, new FairRng('s', 'c', i)).outcome.roll);
    const b = Array.from({ length: 20 }, (_, i) => play({ bet: 100n, target: 50, direction: 'over' }, new FairRng('s', 'c', i)).outcome.roll);
    expect(a).toEqual(b);
    expect(new Set(a).size).toBeGreaterThan(15);
  });

  it(`RTP simulation: ${SIM_ROUNDS} rolls per choice (fast PRNG)`, { timeout: 30_000 }, () => {
    for (const [i, [target, dir]] of CASES.entries()) {
      const exact = exactRtp(100n, target, dir);
      expect(exact).toBeLessThanOrEqual(meta.rtp + 1e-12);
      expect(exact).toBeGreaterThan(meta.rtp - 0.001);
      const rng = new FastRng(77 + i);
      const st = new ReturnStats();
      for (let n = 0; n < SIM_ROUNDS; n++) {
        const r = play({ bet: 100n, target, direction: dir }, rng);
        st.add(r.totalBet, r.payout);
      }
      const tol = fourSigma(sdOf(dist(100n, target, dir)), SIM_ROUNDS);
      expect(tol).toBeLessThanOrEqual(meta.tolerance);
      expect(Math.abs(st.rtp - exact), `${target} ${dir}: measured ${st.rtp}`).toBeLessThanOrEqual(tol);
    }
  });

  it(`RTP through the HMAC RNG: ${FAIR_ROUNDS} rolls`, () => {
    const st = new ReturnStats();
    for (let n = 0; n < FAIR_ROUNDS; n++) {
      const r = play({ bet: 100n, target: 50, direction: 'under' }, new FairRng('server', 'client', n));
      st.add(r.totalBet, r.payout);
    }
    expect(Math.abs(st.rtp - 0.99)).toBeLessThanOrEqual(fourSigma(sdOf(dist(100n, 50, 'under')), FAIR_ROUNDS));
  });
});
