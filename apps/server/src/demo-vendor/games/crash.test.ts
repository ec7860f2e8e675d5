import { describe, expect, it } from 'vitest';
import { CRASH_RTP_PCT, crashPointX100, meta, play } from '@lobby/contract/fairness/games/crash';
import { FairRng } from './fair.ts';
import { FastRng, RngBase } from '@lobby/contract/fairness/games/rng';
import { FAIR_ROUNDS, ReturnStats, SIM_ROUNDS, fourSigma, sdOf } from './sim.ts';
import { GameInputError } from '@lobby/contract/fairness/games/types';

class Fixed extends RngBase {
  constructor(private readonly v: number) {
    super();
  }
  uint32(): number {
    return this.v;
  }
}

const CASHOUTS = [1.01, 1.5, 2, 10, 100, 1000];

function dist(c: number): Array<[number, number]> {
  const p = CRASH_RTP_PCT / Math.round(c * 100);
  return [[c, p], [0, 1 - p]];
}

describe('crash engine', () => {
  it('crash point formula', () => {
    expect(crashPointX100(0)).toBe(100); // 0.97 -> clamped to 1.00x
    expect(crashPointX100(0.02)).toBe(100);
    expect(crashPointX100(0.5)).toBe(194);
    expect(crashPointX100(0.75)).toBe(388);
    expect(crashPointX100(1 - 1 / 32)).toBe(3104);
  });

  it('rules: cash-out at or below the crash point wins cashOut x bet', () => {
    const half = 0x8000_0000; // U = 0.5 -> 1.94x
    expect(play({ bet: 1000n, cashOut: 1.94 }, new Fixed(half))).toMatchObject({ payout: 1940n, outcome: { crashPoint: 1.94, win: true } });
    expect(play({ bet: 1000n, cashOut: 1.95 }, new Fixed(half))).toMatchObject({ payout: 0n, outcome: { win: false } });
    expect(play({ bet: 1000n, cashOut: 1.01 }, new Fixed(0))).toMatchObject({ payout: 0n, outcome: { crashPoint: 1 } });
  });

  it('validates input', () => {
    const rng = new FastRng(3);
    expect(() => play({ bet: 0n, cashOut: 2 }, rng)).toThrow(GameInputError);
    expect(() => play({ bet: 100n, cashOut: 1 }, rng)).toThrowError(expect.objectContaining({ field: 'cashOut' }));
    expect(() => play({ bet: 100n, cashOut: 2.005 }, rng)).toThrow(GameInputError);
    expect(() => play({ bet: 100n, cashOut: 1000.01 }, rng)).toThrow(GameInputError);
  });

  it('is deterministic given the seeds', () => {
    const a = Array.from({ length: 20 }, (_, i) => play({ bet: 100n, cashOut: 2 }, new FairRng('s', 'c', i)).outcome.crashPoint);
    expect(Array.from({ length: 20 }, (_, i) => play({ bet: 100n, cashOut: 2 }, new FairRng('s', 'c', i)).outcome.crashPoint)).toEqual(a);
  });

  it(`RTP simulation: ${SIM_ROUNDS} rounds per cash-out (fast PRNG)`, { timeout: 30_000 }, () => {
    for (const [i, c] of CASHOUTS.entries()) {
      const rng = new FastRng(500 + i);
      const st = new ReturnStats();
      for (let n = 0; n < SIM_ROUNDS; n++) {
        const r = play({ bet: 100n, cashOut: c }, rng);
        st.add(r.totalBet, r.payout);
      }
      const tol = fourSigma(sdOf(dist(c)), SIM_ROUNDS);
      expect(tol).toBeLessThanOrEqual(meta.tolerance);
      expect(Math.abs(st.rtp - meta.rtp), `cash-out ${c}: measured ${st.rtp}`).toBeLessThanOrEqual(tol);
    }
  });

  it(`RTP through the HMAC RNG: ${FAIR_ROUNDS} rounds at 2x`, () => {
    const st = new ReturnStats();
    for (let n = 0; n < FAIR_ROUNDS; n++) {
      const r = play({ bet: 100n, cashOut: 2 }, new FairRng('server', 'client', n));
      st.add(r.totalBet, r.payout);
    }
    expect(Math.abs(st.rtp - meta.rtp)).toBeLessThanOrEqual(fourSigma(sdOf(dist(2)), FAIR_ROUNDS));
  });
});
