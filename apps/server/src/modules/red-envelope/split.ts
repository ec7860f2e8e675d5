/** Cutting a red envelope into shares (pure). */
import { randomInt } from 'node:crypto';

/**
 * `total` minor units in `count` shares of at least 1 each, adding up to exactly `total`.
 * `equal`: the same amount each, the first ones one unit more when it does not divide.
 * `random`: "double the mean" — each share is uniform in [1, 2 × remaining mean), the last takes
 * the rest — then shuffled. Null when `total < count` (a share would be below 0.01).
 */
export function splitShares(total: bigint, count: number, how: 'random' | 'equal', rand: (max: number) => number = (max) => randomInt(0, max)): bigint[] | null {
  if (count < 1 || total < BigInt(count)) return null;
  const n = BigInt(count);
  if (how === 'equal') {
    const base = total / n;
    const extra = Number(total % n);
    return Array.from({ length: count }, (_, i) => base + (i < extra ? 1n : 0n));
  }
  const out: bigint[] = [];
  let left = total;
  for (let i = count; i > 1; i--) {
    // the most this share may take so that every later share can still get 1
    const spare = left - BigInt(i); // units above the 1-per-share floor, for i shares
    const cap = (2n * spare) / BigInt(i); // double the mean of the spare
    const extra = cap > 0n ? randBig(cap + 1n, rand) : 0n;
    const share = 1n + (extra > spare ? spare : extra);
    out.push(share);
    left -= share;
  }
  out.push(left);
  for (let i = out.length - 1; i > 0; i--) {
    const j = rand(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Uniform in [0, max) for bigint max (max may pass 2^48, randomInt's limit). */
function randBig(max: bigint, rand: (max: number) => number): bigint {
  const LIMIT = 2n ** 40n;
  if (max <= LIMIT) return BigInt(rand(Number(max)));
  const hi = randBig(max / LIMIT + 1n, rand);
  const v = hi * LIMIT + BigInt(rand(Number(LIMIT)));
  return v % max;
}
