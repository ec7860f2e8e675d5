import { describe, expect, it } from 'vitest';
import { createHash, createHmac } from 'node:crypto';
import {
  CRASH_SALT, GROWTH_PER_MS, chainSeed, crashOfSeed, hashTimes, msToReach, multiplierAt, stepsToTerminating, terminatingHash,
} from '@lobby/contract/fairness/games/crash-chain';
import { crashPointX100FromBits, resultOf } from '@lobby/contract/fairness/games/crash';
import { verifyRound } from '@lobby/contract/fairness';
import { ReturnStats, fourSigma, sdOf } from './sim.ts';

const nodeHash = (t: string) => createHash('sha256').update(t, 'utf8').digest('hex');
const nodeHmac = (k: string, m: string): Uint8Array => createHmac('sha256', k).update(m).digest();

/**
 * Published vectors (computed independently with node:crypto, stated here): the chain of
 * length 5 whose start is SHA-256("crash chain test vector start"), with CRASH_SALT.
 */
const START = 'c8c368d94203398138f4177d00e2eeee97753e496056dfd4ce34a7c692b20124';
const TERMINATING = 'c07ab68b8cc6a02b50043cebba1ad7a7386d8cec3792009f1627e3e5349fc5e0';
const ROUNDS: Array<[number, string, string, number]> = [
  // round index, seed, first 13 hex digits of HMAC-SHA256(seed, salt), crash point
  [1, '06aff50ace385a084592b04d33f7d604fbd7d05d9f8bdb77d755ed73916932e9', '462be2371e6a5', 1.33],
  [2, '56c16c03c197c5a4b61090266f62878fae775fed99d7cfc23498ddaa31c1a130', '40a6bc3ded0a1', 1.29],
  [3, '019615f300791b4b7acb5432c9ab88fdbd8922c1425c66b3afcfbf8a59044fb6', '5d1719da5f980', 1.52],
  [4, 'bb4f4ba889d26b4c6fb4632cee079e6642f0771c795d13e7b2872270b8d97492', '1e1c457fe244d', 1.09],
  [5, START, '76dc704c3ca90', 1.81],
];

describe('crash hash chain', () => {
  it('the salt is the published constant', () => {
    expect(CRASH_SALT).toBe('lobby-demo-crash-salt:2026-11-28:every-round-is-HMAC-SHA256(seed,this-salt)');
  });

  it('chain links: each round seed hashes to the previous one, round 1 to the terminating hash (both SHA-256 implementations)', () => {
    expect(nodeHash('crash chain test vector start')).toBe(START);
    expect(terminatingHash(START, 5)).toBe(TERMINATING);
    expect(terminatingHash(START, 5, nodeHash)).toBe(TERMINATING);
    let prev = TERMINATING;
    for (const [j, seed] of ROUNDS) {
      expect(chainSeed(START, 5, j)).toBe(seed);
      expect(nodeHash(seed)).toBe(prev);
      expect(stepsToTerminating(seed, TERMINATING)).toBe(j);
      prev = seed;
    }
    expect(stepsToTerminating(ROUNDS[0][1], '00'.repeat(32), 50)).toBeNull();
    expect(() => chainSeed(START, 5, 6)).toThrow(RangeError);
  });

  it('multipliers from the published vectors (plain TS HMAC and node:crypto agree)', () => {
    for (const [, seed, h13, crash] of ROUNDS) {
      const a = crashOfSeed(seed);
      expect(a.hash.slice(0, 13)).toBe(h13);
      expect(a.crashPointX100 / 100).toBe(crash);
      expect(crashOfSeed(seed, CRASH_SALT, nodeHmac)).toEqual(a);
    }
  });

  it('the formula: max(1, floor(97·2^52 / (2^52 − h)) / 100), exact in integers', () => {
    const E = 2n ** 52n;
    expect(crashPointX100FromBits(0n)).toBe(100); // 0.97 -> instant crash at 1.00x
    expect(crashPointX100FromBits(E / 2n)).toBe(194);
    expect(crashPointX100FromBits((E * 3n) / 4n)).toBe(388);
    expect(crashPointX100FromBits(E - 1n)).toBe(Number(97n * E));
    // instant crash below h = 4/101 of the range
    const edge = (E * 4n) / 101n;
    expect(crashPointX100FromBits(edge)).toBe(100);
    expect(crashPointX100FromBits(edge + 1n)).toBe(101);
  });

  it('the verifier (browser code) shows the multiplier and the chain index from a revealed seed', () => {
    const v = verifyRound({ game: 'crash', serverSeed: ROUNDS[2][1], clientSeed: CRASH_SALT, nonce: 3, params: { terminatingHash: TERMINATING } });
    expect(v.outcome).toMatchObject({ crashPoint: 1.52, chainIndex: 3 });
    expect(v.serverSeedHash).toBe(ROUNDS[1][1]); // SHA-256(seed) = the previous round's seed
  });

  it('the flight: multiplierAt and msToReach agree (crash time = first ms at the crash point)', () => {
    expect(multiplierAt(0)).toBe(100);
    expect(msToReach(100)).toBe(0);
    for (const x of [101, 133, 200, 1000, 100_000, 12_345_678]) {
      const ms = msToReach(x);
      expect(multiplierAt(ms)).toBeGreaterThanOrEqual(x);
      expect(multiplierAt(ms - 1)).toBeLessThan(x);
    }
    expect(Math.round(Math.log(2) / GROWTH_PER_MS)).toBe(5776);
  });

  it('a bet: auto cash-out at or below the crash point wins; by hand wins below it unless the auto came first', () => {
    expect(resultOf(1000n, 200, 200)).toMatchObject({ win: true, payout: 2000n });
    expect(resultOf(1000n, 201, 200)).toMatchObject({ win: false, payout: 0n });
    expect(resultOf(1000n, 500, 300, 150)).toMatchObject({ cashedOutX100: 150, payout: 1500n });
    expect(resultOf(1000n, 120, 300, 150)).toMatchObject({ cashedOutX100: 120, payout: 1200n });
  });

  it('RTP simulation over a chain of 200,000 rounds: 97 % at every cash-out, instant crash 4/101', { timeout: 60_000 }, () => {
    const N = 200_000;
    const crashes = new Uint32Array(N);
    let x = nodeHash('rtp simulation chain');
    for (let i = 0; i < N; i++) {
      x = nodeHash(x);
      crashes[i] = crashOfSeed(x, CRASH_SALT, nodeHmac).crashPointX100;
    }
    const instant = crashes.filter((c) => c === 100).length / N;
    expect(Math.abs(instant - 4 / 101)).toBeLessThan(4 * Math.sqrt((4 / 101) * (97 / 101) / N));
    for (const c of [101, 150, 200, 1000, 10_000]) {
      const st = new ReturnStats();
      for (const cp of crashes) st.add(100n, resultOf(100n, c, cp).payout);
      const p = 0.97 / (c / 100);
      const tol = fourSigma(sdOf([[c / 100, p], [0, 1 - p]]), N);
      expect(Math.abs(st.rtp - 0.97), `cash-out ${c / 100}: measured ${st.rtp}`).toBeLessThanOrEqual(tol);
    }
  });

  it('hashTimes(seed, k) walks the chain forward', () => {
    expect(hashTimes(START, 5)).toBe(TERMINATING);
    expect(hashTimes(START, 0)).toBe(START);
  });
});
