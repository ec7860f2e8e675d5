import type { FastifyInstance } from 'fastify';
import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/index.ts';
import { demoVendorRounds, demoVendorSessions } from '../db/demo-vendor-schema.ts';
import { AppError } from '../plugins/errors.ts';
import { betInvalid, ENGINES, jsonSafe, type EngineDef, type Lang } from './engines.ts';
import { FairRng, GameInputError } from './games/index.ts';
import { formatAmount } from '../kernel/ledger/index.ts';
import { credit, debit, finish, roundView, type RoundRow, type Session } from './rounds.ts';
import { takeNonce } from './seeds.ts';

/**
 * One round of an instant engine (slot, fish, dice, crash, keno). Real play: the input is
 * checked, the nonce taken, the round stored `pending`, the bet debited through the seamless
 * wallet, the outcome computed and stored, the win credited, the round `settled`. Free play:
 * the same engine on the session's play money, in one transaction, never the wallet.
 */
type Input = Record<string, unknown>;

/**
 * The engine's total stake for this input, or demo.bet.invalid. Engines validate before drawing,
 * so a throwaway RNG is enough and nothing of the player's seed is used.
 */
export function stakeOf(def: EngineDef, input: Input, lang: Lang): bigint {
  try {
    return def.play(input, new FairRng('validation', 'validation', 0)).totalBet;
  } catch (err) {
    if (err instanceof GameInputError) throw betInvalid(err.code, err.field, lang);
    throw err;
  }
}

/** A free-play session's play money moves: debit the stake and credit the payout at once, never below zero. */
export async function moveTrial(db: Db | Tx, token: string, bet: bigint, payout: bigint): Promise<bigint | null> {
  const [row] = await db.update(demoVendorSessions)
    .set({ trialBalance: sql`${demoVendorSessions.trialBalance} - ${bet} + ${payout}` })
    .where(and(eq(demoVendorSessions.token, token), gte(demoVendorSessions.trialBalance, bet)))
    .returning({ balance: demoVendorSessions.trialBalance });
  return row ? row.balance : null;
}

/**
 * Stores a shared round's bet outcome once (the table and crash claim a bet with it): the row
 * when this caller claimed it (a real bet then needs its win call), null when another caller did.
 * Free play is credited and settled in the same transaction.
 */
export async function claimOutcome(app: FastifyInstance, betId: bigint, outcome: Record<string, unknown>, payout: bigint): Promise<RoundRow | null> {
  return app.db.transaction(async (tx) => {
    const [row] = await tx.update(demoVendorRounds).set({ outcome, payout })
      .where(and(eq(demoVendorRounds.id, betId), eq(demoVendorRounds.status, 'pending'), isNull(demoVendorRounds.outcome))).returning();
    if (row?.trial) {
      await moveTrial(tx, row.player.slice('trial:'.length), 0n, payout);
      await tx.update(demoVendorRounds).set({ status: 'settled', settledAt: new Date() }).where(eq(demoVendorRounds.id, row.id));
    }
    return row ?? null;
  });
}

export async function playInstant(app: FastifyInstance, s: Session, input: Input, lang: Lang) {
  const def = ENGINES[s.engine];
  const bet = stakeOf(def, input, lang);
  const seed = await takeNonce(app.db, s.merchantId, s.player);
  const [row] = await app.db.insert(demoVendorRounds).values({
    merchantId: s.merchantId, player: s.player, roundId: `${seed.seedId}-${seed.nonce}`, engine: s.engine, nodeId: s.nodeId,
    trial: s.trial, seedId: seed.seedId, nonce: seed.nonce, bet, input, status: 'pending',
  }).returning();
  const seedFacts = { ...seed, revealedAt: null };
  const fairness = { serverSeedHash: seed.serverSeedHash, clientSeed: seed.clientSeed, nonce: seed.nonce + 1, nextServerSeedHash: seed.nextServerSeedHash };
  const result = () => def.play(input, new FairRng(seed.serverSeed, seed.clientSeed, seed.nonce));

  if (s.trial) {
    const r = result();
    const outcome = jsonSafe(r.outcome);
    const balance = await app.db.transaction(async (tx) => {
      const b = await moveTrial(tx, s.token, bet, r.payout);
      if (b === null) return null;
      await tx.update(demoVendorRounds).set({ outcome, payout: r.payout, status: 'settled', settledAt: new Date() }).where(eq(demoVendorRounds.id, row.id));
      return b;
    });
    if (balance === null) {
      await finish(app, row.id, 'failed');
      throw new AppError('demo.insufficient.funds');
    }
    const settled: RoundRow = { ...row, outcome, payout: r.payout, status: 'settled' };
    return { round: roundView(settled, seedFacts), balance: formatAmount(balance), fairness };
  }

  const party = { brand: s.brand, vendor: s.vendor, account: s.account! };
  const afterBet = await debit(app, party, row, s.nodeId);
  const r = result();
  const outcome = jsonSafe(r.outcome);
  await app.db.update(demoVendorRounds).set({ outcome, payout: r.payout }).where(eq(demoVendorRounds.id, row.id));
  const withOutcome: RoundRow = { ...row, outcome, payout: r.payout };
  const afterWin = await credit(app, party, withOutcome);
  const status = afterWin === null ? 'pending' : 'settled';
  return { round: roundView({ ...withOutcome, status }, seedFacts), balance: formatAmount(afterWin ?? afterBet), fairness };
}
