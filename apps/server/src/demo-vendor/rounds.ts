import type { FastifyInstance } from 'fastify';
import { and, desc, eq, gt } from 'drizzle-orm';
import { demoVendor as contract } from '@lobby/contract';
import { demoVendorRounds, demoVendorSeeds, demoVendorSessions } from '../db/demo-vendor-schema.ts';
import { AppError } from '../plugins/errors.ts';
import type { Brand } from '../plugins/merchant.ts';
import { formatAmount } from '../kernel/ledger/index.ts';
import type { WalletAnswer } from './wallet.ts';

/**
 * Shared pieces of a round: the session of a token, the round's wire view, and the three
 * seamless steps (bet, win, rollback) with the round status each one leads to.
 */
type SessionRow = typeof demoVendorSessions.$inferSelect;
export type RoundRow = typeof demoVendorRounds.$inferSelect;
export interface Session extends SessionRow { brand: Brand; engine: contract.Engine }

/** The live session of a launch token (any brand: the token is the vendor's own key). */
export async function loadSession(app: FastifyInstance, token: string): Promise<Session> {
  const [row] = await app.db.select().from(demoVendorSessions)
    .where(and(eq(demoVendorSessions.token, token), gt(demoVendorSessions.expiresAt, new Date())));
  const brand = row && app.brands.all().find((b) => b.id === row.merchantId);
  if (!row || !brand || !(contract.ENGINES as readonly string[]).includes(row.engine)) throw new AppError('demo.session.invalid');
  return { ...row, brand, engine: row.engine as contract.Engine };
}

/** Ids of the seamless transactions of a round: table rounds are shared, so the player is part of them. */
const txBase = (r: Pick<RoundRow, 'roundId' | 'player' | 'engine'>) => (r.engine === 'baccarat' || r.engine === 'crash' ? `${r.roundId}:${r.player}` : r.roundId);

type SeedFacts = { serverSeed: string; serverSeedHash: string; clientSeed: string; revealedAt: Date | null } | null;

export function roundView(r: RoundRow, seed: SeedFacts): contract.RoundView {
  return {
    roundId: r.roundId,
    nodeId: r.nodeId,
    engine: r.engine as contract.Engine,
    bet: formatAmount(r.bet),
    payout: formatAmount(r.status === 'settled' ? r.payout : 0n),
    profit: formatAmount(r.status === 'settled' ? r.payout - r.bet : r.status === 'pending' ? -r.bet : 0n),
    status: r.status,
    input: r.input ?? {},
    outcome: r.status === 'settled' ? r.outcome ?? null : null,
    serverSeedHash: seed?.serverSeedHash ?? '',
    clientSeed: seed?.clientSeed ?? '',
    nonce: r.nonce,
    serverSeed: seed?.revealedAt ? seed.serverSeed : null,
    createdAt: r.createdAt.toISOString(),
  };
}

/** The player's last rounds of the session's engine, newest first. */
export async function history(app: FastifyInstance, s: Session): Promise<contract.RoundView[]> {
  const rows = await app.db.select({ r: demoVendorRounds, s: demoVendorSeeds }).from(demoVendorRounds)
    .leftJoin(demoVendorSeeds, eq(demoVendorSeeds.id, demoVendorRounds.seedId))
    .where(and(eq(demoVendorRounds.merchantId, s.merchantId), eq(demoVendorRounds.player, s.player), eq(demoVendorRounds.engine, s.engine)))
    .orderBy(desc(demoVendorRounds.id)).limit(contract.HISTORY_SIZE);
  return rows.map(({ r, s: seed }) => roundView(r, seed));
}

/** Moves a pending round to a final status (only from pending: a settled round stays settled). */
export async function finish(app: FastifyInstance, id: bigint, status: 'settled' | 'refunded' | 'failed'): Promise<boolean> {
  const rows = await app.db.update(demoVendorRounds).set({ status, settledAt: new Date() })
    .where(and(eq(demoVendorRounds.id, id), eq(demoVendorRounds.status, 'pending'))).returning({ id: demoVendorRounds.id });
  return rows.length > 0;
}

/** Who a round's seamless calls are for. */
export interface Party { brand: Brand; vendor: string; account: string }

const refusal = (code: string) =>
  code === 'vendor.insufficient.funds' ? new AppError('demo.insufficient.funds')
    : code === 'vendor.session.invalid' || code === 'vendor.token.expired' || code === 'vendor.token.invalid' ? new AppError('demo.session.invalid')
      : code === 'vendor.game.unknown' ? new AppError('game_maintenance')
        : new AppError('demo.wallet.unavailable');

/** Sends the rollback of the round's bet; the round is `refunded` once the wallet confirms. */
export async function refund(app: FastifyInstance, p: Party, r: RoundRow): Promise<boolean> {
  const base = txBase(r);
  const a = await app.demoVendor.wallet.call(p.brand, p.vendor, 'rollback', { txId: `${base}:rb`, refTxId: `${base}:bet`, roundId: r.roundId, member: p.account });
  if (!a.ok) return false;
  await finish(app, r.id, 'refunded');
  return true;
}

/**
 * Debits the round's bet. A refusal marks the round `failed` and throws the matching demo
 * error; no answer (or a 5xx) sends the rollback and answers demo.wallet.unavailable.
 */
export async function debit(app: FastifyInstance, p: Party, r: RoundRow, nodeId: string): Promise<bigint> {
  const a: WalletAnswer = await app.demoVendor.wallet.call(p.brand, p.vendor, 'bet', {
    txId: `${txBase(r)}:bet`, roundId: r.roundId, member: p.account, gameId: nodeId, amount: formatAmount(r.bet),
  });
  if (a.ok) return a.balance;
  if (a.unavailable) {
    await refund(app, p, r);
    throw new AppError('demo.wallet.unavailable');
  }
  await finish(app, r.id, 'failed');
  throw refusal(a.errorCode);
}

/**
 * Credits the round's payout (0 settles a loss) and marks it `settled`. Answers the balance
 * after the win, or null when the wallet did not confirm (the sweep retries). With
 * `rollbackUnknown` (the sweep, long after the bet), a bet the wallet does not know (never
 * arrived, or rolled back) is rolled back and the round `refunded`; live callers leave it, as
 * a table bet may still be on its way.
 */
export async function credit(app: FastifyInstance, p: Party, r: RoundRow, rollbackUnknown = false): Promise<bigint | null> {
  const a = await app.demoVendor.wallet.call(p.brand, p.vendor, 'win', {
    txId: `${txBase(r)}:win`, roundId: r.roundId, member: p.account, amount: formatAmount(r.payout),
  });
  if (a.ok) {
    await finish(app, r.id, 'settled');
    return a.balance;
  }
  if (rollbackUnknown && !a.unavailable && (a.errorCode === 'vendor.round.unknown' || a.errorCode === 'vendor.bet.rolled.back')) await refund(app, p, r);
  return null;
}
