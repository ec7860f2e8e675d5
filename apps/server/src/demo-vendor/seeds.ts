import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { demoVendorSeeds } from '../db/demo-vendor-schema.ts';
import { hashServerSeed, newServerSeed, rotate as rotatePair } from './games/index.ts';

/**
 * Provably fair seed pairs per player (one active pair; rotating reveals the old server seed).
 * The first pair is created lazily with a random client seed.
 */
type SeedRow = typeof demoVendorSeeds.$inferSelect;

const active = (merchantId: number, player: string) =>
  and(eq(demoVendorSeeds.merchantId, merchantId), eq(demoVendorSeeds.player, player), eq(demoVendorSeeds.active, true));

const randomClientSeed = () => randomBytes(8).toString('hex');

/** The player's active pair, created when there is none. */
export async function activeSeed(db: Db, merchantId: number, player: string): Promise<SeedRow> {
  for (;;) {
    const [row] = await db.select().from(demoVendorSeeds).where(active(merchantId, player));
    if (row) return row;
    const serverSeed = newServerSeed();
    await db.insert(demoVendorSeeds)
      .values({ merchantId, player, serverSeed, serverSeedHash: hashServerSeed(serverSeed), clientSeed: randomClientSeed() })
      .onConflictDoNothing();
  }
}

export interface RoundSeed { seedId: bigint; serverSeed: string; serverSeedHash: string; clientSeed: string; nonce: number }

/** Takes the next nonce of the active pair atomically (concurrent rounds never share one). */
export async function takeNonce(db: Db, merchantId: number, player: string): Promise<RoundSeed> {
  for (;;) {
    await activeSeed(db, merchantId, player);
    const [row] = await db.update(demoVendorSeeds).set({ nonce: sql`${demoVendorSeeds.nonce} + 1` })
      .where(active(merchantId, player)).returning();
    // Zero rows: the pair was rotated between the two statements; take one of the new pair.
    if (row) return { seedId: row.id, serverSeed: row.serverSeed, serverSeedHash: row.serverSeedHash, clientSeed: row.clientSeed, nonce: row.nonce - 1 };
  }
}

export const fairnessOf = (row: Pick<SeedRow, 'serverSeedHash' | 'clientSeed' | 'nonce'>) =>
  ({ serverSeedHash: row.serverSeedHash, clientSeed: row.clientSeed, nonce: row.nonce });

/** Retires the active pair (revealing its server seed) and starts one with `clientSeed`. */
export async function rotateSeed(db: Db, merchantId: number, player: string, clientSeed: string) {
  for (;;) {
    await activeSeed(db, merchantId, player);
    const done = await db.transaction(async (tx) => {
      const [old] = await tx.update(demoVendorSeeds).set({ active: false, revealedAt: new Date() })
        .where(active(merchantId, player)).returning();
      // None: a concurrent rotation retired it first; rotate its successor.
      if (!old) return null;
      const { revealed, next } = rotatePair(
        { serverSeed: old.serverSeed, serverSeedHash: old.serverSeedHash, clientSeed: old.clientSeed, nonce: old.nonce },
        clientSeed,
      );
      const [row] = await tx.insert(demoVendorSeeds)
        .values({ merchantId, player, serverSeed: next.serverSeed, serverSeedHash: next.serverSeedHash, clientSeed: next.clientSeed }).returning();
      return { revealed, fairness: fairnessOf(row) };
    });
    if (done) return done;
  }
}
