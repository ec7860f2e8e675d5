import { describe, expect, it } from 'vitest';
import { chances, legFactor, marketDef, marketsOf, MARGIN, priceOf, settle } from './markets.ts';
import { finalDist, finalOf, paramsOf, simulate, stateAt, ticksOf, uniforms, type Sport } from './model.ts';

/**
 * The book's margin by simulation (like the games' RTP tests): matches played out from random
 * seeds, a unit stake on every offered selection at its price (pre-match, and in play at a
 * random tick), settled by the rules. The hold must be the stated 5 % within 3 standard errors
 * (the error from the per-match results); voids (abandoned matches) are left out.
 */
function hold(sport: Sport, matches: number, inPlay: boolean) {
  let stakes = 0;
  let returns = 0;
  const perMatch: number[] = [];
  for (let i = 0; i < matches; i++) {
    const h = ((i * 7) % 9) / 4 - 1;
    const a = ((i * 5 + 3) % 9) / 4 - 1;
    const params = paramsOf(sport, h, a);
    const tl = simulate(sport, params, uniforms(`seed-${sport}-${i}`, `M${i}`));
    if (tl.abandonedAt !== null) continue;
    const ticks = ticksOf(sport);
    let f = 0;
    if (inPlay) {
      f = Math.floor((((i * 37) % 97) / 97) * ticks * (sport === 'football' || sport === 'basketball' ? 1 : 0.6)) / ticks; // not from the match's own end (that would peek)
      if (f >= tl.endsAt) continue;
    }
    const dist = finalDist(params, stateAt(params, tl, f));
    const final = finalOf(sport, params, tl);
    let s = 0;
    let r = 0;
    for (const id of marketsOf(sport, params)) {
      const m = marketDef(id)!;
      if (inPlay && !m.inPlay) continue;
      for (const sel of m.selections) {
        const odds = priceOf(chances(m, sel, dist));
        if (odds === null) continue;
        s += 1;
        r += legFactor(settle(m, sel, final), odds);
      }
    }
    stakes += s;
    returns += r;
    perMatch.push(s - r);
  }
  const mean = perMatch.reduce((x, y) => x + y, 0) / perMatch.length;
  const sd = Math.sqrt(perMatch.reduce((x, y) => x + (y - mean) ** 2, 0) / perMatch.length);
  const se = (sd * Math.sqrt(perMatch.length)) / stakes;
  return { hold: 1 - returns / stakes, se, stakes };
}

describe('the margin is 5 % by simulation', () => {
  const cases: [Sport, number][] = [['football', 20_000], ['basketball', 1_200], ['tennis', 10_000], ['cs2', 6_000], ['dota2', 6_000], ['lol', 6_000]];
  for (const [sport, n] of cases) {
    it(`${sport}: pre-match and in play`, () => {
      for (const live of [false, true]) {
        const r = hold(sport, n, live);
        expect(Math.abs(r.hold - MARGIN), `${sport} ${live ? 'in play' : 'pre-match'} hold ${r.hold.toFixed(4)} ± ${r.se.toFixed(4)} over ${r.stakes} bets`).toBeLessThan(3 * r.se + 0.003);
      }
    }, 120_000);
  }

  it('every offered price returns 95 % of the stake by the model (exactly, but for the 2-decimal rounding)', () => {
    for (const sport of ['football', 'basketball', 'tennis', 'cs2'] as Sport[]) {
      const params = paramsOf(sport, 0.5, -0.25);
      const dist = finalDist(params, stateAt(params, { events: [], abandonedAt: null, endsAt: 1, otWinner: null }, 0));
      for (const id of marketsOf(sport, params)) {
        const m = marketDef(id)!;
        for (const sel of m.selections) {
          const c = chances(m, sel, dist);
          const odds = priceOf(c);
          if (odds === null) continue;
          expect(c.win * (odds / 100) + c.push).toBeCloseTo(1 - MARGIN, 2);
        }
      }
    }
  });
});
