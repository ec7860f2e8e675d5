/**
 * The crash game's published hash chain (Bustabit-style), shared by the server and the
 * browser's verifier.
 * - A chain: a secret random start x0 (64 hex characters) and x(k+1) = SHA-256(x(k)) (the hex
 *   text hashed as UTF-8, lowercase hex out), k = 0 .. L−1. The terminating hash x(L) is published
 *   before the chain's first round.
 * - Round j of the chain (j = 1 .. L) uses the seed x(L−j): the chain is consumed backwards, so
 *   SHA-256(seed of round j) = seed of round j−1, and SHA-256(seed of round 1) = the terminating
 *   hash. Hashing a revealed seed j times reaches the terminating hash.
 * - The round's result: hash = HMAC-SHA256(key = round seed, message = salt), hex; h = its first
 *   13 hex digits (52 bits); crash point = max(1.00, floor(97 · 2^52 / (2^52 − h)) / 100)
 *   (crash.ts). The salt is fixed and published before any chain is used (CRASH_SALT).
 * - The flight: the multiplier t ms after take-off is floor(100 · e^(GROWTH_PER_MS · t)) / 100;
 *   the round crashes at the first ms where it reaches the crash point.
 */
import { crashPointX100FromBits } from './crash.ts';
import { hmacSha256, sha256Hex, toHex } from '../sha256.ts';

export type Hmac = (key: string, message: string) => Uint8Array;
export type Hash = (text: string) => string;

/** The published salt of every crash chain (announced with the game, before any chain was used). */
export const CRASH_SALT = 'lobby-demo-crash-salt:2026-11-28:every-round-is-HMAC-SHA256(seed,this-salt)';
/** Rounds per chain; a new chain (with a newly published terminating hash) starts when one is used up. */
export const CHAIN_LENGTH = 10_000;
/** Growth of the flight: 2x after about 5.8 s, 10x after 19.2 s, 100x after 38.4 s, 1000x after 57.6 s. */
export const GROWTH_PER_MS = 0.00012;

/** HMAC-SHA256(round seed, salt) as hex. */
export const roundHash = (seed: string, salt: string = CRASH_SALT, hmac: Hmac = hmacSha256) => toHex(hmac(seed, salt));

/** The crash point (hundredths) of a round seed, and the HMAC it came from. */
export function crashOfSeed(seed: string, salt: string = CRASH_SALT, hmac: Hmac = hmacSha256): { hash: string; crashPointX100: number } {
  const hash = roundHash(seed, salt, hmac);
  return { hash, crashPointX100: crashPointX100FromBits(BigInt(`0x${hash.slice(0, 13)}`)) };
}

/** SHA-256 applied `times` times. */
export function hashTimes(text: string, times: number, hash: Hash = sha256Hex): string {
  let x = text;
  for (let i = 0; i < times; i++) x = hash(x);
  return x;
}

/** The seed of round `index` (1 .. length) of the chain that starts at `start`. */
export function chainSeed(start: string, length: number, index: number, hash: Hash = sha256Hex): string {
  if (!Number.isInteger(index) || index < 1 || index > length) throw new RangeError(`round index must be 1 .. ${length}`);
  return hashTimes(start, length - index, hash);
}

/** The terminating hash of a chain (published before its first round). */
export const terminatingHash = (start: string, length: number, hash: Hash = sha256Hex) => hashTimes(start, length, hash);

/**
 * How many SHA-256 steps lead from a revealed round seed to the terminating hash (= the round's
 * index in the chain), or null when it is not reached within `max` steps.
 */
export function stepsToTerminating(seed: string, terminating: string, max = CHAIN_LENGTH, hash: Hash = sha256Hex): number | null {
  const goal = terminating.trim().toLowerCase();
  let x = seed;
  for (let k = 1; k <= max; k++) {
    x = hash(x);
    if (x === goal) return k;
  }
  return null;
}

/** The multiplier (hundredths) `ms` after take-off. */
export function multiplierAt(ms: number): number {
  return ms <= 0 ? 100 : Math.floor(100 * Math.exp(GROWTH_PER_MS * ms));
}

/** Milliseconds after take-off at which the flight reaches a multiplier (hundredths): the crash time of a crash point. */
export function msToReach(x100: number): number {
  if (x100 <= 100) return 0;
  let ms = Math.max(0, Math.floor(Math.log(x100 / 100) / GROWTH_PER_MS) - 2);
  while (multiplierAt(ms) < x100) ms++;
  return ms;
}
