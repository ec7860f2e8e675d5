import { describe, expect, it } from 'vitest';
import { DEMO_GAMES } from './index.ts';

describe('demo games registry', () => {
  it('covers the five required categories with unique codes and sane metadata', () => {
    expect(new Set(DEMO_GAMES.map((g) => g.code)).size).toBe(DEMO_GAMES.length);
    expect(new Set(DEMO_GAMES.map((g) => g.gameType))).toEqual(new Set(['RNG', 'LIVE', 'FISH', 'PVP', 'ELOTT']));
    for (const g of DEMO_GAMES) {
      expect(g.code).toMatch(/^DEMO-/);
      expect(g.name.ES && g.name.EN).toBeTruthy();
      expect(g.rtp).toBeGreaterThan(0.9);
      expect(g.rtp).toBeLessThan(1);
      expect(g.tolerance).toBeGreaterThan(0);
      expect(g.minBet).toBeGreaterThan(0n);
      expect(g.maxBet).toBeGreaterThan(g.minBet);
    }
  });
});
