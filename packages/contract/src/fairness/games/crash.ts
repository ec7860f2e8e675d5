/**
 * Crash (PVP): the multiplier rises from 1.00x and crashes at the round's crash point. A round's
 * crash point comes from 52 random bits h (0 <= h < 2^52):
 *   crashPoint = max(1.00, floor(97 · 2^52 / (2^52 − h)) / 100)
 * i.e. floor(97 / (1 − U)) / 100 with U = h / 2^52, so P(crashPoint >= c) = 0.97 / c for every
 * cash-out c >= 1.01 (house edge 3 %, RTP 97 % whatever the cash-out), and the round crashes at
 * once (1.00x) with probability 4/101 ≈ 3.96 %. Live rounds take h from the published hash chain
 * (crash-chain.ts: the first 13 hex digits of HMAC-SHA256(round seed, salt)); `play` takes it
 * from an Rng (stake validation and the RTP simulations). Exact integer arithmetic (BigInt).
 */
import type { Rng } from './rng.ts';
import { GameInputError, checkBet, type GameMeta, type PlayResult } from './types.ts';

/** 1 - house edge, in hundredths (97%). */
export const CRASH_RTP_PCT = 97;
export const MIN_CASHOUT = 1.01;
/** Highest cash-out: a bet still in when the flight reaches it is cashed out there. */
export const MAX_CASHOUT = 1000;
const E52 = 1n << 52n;

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

/** Crash point in hundredths from 52 random bits h (0 <= h < 2^52). */
export function crashPointX100FromBits(h: bigint): number {
  if (h < 0n || h >= E52) throw new RangeError('h must be 52 bits');
  const x = (BigInt(CRASH_RTP_PCT) * E52) / (E52 - h);
  return x < 100n ? 100 : Number(x);
}

/** Crash point in hundredths from a uniform U in [0, 1) (U = h / 2^52, truncated to 52 bits). */
export function crashPointX100(u: number): number {
  return crashPointX100FromBits(BigInt(Math.floor(u * 2 ** 52)));
}

/** 52 bits from an Rng: the high 20 bits of one uint32, then a whole uint32. */
export function bitsOf(rng: Rng): bigint {
  const hi = BigInt(rng.uint32() >>> 12);
  return (hi << 32n) | BigInt(rng.uint32());
}

/** An automatic cash-out in hundredths, or GameInputError. */
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

/**
 * A bet's result against a crash point (hundredths): the automatic cash-out wins when it is at
 * or below the crash point; a manual cash-out taken at `manualX100` (below the crash point, as
 * the server checked) wins there unless the automatic one came first.
 */
export function resultOf(bet: bigint, cashOutX100: number, crashX100: number, manualX100?: number | null) {
  const at = manualX100 != null ? Math.min(manualX100, cashOutX100) : cashOutX100 <= crashX100 ? cashOutX100 : 0;
  return { cashedOutX100: at, win: at > 0, payout: at > 0 ? (bet * BigInt(at)) / 100n : 0n };
}

/** One bet with an automatic cash-out against a crash point drawn from `rng` (validation, simulations). */
export function play(input: CrashInput, rng: Rng): PlayResult<CrashOutcome, { winChance: number }> {
  const bet = checkBet(input?.bet, 'bet', meta.minBet, meta.maxBet);
  const c = checkCashOut(input.cashOut);
  const cp = crashPointX100FromBits(bitsOf(rng));
  const r = resultOf(bet, c, cp);
  return {
    outcome: { crashPoint: cp / 100, cashOut: c / 100, win: r.win },
    totalBet: bet,
    payout: r.payout,
    details: { winChance: CRASH_RTP_PCT / c },
  };
}
