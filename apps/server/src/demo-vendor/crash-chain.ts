import { createHash, createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  CHAIN_LENGTH, CRASH_SALT, chainSeed, crashOfSeed, msToReach, terminatingHash,
} from '@lobby/contract/fairness/games/crash-chain';
import { demoVendorCrashChains as chains, demoVendorRounds as rounds, demoVendorSeeds as seeds } from '../db/demo-vendor-schema.ts';
import { needsReseal, seal, unseal } from '../lib/seal.ts';
import { newServerSeed } from './games/index.ts';
import type { RoundRow } from './rounds.ts';

/**
 * The crash game's shared rounds on a published hash chain, one round at a time per brand and
 * game (nodeId). A chain (demo_vendor_crash_chains) is a sealed random start and its published
 * terminating hash; round j of the chain uses the seed SHA-256^(length − j)(start), so each
 * round's seed hashes to the previous round's seed (contract: fairness/games/crash-chain.ts).
 * The game's own row (`player = crash:<nodeId>`) of each round holds the times
 * (input: chain, index, opensAt, flightAt in ms) and, once crashed, the outcome; its seed is a
 * demo_vendor_seeds row (sealed until the crash; hash = the previous round's seed, client seed =
 * the published salt, nonce = the index). A round: betting for BETTING_MS, then the flight until
 * the crash point (crash time = take-off + msToReach(crash point)), then COOLDOWN_MS showing the
 * crash before the next round opens. Rounds are created by the first caller (guarded insert).
 */
export const BETTING_MS = 7_000;
export const COOLDOWN_MS = 3_000;
/** Rounds per new chain (tests set a short one). */
export const chainConfig = { length: CHAIN_LENGTH };

export const crashPlayer = (nodeId: string) => `crash:${nodeId}`;
export const crashRoundId = (nodeId: string, chainId: bigint, index: number) => `CR${nodeId}-${chainId}-${index}`;

export const nodeHash = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
export const nodeHmac = (key: string, message: string): Uint8Array => createHmac('sha256', key).update(message).digest();

export type ChainRow = typeof chains.$inferSelect;
type SeedRow = typeof seeds.$inferSelect;
interface Times { chainId: string; index: number; opensAt: number; flightAt: number }

/** A round as the server knows it: times, and (server side only) the crash point. */
export interface Live {
  house: RoundRow;
  seed: SeedRow;
  chain: ChainRow;
  index: number;
  opensAt: number;
  flightAt: number;
  crashAt: number;
  crashX100: number;
  hash: string;
}

async function chainById(app: FastifyInstance, id: bigint): Promise<ChainRow> {
  const [c] = await app.db.select().from(chains).where(eq(chains.id, id));
  return c;
}

/** Chain `seq` of a game, created (random start, sealed) by the first caller. */
async function chainOf(app: FastifyInstance, merchantId: number, nodeId: string, seq: number): Promise<ChainRow> {
  const where = and(eq(chains.merchantId, merchantId), eq(chains.nodeId, nodeId), eq(chains.seq, seq));
  const [found] = await app.db.select().from(chains).where(where);
  if (found) return found;
  const start = newServerSeed();
  const length = chainConfig.length;
  await app.db.insert(chains).values({
    merchantId, nodeId, seq, length, startSeed: seal(start), terminatingHash: terminatingHash(start, length, nodeHash), salt: CRASH_SALT,
  }).onConflictDoNothing();
  const [row] = await app.db.select().from(chains).where(where);
  return row;
}

/** Creates the round after `prev` (the next seed of its chain, or round 1 of a new chain). */
async function createRound(app: FastifyInstance, merchantId: number, nodeId: string, prev: Live | null, opensAt: number): Promise<void> {
  let chain = prev ? prev.chain : await chainOf(app, merchantId, nodeId, 1);
  let index = prev ? prev.index + 1 : 1;
  if (index > chain.length) {
    chain = await chainOf(app, merchantId, nodeId, chain.seq + 1);
    index = 1;
  }
  const player = crashPlayer(nodeId);
  const roundId = crashRoundId(nodeId, chain.id, index);
  const input: Times = { chainId: String(chain.id), index, opensAt, flightAt: opensAt + BETTING_MS };
  await app.db.transaction(async (tx) => {
    const [row] = await tx.insert(rounds).values({ merchantId, player, roundId, engine: 'crash', nodeId, bet: 0n, nonce: index, input: { ...input }, status: 'pending' })
      .onConflictDoNothing().returning({ id: rounds.id });
    if (!row) return;
    const seed = chainSeed(unseal(chain.startSeed), chain.length, index, nodeHash);
    const [s] = await tx.insert(seeds).values({
      merchantId, player, serverSeed: seal(seed), serverSeedHash: nodeHash(seed), clientSeed: chain.salt, nonce: index, active: false,
    }).returning({ id: seeds.id });
    await tx.update(rounds).set({ seedId: s.id }).where(eq(rounds.id, row.id));
  });
}

/** The facts of a round row of the game (the crash point needs the seed: unsealed here, never sent before the crash). */
async function factsOf(app: FastifyInstance, house: RoundRow, seed: SeedRow, chain?: ChainRow): Promise<Live> {
  const t = house.input as unknown as Times;
  const plain = seed.revealedAt ? seed.serverSeed : unseal(seed.serverSeed);
  const { hash, crashPointX100 } = crashOfSeed(plain, seed.clientSeed, nodeHmac);
  return {
    house, seed, chain: chain ?? await chainById(app, BigInt(t.chainId)), index: t.index, opensAt: t.opensAt, flightAt: t.flightAt,
    crashAt: t.flightAt + msToReach(crashPointX100), crashX100: crashPointX100, hash,
  };
}

/** The game's latest round (null before the first). */
async function latest(app: FastifyInstance, merchantId: number, nodeId: string): Promise<Live | null> {
  const [row] = await app.db.select({ r: rounds, s: seeds }).from(rounds).innerJoin(seeds, eq(seeds.id, rounds.seedId))
    .where(and(eq(rounds.merchantId, merchantId), eq(rounds.player, crashPlayer(nodeId)))).orderBy(desc(rounds.id)).limit(1);
  return row ? factsOf(app, row.r, row.s) : null;
}

/**
 * Crashes a round whose crash time has passed, once (guarded): the outcome is stored, the seed
 * revealed, and the crash point added to the outcomes of the bets cashed out by hand before.
 * The bets still in are settled by settleCrash (crash-round.ts).
 */
export async function crashRound(app: FastifyInstance, live: Live): Promise<void> {
  await app.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(rounds).where(and(eq(rounds.id, live.house.id), eq(rounds.status, 'pending'))).for('update');
    if (!locked) return;
    const crashPoint = live.crashX100 / 100;
    const plain = unseal(live.seed.serverSeed);
    const outcome = { crashPoint, hash: live.hash, crashedAt: live.crashAt, terminatingHash: live.chain.terminatingHash };
    await tx.update(rounds).set({ outcome, status: 'settled', settledAt: new Date() }).where(eq(rounds.id, live.house.id));
    await tx.update(seeds).set({ serverSeed: plain, revealedAt: new Date() }).where(eq(seeds.id, live.seed.id));
    await tx.update(rounds).set({ outcome: sql`${rounds.outcome} || ${JSON.stringify({ crashPoint, terminatingHash: live.chain.terminatingHash })}::jsonb` })
      .where(and(eq(rounds.merchantId, live.house.merchantId), eq(rounds.roundId, live.house.roundId), sql`${rounds.player} <> ${live.house.player}`, sql`${rounds.outcome} is not null`));
  });
}

/**
 * The game's current round at `now`: the latest one, crashed when its time has come; a new
 * round opens COOLDOWN_MS after a crash (at `now` when nobody was there to open it on time).
 */
export async function liveRound(app: FastifyInstance, merchantId: number, nodeId: string, now: number): Promise<Live> {
  for (let i = 0; i < 5; i++) {
    const cur = await latest(app, merchantId, nodeId);
    if (cur && now >= cur.crashAt && cur.house.status === 'pending') {
      await crashRound(app, cur);
      continue;
    }
    if (cur && now < cur.crashAt + COOLDOWN_MS) return cur;
    await createRound(app, merchantId, nodeId, cur, cur ? Math.max(cur.crashAt + COOLDOWN_MS, now) : now);
  }
  throw new Error('crash: no current round');
}

/** The game's rounds crashed but not stored as crashed yet (nobody called since): crashed now. */
export async function crashDue(app: FastifyInstance, merchantId: number, nodeId: string, now: number): Promise<void> {
  const rows = await app.db.select({ r: rounds, s: seeds }).from(rounds).innerJoin(seeds, eq(seeds.id, rounds.seedId))
    .where(and(eq(rounds.merchantId, merchantId), eq(rounds.player, crashPlayer(nodeId)), eq(rounds.status, 'pending')));
  for (const { r, s } of rows) {
    const live = await factsOf(app, r, s);
    if (now >= live.crashAt) await crashRound(app, live);
  }
}

/** Seals the chain starts sealed under an old key (after a key rotation) under the current one; run at start. */
export async function resealChains(app: FastifyInstance): Promise<number> {
  const rows = await app.db.select({ id: chains.id, s: chains.startSeed }).from(chains);
  let n = 0;
  for (const r of rows) {
    if (!needsReseal(r.s)) continue;
    await app.db.update(chains).set({ startSeed: seal(unseal(r.s)) }).where(and(eq(chains.id, r.id), eq(chains.startSeed, r.s)));
    n++;
  }
  return n;
}
