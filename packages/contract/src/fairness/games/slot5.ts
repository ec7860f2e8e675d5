/**
 * Fortune Reels (RNG): a 5-reel, 3-row video slot with weighted reel strips, 20 fixed paylines,
 * a WILD (substitutes for every symbol but the scatter, and pays on its own) and a SCATTER
 * (pays anywhere, multiplied by the total bet; 3 or more award 10 free spins in which every win
 * is doubled and 3 or more scatters award 10 more). The free spins are played inside the same
 * round, so one round = one debit and one credit.
 *
 * The RTP is computed exactly (see analyticRtp): the expected line pay of one line depends only
 * on the per-reel symbol frequencies (a uniform stop on a cyclic strip shows each strip symbol
 * on each row with the same probability), so it is an exact sum over the 12^5 symbol
 * combinations; the scatter count is a sum of independent per-reel events (a strip never shows
 * two scatters in one window); and the free-spin feature is a branching process worth
 * P(trigger) * 10 / (1 - 10 P(trigger)) * 2 * (base return).
 */
import type { Rng } from './rng.ts';
import { checkBet, type GameMeta, type PlayResult } from './types.ts';

export const REELS = 5;
export const ROWS = 3;

export const SYMBOLS = ['WILD', 'SCATTER', 'SEVEN', 'BAR', 'BELL', 'MELON', 'GRAPE', 'CHERRY', 'A', 'K', 'Q', 'J'] as const;
export type SymbolCode = (typeof SYMBOLS)[number];
export const WILD = 0;
export const SCATTER = 1;

export interface SlotConfig {
  /** strips[reel] = symbol indexes (cyclic). */
  strips: number[][];
  /** pays[symbol][count] = line pay in line bets for `count` in a row from the left (0 if absent). */
  pays: number[][];
  /** scatterPays[count] = pay in TOTAL bets for `count` scatters anywhere. */
  scatterPays: number[];
  lines: number[][];
  freeSpins: { award: number; trigger: number; multiplier: number; cap: number };
}

/** The 20 fixed paylines: row (0 top .. 2 bottom) on each reel. */
export const LINES: number[][] = [
  [1, 1, 1, 1, 1], [0, 0, 0, 0, 0], [2, 2, 2, 2, 2], [0, 1, 2, 1, 0], [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2], [2, 2, 1, 0, 0], [1, 0, 0, 0, 1], [1, 2, 2, 2, 1], [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1], [0, 1, 0, 1, 0], [2, 1, 2, 1, 2], [0, 1, 1, 1, 0], [2, 1, 1, 1, 2],
  [1, 1, 0, 1, 1], [1, 1, 2, 1, 1], [0, 2, 0, 2, 0], [2, 0, 2, 0, 2], [0, 2, 2, 2, 0],
];

/**
 * Builds a strip from symbol counts by spreading each symbol evenly (largest counts first),
 * so scatters end up far apart. Deterministic.
 */
export function buildStrip(counts: number[]): number[] {
  const total = counts.reduce((s, c) => s + c, 0);
  const strip = new Array<number>(total).fill(-1);
  const order = counts.map((c, s) => [s, c]).filter(([, c]) => c > 0).sort((a, b) => (a[0] === SCATTER ? -1 : b[0] === SCATTER ? 1 : b[1] - a[1]));
  for (const [s, c] of order) {
    for (let k = 0; k < c; k++) {
      let pos = Math.floor(((k + 0.5) * total) / c) % total;
      while (strip[pos] !== -1) pos = (pos + 1) % total;
      strip[pos] = s;
    }
  }
  return strip;
}

// Symbol counts per reel:  WILD SCAT SEVEN BAR BELL MELON GRAPE CHERRY A  K  Q  J  (40-41 stops)
const REEL_COUNTS = [
  [2, 2, 2, 3, 3, 4, 4, 4, 4, 4, 4, 4],
  [3, 1, 2, 3, 3, 4, 4, 4, 4, 4, 4, 4],
  [3, 2, 2, 3, 3, 4, 4, 4, 4, 4, 4, 4],
  [3, 1, 2, 3, 3, 4, 4, 4, 4, 4, 4, 4],
  [2, 2, 2, 3, 3, 4, 4, 4, 4, 4, 4, 4],
];

const p = (three: number, four: number, five: number) => [0, 0, 0, three, four, five];

export const CONFIG: SlotConfig = {
  strips: REEL_COUNTS.map(buildStrip),
  pays: [
    p(100, 500, 5000), // WILD
    p(0, 0, 0), // SCATTER (pays through scatterPays)
    p(50, 200, 2000), // SEVEN
    p(30, 100, 500), // BAR
    p(20, 60, 300), // BELL
    p(13, 40, 200), // MELON
    p(10, 30, 150), // GRAPE
    p(8, 25, 120), // CHERRY
    p(6, 20, 80), // A
    p(5, 15, 60), // K
    p(4, 12, 50), // Q
    p(4, 10, 40), // J
  ],
  scatterPays: [0, 0, 0, 2, 10, 50],
  lines: LINES,
  freeSpins: { award: 10, trigger: 3, multiplier: 2, cap: 500 },
};

export const meta: GameMeta = {
  code: 'DEMO-RNG-FORTUNE5',
  name: { ES: 'Carretes de la Fortuna', EN: 'Fortune Reels' },
  gameType: 'RNG',
  // Exact, from analyticRtp(CONFIG): 96.058% (lines 70.18%, scatter 3.36%, free spins 22.51%).
  rtp: 0.9606,
  // Sample sd of the round return ~5.5 (free spins included) -> 4 sd / sqrt(1e6) ~ 0.022.
  tolerance: 0.03,
  minBet: 1n, // per line
  maxBet: 5_000n, // per line
};

export interface LineWin {
  /** Payline index (0-based). */
  line: number;
  symbol: SymbolCode;
  count: number;
  /** Pay in line bets (before the free-spin multiplier). */
  multiplier: number;
}

/** Line pay of 5 symbols read left to right: the best of the wild run and the substituted run. */
export function evaluateLine(cfg: SlotConfig, s: ArrayLike<number>): { symbol: number; count: number; pay: number } {
  let wildRun = 0;
  while (wildRun < REELS && s[wildRun] === WILD) wildRun++;
  const wildPay = cfg.pays[WILD][wildRun] ?? 0;
  if (wildRun === REELS) return { symbol: WILD, count: REELS, pay: wildPay };
  const target = s[wildRun];
  if (target === SCATTER) return { symbol: WILD, count: wildRun, pay: wildPay };
  let count = wildRun;
  while (count < REELS && (s[count] === target || s[count] === WILD)) count++;
  const pay = cfg.pays[target][count] ?? 0;
  return pay >= wildPay ? { symbol: target, count, pay } : { symbol: WILD, count: wildRun, pay: wildPay };
}

export interface Spin {
  stops: number[];
  /** grid[reel][row] symbol codes. */
  grid: SymbolCode[][];
  lineWins: LineWin[];
  scatters: number;
  /** Total pay of the spin in line bets, before the free-spin multiplier. */
  lineBets: number;
}

/** Evaluates the screen shown by reel stops (stop = strip index shown on the top row). */
export function evaluateSpin(cfg: SlotConfig, stops: readonly number[]): Spin {
  const idx: number[][] = [];
  let scatters = 0;
  for (let r = 0; r < REELS; r++) {
    const strip = cfg.strips[r];
    const col: number[] = [];
    for (let row = 0; row < ROWS; row++) {
      const s = strip[(stops[r] + row) % strip.length];
      col.push(s);
      if (s === SCATTER) scatters++;
    }
    idx.push(col);
  }
  const lineWins: LineWin[] = [];
  let lineBets = 0;
  const buf = [0, 0, 0, 0, 0];
  for (let l = 0; l < cfg.lines.length; l++) {
    const rows = cfg.lines[l];
    for (let r = 0; r < REELS; r++) buf[r] = idx[r][rows[r]];
    const w = evaluateLine(cfg, buf);
    if (w.pay > 0) {
      lineWins.push({ line: l, symbol: SYMBOLS[w.symbol], count: w.count, multiplier: w.pay });
      lineBets += w.pay;
    }
  }
  lineBets += (cfg.scatterPays[scatters] ?? 0) * cfg.lines.length;
  return { stops: [...stops], grid: idx.map((c) => c.map((s) => SYMBOLS[s])), lineWins, scatters, lineBets };
}

function spin(cfg: SlotConfig, rng: Rng): Spin {
  const stops = cfg.strips.map((s) => rng.intBelow(s.length));
  return evaluateSpin(cfg, stops);
}

export interface SlotInput {
  /** Bet per line, minor units; the total bet is 20 times it. */
  betPerLine: bigint;
}

export interface SlotOutcome {
  base: Spin;
  freeSpins: Spin[];
  /** Free spins awarded in total (initial award + retriggers), capped. */
  freeSpinsAwarded: number;
}

export interface SlotDetails {
  betPerLine: bigint;
  baseWin: bigint;
  freeSpinsWin: bigint;
}

export function play(input: SlotInput, rng: Rng, cfg: SlotConfig = CONFIG): PlayResult<SlotOutcome, SlotDetails> {
  const bpl = checkBet(input?.betPerLine, 'betPerLine', meta.minBet, meta.maxBet);
  const base = spin(cfg, rng);
  const freeSpins: Spin[] = [];
  let awarded = 0;
  let fsLineBets = 0;
  const fs = cfg.freeSpins;
  if (base.scatters >= fs.trigger) {
    awarded = fs.award;
    while (freeSpins.length < awarded) {
      const s = spin(cfg, rng);
      freeSpins.push(s);
      fsLineBets += s.lineBets * fs.multiplier;
      if (s.scatters >= fs.trigger) awarded = Math.min(fs.cap, awarded + fs.award);
    }
  }
  const baseWin = BigInt(base.lineBets) * bpl;
  const freeSpinsWin = BigInt(fsLineBets) * bpl;
  return {
    outcome: { base, freeSpins, freeSpinsAwarded: awarded },
    totalBet: bpl * BigInt(cfg.lines.length),
    payout: baseWin + freeSpinsWin,
    details: { betPerLine: bpl, baseWin, freeSpinsWin },
  };
}

export interface RtpBreakdown {
  /** Expected line pay per spin, in total bets. */
  lines: number;
  /** Expected scatter pay per spin, in total bets. */
  scatter: number;
  /** P(3+ scatters) on one spin. */
  trigger: number;
  /** Expected number of free spins per trigger (uncapped). */
  freeSpinsPerTrigger: number;
  /** Expected free-spin win per round, in total bets. */
  freeSpins: number;
  /** Return of one base spin (lines + scatter). */
  baseSpin: number;
  rtp: number;
}

/** Exact RTP of a configuration (ignoring the free-spin cap, whose effect is below 1e-12). */
export function analyticRtp(cfg: SlotConfig = CONFIG): RtpBreakdown {
  const nSym = SYMBOLS.length;
  const freq = cfg.strips.map((strip) => {
    const f = new Array<number>(nSym).fill(0);
    for (const s of strip) f[s] += 1 / strip.length;
    return f;
  });
  // Line: exact sum over every combination of one symbol per reel.
  let lineEv = 0;
  const combo = [0, 0, 0, 0, 0];
  const rec = (r: number, prob: number) => {
    if (prob === 0) return;
    if (r === REELS) {
      lineEv += prob * evaluateLine(cfg, combo).pay;
      return;
    }
    for (let s = 0; s < nSym; s++) {
      combo[r] = s;
      rec(r + 1, prob * freq[r][s]);
    }
  };
  rec(0, 1);
  // One line bet is 1 / lines of the total bet; all lines have the same expectation.
  const lines = lineEv;
  // Scatter: per-reel probability of showing one (a window never holds two).
  let dist = [1];
  for (let r = 0; r < REELS; r++) {
    const q = Math.min(1, (ROWS * cfg.strips[r].filter((s) => s === SCATTER).length) / cfg.strips[r].length);
    const next = new Array<number>(dist.length + 1).fill(0);
    dist.forEach((pk, k) => {
      next[k] += pk * (1 - q);
      next[k + 1] += pk * q;
    });
    dist = next;
  }
  const scatter = dist.reduce((s, pk, k) => s + pk * (cfg.scatterPays[k] ?? 0), 0);
  const trigger = dist.reduce((s, pk, k) => s + (k >= cfg.freeSpins.trigger ? pk : 0), 0);
  const baseSpin = lines + scatter;
  const fsPer = cfg.freeSpins.award / (1 - cfg.freeSpins.award * trigger);
  const freeSpins = trigger * fsPer * cfg.freeSpins.multiplier * baseSpin;
  return { lines, scatter, trigger, freeSpinsPerTrigger: fsPer, freeSpins, baseSpin, rtp: baseSpin + freeSpins };
}
