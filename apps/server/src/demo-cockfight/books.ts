import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, isNotNull, isNull, lte, lt, notExists, sql } from 'drizzle-orm';
import { demoCockfightBets as bets, demoCockfightFights as fights, demoCockfightSessions as sessions } from '../db/demo-cockfight-schema.ts';
import type { Brand } from '../plugins/merchant.ts';
import { formatAmount } from '../kernel/ledger/index.ts';
import { unseal } from '../lib/seal.ts';
import { sealedSeed } from '../demo-vendor/seeds.ts';
import {
  addPools, cardOf, fightAt, fightIdOf, floorPools, oddsOf, resultOf, rollOf, settle, type Pools, type Timing,
} from './derby.ts';

/**
 * The derby's books: fights (created by the first caller with a sealed seed whose hash is shown,
 * settled once when they end) and the wallet side of each bet. A fight is settled in one
 * transaction (fight row locked): every bet gets its state and payout once (`state IS NULL`);
 * a bet still `placing` (its debit never confirmed) is void. The wallet calls come after, per bet
 * and idempotent by tx id (`CF<id>:win` for won and lost, `CF<id>:rb` for push and void), so a
 * caller that dies between the two leaves work the next poll or the sweep finishes.
 */
export type FightRow = typeof fights.$inferSelect;
export type BetRow = typeof bets.$inferSelect;

export const roundIdOf = (betId: bigint) => `CF${betId}`;
/** Unpaid bets older than this are paid by the sweep (younger ones by the page that polls). */
export const STALE_MS = 30_000;
/** Sessions are deleted a day after they expire, once none of their bets waits for the wallet. */
export const SESSION_KEEP_MS = 24 * 3_600_000;

/** The fight row of a fight number, created with a fresh sealed seed by the first caller. */
export async function ensureFight(app: FastifyInstance, merchantId: number, nodeId: string, fightNo: number, t: Timing): Promise<FightRow> {
  const where = and(eq(fights.merchantId, merchantId), eq(fights.nodeId, nodeId), eq(fights.fightNo, fightNo));
  const [found] = await app.db.select().from(fights).where(where);
  if (found) return found;
  const f = fightAt(fightNo, t);
  const seed = sealedSeed();
  await app.db.insert(fights).values({
    merchantId, nodeId, fightNo, fightId: fightIdOf(nodeId, fightNo), closesAt: new Date(f.closesAt), endsAt: new Date(f.endsAt),
    serverSeed: seed.sealed, serverSeedHash: seed.hash,
  }).onConflictDoNothing();
  const [row] = await app.db.select().from(fights).where(where);
  return row;
}

const sideSums = async (app: FastifyInstance, fightRef: bigint, statuses: BetRow['status'][]): Promise<Pools> => {
  const rows = await app.db.select({ side: bets.side, sum: sql<string>`sum(${bets.amount})` }).from(bets)
    .where(and(eq(bets.fightRef, fightRef), inArray(bets.status, statuses))).groupBy(bets.side);
  const p: Pools = { meron: 0n, wala: 0n, draw: 0n };
  for (const r of rows) p[r.side] = BigInt(r.sum);
  return p;
};

/** The pools now: the arena floor's money so far and the players' bets (debited or on their way). */
export async function livePools(app: FastifyInstance, f: FightRow, now: number, t: Timing): Promise<Pools> {
  const progress = Math.min(1, Math.max(0, 1 - (f.closesAt.getTime() - now) / t.bettingMs));
  return addPools(floorPools(f.fightId, cardOf(f.fightId).qBp, progress), await sideSums(app, f.id, ['placing', 'open']));
}

const poolsJson = (p: Pools) => ({ meron: String(p.meron), wala: String(p.wala), draw: String(p.draw) });

/** Settles an ended fight once: result from its seed, final pools, each bet's state and payout; reveals the seed. */
export async function settleFight(app: FastifyInstance, fightRef: bigint, now = Date.now()): Promise<boolean> {
  return app.db.transaction(async (tx) => {
    const [f] = await tx.select().from(fights).where(and(eq(fights.id, fightRef), eq(fights.status, 'open'))).for('update');
    if (!f || f.endsAt.getTime() > now) return false;
    const { qBp } = cardOf(f.fightId);
    const seed = unseal(f.serverSeed);
    const roll = rollOf(seed, f.fightId);
    const result = resultOf(roll, qBp);
    const open = await tx.select().from(bets).where(and(eq(bets.fightRef, f.id), isNull(bets.state), inArray(bets.status, ['placing', 'open']))).for('update');
    const mine: Pools = { meron: 0n, wala: 0n, draw: 0n };
    for (const b of open) if (b.status === 'open') mine[b.side] += b.amount;
    const final = addPools(floorPools(f.fightId, qBp, 1), mine);
    for (const b of open) {
      const s = b.status === 'placing' ? { state: 'void' as const, payout: b.amount } : settle(b.side, b.amount, result, final);
      if (b.trial) {
        await tx.update(sessions).set({ trialBalance: sql`${sessions.trialBalance} + ${s.payout}` }).where(eq(sessions.token, b.sessionToken));
        await tx.update(bets).set({ state: s.state, payout: s.payout, status: 'settled', settledAt: new Date() }).where(eq(bets.id, b.id));
      } else {
        await tx.update(bets).set({ state: s.state, payout: s.payout }).where(eq(bets.id, b.id));
      }
    }
    await tx.update(fights).set({
      status: 'settled', result, roll, pools: poolsJson(final), odds: oddsOf(final), serverSeed: seed, settledAt: new Date(),
    }).where(eq(fights.id, f.id));
    return true;
  });
}

/**
 * The wallet call of a settled bet: win (the payout, 0 for a loss) or rollback (push, void).
 * Marks the bet settled / refunded once the wallet confirms; answers the balance, or null.
 */
export async function pay(app: FastifyInstance, brand: Brand, b: BetRow): Promise<bigint | null> {
  if (b.trial || b.state === null || !b.account || (b.status !== 'open' && b.status !== 'placing')) return null;
  const roundId = roundIdOf(b.id);
  const back = b.state === 'push' || b.state === 'void';
  const a = back
    ? await app.demoVendor.wallet.call(brand, b.vendor, 'rollback', { txId: `${roundId}:rb`, refTxId: `${roundId}:bet`, roundId, member: b.account })
    : await app.demoVendor.wallet.call(brand, b.vendor, 'win', { txId: `${roundId}:win`, roundId, member: b.account, amount: formatAmount(b.payout) });
  if (!a.ok) return null;
  await app.db.update(bets).set({ status: back ? 'refunded' : 'settled', settledAt: new Date() })
    .where(and(eq(bets.id, b.id), inArray(bets.status, ['open', 'placing'])));
  return a.balance;
}

const brandOf = (app: FastifyInstance, merchantId: number) => app.brands.all().find((b) => b.id === merchantId);

/** Settles the derby's ended fights and pays their bets (the page's poll and every bet call run it). */
export async function settleDue(app: FastifyInstance, brand: Brand, nodeId: string, now = Date.now()): Promise<number> {
  const due = await app.db.select({ id: fights.id }).from(fights)
    .where(and(eq(fights.merchantId, brand.id), eq(fights.nodeId, nodeId), eq(fights.status, 'open'), lte(fights.endsAt, new Date(now))))
    .orderBy(asc(fights.fightNo)).limit(20);
  let n = 0;
  for (const f of due) {
    if (await settleFight(app, f.id, now)) n++;
    const unpaid = await app.db.select().from(bets).where(and(eq(bets.fightRef, f.id), isNotNull(bets.state), inArray(bets.status, ['placing', 'open'])));
    for (const b of unpaid) await pay(app, brand, b);
  }
  return n;
}

/**
 * Crash recovery (job `demo-cockfight.sweep`): settles every ended fight of any derby, resends
 * the wallet calls of settled bets that got no answer, and deletes long-expired sessions. Every
 * step is guarded or idempotent: running it twice changes nothing more. Answers the work done.
 */
export async function sweep(app: FastifyInstance, now = new Date()): Promise<number> {
  let done = 0;
  const due = await app.db.select({ id: fights.id }).from(fights)
    .where(and(eq(fights.status, 'open'), lte(fights.endsAt, now))).orderBy(asc(fights.endsAt)).limit(200);
  for (const f of due) if (await settleFight(app, f.id, now.getTime())) done++;
  const unpaid = await app.db.select().from(bets)
    .where(and(isNotNull(bets.state), inArray(bets.status, ['placing', 'open']), eq(bets.trial, false), lt(bets.createdAt, new Date(now.getTime() - STALE_MS))))
    .orderBy(asc(bets.createdAt)).limit(200);
  for (const b of unpaid) {
    const brand = brandOf(app, b.merchantId);
    if (brand && (await pay(app, brand, b)) !== null) done++;
  }
  await app.db.delete(sessions).where(and(
    lt(sessions.expiresAt, new Date(now.getTime() - SESSION_KEEP_MS)),
    notExists(app.db.select({ id: bets.id }).from(bets).where(and(eq(bets.sessionToken, sessions.token), inArray(bets.status, ['placing', 'open'])))),
  ));
  return done;
}
