import { describe, expect, it } from 'vitest';
import { splitShares } from './split.ts';

const sum = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);

describe('cutting an envelope into shares', () => {
  it('random shares add up to the total, each at least 0.01', () => {
    for (let i = 0; i < 500; i++) {
      const count = 1 + Math.floor(Math.random() * 60);
      const total = BigInt(count) + BigInt(Math.floor(Math.random() * 100_000));
      const s = splitShares(total, count, 'random')!;
      expect(s).toHaveLength(count);
      expect(sum(s)).toBe(total);
      expect(s.every((x) => x >= 1n)).toBe(true);
    }
  });
  it('random shares vary; the exact minimum gives 0.01 each', () => {
    const s = splitShares(10_000n, 10, 'random')!;
    expect(new Set(s.map(String)).size).toBeGreaterThan(1);
    expect(splitShares(5n, 5, 'random')).toEqual([1n, 1n, 1n, 1n, 1n]);
  });
  it('equal shares differ by at most 0.01', () => {
    expect(splitShares(1_000n, 3, 'equal')).toEqual([334n, 333n, 333n]);
    expect(splitShares(900n, 3, 'equal')).toEqual([300n, 300n, 300n]);
  });
  it('huge totals stay exact', () => {
    const total = 10n ** 15n;
    expect(sum(splitShares(total, 7, 'random')!)).toBe(total);
  });
  it('refuses shares below 0.01', () => {
    expect(splitShares(4n, 5, 'random')).toBeNull();
    expect(splitShares(4n, 5, 'equal')).toBeNull();
    expect(splitShares(10n, 0, 'equal')).toBeNull();
  });
});
