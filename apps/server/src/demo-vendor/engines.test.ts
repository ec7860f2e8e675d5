import { describe, expect, it } from 'vitest';
import { ENGINES } from './engines.ts';

describe('engine registry', () => {
  it('covers the five required categories with unique codes and sane metadata', () => {
    const metas = Object.values(ENGINES).map((e) => e.meta);
    expect(new Set(metas.map((g) => g.code)).size).toBe(metas.length);
    expect(new Set(metas.map((g) => g.gameType))).toEqual(new Set(['RNG', 'LIVE', 'FISH', 'PVP', 'ELOTT']));
    for (const g of metas) {
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
