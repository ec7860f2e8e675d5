import type { FastifyInstance } from 'fastify';
import { and, desc, eq, exists, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { demoVendorRounds as rounds, demoVendorSeeds as seeds } from '../db/demo-vendor-schema.ts';
import { AppError } from '../plugins/errors.ts';
import { betInvalid, ENGINES, jsonSafe, type Lang } from './engines.ts';
import { FairRng, baccarat, hashServerSeed } from './games/index.ts';
import { unseal } from '../lib/seal.ts';
import { activeSeed, sealedSeed } from './seeds.ts';
import { formatAmount } from '../kernel/ledger/index.ts';
import { claimOutcome, moveTrial, stakeOf } from './play.ts';
import { credit, debit, finish, roundView, type Party, type RoundRow, type Session } from './rounds.ts';

/**
 * Baccarat as a timed live table, one per brand and game (nodeId). Rounds follow a fixed cycle
 * derived from the clock (betting, then dealing), so every instance agrees on the current round.
 * Each table round gets its own server seed (the shoe), committed (hash shown) while bets are
 * open and revealed with the deal; the client seed of the cut is {@link mixedClientSeed}: the
 * round id and the client seeds of the round's players, so no party alone decides the cards. The table's own row
 * (`player = table:<nodeId>`) holds the deal; each player's bet is a row of the same round id.
 * The deal happens on the first table/session/play call after the cut-off (or the sweep) and
 * settles every bet exactly once (guarded updates).
 */
export const BETTING_MS = 15_000;
export const DEALING_MS = 7_000;
export const CYCLE_MS = BETTING_MS + DEALING_MS;
export const ROAD_SIZE = 48;

export const tablePlayer = (nodeId: string) => `table:${nodeId}`;
export const tableRoundId = (nodeId: string, cycle: number) => `BAC${nodeId}-${cycle}`;
const cycleOf = (roundId: string) => Number(roundId.slice(roundId.lastIndexOf('-') + 1));

export function clock(now: number) {
  const cycle = Math.floor(now / CYCLE_MS);
  const opensAt = cycle * CYCLE_MS;
  const closesAt = opensAt + BETTING_MS;
  return { cycle, opensAt, closesAt, nextAt: opensAt + CYCLE_MS, phase: now < closesAt ? 'betting' as const : 'dealing' as const };
}

/** The table's row of a round and its seed, created (with a fresh seed) by the first caller. */
async function tableRound(app: FastifyInstance, merchantId: number, nodeId: string, cycle: number) {
  const roundId = tableRoundId(nodeId, cycle);
  const player = tablePlayer(nodeId);
  const where = and(eq(rounds.merchantId, merchantId), eq(rounds.roundId, roundId), eq(rounds.player, player));
  let [found] = await app.db.select({ r: rounds, s: seeds }).from(rounds).innerJoin(seeds, eq(seeds.id, rounds.seedId)).where(where);
  if (found) return found;
  await app.db.transaction(async (tx) => {
    const [row] = await tx.insert(rounds).values({ merchantId, player, roundId, engine: 'baccarat', nodeId, bet: 0n, nonce: 0, input: {}, status: 'pending' })
      .onConflictDoNothing().returning({ id: rounds.id });
    if (!row) return;
    const shoe = sealedSeed();
    const [seed] = await tx.insert(seeds).values({ merchantId, player, serverSeed: shoe.sealed, serverSeedHash: shoe.hash, clientSeed: roundId, nonce: 1, active: false })
      .returning({ id: seeds.id });
    await tx.update(rounds).set({ seedId: seed.id }).where(eq(rounds.id, row.id));
  });
  [found] = await app.db.select({ r: rounds, s: seeds }).from(rounds).innerJoin(seeds, eq(seeds.id, rounds.seedId)).where(where);
  return found;
}

type SeedRow = typeof seeds.$inferSelect;
const rngOf = (seed: SeedRow) => new FairRng(unseal(seed.serverSeed), seed.clientSeed, 0);

/**
 * The client seed of a table round's cut: `<roundId>:<SHA-256 of the players' client seeds,
 * sorted, joined by ",">` (no bet: the SHA-256 of the empty text). Published with the deal.
 */
export function mixedClientSeed(roundId: string, clientSeeds: string[]): string {
  return `${roundId}:${hashServerSeed([...clientSeeds].sort().join(','))}`;
}

/** Deals a table round once (guarded), mixing the players' client seeds into the cut, and reveals its seed. */
async function deal(app: FastifyInstance, table: RoundRow, seed: SeedRow): Promise<void> {
  await app.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(rounds).where(and(eq(rounds.id, table.id), eq(rounds.status, 'pending'))).for('update');
    if (!locked) return;
    const bets = await tx.select({ c: rounds.clientSeed }).from(rounds)
      .where(and(eq(rounds.merchantId, table.merchantId), eq(rounds.roundId, table.roundId), ne(rounds.player, table.player)));
    const clientSeeds = bets.map((b) => b.c ?? '').filter(Boolean);
    const cut = { ...seed, clientSeed: mixedClientSeed(table.roundId, clientSeeds) };
    const outcome = { ...jsonSafe(baccarat.play({ player: baccarat.meta.minBet }, rngOf(cut)).outcome), clientSeeds: clientSeeds.sort() };
    await tx.update(rounds).set({ outcome, status: 'settled', settledAt: new Date() }).where(eq(rounds.id, table.id));
    await tx.update(seeds).set({ revealedAt: new Date(), serverSeed: unseal(seed.serverSeed), clientSeed: cut.clientSeed }).where(eq(seeds.id, seed.id));
  });
}

/**
 * Claims a bet of a dealt round: stores its outcome and payout once (outcome still null);
 * free play is credited and settled in the same transaction. Answers the row when this caller
 * claimed it (a real bet then needs its win call), null when another caller did.
 */
async function claim(app: FastifyInstance, bet: RoundRow, seed: SeedRow): Promise<RoundRow | null> {
  const r = ENGINES.baccarat.play(bet.input ?? {}, rngOf(seed));
  const outcome = jsonSafe(r.outcome);
  return claimOutcome(app, bet.id, outcome, r.payout);
}

/**
 * Deals every round of the table whose betting closed, and settles the bets of dealt rounds
 * that nobody has claimed yet (each claimed once; real bets then get their win call).
 * Answers how many bets this call claimed.
 */
export async function settleTable(app: FastifyInstance, p: Omit<Party, 'account'>, nodeId: string, now = Date.now()): Promise<number> {
  const merchantId = p.brand.id;
  const open = await app.db.select({ r: rounds, s: seeds }).from(rounds).innerJoin(seeds, eq(seeds.id, rounds.seedId))
    .where(and(eq(rounds.merchantId, merchantId), eq(rounds.player, tablePlayer(nodeId)), eq(rounds.status, 'pending')));
  for (const { r, s } of open) if (clock(cycleOf(r.roundId) * CYCLE_MS).closesAt <= now) await deal(app, r, s);
  const table = alias(rounds, 'table_round');
  const bets = await app.db.select({ r: rounds, s: seeds }).from(rounds).innerJoin(seeds, eq(seeds.id, rounds.seedId))
    .where(and(
      eq(rounds.merchantId, merchantId), eq(rounds.nodeId, nodeId), eq(rounds.engine, 'baccarat'), eq(rounds.status, 'pending'),
      isNull(rounds.outcome), ne(rounds.player, tablePlayer(nodeId)),
      exists(app.db.select({ one: sql`1` }).from(table).where(and(
        eq(table.merchantId, rounds.merchantId), eq(table.roundId, rounds.roundId), eq(table.player, tablePlayer(nodeId)), eq(table.status, 'settled'),
      ))),
    ));
  let settled = 0;
  for (const { r, s } of bets) {
    const claimed = await claim(app, r, s);
    if (!claimed) continue;
    settled++;
    if (!claimed.trial) await credit(app, { ...p, account: claimed.player }, claimed);
  }
  return settled;
}

/** Joins the table's current round with a bet (debited at once); settled with the deal. */
export async function placeTableBet(app: FastifyInstance, s: Session, input: Record<string, unknown>, lang: Lang, now = Date.now()) {
  const c = clock(now);
  if (c.phase !== 'betting') throw new AppError('demo.round.closed');
  const bet = stakeOf(ENGINES.baccarat, input, lang);
  const { r: table, s: seed } = await tableRound(app, s.merchantId, s.nodeId, c.cycle);
  const mine = await activeSeed(app.db, s.merchantId, s.player);
  const [row] = await app.db.insert(rounds).values({
    merchantId: s.merchantId, player: s.player, roundId: table.roundId, engine: 'baccarat', nodeId: s.nodeId,
    trial: s.trial, seedId: seed.id, nonce: 0, bet, input, status: 'pending', clientSeed: mine.clientSeed,
  }).onConflictDoNothing().returning();
  if (!row) throw betInvalid('BET_PLACED', 'round', lang);
  let balance: bigint;
  if (s.trial) {
    const b = await moveTrial(app.db, s.token, bet, 0n);
    if (b === null) {
      await finish(app, row.id, 'failed');
      throw new AppError('demo.insufficient.funds');
    }
    balance = b;
  } else {
    const party = { brand: s.brand, vendor: s.vendor, account: s.account! };
    balance = await debit(app, party, row, s.nodeId);
    // The bet landed after the cut-off: the deal may have claimed it while the debit was on its way.
    if (Date.now() >= c.closesAt) {
      await settleTable(app, s, s.nodeId);
      const [mine] = await app.db.select().from(rounds).where(eq(rounds.id, row.id));
      if (mine.status === 'pending' && mine.outcome) balance = (await credit(app, party, mine)) ?? balance;
    }
  }
  return {
    round: roundView(row, { ...seed, revealedAt: null }),
    balance: formatAmount(balance),
    fairness: { serverSeedHash: seed.serverSeedHash, clientSeed: mine.clientSeed, nonce: 0, nextServerSeedHash: mine.nextServerSeedHash ?? '' },
  };
}

/** The table as the screen shows it: the current round and phase, the road and my bets. */
export async function tableView(app: FastifyInstance, s: Session, now = Date.now()) {
  await settleTable(app, s, s.nodeId, now);
  const c = clock(now);
  const { r: current, s: seed } = await tableRound(app, s.merchantId, s.nodeId, c.cycle);
  const road = await app.db.select({ r: rounds, s: seeds }).from(rounds).innerJoin(seeds, eq(seeds.id, rounds.seedId))
    .where(and(eq(rounds.merchantId, s.merchantId), eq(rounds.player, tablePlayer(s.nodeId)), eq(rounds.status, 'settled')))
    .orderBy(desc(rounds.id)).limit(ROAD_SIZE);
  const [mine] = await app.db.select().from(rounds)
    .where(and(eq(rounds.merchantId, s.merchantId), eq(rounds.roundId, current.roundId), eq(rounds.player, s.player)));
  const myBets = mine && (mine.status === 'pending' || mine.status === 'settled') ? mine.input ?? {} : {};
  return {
    roundId: current.roundId,
    phase: c.phase,
    closesAt: new Date(c.closesAt).toISOString(),
    nextAt: new Date(c.nextAt).toISOString(),
    serverTime: new Date(now).toISOString(),
    serverSeedHash: seed.serverSeedHash,
    results: road.map(({ r, s: sd }) => ({ roundId: r.roundId, outcome: { ...r.outcome, serverSeed: sd.serverSeed, serverSeedHash: sd.serverSeedHash, clientSeed: sd.clientSeed } })),
    myBets: Object.fromEntries(Object.entries(myBets).map(([k, v]) => [k, String(v)])),
  };
}

/** The table's fairness facts of the current round: the shoe's hash and the client seed this player adds to the cut. */
export async function tableFairness(app: FastifyInstance, s: Session, now = Date.now()) {
  const { s: seed } = await tableRound(app, s.merchantId, s.nodeId, clock(now).cycle);
  const mine = await activeSeed(app.db, s.merchantId, s.player);
  return { serverSeedHash: seed.serverSeedHash, clientSeed: mine.clientSeed, nonce: 0, nextServerSeedHash: mine.nextServerSeedHash ?? '' };
}
