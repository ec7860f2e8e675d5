/**
 * The random-number interface every engine draws from, and a fast seeded PRNG (sfc32) used by
 * the RTP simulations. Production rounds use `FairRng` from fair.ts, which implements the same
 * interface on top of an HMAC-SHA256 byte stream.
 */

export interface Rng {
  /** Next 4 bytes of the stream as an unsigned 32-bit integer (big-endian). */
  uint32(): number;
  /** Uniform float in [0, 1) from the next 4 bytes: b0/256 + b1/256^2 + b2/256^3 + b3/256^4. */
  float(): number;
  floats(count: number): number[];
  /** Uniform integer in [0, n) without modulo bias (rejection sampling), 1 <= n <= 2^32. */
  intBelow(n: number): number;
  /** Fisher-Yates shuffle of a copy of `items`. */
  shuffle<T>(items: readonly T[]): T[];
}

const TWO_32 = 0x1_0000_0000;

export abstract class RngBase implements Rng {
  abstract uint32(): number;

  float(): number {
    return this.uint32() / TWO_32;
  }

  floats(count: number): number[] {
    const out = new Array<number>(count);
    for (let i = 0; i < count; i++) out[i] = this.float();
    return out;
  }

  intBelow(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > TWO_32) throw new RangeError(`intBelow: bad bound ${n}`);
    // Accept only values below the largest multiple of n that fits in 2^32: every residue is then
    // equally likely. Rejection probability is < n / 2^32 (tiny for game-sized n).
    const limit = TWO_32 - (TWO_32 % n);
    for (;;) {
      const u = this.uint32();
      if (u < limit) return u % n;
    }
  }

  shuffle<T>(items: readonly T[]): T[] {
    const a = items.slice();
    for (let i = a.length - 1; i > 0; i--) {
      const j = this.intBelow(i + 1);
      const t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
    return a;
  }
}

/**
 * sfc32 (Chris Doty-Humphrey's Small Fast Counting generator), seeded from a 32-bit integer via
 * splitmix32. NOT for real money: it is here so the engine math can be simulated at speed.
 */
export class FastRng extends RngBase {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    super();
    let s = seed >>> 0;
    const next = () => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = 1;
    for (let i = 0; i < 12; i++) this.uint32();
  }

  uint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }
}
