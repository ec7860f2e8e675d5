import { describe, expect, it } from 'vitest';
import { FairRng } from './fair.ts';
import { FISH_RTP_BP, TARGETS, meta, play } from '@lobby/contract/fairness/games/fish';
import { FastRng } from '@lobby/contract/fairness/games/rng';
import { FAIR_ROUNDS, ReturnStats, SIM_ROUNDS, fourSigma, sdOf } from './sim.ts';
import { GameInputError } from '@lobby/contract/fairness/games/types';

const rtp = FISH_RTP_BP / 10_000;

/** Exact return distribution of one shot at a target. */
function dist(code: string): Array<[number, number]> {
  const t = TARGETS.find((x) => x.code === code)!;
  const ms = typeof t.multiplier === 'number' ? [t.multiplier] : Array.from({ length: t.multiplier.max - t.multiplier.min + 1 }, (_, i) => (t.multiplier as { min: number }).min + i);
  const out: Array<[number, number]> = [];
  for (const m of ms) {
    out.push([m, rtp / m / ms.length], [0, (1 - rtp / m) / ms.length]);
  }
  return out;
}

describe('fish engine', () => {
  it('metadata', () => {
    expect(meta.gameType).toBe('FISH');
    expect(meta.rtp).toBe(0.96);
    const fixed = TARGETS.filter((t) => typeof t.multiplier === 'number').map((t) => t.multiplier);
    expect(fixed).toEqual([2, 3, 5, 8, 10, 20, 50, 100]);
  });

  it('validates input', () => {
    const rng = new FastRng(1);
    expect(() => play({ bet: 5n, target: 'SHARK' }, rng)).toThrow(GameInputError);
    expect(() => play({ bet: 100 as unknown as bigint, target: 'SHARK' }, rng)).toThrow(/minor units/);
    expect(() => play({ bet: 100n, target: 'NEMO' }, rng)).toThrowError(expect.objectContaining({ code: 'CHOICE_INVALID', field: 'target' }));
  });

  it('is deterministic given the seeds', () => {
    const a = Array.from({ length: 50 }, (_, i) => play({ bet: 100n, target: 'DRAGON_BOSS' }, new FairRng('s', 'c', i)));
    const b = Array.from({ length: 50 }, (_, i) => play({ bet: 100n, target: 'DRAGON_BOSS' }, new FairRng('s', 'c', i)));
    expect(a).toEqual(b);
    for (const r of a) {
      expect(r.outcome.multiplier).toBeGreaterThanOrEqual(100);
      expect(r.outcome.multiplier).toBeLessThanOrEqual(300);
      expect(r.payout).toBe(r.outcome.caught ? 100n * BigInt(r.outcome.multiplier) : 0n);
    }
  });

  it('exact RTP of every target is the stated 96%', () => {
    for (const t of TARGETS) {
      const e = dist(t.code).reduce((s, [x, p]) => s + x * p, 0);
      expect(e).toBeCloseTo(meta.rtpByBet![t.code], 12);
    }
  });

  it(`RTP simulation: ${SIM_ROUNDS} shots per target (fast PRNG)`, { timeout: 30_000 }, () => {
    for (const [i, t] of TARGETS.entries()) {
      const rng = new FastRng(1000 + i);
      const st = new ReturnStats();
      for (let n = 0; n < SIM_ROUNDS; n++) {
        const r = play({ bet: 100n, target: t.code }, rng);
        st.add(r.totalBet, r.payout);
      }
      const tol = fourSigma(sdOf(dist(t.code)), SIM_ROUNDS);
      expect(tol).toBeLessThanOrEqual(meta.tolerance);
      expect(Math.abs(st.rtp - meta.rtp), `${t.code}: measured ${st.rtp}`).toBeLessThanOrEqual(tol);
    }
  });

  it(`RTP through the HMAC RNG: ${FAIR_ROUNDS} shots at the clownfish`, () => {
    const st = new ReturnStats();
    for (let n = 0; n < FAIR_ROUNDS; n++) {
      const r = play({ bet: 100n, target: 'CLOWNFISH' }, new FairRng('server-seed', 'client', n));
      st.add(r.totalBet, r.payout);
    }
    expect(Math.abs(st.rtp - meta.rtp)).toBeLessThanOrEqual(fourSigma(sdOf(dist('CLOWNFISH')), FAIR_ROUNDS));
  });
});
