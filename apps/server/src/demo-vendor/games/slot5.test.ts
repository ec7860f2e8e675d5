import { describe, expect, it } from 'vitest';
import { FairRng } from './fair.ts';
import { FastRng } from '@lobby/contract/fairness/games/rng';
import { FAIR_ROUNDS, ReturnStats, SIM_ROUNDS, fourSigma } from './sim.ts';
import {
  CONFIG,
  LINES,
  REELS,
  ROWS,
  SCATTER,
  SYMBOLS,
  WILD,
  analyticRtp,
  evaluateLine,
  evaluateSpin,
  meta,
  play,
  type SlotConfig,
  type SymbolCode,
} from '@lobby/contract/fairness/games/slot5';
import { GameInputError } from '@lobby/contract/fairness/games/types';

const S = (...codes: SymbolCode[]) => codes.map((c) => SYMBOLS.indexOf(c));
const exact = analyticRtp();

describe('slot5 engine', () => {
  it('has 12 symbols with wild and scatter, 5 weighted strips and 20 distinct fixed lines', () => {
    expect(SYMBOLS.length).toBeGreaterThanOrEqual(10);
    expect(SYMBOLS[WILD]).toBe('WILD');
    expect(SYMBOLS[SCATTER]).toBe('SCATTER');
    expect(CONFIG.strips).toHaveLength(REELS);
    expect(LINES).toHaveLength(20);
    expect(new Set(LINES.map((l) => l.join())).size).toBe(20);
    for (const l of LINES) {
      expect(l).toHaveLength(REELS);
      for (const r of l) expect([0, 1, 2]).toContain(r);
    }
    for (const strip of CONFIG.strips) {
      for (let s = 0; s < SYMBOLS.length; s++) expect(strip).toContain(s);
    }
  });

  it('a strip never shows two scatters in one window (needed by the scatter math)', () => {
    for (const strip of CONFIG.strips) {
      for (let stop = 0; stop < strip.length; stop++) {
        let n = 0;
        for (let row = 0; row < ROWS; row++) if (strip[(stop + row) % strip.length] === SCATTER) n++;
        expect(n).toBeLessThanOrEqual(1);
      }
    }
  });

  it('line evaluation with wilds, left to right', () => {
    expect(evaluateLine(CONFIG, S('SEVEN', 'WILD', 'SEVEN', 'K', 'K'))).toEqual({ symbol: 2, count: 3, pay: 50 });
    expect(evaluateLine(CONFIG, S('WILD', 'WILD', 'WILD', 'BAR', 'BAR'))).toEqual({ symbol: 3, count: 5, pay: 500 });
    expect(evaluateLine(CONFIG, S('WILD', 'WILD', 'WILD', 'WILD', 'J'))).toEqual({ symbol: WILD, count: 4, pay: 500 });
    expect(evaluateLine(CONFIG, S('WILD', 'WILD', 'WILD', 'WILD', 'WILD'))).toEqual({ symbol: WILD, count: 5, pay: 5000 });
    expect(evaluateLine(CONFIG, S('J', 'WILD', 'WILD', 'WILD', 'WILD'))).toEqual({ symbol: 11, count: 5, pay: 40 });
    expect(evaluateLine(CONFIG, S('WILD', 'WILD', 'SCATTER', 'A', 'A')).pay).toBe(0);
    expect(evaluateLine(CONFIG, S('A', 'A', 'SCATTER', 'A', 'A')).pay).toBe(0);
    expect(evaluateLine(CONFIG, S('K', 'K', 'Q', 'K', 'K')).pay).toBe(0);
    expect(evaluateLine(CONFIG, S('K', 'K', 'K', 'K', 'K'))).toEqual({ symbol: 9, count: 5, pay: 60 });
    expect(evaluateLine(CONFIG, S('CHERRY', 'CHERRY', 'WILD', 'A', 'CHERRY'))).toEqual({ symbol: 7, count: 3, pay: 8 });
  });

  it('evaluates a known screen: lines, scatters and scatter pay', () => {
    const strip = S('SEVEN', 'WILD', 'A', 'J', 'SCATTER', 'K', 'Q');
    const cfg: SlotConfig = { ...CONFIG, strips: [strip, strip, strip, strip, strip] };
    // Stops 0: rows SEVEN / WILD / A on every reel.
    const s = evaluateSpin(cfg, [0, 0, 0, 0, 0]);
    expect(s.grid[0]).toEqual(['SEVEN', 'WILD', 'A']);
    expect(s.lineWins).toContainEqual({ line: 0, symbol: 'WILD', count: 5, multiplier: 5000 });
    expect(s.lineWins).toContainEqual({ line: 1, symbol: 'SEVEN', count: 5, multiplier: 2000 });
    expect(s.lineWins).toContainEqual({ line: 2, symbol: 'A', count: 5, multiplier: 80 });
    expect(s.lineWins.find((w) => w.line === 3)).toBeUndefined(); // SEVEN WILD A WILD SEVEN
    expect(s.scatters).toBe(0);
    // Stops 2,2,2,0,0: rows A/J/SCATTER on reels 1-3 -> 3 scatters (2 total bets = 40 line bets).
    const t = evaluateSpin(cfg, [2, 2, 2, 0, 0]);
    expect(t.scatters).toBe(3);
    const lines = t.lineWins.reduce((a, w) => a + w.multiplier, 0);
    expect(t.lineBets).toBe(lines + 2 * 20);
    expect(t.lineWins).toContainEqual({ line: 1, symbol: 'A', count: 3, multiplier: 6 }); // A A A SEVEN SEVEN
  });

  it('the analytic RTP equals exhaustive enumeration of every screen (small strips)', () => {
    const strips = [
      S('SEVEN', 'WILD', 'A', 'SCATTER', 'K', 'A'),
      S('A', 'K', 'WILD', 'SEVEN', 'SCATTER', 'Q'),
      S('WILD', 'A', 'K', 'SCATTER', 'A', 'J'),
      S('K', 'A', 'SEVEN', 'WILD', 'SCATTER', 'A'),
      S('A', 'SCATTER', 'Q', 'WILD', 'K', 'SEVEN'),
    ];
    const cfg: SlotConfig = { ...CONFIG, strips };
    let sum = 0;
    let triggers = 0;
    const n = 6 ** 5;
    for (let i = 0; i < n; i++) {
      const stops = [i % 6, Math.floor(i / 6) % 6, Math.floor(i / 36) % 6, Math.floor(i / 216) % 6, Math.floor(i / 1296) % 6];
      const s = evaluateSpin(cfg, stops);
      sum += s.lineBets / 20;
      if (s.scatters >= 3) triggers++;
    }
    const a = analyticRtp(cfg);
    expect(a.baseSpin).toBeCloseTo(sum / n, 12);
    expect(a.trigger).toBeCloseTo(triggers / n, 12);
  });

  it('stated RTP is the exact one (~96%)', () => {
    expect(Math.abs(exact.rtp - meta.rtp)).toBeLessThan(5e-5);
    expect(exact.rtp).toBeGreaterThan(0.955);
    expect(exact.rtp).toBeLessThan(0.965);
  });

  it('validates input', () => {
    const rng = new FastRng(1);
    expect(() => play({ betPerLine: 0n }, rng)).toThrowError(expect.objectContaining({ code: 'BET_OUT_OF_RANGE' }));
    expect(() => play({ betPerLine: 5001n }, rng)).toThrow(GameInputError);
    expect(() => play({ betPerLine: 10 as unknown as bigint }, rng)).toThrowError(expect.objectContaining({ code: 'BET_INVALID' }));
  });

  it('free spins are played inside the round, wins doubled, retriggers add 10', () => {
    let found = 0;
    for (let nonce = 0; nonce < 3000 && found < 3; nonce++) {
      const r = play({ betPerLine: 5n }, new FairRng('fs-seed', 'client', nonce));
      expect(r.totalBet).toBe(100n);
      const { base, freeSpins, freeSpinsAwarded } = r.outcome;
      if (base.scatters < 3) {
        expect(freeSpins).toHaveLength(0);
        expect(r.payout).toBe(BigInt(base.lineBets) * 5n);
        continue;
      }
      found++;
      const retriggers = freeSpins.filter((s) => s.scatters >= 3).length;
      expect(freeSpinsAwarded).toBe(10 + 10 * retriggers);
      expect(freeSpins).toHaveLength(freeSpinsAwarded);
      const fsBets = freeSpins.reduce((a, s) => a + s.lineBets, 0);
      expect(r.details.freeSpinsWin).toBe(BigInt(fsBets * 2) * 5n);
      expect(r.payout).toBe(BigInt(base.lineBets + 2 * fsBets) * 5n);
    }
    expect(found).toBe(3);
  });

  it('is deterministic given the seeds', () => {
    for (let n = 0; n < 50; n++) {
      expect(play({ betPerLine: 1n }, new FairRng('s', 'c', n))).toEqual(play({ betPerLine: 1n }, new FairRng('s', 'c', n)));
    }
  });

  it(`RTP simulation: ${SIM_ROUNDS} rounds (fast PRNG)`, { timeout: 30_000 }, () => {
    const rng = new FastRng(96);
    const round = new ReturnStats();
    const base = new ReturnStats();
    let triggers = 0;
    for (let n = 0; n < SIM_ROUNDS; n++) {
      const r = play({ betPerLine: 1n }, rng);
      round.add(r.totalBet, r.payout);
      base.add(r.totalBet, r.details.baseWin);
      if (r.outcome.freeSpinsAwarded > 0) triggers++;
    }
    // The round's variance is dominated by rare big wins: its sd is estimated from the sample.
    const tol = fourSigma(round.sd, SIM_ROUNDS);
    expect(tol).toBeLessThanOrEqual(meta.tolerance);
    expect(Math.abs(round.rtp - exact.rtp), `measured ${round.rtp}`).toBeLessThanOrEqual(tol);
    // Tighter checks of the parts: base game return and trigger rate.
    expect(Math.abs(base.rtp - exact.baseSpin)).toBeLessThanOrEqual(fourSigma(base.sd, SIM_ROUNDS));
    const pT = exact.trigger;
    expect(Math.abs(triggers / SIM_ROUNDS - pT)).toBeLessThanOrEqual(fourSigma(Math.sqrt(pT * (1 - pT)), SIM_ROUNDS));
  });

  it(`RTP through the HMAC RNG: ${FAIR_ROUNDS} rounds`, () => {
    const st = new ReturnStats();
    for (let n = 0; n < FAIR_ROUNDS; n++) {
      const r = play({ betPerLine: 1n }, new FairRng('server', 'client', n));
      st.add(r.totalBet, r.payout);
    }
    expect(Math.abs(st.rtp - exact.rtp)).toBeLessThanOrEqual(fourSigma(Math.max(st.sd, 5.5), FAIR_ROUNDS));
  });
});
