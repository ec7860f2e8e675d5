/**
 * Crash (PVP): the multiplier rises from 1.00x and crashes at
 *   crashPoint = max(1, floor((1 - edge) / (1 - U) * 100) / 100),  U uniform in [0, 1)
 * so P(crashPoint >= c) = (1 - edge) / c for every cash-out c >= 1.01. The player sets an
 * automatic cash-out; the engine resolves one player's round (the shared timeline, live
 * cash-outs and the countdown between rounds belong to the wiring).
 */
import type { Rng } from './rng.ts';
import { GameInputError, checkBet, type GameMeta, type PlayResult } from './types.ts';

/** 1 - house edge, in hundredths (97%). */
export const CRASH_RTP_PCT = 97;
export const MIN_CASHOUT = 1.01;
export const MAX_CASHOUT = 1000;

export const meta: GameMeta = {
  code: 'DEMO-PVP-CRASH',
  name: { ES: 'Cohete', EN: 'Rocket Crash' },
  gameType: 'PVP',
  rtp: CRASH_RTP_PCT / 100,
  // Worst case cash-out 1000x: sd = sqrt(0.97 * 1000 - 0.97^2) ~ 31.1 -> 4 sd / sqrt(1e6) ~ 0.125.
  tolerance: 0.125,
  minBet: 10n,
  maxBet: 1_000_000n,
};

export interface CrashInput {
  bet: bigint;
  /** Automatic cash-out multiplier, two decimals, 1.01 .. 1000. */
  cashOut: number;
}

export interface CrashOutcome {
  crashPoint: number;
  cashOut: number;
  win: boolean;
}

/** Crash point in hundredths from a uniform U in [0, 1). */
export function crashPointX100(u: number): number {
  return Math.max(100, Math.floor(CRASH_RTP_PCT / (1 - u)));
}

export function checkCashOut(cashOut: unknown): number {
  const c = typeof cashOut === 'number' ? Math.round(cashOut * 100) : NaN;
  if (
    typeof cashOut !== 'number' || !Number.isFinite(cashOut) || Math.abs(c - cashOut * 100) > 1e-6 ||
    c < MIN_CASHOUT * 100 || c > MAX_CASHOUT * 100
  ) {
    throw new GameInputError('CHOICE_INVALID', 'cashOut', `cash-out must be ${MIN_CASHOUT} .. ${MAX_CASHOUT} with two decimals`);
  }
  return c;
}

export function play(input: CrashInput, rng: Rng): PlayResult<CrashOutcome, { winChance: number }> {
  const bet = checkBet(input?.bet, 'bet', meta.minBet, meta.maxBet);
  const c = checkCashOut(input.cashOut);
  const cp = crashPointX100(rng.float());
  const win = cp >= c;
  return {
    outcome: { crashPoint: cp / 100, cashOut: c / 100, win },
    totalBet: bet,
    payout: win ? (bet * BigInt(c)) / 100n : 0n,
    details: { winChance: CRASH_RTP_PCT / c },
  };
}
