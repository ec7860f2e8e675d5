import type { FastifyInstance } from 'fastify';
import { and, asc, eq, lt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/index.ts';
import { demoVendorRounds as rounds, demoVendorSessions as sessions } from '../../db/demo-vendor-schema.ts';
import { credit, finish, refund, type RoundRow } from './rounds.ts';
import { settleTable, tablePlayer } from './table.ts';

/**
 * Finishes rounds a crash (or a wallet that did not answer) left `pending`: an instant round
 * with its outcome stored gets its win sent again (idempotent by txId); one without an outcome
 * is rolled back; table rounds are dealt and their bets settled. Every step is a guarded update
 * or an idempotent wallet call, so running it twice changes nothing more.
 */
export const STALE_MS = 60_000;
const BATCH = 200;

export function staleRounds(db: Db | Tx, now: Date): Promise<RoundRow[]> {
  return db.select().from(rounds)
    .where(and(eq(rounds.status, 'pending'), lt(rounds.createdAt, new Date(now.getTime() - STALE_MS))))
    .orderBy(asc(rounds.status), asc(rounds.createdAt)).limit(BATCH);
}

/** The vendor code of a game, from a session that opened it. */
async function vendorOf(app: FastifyInstance, merchantId: number, nodeId: string): Promise<string | undefined> {
  const [s] = await app.db.select({ vendor: sessions.vendor }).from(sessions)
    .where(and(eq(sessions.merchantId, merchantId), eq(sessions.nodeId, nodeId))).limit(1);
  return s?.vendor;
}

export async function sweep(app: FastifyInstance, now = new Date()): Promise<number> {
  const stale = await staleRounds(app.db, now);
  let done = 0;
  const tables = new Set<string>();
  for (const r of stale) {
    const brand = app.brands.all().find((b) => b.id === r.merchantId);
    const vendor = await vendorOf(app, r.merchantId, r.nodeId);
    if (!brand || !vendor) continue;
    if (r.engine === 'baccarat') {
      const key = `${r.merchantId}:${r.nodeId}`;
      if (!tables.has(key)) {
        tables.add(key);
        done += await settleTable(app, { brand, vendor }, r.nodeId, now.getTime());
      }
      if (r.player === tablePlayer(r.nodeId) || r.trial) continue;
      const [row] = await app.db.select().from(rounds).where(eq(rounds.id, r.id));
      if (row.status === 'pending' && row.outcome && (await credit(app, { brand, vendor, account: row.player }, row, true)) !== null) done++;
      continue;
    }
    if (r.trial) {
      // Free play moves play money in one transaction with the outcome: pending = nothing moved.
      if (await finish(app, r.id, 'failed')) done++;
      continue;
    }
    const party = { brand, vendor, account: r.player };
    if (r.outcome === null ? await refund(app, party, r) : (await credit(app, party, r, true)) !== null) done++;
  }
  return done;
}
