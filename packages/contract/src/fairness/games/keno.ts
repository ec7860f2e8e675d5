/**
 * Keno (ELOTT, instant): 80 numbers, 20 drawn; the player picks 1..10 spots and is paid by the
 * number of hits according to the paytable of that spot count. The RTP of each spot count is
 * computed exactly from the hypergeometric distribution:
 *   P(h hits | k spots) = C(20, h) C(60, k - h) / C(80, k).
 */
import type { Rng } from './rng.ts';
import { GameInputError, checkBet, type GameMeta, type PlayResult } from './types.ts';

export const NUMBERS = 80;
export const DRAWN = 20;

/** PAYTABLE[k][h] = payout multiplier x 100 for h hits with k spots (absent = 0). */
export const PAYTABLE: Readonly<Record<number, Readonly<Record<number, number>>>> = {
  1: { 1: 380 },
  2: { 1: 100, 2: 950 },
  3: { 2: 200, 3: 4850 },
  4: { 2: 150, 3: 700, 4: 10_700 },
  5: { 3: 350, 4: 1700, 5: 70_000 },
  6: { 3: 150, 4: 800, 5: 10_800, 6: 150_000 },
  7: { 3: 150, 4: 400, 5: 2900, 6: 14_000, 7: 500_000 },
  8: { 4: 250, 5: 1400, 6: 11_500, 7: 110_000, 8: 1_000_000 },
  9: { 4: 100, 5: 650, 6: 4900, 7: 33_000, 8: 440_000, 9: 1_000_000 },
  10: { 5: 550, 6: 2200, 7: 14_300, 8: 110_000, 9: 550_000, 10: 1_000_000 },
};

function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

/** P(h hits | k spots). */
export function hitProbability(spots: number, hits: number): number {
  return (choose(DRAWN, hits) * choose(NUMBERS - DRAWN, spots - hits)) / choose(NUMBERS, spots);
}

/** Exact return distribution of a spot count: [multiplier, probability] for every hit count. */
export function distribution(spots: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let h = 0; h <= spots; h++) out.push([(PAYTABLE[spots][h] ?? 0) / 100, hitProbability(spots, h)]);
  return out;
}

export function exactRtp(spots: number): number {
  return distribution(spots).reduce((s, [m, p]) => s + m * p, 0);
}

const RTP_BY_SPOTS = Object.fromEntries(Object.keys(PAYTABLE).map((k) => [k, Math.round(exactRtp(Number(k)) * 1e4) / 1e4]));

export const meta: GameMeta = {
  code: 'DEMO-ELOTT-KENO',
  name: { ES: 'Keno Instantáneo', EN: 'Instant Keno' },
  gameType: 'ELOTT',
  rtp: 0.95,
  /** Exact RTP per spot count (rounded to 0.01%): 94.6% .. 95.2%. */
  rtpByBet: RTP_BY_SPOTS,
  // Worst spot count (9): sd ~ 27.97 -> 4 sd / sqrt(1e6) ~ 0.112.
  tolerance: 0.115,
  minBet: 10n,
  maxBet: 100_000n,
};

export interface KenoInput {
  bet: bigint;
  /** 1..10 distinct numbers in 1..80. */
  picks: number[];
}

export interface KenoOutcome {
  /** The 20 drawn numbers, in draw order. */
  drawn: number[];
  picks: number[];
  /** Picks that were drawn, ascending. */
  hits: number[];
}

const SEEN = new Uint8Array(NUMBERS + 1);

export function checkPicks(picks: unknown): number[] {
  if (!Array.isArray(picks) || picks.length < 1 || picks.length > 10) {
    throw new GameInputError('CHOICE_INVALID', 'picks', 'pick 1 to 10 numbers');
  }
  const seen = SEEN.fill(0);
  for (const p of picks) {
    if (typeof p !== 'number' || !Number.isInteger(p) || p < 1 || p > NUMBERS || seen[p] === 1) {
      throw new GameInputError('CHOICE_INVALID', 'picks', 'picks must be distinct integers 1..80');
    }
    seen[p] = 1;
  }
  // Insertion sort of at most 10 numbers (cheaper than Array#sort with a comparator).
  const out = picks.slice() as number[];
  for (let i = 1; i < out.length; i++) {
    const v = out[i];
    let j = i - 1;
    while (j >= 0 && out[j] > v) {
      out[j + 1] = out[j];
      j--;
    }
    out[j + 1] = v;
  }
  return out;
}

/** Draws 20 distinct numbers 1..80: the first 20 steps of a Fisher-Yates shuffle of 1..80. */
// Scratch buffers reused between calls (re-initialised on every call; single-threaded).
const POOL = new Uint8Array(NUMBERS);
const MARK = new Uint8Array(NUMBERS + 1);

export function draw(rng: Rng): number[] {
  const pool = POOL;
  for (let i = 0; i < NUMBERS; i++) pool[i] = i + 1;
  const out = new Array<number>(DRAWN);
  for (let i = 0; i < DRAWN; i++) {
    const j = i + rng.intBelow(NUMBERS - i);
    const t = pool[j];
    pool[j] = pool[i];
    pool[i] = t;
    out[i] = t;
  }
  return out;
}

export function countHits(picks: readonly number[], drawn: readonly number[]): number[] {
  const isDrawn = MARK.fill(0);
  for (let i = 0; i < drawn.length; i++) isDrawn[drawn[i]] = 1;
  const hits: number[] = [];
  for (let i = 0; i < picks.length; i++) if (isDrawn[picks[i]] === 1) hits.push(picks[i]);
  return hits.sort((a, b) => a - b);
}

export function play(input: KenoInput, rng: Rng): PlayResult<KenoOutcome, { spots: number; hitCount: number; multiplier: number }> {
  const bet = checkBet(input?.bet, 'bet', meta.minBet, meta.maxBet);
  const picks = checkPicks(input.picks);
  const drawn = draw(rng);
  const hits = countHits(picks, drawn);
  const mX100 = PAYTABLE[picks.length][hits.length] ?? 0;
  return {
    outcome: { drawn, picks, hits },
    totalBet: bet,
    payout: (bet * BigInt(mX100)) / 100n,
    details: { spots: picks.length, hitCount: hits.length, multiplier: mX100 / 100 },
  };
}
