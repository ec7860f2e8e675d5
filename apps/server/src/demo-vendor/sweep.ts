import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, lt, notExists } from 'drizzle-orm';
import type { Db, Tx } from '../db/index.ts';
import type { Brand } from '../plugins/merchant.ts';
import { demoVendorRounds as rounds, demoVendorSessions as sessions } from '../db/demo-vendor-schema.ts';
import { credit, finish, refund, type RoundRow } from './rounds.ts';
import { settleTable, tablePlayer } from './table.ts';
import { crashPlayer } from './crash-chain.ts';
import { settleCrash } from './crash-round.ts';

/**
 * Finishes rounds a crash (or a wallet that did not answer) left `pending`: an instant round
 * with its outcome stored gets its win sent again (idempotent by txId); one without an outcome
 * is rolled back; table rounds are dealt and their bets settled. Every step is a guarded update
 * or an idempotent wallet call, so running it twice changes nothing more.
 */
export const STALE_MS = 60_000;
const BATCH = 200;
/** Sessions are deleted a day after they expire (with a free-play session's rounds), once none of their rounds is pending. */
export const SESSION_KEEP_MS = 24 * 3_600_000;

export function staleRounds(db: Db | Tx, now: Date): Promise<RoundRow[]> {
  return db.select().from(rounds)
    .where(and(eq(rounds.status, 'pending'), lt(rounds.createdAt, new Date(now.getTime() - STALE_MS))))
    .orderBy(asc(rounds.status), asc(rounds.createdAt)).limit(BATCH);
}

/** The vendor code of a game: from a session that opened it, else from the brand's catalog. */
async function vendorOf(app: FastifyInstance, brand: Brand, nodeId: string): Promise<string | undefined> {
  const [s] = await app.db.select({ vendor: sessions.vendor }).from(sessions)
    .where(and(eq(sessions.merchantId, brand.id), eq(sessions.nodeId, nodeId))).limit(1);
  return s?.vendor ?? (await app.catalogs.get(brand)).game(nodeId)?.vendor.code;
}

/** Deletes sessions long expired (and the rounds of free-play ones); answers how many. */
async function purgeSessions(app: FastifyInstance, now: Date): Promise<number> {
  return app.db.transaction(async (tx) => {
    const gone = await tx.delete(sessions).where(and(
      lt(sessions.expiresAt, new Date(now.getTime() - SESSION_KEEP_MS)),
      notExists(tx.select({ id: rounds.id }).from(rounds).where(and(
        eq(rounds.merchantId, sessions.merchantId), eq(rounds.player, sessions.player), eq(rounds.status, 'pending'),
      ))),
    )).returning({ player: sessions.player, trial: sessions.trial });
    const trials = gone.filter((g) => g.trial).map((g) => g.player);
    if (trials.length > 0) await tx.delete(rounds).where(and(eq(rounds.trial, true), inArray(rounds.player, trials)));
    return gone.length;
  });
}

/** `stale`: the rounds the job already found (staleRounds at `now`); else they are looked up. */
export async function sweep(app: FastifyInstance, now = new Date(), stale?: RoundRow[]): Promise<number> {
  await purgeSessions(app, now);
  stale ??= await staleRounds(app.db, now);
  let done = 0;
  const tables = new Set<string>();
  for (const r of stale) {
    const brand = app.brands.all().find((b) => b.id === r.merchantId);
    const vendor = brand && await vendorOf(app, brand, r.nodeId);
    if (!brand || !vendor) continue;
    if (r.engine === 'baccarat' || r.engine === 'crash') {
      const key = `${r.engine}:${r.merchantId}:${r.nodeId}`;
      if (!tables.has(key)) {
        tables.add(key);
        // Deals the table (crashes the crash game's due rounds) and claims (then credits) every bet without an outcome, this one included.
        done += r.engine === 'baccarat'
          ? await settleTable(app, { brand, vendor }, r.nodeId, now.getTime())
          : await settleCrash(app, { brand, vendor }, r.nodeId, now.getTime());
      }
      // A bet claimed earlier whose win got no answer: resend it, as for an instant round.
      if (r.player === tablePlayer(r.nodeId) || r.player === crashPlayer(r.nodeId) || r.trial || r.outcome === null) continue;
      if ((await credit(app, { brand, vendor, account: r.player }, r, true)) !== null) done++;
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
