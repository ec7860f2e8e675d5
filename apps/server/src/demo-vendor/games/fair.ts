/**
 * Provably fair randomness.
 *
 * Per player: a server seed (32 random bytes, hex) whose SHA-256 hash is shown BEFORE play, a
 * client seed the player chooses, and a nonce that counts the rounds played with that pair.
 * The bytes of round `nonce` are the concatenation of
 *   HMAC-SHA256(key = serverSeed, message = `${clientSeed}:${nonce}:${cursor}`), cursor = 0, 1, ...
 * consumed 4 bytes at a time (see rng.ts for how floats / integers / shuffles are derived).
 * Rotating the seed pair reveals the old server seed so every past round can be recomputed and
 * the hash shown beforehand checked.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { FairStream } from '@lobby/contract/fairness';

/** A new server seed: 32 random bytes as 64 lowercase hex characters. */
export function newServerSeed(): string {
  return randomBytes(32).toString('hex');
}

/** SHA-256 (hex) of the server seed's text: what the player sees before playing. */
export function hashServerSeed(serverSeed: string): string {
  return createHash('sha256').update(serverSeed, 'utf8').digest('hex');
}

/** True when `serverSeed` is the seed committed to by `hash`. */
export function verify(serverSeed: string, hash: string): boolean {
  const a = Buffer.from(hashServerSeed(serverSeed), 'hex');
  if (!/^[0-9a-f]{64}$/i.test(hash)) return false;
  return timingSafeEqual(a, Buffer.from(hash, 'hex'));
}

const nodeHmac = (key: string, message: string): Uint8Array => createHmac('sha256', key).update(message).digest();

/**
 * The byte stream of one round: the shared stream of the contract package (the browser's
 * verifier runs the same class) with node:crypto's HMAC.
 */
export class FairRng extends FairStream {
  constructor(serverSeed: string, clientSeed: string, nonce: number) {
    super(serverSeed, clientSeed, nonce, nodeHmac);
  }

  /** Raw block `cursor` of the round (32 bytes). */
  static block(serverSeed: string, clientSeed: string, nonce: number, cursor: number): Buffer {
    return Buffer.from(FairStream.blockOf(serverSeed, clientSeed, nonce, cursor, nodeHmac));
  }

  /** Next `count` bytes of the stream. */
  bytes(count: number): Buffer {
    return Buffer.from(this.nextBytes(count));
  }
}

/** A player's active seed pair. `serverSeed` stays secret until rotation. */
export interface SeedState {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  /** Nonce of the NEXT round. */
  nonce: number;
}

/** What the player may see of the active pair (never the server seed). */
export function publicView(state: SeedState) {
  return { serverSeedHash: state.serverSeedHash, clientSeed: state.clientSeed, nonce: state.nonce };
}

const CLIENT_SEED_RE = /^[\x21-\x7e]{1,64}$/;

/** Checks a player-chosen client seed: 1-64 printable ASCII characters, no spaces. */
export function checkClientSeed(clientSeed: string): string {
  if (typeof clientSeed !== 'string' || !CLIENT_SEED_RE.test(clientSeed)) {
    throw new RangeError('client seed must be 1-64 printable ASCII characters without spaces');
  }
  return clientSeed;
}

/** A fresh seed pair (new server seed, nonce 0). */
export function createSeedState(clientSeed: string, serverSeed = newServerSeed()): SeedState {
  return { serverSeed, serverSeedHash: hashServerSeed(serverSeed), clientSeed: checkClientSeed(clientSeed), nonce: 0 };
}

/** The RNG of the next round and the state to store after it (nonce + 1). */
export function nextRound(state: SeedState): { rng: FairRng; nonce: number; next: SeedState } {
  return { rng: new FairRng(state.serverSeed, state.clientSeed, state.nonce), nonce: state.nonce, next: { ...state, nonce: state.nonce + 1 } };
}

/** Revealed data of a retired pair: enough to recompute every round 0 .. roundsPlayed-1. */
export interface RevealedSeed {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  roundsPlayed: number;
}

/** Retires the active pair (revealing its server seed) and starts a new one. */
export function rotate(
  state: SeedState,
  newClientSeed: string = state.clientSeed,
  newSeed: string = newServerSeed(),
): { revealed: RevealedSeed; next: SeedState } {
  return {
    revealed: { serverSeed: state.serverSeed, serverSeedHash: state.serverSeedHash, clientSeed: state.clientSeed, roundsPlayed: state.nonce },
    next: createSeedState(newClientSeed, newSeed),
  };
}
