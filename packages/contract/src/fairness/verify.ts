/**
 * The public verifier (the /fairness page in the browser and POST /fairness/verify on the
 * server run this same function): from the revealed server seed, the client seed and the nonce
 * (and the game's parameters) it recomputes what the game drew. Stakes do not change what is
 * drawn, so the round is replayed at the game's minimum stake and the outcome is shown with its
 * multiplier.
 */
import * as baccarat from './games/baccarat.ts';
import { crashOfSeed, stepsToTerminating } from './games/crash-chain.ts';
import * as dice from './games/dice.ts';
import * as fish from './games/fish.ts';
import * as keno from './games/keno.ts';
import * as slot5 from './games/slot5.ts';
import { lotteryResult } from './lottery.ts';
import { hashSeed, FairStream, type Hmac } from './stream.ts';
import { hmacSha256 } from './sha256.ts';
import type { LotteryKind, VnRegion } from '../lottery.ts';

export const VERIFY_GAMES = ['slot5', 'baccarat', 'fish', 'dice', 'crash', 'keno', 'lottery'] as const;
export type VerifyGame = (typeof VERIFY_GAMES)[number];

export interface VerifyInput {
  game: VerifyGame;
  serverSeed: string;
  /** Instant games: the pair's client seed; baccarat: the round's mixed cut seed; lottery: the game code. */
  clientSeed: string;
  /** Instant games: the round's nonce (baccarat 0); lottery: the numero. */
  nonce: number | string;
  /** fish: target; dice: target and direction; keno: picks; lottery: kind and region; crash: the chain's terminating hash. */
  params?: { target?: string | number; direction?: string; picks?: number[]; kind?: LotteryKind; region?: VnRegion | null; terminatingHash?: string };
}

export interface VerifyAnswer {
  serverSeedHash: string;
  outcome: Record<string, unknown>;
  /** Multiplier of the stake the round paid (0 when lost); null for a lottery draw. */
  multiplier: number | null;
}

const safe = (v: unknown) => JSON.parse(JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x))) as Record<string, unknown>;

/** Replays a round or a draw; throws RangeError (or the engine's GameInputError) on bad input. */
export function verifyRound(v: VerifyInput, hmac: Hmac = hmacSha256): VerifyAnswer {
  const serverSeedHash = hashSeed(v.serverSeed);
  const p = v.params ?? {};
  if (v.game === 'lottery') {
    const r = lotteryResult(p.kind ?? 'fast', p.region ?? null, v.serverSeed, v.clientSeed, String(v.nonce), hmac);
    return { serverSeedHash, outcome: safe(r), multiplier: null };
  }
  if (v.game === 'crash') {
    // A chain round: the client seed is the published salt; the nonce plays no part.
    const { hash, crashPointX100 } = crashOfSeed(v.serverSeed, v.clientSeed, hmac);
    const t = p.terminatingHash?.trim();
    const chainIndex = t ? stepsToTerminating(v.serverSeed, t) : undefined;
    // serverSeedHash = SHA-256(seed) = the previous round's seed (the terminating hash for round 1)
    return { serverSeedHash, outcome: { crashPoint: crashPointX100 / 100, hash, ...(t ? { chainIndex } : {}) }, multiplier: null };
  }
  const nonce = Number(v.nonce);
  const rng = new FairStream(v.serverSeed, v.clientSeed, nonce, hmac);
  const run = (): { outcome: unknown; totalBet: bigint; payout: bigint } => {
    switch (v.game) {
      case 'slot5': return slot5.play({ betPerLine: slot5.meta.minBet }, rng);
      case 'baccarat': return baccarat.play({ player: baccarat.meta.minBet }, rng);
      case 'fish': return fish.play({ bet: fish.meta.minBet, target: String(p.target ?? '') }, rng);
      case 'dice': return dice.play({ bet: dice.meta.minBet, target: Number(p.target), direction: p.direction as dice.Direction }, rng);
      case 'keno': return keno.play({ bet: keno.meta.minBet, picks: p.picks ?? [] }, rng);
      default: throw new RangeError(`unknown game ${String(v.game)}`);
    }
  };
  const r = run();
  const multiplier = v.game === 'baccarat' ? null : Number(r.payout) / Number(r.totalBet);
  return { serverSeedHash, outcome: safe(r.outcome), multiplier };
}
