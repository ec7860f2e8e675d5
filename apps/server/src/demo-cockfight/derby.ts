import { createHash } from 'node:crypto';
import type { demoCockfight as contract } from '@lobby/contract';
import { FairRng } from '../demo-vendor/games/index.ts';

/**
 * The derby's rules, pure (no database): the timetable, the roosters of a fight, the arena
 * floor's money, the pari-mutuel odds, the roll of a fight's seed and what each bet gets back.
 *
 * House edge (stated on the screen, simulated in derby.test.ts): Meron / Wala pay the pools less
 * a 5 % commission, and are returned on a draw or a cancelled fight:
 * edge = (1 - P(draw) - P(cancel)) x 5 % = 0.87 x 5 % = 4.35 % when the floor's money follows the
 * roosters' chances (it does at the cut-off). Draw pays 8x (stake included) with P(draw) = 11 %
 * and is returned when cancelled (2 %): RTP = 8 x 0.11 + 0.02 = 90 %, edge 10 %.
 */
export type Side = contract.Side;
export type Result = contract.Result;

export const COMMISSION_BP = 500n;
export const DRAW_PAYS = 8n;
export const CANCEL_PER_10K = 200;
export const DRAW_PER_10K = 1100;
export const HOUSE_EDGE = {
  meronWala: ((10_000 - CANCEL_PER_10K - DRAW_PER_10K) / 10_000) * (Number(COMMISSION_BP) / 10_000),
  draw: 1 - (Number(DRAW_PAYS) * DRAW_PER_10K + CANCEL_PER_10K) / 10_000,
};
/** Per bet, minor units. */
export const MIN_BET = 100n;
export const MAX_BET = 500_000n;
/** Bets a player may place on one fight. */
export const MAX_BETS_PER_FIGHT = 20;

export interface Timing { bettingMs: number; fightMs: number }
export const DEFAULT_TIMING: Timing = { bettingMs: 40_000, fightMs: 20_000 };

/** DEMO_COCKFIGHT_BETTING_SECONDS / DEMO_COCKFIGHT_FIGHT_SECONDS (short fights for the browser journey). */
export function timingFrom(env: Record<string, string | undefined>): Timing {
  const sec = (v: string | undefined, d: number) => {
    const n = Number(v);
    return Number.isInteger(n) && n >= 3 && n <= 600 ? n * 1000 : d;
  };
  return { bettingMs: sec(env.DEMO_COCKFIGHT_BETTING_SECONDS, DEFAULT_TIMING.bettingMs), fightMs: sec(env.DEMO_COCKFIGHT_FIGHT_SECONDS, DEFAULT_TIMING.fightMs) };
}

/** The fight of an instant: numbered from the epoch, so every instance agrees. */
export function clock(now: number, t: Timing) {
  const cycle = t.bettingMs + t.fightMs;
  const fightNo = Math.floor(now / cycle);
  return fightAt(fightNo, t, now);
}

export function fightAt(fightNo: number, t: Timing, now = Date.now()) {
  const opensAt = fightNo * (t.bettingMs + t.fightMs);
  const closesAt = opensAt + t.bettingMs;
  const endsAt = closesAt + t.fightMs;
  return { fightNo, opensAt, closesAt, endsAt, phase: now < closesAt ? 'betting' as const : 'fighting' as const };
}

export const fightIdOf = (nodeId: string, fightNo: number) => `CF${nodeId}-${fightNo}`;

/** Deterministic bytes of a public label (the card of a fight is known before anyone bets). */
const bytesOf = (label: string) => createHash('sha256').update(label, 'utf8').digest();

const NAMES = [
  'Kelso', 'Hatch', 'Sweater', 'Roundhead', 'Bulik', 'Talisayin', 'Lemon', 'Claret', 'Asil', 'Grey',
  'Radio', 'Butcher', 'Pumpkin', 'Albany', 'Whitehackle', 'Brownred', 'Blueface', 'Lizard', 'Mug', 'Boston',
];
const PREFIX = ['El', 'Don', 'Rey', 'Capitán', 'Tigre', 'Rayo', 'Trueno', 'Oro', 'Negro', 'Fénix'];

function roosterOf(b: Buffer, at: number): contract.Rooster {
  return {
    name: `${PREFIX[b[at] % PREFIX.length]} ${NAMES[b[at + 1] % NAMES.length]}`,
    weight: 1_800 + (b.readUInt16BE(at + 2) % 501),
    wins: b[at + 4] % 13,
    losses: b[at + 5] % 7,
  };
}

/** Form of a rooster: win rate (with a prior) and weight. */
const strength = (r: contract.Rooster) => (r.wins + 1) / (r.wins + r.losses + 2) * 0.7 + ((r.weight - 2_050) / 500) * 0.3;

/**
 * The card of a fight: both roosters and Meron's chance among decisive fights (basis points,
 * 3,000..7,000), from the fight id (public: anyone can recompute it).
 */
export function cardOf(fightId: string) {
  const b = bytesOf(`card:${fightId}`);
  const meron = roosterOf(b, 0);
  let wala = roosterOf(b, 8);
  if (wala.name === meron.name) wala = { ...wala, name: `${wala.name} II` };
  const qBp = Math.round(Math.min(7_000, Math.max(3_000, 5_000 + (strength(meron) - strength(wala)) * 6_000)));
  return { meron, wala, qBp };
}

export interface Pools { meron: bigint; wala: bigint; draw: bigint }

/**
 * The arena floor's money at a point of the betting phase (`progress` 0..1): it arrives faster
 * early, leans to one side by chance at first and follows the roosters' chances by the cut-off
 * (exactly Meron share = qBp at progress 1). Deterministic by fight id, minor units.
 */
export function floorPools(fightId: string, qBp: number, progress: number): Pools {
  const b = bytesOf(`floor:${fightId}`);
  const p = Math.min(1, Math.max(0, progress));
  const total = BigInt(2_000_000 + (b.readUInt32BE(0) % 6_000_001)); // 20,000.00 .. 80,000.00
  const arrived = BigInt(Math.round(Math.sqrt(p) * 10_000));
  const lean = ((b.readUInt16BE(4) % 2_001) - 1_000) * 1.5; // up to ±15 points of share early on
  const share = BigInt(Math.round(Math.min(9_000, Math.max(1_000, qBp + lean * (1 - p)))));
  const mw = (total * arrived) / 10_000n;
  const meron = (mw * share) / 10_000n;
  return { meron, wala: mw - meron, draw: (mw * BigInt(300 + (b[6] % 200))) / 10_000n };
}

export const addPools = (a: Pools, b: Pools): Pools => ({ meron: a.meron + b.meron, wala: a.wala + b.wala, draw: a.draw + b.draw });

/** Payout of `stake` on a winning side at these pools: stake x (meron + wala) x (1 - commission) / side, floored to a cent. */
export function sidePayout(stake: bigint, side: 'meron' | 'wala', p: Pools): bigint {
  const pool = p.meron + p.wala;
  const mine = p[side];
  if (mine <= 0n) return stake;
  return (stake * pool * (10_000n - COMMISSION_BP)) / (mine * 10_000n);
}

/** The odds as shown: payout per 1.00 ("1.87"), floored; draw is fixed. */
export function oddsOf(p: Pools): Record<Side, string> {
  const fmt = (minorPer100: bigint) => `${minorPer100 / 100n}.${String(minorPer100 % 100n).padStart(2, '0')}`;
  return { meron: fmt(sidePayout(100n, 'meron', p)), wala: fmt(sidePayout(100n, 'wala', p)), draw: fmt(DRAW_PAYS * 100n) };
}

/** The roll of a fight's seed: 0..9999, unbiased (rejection), from HMAC-SHA256(seed, "<fightId>:0:<cursor>"). */
export function rollOf(serverSeed: string, fightId: string): number {
  return new FairRng(serverSeed, fightId, 0).intBelow(10_000);
}

/** The result of a roll: cancelled below 200, draw below 1,300, then Meron for its share of the rest. */
export function resultOf(roll: number, qBp: number): Result {
  if (roll < CANCEL_PER_10K) return 'cancelled';
  const decisiveFrom = CANCEL_PER_10K + DRAW_PER_10K;
  if (roll < decisiveFrom) return 'draw';
  return roll - decisiveFrom < Math.floor(((10_000 - decisiveFrom) * qBp) / 10_000) ? 'meron' : 'wala';
}

export type Settlement = { state: 'won' | 'lost' | 'push' | 'void'; payout: bigint };

/** What a bet gets back once the fight's result is known (final pools at the cut-off). */
export function settle(side: Side, stake: bigint, result: Result, finalPools: Pools): Settlement {
  if (result === 'cancelled') return { state: 'void', payout: stake };
  if (result === 'draw') return side === 'draw' ? { state: 'won', payout: stake * DRAW_PAYS } : { state: 'push', payout: stake };
  if (side !== result) return { state: 'lost', payout: 0n };
  return { state: 'won', payout: sidePayout(stake, side, finalPools) };
}
