/**
 * Dice (PVP): a roll from 0.00 to 99.99 (10,000 equally likely values). The player picks a
 * target and "under" (win when roll < target) or "over" (win when roll > target); the payout
 * multiplier is (1 - house edge) * 100 / win chance (%), truncated to 4 decimals.
 */
import type { Rng } from './rng.ts';
import { GameInputError, checkBet, type GameMeta, type PlayResult } from './types.ts';

/** 1 - house edge, in basis points (99.00%). */
export const DICE_RTP_BP = 9900;
/** Win chance limits, in rolls out of 10,000 (1.00% .. 98.00%). */
export const MIN_WIN_COUNT = 100;
export const MAX_WIN_COUNT = 9800;

export const meta: GameMeta = {
  code: 'DEMO-PVP-DICE',
  name: { ES: 'Dados', EN: 'Dice' },
  gameType: 'PVP',
  rtp: DICE_RTP_BP / 10_000,
  // Worst case 1% chance: sd = sqrt(0.99 * 99 - 0.99^2) ~ 9.85 -> 4 sd / sqrt(1e6) ~ 0.0394.
  tolerance: 0.04,
  minBet: 10n,
  maxBet: 1_000_000n,
};

export type Direction = 'over' | 'under';

export interface DiceInput {
  bet: bigint;
  /** Target with two decimals, e.g. 49.5. */
  target: number;
  direction: Direction;
}

export interface DiceOutcome {
  /** The roll, 0.00 .. 99.99. */
  roll: number;
  target: number;
  direction: Direction;
  win: boolean;
}

export interface DiceTerms {
  /** Winning rolls out of 10,000. */
  winCount: number;
  /** Payout multiplier x 10,000 (truncated). */
  multiplierX10k: bigint;
}

/** Win count and multiplier of a choice (throws GameInputError on an invalid one). */
export function terms(target: number, direction: Direction): DiceTerms {
  if (direction !== 'over' && direction !== 'under') {
    throw new GameInputError('CHOICE_INVALID', 'direction', 'direction must be "over" or "under"');
  }
  const t = Math.round(target * 100);
  if (typeof target !== 'number' || !Number.isFinite(target) || Math.abs(t - target * 100) > 1e-6 || t < 0 || t > 9999) {
    throw new GameInputError('CHOICE_INVALID', 'target', 'target must be 0.00 .. 99.99 with at most two decimals');
  }
  const winCount = direction === 'under' ? t : 9999 - t;
  if (winCount < MIN_WIN_COUNT || winCount > MAX_WIN_COUNT) {
    throw new GameInputError('CHOICE_INVALID', 'target', 'win chance must be between 1% and 98%');
  }
  return { winCount, multiplierX10k: BigInt(Math.floor((DICE_RTP_BP * 10_000) / winCount)) };
}

/** Exact RTP of a choice at a bet (after truncation of the multiplier and of the payout). */
export function exactRtp(bet: bigint, target: number, direction: Direction): number {
  const { winCount, multiplierX10k } = terms(target, direction);
  return (Number((bet * multiplierX10k) / 10_000n) * winCount) / 10_000 / Number(bet);
}

export function play(input: DiceInput, rng: Rng): PlayResult<DiceOutcome, DiceTerms & { multiplier: number }> {
  const bet = checkBet(input?.bet, 'bet', meta.minBet, meta.maxBet);
  const tm = terms(input.target, input.direction);
  const r = rng.intBelow(10_000);
  const t = Math.round(input.target * 100);
  const win = input.direction === 'under' ? r < t : r > t;
  return {
    outcome: { roll: r / 100, target: t / 100, direction: input.direction, win },
    totalBet: bet,
    payout: win ? (bet * tm.multiplierX10k) / 10_000n : 0n,
    details: { ...tm, multiplier: Number(tm.multiplierX10k) / 10_000 },
  };
}
