/**
 * Ocean Hunter (FISH): an arcade fish-shooting game. Every shot at a chosen target costs the bet;
 * a target worth m times the bet is caught with probability RTP / m, so each shot returns
 * exactly the stated RTP on average whatever the target. The boss draws its multiplier
 * uniformly from its range first, then is caught with probability RTP / multiplier.
 */
import type { Rng } from './rng.ts';
import { GameInputError, checkBet, type GameMeta, type PlayResult } from './types.ts';

/** RTP in basis points (96.00%). */
export const FISH_RTP_BP = 9600;

export interface Target {
  code: string;
  name: { ES: string; EN: string };
  /** Fixed multiplier, or the inclusive range of the boss's random multiplier. */
  multiplier: number | { min: number; max: number };
}

export const TARGETS: readonly Target[] = [
  { code: 'CLOWNFISH', name: { ES: 'Pez payaso', EN: 'Clownfish' }, multiplier: 2 },
  { code: 'PUFFER', name: { ES: 'Pez globo', EN: 'Puffer' }, multiplier: 3 },
  { code: 'TURTLE', name: { ES: 'Tortuga', EN: 'Turtle' }, multiplier: 5 },
  { code: 'LIONFISH', name: { ES: 'Pez león', EN: 'Lionfish' }, multiplier: 8 },
  { code: 'OCTOPUS', name: { ES: 'Pulpo', EN: 'Octopus' }, multiplier: 10 },
  { code: 'STINGRAY', name: { ES: 'Mantarraya', EN: 'Stingray' }, multiplier: 20 },
  { code: 'SHARK', name: { ES: 'Tiburón', EN: 'Shark' }, multiplier: 50 },
  { code: 'WHALE', name: { ES: 'Ballena', EN: 'Whale' }, multiplier: 100 },
  { code: 'DRAGON_BOSS', name: { ES: 'Dragón marino (jefe)', EN: 'Sea Dragon (boss)' }, multiplier: { min: 100, max: 300 } },
];

export const meta: GameMeta = {
  code: 'DEMO-FISH-OCEAN',
  name: { ES: 'Cazador del Océano', EN: 'Ocean Hunter' },
  gameType: 'FISH',
  rtp: FISH_RTP_BP / 10_000,
  rtpByBet: Object.fromEntries(TARGETS.map((t) => [t.code, FISH_RTP_BP / 10_000])),
  // Worst target (the boss): sd of the return = sqrt(E[m] * 0.96 - 0.96^2) ~ 13.8 -> 4 sd / sqrt(1e6).
  tolerance: 0.056,
  minBet: 10n,
  maxBet: 100_000n,
};

export interface FishInput {
  bet: bigint;
  target: string;
}

export interface FishOutcome {
  target: string;
  multiplier: number;
  caught: boolean;
}

export function play(input: FishInput, rng: Rng): PlayResult<FishOutcome, { catchChance: number }> {
  const bet = checkBet(input?.bet, 'bet', meta.minBet, meta.maxBet);
  const target = TARGETS.find((t) => t.code === input.target);
  if (!target) throw new GameInputError('CHOICE_INVALID', 'target', `unknown target ${String(input.target)}`);
  const m = typeof target.multiplier === 'number'
    ? target.multiplier
    : target.multiplier.min + rng.intBelow(target.multiplier.max - target.multiplier.min + 1);
  // P(caught) = 9600 / (10000 m) = 0.96 / m exactly (integer draw, no float rounding).
  const caught = rng.intBelow(10_000 * m) < FISH_RTP_BP;
  return {
    outcome: { target: target.code, multiplier: m, caught },
    totalBet: bet,
    payout: caught ? bet * BigInt(m) : 0n,
    details: { catchChance: FISH_RTP_BP / 10_000 / m },
  };
}
