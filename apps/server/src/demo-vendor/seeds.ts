import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { demoVendorSeeds } from '../db/demo-vendor-schema.ts';
import { needsReseal, seal, unseal } from '../lib/seal.ts';
import { hashServerSeed, newServerSeed } from './games/index.ts';

/**
 * Provably fair seed pairs per player: the active pair (server seed, client seed, nonce) and the
 * NEXT server seed, whose hash is shown before the player can change the client seed (the
 * "active and next pair" model). Rotating reveals the active server seed (stored in plain text
 * from then on), makes the committed next seed active with the player's new client seed, and
 * commits a fresh next seed. Unrevealed server seeds are stored sealed (lib/seal.ts): a copy of
 * the database predicts nothing. The first pair is created lazily with a random client seed.
 */
type SeedRow = typeof demoVendorSeeds.$inferSelect;

const active = (merchantId: number, player: string) =>
  and(eq(demoVendorSeeds.merchantId, merchantId), eq(demoVendorSeeds.player, player), eq(demoVendorSeeds.active, true));

const randomClientSeed = () => randomBytes(8).toString('hex');

/** A fresh server seed as stored (sealed) and its public hash. */
export function sealedSeed(): { sealed: string; hash: string } {
  const s = newServerSeed();
  return { sealed: seal(s), hash: hashServerSeed(s) };
}

/** The player's active pair (with its next seed committed), created when there is none. */
export async function activeSeed(db: Db, merchantId: number, player: string): Promise<SeedRow> {
  for (;;) {
    const [row] = await db.select().from(demoVendorSeeds).where(active(merchantId, player));
    if (row?.nextServerSeedHash) return row;
    if (row) {
      // a pair from before the next-seed commitment: commit one now (once)
      const n = sealedSeed();
      await db.update(demoVendorSeeds).set({ nextServerSeed: n.sealed, nextServerSeedHash: n.hash })
        .where(and(eq(demoVendorSeeds.id, row.id), isNull(demoVendorSeeds.nextServerSeedHash)));
      continue;
    }
    const cur = sealedSeed();
    const next = sealedSeed();
    await db.insert(demoVendorSeeds)
      .values({ merchantId, player, serverSeed: cur.sealed, serverSeedHash: cur.hash, clientSeed: randomClientSeed(), nextServerSeed: next.sealed, nextServerSeedHash: next.hash })
      .onConflictDoNothing();
  }
}

export interface RoundSeed { seedId: bigint; serverSeed: string; serverSeedHash: string; clientSeed: string; nonce: number; nextServerSeedHash: string }

/** Takes the next nonce of the active pair atomically (concurrent rounds never share one). */
export async function takeNonce(db: Db, merchantId: number, player: string): Promise<RoundSeed> {
  for (;;) {
    await activeSeed(db, merchantId, player);
    const [row] = await db.update(demoVendorSeeds).set({ nonce: sql`${demoVendorSeeds.nonce} + 1` })
      .where(active(merchantId, player)).returning();
    // Zero rows: the pair was rotated between the two statements; take one of the new pair.
    if (row) {
      return { seedId: row.id, serverSeed: unseal(row.serverSeed), serverSeedHash: row.serverSeedHash, clientSeed: row.clientSeed, nonce: row.nonce - 1, nextServerSeedHash: row.nextServerSeedHash ?? '' };
    }
  }
}

export const fairnessOf = (row: Pick<SeedRow, 'serverSeedHash' | 'clientSeed' | 'nonce' | 'nextServerSeedHash'>) =>
  ({ serverSeedHash: row.serverSeedHash, clientSeed: row.clientSeed, nonce: row.nonce, nextServerSeedHash: row.nextServerSeedHash ?? '' });

/**
 * Retires the active pair (revealing its server seed) and makes the committed next seed the
 * active one with `clientSeed`; a fresh next seed is committed. `nextServerSeedHash` is the hash
 * the player saw (when given and no longer the committed one, another rotation came first: the
 * call answers null and nothing changes, so the player never plays a seed chosen after the choice).
 */
export async function rotateSeed(db: Db, merchantId: number, player: string, clientSeed: string, expectedNextHash?: string) {
  for (;;) {
    await activeSeed(db, merchantId, player);
    const done = await db.transaction(async (tx) => {
      const [cur] = await tx.select().from(demoVendorSeeds).where(active(merchantId, player)).for('update');
      if (!cur?.nextServerSeed || !cur.nextServerSeedHash) return null;
      if (expectedNextHash !== undefined && expectedNextHash !== cur.nextServerSeedHash) return 'stale' as const;
      const serverSeed = unseal(cur.serverSeed);
      await tx.update(demoVendorSeeds).set({ active: false, revealedAt: new Date(), serverSeed, nextServerSeed: null })
        .where(eq(demoVendorSeeds.id, cur.id));
      const n = sealedSeed();
      const [row] = await tx.insert(demoVendorSeeds).values({
        merchantId, player, serverSeed: cur.nextServerSeed, serverSeedHash: cur.nextServerSeedHash, clientSeed,
        nextServerSeed: n.sealed, nextServerSeedHash: n.hash,
      }).returning();
      return {
        revealed: { serverSeed, serverSeedHash: cur.serverSeedHash, clientSeed: cur.clientSeed, roundsPlayed: cur.nonce },
        fairness: fairnessOf(row),
      };
    });
    if (done === 'stale') return null;
    if (done) return done;
  }
}

/**
 * Seals the unrevealed seeds stored in plain text (rows from before sealing) or under an old key
 * (after a key rotation); run at start. Answers how many rows it sealed again.
 */
export async function resealSeeds(db: Db): Promise<number> {
  const rows = await db.select({ id: demoVendorSeeds.id, s: demoVendorSeeds.serverSeed, n: demoVendorSeeds.nextServerSeed })
    .from(demoVendorSeeds).where(isNull(demoVendorSeeds.revealedAt));
  let changed = 0;
  for (const r of rows) {
    const s = needsReseal(r.s) ? seal(unseal(r.s)) : r.s;
    const n = r.n !== null && needsReseal(r.n) ? seal(unseal(r.n)) : r.n;
    if (s === r.s && n === r.n) continue;
    await db.update(demoVendorSeeds).set({ serverSeed: s, nextServerSeed: n })
      .where(and(eq(demoVendorSeeds.id, r.id), eq(demoVendorSeeds.serverSeed, r.s)));
    changed++;
  }
  return changed;
}
