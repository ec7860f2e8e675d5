/** Pure trend figures of drawn numbers (no React): per-draw values and digit frequencies. */

export interface TrendPoint {
  /** The issue (numero). */
  label: string;
  value: number;
}

const digitsOf = (s: string): number[] => [...s].filter((c) => c >= '0' && c <= '9').map(Number);

/** The last two digits of a result as a number ("12345" -> 45), the đề / lô view of a VN prize. */
export function lastTwo(result: string): number {
  const d = digitsOf(result);
  return d.length ? Number(d.slice(-2).join('')) : 0;
}

/**
 * Per-draw points in time order (oldest first) from draws given newest first, as lists answer
 * them; `value` picks the figure of each result.
 */
export function trendPoints<T>(draws: readonly T[], label: (d: T) => string, value: (d: T) => number): TrendPoint[] {
  return [...draws].reverse().map((d) => ({ label: label(d), value: value(d) }));
}

/** How often each digit 0–9 appears across the results. */
export function digitCounts(results: readonly string[]): number[] {
  const counts = Array.from({ length: 10 }, () => 0);
  for (const r of results) for (const d of digitsOf(r)) counts[d]! += 1;
  return counts;
}
