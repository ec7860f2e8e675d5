import { describe, expect, it } from 'vitest';
import { marketDef, marketsOf, payoutOf, priceOf, settle, type Selection } from './markets.ts';
import { finalDist, finalOf, hashSeed, paramsOf, simulate, stateAt, ticksOf, uniforms, type Final } from './model.ts';

const fin = (home: number, away: number, winner?: Final['winner']): Final =>
  ({ home, away, diff: home - away, total: home + away, winner: winner ?? (home > away ? 'home' : home < away ? 'away' : 'draw') });
const rule = (market: string, sel: Selection, f: Final) => settle(marketDef(market)!, sel, f);

describe('settlement rules', () => {
  it('1x2: home, draw and away at full time', () => {
    expect(['home', 'draw', 'away'].map((s) => rule('1x2', s as Selection, fin(2, 1)))).toEqual(['won', 'lost', 'lost']);
    expect(['home', 'draw', 'away'].map((s) => rule('1x2', s as Selection, fin(1, 1)))).toEqual(['lost', 'won', 'lost']);
    expect(['home', 'draw', 'away'].map((s) => rule('1x2', s as Selection, fin(0, 3)))).toEqual(['lost', 'lost', 'won']);
  });

  it('match winner: a level basketball game goes to its overtime winner', () => {
    expect(rule('ml', 'home', fin(101, 99))).toBe('won');
    expect(rule('ml', 'away', fin(100, 100, 'away'))).toBe('won');
    expect(rule('ml', 'home', fin(100, 100, 'away'))).toBe('lost');
    expect(rule('ml', 'away', fin(2, 1))).toBe('lost');
  });

  it('over/under: half lines win or lose, a whole line tied is a push', () => {
    expect(rule('ou:2.5', 'over', fin(2, 1))).toBe('won');
    expect(rule('ou:2.5', 'under', fin(2, 1))).toBe('lost');
    expect(rule('ou:2.5', 'under', fin(1, 1))).toBe('won');
    expect(rule('ou:3', 'over', fin(2, 1))).toBe('push');
    expect(rule('ou:3', 'under', fin(2, 1))).toBe('push');
    expect(rule('ou:3', 'over', fin(2, 2))).toBe('won');
    expect(rule('ou:2.5', 'over', fin(2, 0))).toBe('lost'); // two sets / maps
  });

  it('handicap: the line goes to home; whole lines can push, half lines cannot', () => {
    expect(rule('ah:-1', 'home', fin(2, 1))).toBe('push');
    expect(rule('ah:-1', 'away', fin(2, 1))).toBe('push');
    expect(rule('ah:-1', 'home', fin(3, 1))).toBe('won');
    expect(rule('ah:-1', 'away', fin(1, 1))).toBe('won');
    expect(rule('ah:-1.5', 'home', fin(2, 0))).toBe('won');
    expect(rule('ah:-1.5', 'away', fin(2, 1))).toBe('won');
    expect(rule('ah:1.5', 'home', fin(1, 2))).toBe('won');
    expect(rule('ah:0', 'home', fin(1, 1))).toBe('push');
    expect(rule('ah:4.5', 'away', fin(80, 85))).toBe('won');
  });

  it('market ids: only known types and lines in halves', () => {
    for (const bad of ['ou', 'ou:0', 'ou:2.25', 'ah', 'xx', '1x2:1', 'ml:2', 'ah:abc']) expect(marketDef(bad)).toBeNull();
    expect(marketDef('ah:-0')?.id).toBe('ah:0');
    expect(marketDef('ah:-1')).toMatchObject({ line: -1, inPlay: false });
    expect(marketDef('ou:3')).toMatchObject({ line: 3, inPlay: true });
  });
});

describe('payouts', () => {
  it('single: won pays odds, push and void give the stake back, lost nothing', () => {
    expect(payoutOf(1000n, [{ odds: 185, result: 'won' }])).toEqual({ payout: 1850n, result: 'won' });
    expect(payoutOf(1000n, [{ odds: 185, result: 'push' }])).toEqual({ payout: 1000n, result: 'push' });
    expect(payoutOf(1000n, [{ odds: 185, result: 'void' }])).toEqual({ payout: 1000n, result: 'void' });
    expect(payoutOf(1000n, [{ odds: 185, result: 'lost' }])).toEqual({ payout: 0n, result: 'lost' });
    expect(payoutOf(1000n, [{ odds: 185, result: null }])).toBeNull();
  });

  it('parlay: odds multiply, void and push legs drop out, one lost leg loses at once', () => {
    expect(payoutOf(1000n, [{ odds: 200, result: 'won' }, { odds: 150, result: 'won' }])).toEqual({ payout: 3000n, result: 'won' });
    expect(payoutOf(1000n, [{ odds: 200, result: 'won' }, { odds: 150, result: 'void' }])).toEqual({ payout: 2000n, result: 'won' });
    expect(payoutOf(1000n, [{ odds: 200, result: 'push' }, { odds: 150, result: 'void' }])).toEqual({ payout: 1000n, result: 'push' });
    expect(payoutOf(1000n, [{ odds: 200, result: 'void' }, { odds: 150, result: 'void' }])).toEqual({ payout: 1000n, result: 'void' });
    expect(payoutOf(1000n, [{ odds: 200, result: null }, { odds: 150, result: 'lost' }])).toEqual({ payout: 0n, result: 'lost' });
    expect(payoutOf(1000n, [{ odds: 200, result: 'won' }, { odds: 150, result: null }])).toBeNull();
    // rounded down to the cent
    expect(payoutOf(333n, [{ odds: 187, result: 'won' }, { odds: 113, result: 'won' }])!.payout).toBe(703n);
  });
});

describe('the match model', () => {
  it('a match replays the same from its revealed seed, and the hash commits to it', () => {
    const seed = 'a'.repeat(64);
    expect(hashSeed(seed)).toMatch(/^[0-9a-f]{64}$/);
    for (const sport of ['football', 'basketball', 'tennis', 'cs2'] as const) {
      const p = paramsOf(sport, 0.3, -0.1);
      const a = simulate(sport, p, uniforms(seed, 'FBES-1'));
      expect(simulate(sport, p, uniforms(seed, 'FBES-1'))).toEqual(a);
      expect(simulate(sport, p, uniforms(seed, 'FBES-2'))).not.toEqual(a);
    }
  });

  it('races end when a side wins two units; tennis sets go to 6 by two or 7', () => {
    for (let i = 0; i < 200; i++) {
      const p = paramsOf('tennis', 0.2, 0);
      const tl = simulate('tennis', p, uniforms(`s${i}`, 'TNM-1'));
      if (tl.abandonedAt !== null) continue;
      const f = finalOf('tennis', p, tl);
      expect(Math.max(f.home, f.away)).toBe(2);
      for (const [a, b] of stateAt(p, tl, 1).units) expect(Math.max(a, b) === 7 || (Math.max(a, b) === 6 && Math.abs(a - b) >= 2)).toBe(true);
      expect(tl.endsAt).toBeLessThanOrEqual(1);
      expect(tl.events.length).toBeLessThanOrEqual(ticksOf('tennis'));
    }
  });

  it('in play the odds move with the score and the clock, and a decided market is no longer offered', () => {
    const p = paramsOf('football', 0, 0);
    const m = marketDef('1x2')!;
    const pre = finalDist(p, { f: 0, home: 0, away: 0, unitHome: 0, unitAway: 0, units: [] });
    const lead = finalDist(p, { f: 0.5, home: 1, away: 0, unitHome: 0, unitAway: 0, units: [] });
    const late = finalDist(p, { f: 0.8, home: 1, away: 0, unitHome: 0, unitAway: 0, units: [] });
    const price = (d: typeof pre) => priceOf({ win: d.home, push: 0 });
    expect(price(lead)!).toBeLessThan(price(pre)!);
    expect(price(late)!).toBeLessThan(price(lead)!);
    const over = (d: typeof pre) => priceOf({ win: [...d.total].filter(([n]) => n > 2.5).reduce((a, [, q]) => a + q, 0), push: 0 });
    expect(over(finalDist(p, { f: 0.2, home: 2, away: 1, unitHome: 0, unitAway: 0, units: [] }))).toBeNull();
    expect(m.selections).toEqual(['home', 'draw', 'away']);
  });

  it('every sport offers its main markets', () => {
    expect(marketsOf('football', paramsOf('football', 0, 0))).toEqual(['1x2', 'ou:2.5', 'ou:3', 'ah:-0.5']);
    expect(marketsOf('football', paramsOf('football', -0.5, 0))[3]).toBe('ah:0');
    expect(marketsOf('football', paramsOf('football', 1, -1))[3]).toBe('ah:-2');
    expect(marketsOf('basketball', paramsOf('basketball', 0.5, 0))[0]).toBe('ml');
    expect(marketsOf('cs2', paramsOf('cs2', -0.5, 0.5))).toEqual(['ml', 'ou:2.5', 'ah:1.5']);
  });
});
