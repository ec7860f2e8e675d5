import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  FairRng,
  createSeedState,
  hashServerSeed,
  newServerSeed,
  nextRound,
  publicView,
  rotate,
  verify,
} from './fair.ts';
import { FastRng, RngBase } from '@lobby/contract/fairness/games/rng';

const SERVER = 'a'.repeat(64);

describe('fair RNG', () => {
  it('server seed is 32 random bytes in hex and its hash verifies', () => {
    const s = newServerSeed();
    expect(s).toMatch(/^[0-9a-f]{64}$/);
    expect(newServerSeed()).not.toBe(s);
    const h = hashServerSeed(s);
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(verify(s, h)).toBe(true);
    expect(verify(newServerSeed(), h)).toBe(false);
    expect(verify(s, 'not-a-hash')).toBe(false);
  });

  it('known vector: SHA-256 of the seed text', () => {
    expect(hashServerSeed('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('bytes are HMAC-SHA256(serverSeed, clientSeed:nonce:cursor), streamed across blocks', () => {
    const rng = new FairRng(SERVER, 'lucky', 7);
    const got = rng.bytes(70);
    const expected = Buffer.concat([0, 1, 2].map((c) => createHmac('sha256', SERVER).update(`lucky:7:${c}`).digest())).subarray(0, 70);
    expect(got.equals(expected)).toBe(true);
  });

  it('floats use 4 bytes each: sum b_i / 256^(i+1)', () => {
    const block = FairRng.block(SERVER, 'c', 0, 0);
    const f = new FairRng(SERVER, 'c', 0).floats(8);
    for (let i = 0; i < 8; i++) {
      const b = block.subarray(i * 4, i * 4 + 4);
      expect(f[i]).toBe(b[0] / 256 + b[1] / 256 ** 2 + b[2] / 256 ** 3 + b[3] / 256 ** 4);
      expect(f[i]).toBeGreaterThanOrEqual(0);
      expect(f[i]).toBeLessThan(1);
    }
  });

  it('is deterministic given the seeds and changes with nonce and client seed', () => {
    const a = new FairRng(SERVER, 'x', 1).floats(20);
    expect(new FairRng(SERVER, 'x', 1).floats(20)).toEqual(a);
    expect(new FairRng(SERVER, 'x', 2).floats(20)).not.toEqual(a);
    expect(new FairRng(SERVER, 'y', 1).floats(20)).not.toEqual(a);
  });

  it('intBelow rejects the biased tail', () => {
    // A stream whose first value is in the rejected zone for n = 3: 2^32 - 1 >= 3 * floor(2^32 / 3).
    const values = [0xffffffff, 5];
    const rng = new (class extends RngBase {
      uint32() {
        return values.shift() ?? 0;
      }
    })();
    expect(rng.intBelow(3)).toBe(5 % 3);
    expect(() => rng.intBelow(0)).toThrow(RangeError);
    expect(() => rng.intBelow(1.5)).toThrow(RangeError);
  });

  it('intBelow(10) passes a chi-square test (HMAC stream, 100k draws)', () => {
    const rng = new FairRng(SERVER, 'chi', 0);
    const n = 100_000;
    const counts = new Array(10).fill(0);
    for (let i = 0; i < n; i++) counts[rng.intBelow(10)]++;
    const e = n / 10;
    const chi2 = counts.reduce((s, c) => s + (c - e) ** 2 / e, 0);
    expect(chi2).toBeLessThan(27.88); // 9 degrees of freedom, p = 0.001
  });

  it('intBelow(37) passes a chi-square test (fast PRNG, 1M draws)', () => {
    const rng = new FastRng(42);
    const n = 1_000_000;
    const counts = new Array(37).fill(0);
    for (let i = 0; i < n; i++) counts[rng.intBelow(37)]++;
    const e = n / 37;
    const chi2 = counts.reduce((s, c) => s + (c - e) ** 2 / e, 0);
    expect(chi2).toBeLessThan(67.99); // 36 degrees of freedom, p = 0.001
  });

  it('shuffle is a permutation and every position is uniform', () => {
    const rng = new FairRng(SERVER, 'shuffle', 3);
    const items = [0, 1, 2, 3, 4];
    const firstCounts = new Array(5).fill(0);
    const n = 20_000;
    for (let i = 0; i < n; i++) {
      const s = rng.shuffle(items);
      expect([...s].sort()).toEqual(items);
      firstCounts[s[0]]++;
    }
    const e = n / 5;
    const chi2 = firstCounts.reduce((s, c) => s + (c - e) ** 2 / e, 0);
    expect(chi2).toBeLessThan(18.47); // 4 df, p = 0.001
    expect(items).toEqual([0, 1, 2, 3, 4]);
  });

  it('seed lifecycle: hash before, nonce per round, rotation reveals the old seed', () => {
    let st = createSeedState('my-seed');
    const shown = publicView(st);
    expect(shown).toEqual({ serverSeedHash: st.serverSeedHash, clientSeed: 'my-seed', nonce: 0 });
    expect(JSON.stringify(shown)).not.toContain(st.serverSeed);
    const r0 = nextRound(st);
    expect(r0.nonce).toBe(0);
    const v0 = r0.rng.floats(3);
    st = r0.next;
    const r1 = nextRound(st);
    expect(r1.nonce).toBe(1);
    st = r1.next;
    const { revealed, next } = rotate(st, 'new-seed');
    expect(revealed.roundsPlayed).toBe(2);
    expect(verify(revealed.serverSeed, shown.serverSeedHash)).toBe(true);
    expect(new FairRng(revealed.serverSeed, revealed.clientSeed, 0).floats(3)).toEqual(v0);
    expect(next.serverSeed).not.toBe(revealed.serverSeed);
    expect(next.nonce).toBe(0);
    expect(next.clientSeed).toBe('new-seed');
    expect(() => createSeedState('')).toThrow(RangeError);
    expect(() => createSeedState('has space')).toThrow(RangeError);
  });
});
