import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import { demoSportsBets, demoSportsSessions } from '../db/demo-sportsbook-schema.ts';
import { AppError } from '../plugins/errors.ts';
import type { Brand } from '../plugins/merchant.ts';
import { formatAmount } from '../kernel/ledger/index.ts';
import type { LaunchRequest } from '../demo-vendor/launcher.ts';
import type { Kind } from './leagues.ts';

/**
 * Sessions and the money steps of a bet. Real play moves money only through the platform's
 * seamless wallet (app.demoVendor.wallet, signed as the game's vendor code) with the launch
 * token; each bet is its own round `SB<id>` with tx ids `SB<id>:bet`, `SB<id>:win` (the payout,
 * 0 for a loss, the stake for a push, the cash-out value) and `SB<id>:rb` (a void), so a retry
 * never moves money twice. Free play keeps play money on the session row (guarded updates).
 */
export const SESSION_TTL_MS = 3 * 3_600_000;
export const TRIAL_BALANCE = 200_000n;
export const PLAY_PATH = '/demo-vendor/play';

type Row = typeof demoSportsSessions.$inferSelect;
export interface Session extends Row { brand: Brand; kind: Kind }
export type BetRow = typeof demoSportsBets.$inferSelect;

export async function launch(app: FastifyInstance, kind: Kind, req: LaunchRequest): Promise<{ url: string }> {
  const token = req.gameToken ?? randomBytes(32).toString('base64url');
  await app.db.insert(demoSportsSessions).values({
    token, merchantId: req.brand.id, vendor: req.vendor, nodeId: req.nodeId, kind,
    account: req.member?.account ?? null,
    player: req.member ? req.member.account.toLowerCase() : `trial:${token}`,
    trial: req.member === null, trialBalance: req.member ? 0n : TRIAL_BALANCE,
    currency: req.currency, language: req.language, backUrl: req.backUrl ?? null,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  return { url: `${PLAY_PATH}/${kind}?token=${token}` };
}

export async function loadSession(app: FastifyInstance, token: string): Promise<Session> {
  const [row] = await app.db.select().from(demoSportsSessions)
    .where(and(eq(demoSportsSessions.token, token), gt(demoSportsSessions.expiresAt, new Date())));
  const brand = row && app.brands.all().find((b) => b.id === row.merchantId);
  if (!row || !brand) throw new AppError('demo.session.invalid');
  return { ...row, brand, kind: row.kind };
}

/** The balance: the member's main balance through the seamless wallet, or the play money. */
export async function balanceOf(app: FastifyInstance, s: Session): Promise<bigint> {
  if (s.trial) {
    const [r] = await app.db.select({ b: demoSportsSessions.trialBalance }).from(demoSportsSessions).where(eq(demoSportsSessions.token, s.token));
    return r?.b ?? 0n;
  }
  const a = await app.demoVendor.wallet.balance(s.brand, s.vendor, s.account!);
  if (!a.ok) throw new AppError(!a.unavailable && a.errorCode === 'vendor.member.unknown' ? 'demo.session.invalid' : 'demo.wallet.unavailable');
  return a.balance;
}

const refusal = (code: string) =>
  code === 'vendor.insufficient.funds' ? new AppError('demo.insufficient.funds')
    : code === 'vendor.session.invalid' || code === 'vendor.token.expired' || code === 'vendor.token.invalid' ? new AppError('demo.session.invalid')
      : code === 'vendor.game.unknown' ? new AppError('game_maintenance')
        : new AppError('demo.wallet.unavailable');

const setStatus = (app: FastifyInstance, id: bigint, from: BetRow['status'], to: BetRow['status']) =>
  app.db.update(demoSportsBets).set({ status: to, ...(to === 'refunded' || to === 'failed' ? { settledAt: new Date(), paidAt: new Date() } : {}) })
    .where(and(eq(demoSportsBets.id, id), eq(demoSportsBets.status, from))).returning({ id: demoSportsBets.id });

/** Rolls back a bet that was never accepted (no answer to its debit): `refunded` once the wallet confirms. */
export async function refundPending(app: FastifyInstance, s: Pick<Session, 'brand'>, b: BetRow): Promise<boolean> {
  const a = await app.demoVendor.wallet.call(s.brand, b.vendor, 'rollback', { txId: `SB${b.id}:rb`, refTxId: `SB${b.id}:bet`, roundId: `SB${b.id}`, member: b.account });
  if (!a.ok) return false;
  await setStatus(app, b.id, 'pending', 'refunded');
  return true;
}

/** Takes the stake: the bet is `open` after it, or `failed` / `refunded` with the matching error thrown. */
export async function debit(app: FastifyInstance, s: Session, b: BetRow): Promise<void> {
  if (s.trial) {
    // the play money and the bet's status move together
    const ok = await app.db.transaction(async (tx) => {
      const rows = await tx.update(demoSportsSessions).set({ trialBalance: sql`${demoSportsSessions.trialBalance} - ${b.stake}` })
        .where(and(eq(demoSportsSessions.token, s.token), gte(demoSportsSessions.trialBalance, b.stake))).returning({ t: demoSportsSessions.token });
      if (rows.length > 0) await tx.update(demoSportsBets).set({ status: 'open' }).where(and(eq(demoSportsBets.id, b.id), eq(demoSportsBets.status, 'pending')));
      return rows.length > 0;
    });
    if (!ok) {
      await setStatus(app, b.id, 'pending', 'failed');
      throw new AppError('demo.insufficient.funds');
    }
    return;
  }
  const a = await app.demoVendor.wallet.call(s.brand, b.vendor, 'bet', {
    txId: `SB${b.id}:bet`, roundId: `SB${b.id}`, member: b.account, gameId: b.nodeId, amount: formatAmount(b.stake), token: s.token,
  });
  if (a.ok) {
    await setStatus(app, b.id, 'pending', 'open');
    return;
  }
  if (a.unavailable) {
    await refundPending(app, s, b);
    throw new AppError('demo.wallet.unavailable');
  }
  await setStatus(app, b.id, 'pending', 'failed');
  throw refusal(a.errorCode);
}

/**
 * Pays a settled bet once: the win (payout, 0 for a loss) or, for a void, the rollback of its
 * stake. Marks it paid when the wallet confirms; answers whether it did (else the sweep resends).
 */
export async function pay(app: FastifyInstance, b: BetRow): Promise<boolean> {
  if (b.status !== 'settled' || b.paidAt) return b.paidAt !== null;
  if (b.trial) {
    return app.db.transaction(async (tx) => {
      const rows = await tx.update(demoSportsBets).set({ paidAt: new Date() }).where(and(eq(demoSportsBets.id, b.id), isNull(demoSportsBets.paidAt))).returning({ id: demoSportsBets.id });
      if (rows.length > 0) await tx.update(demoSportsSessions).set({ trialBalance: sql`${demoSportsSessions.trialBalance} + ${b.payout}` }).where(eq(demoSportsSessions.token, b.token));
      return true;
    });
  }
  const brand = app.brands.all().find((x) => x.id === b.merchantId);
  if (!brand) return false;
  const round = `SB${b.id}`;
  // A void or a push gives the stake back as a rollback, as the derby does: the bet then counts as
  // no valid bet (turnover, rebates, VIP progress) instead of a win equal to its stake.
  const a = b.result === 'void' || b.result === 'push'
    ? await app.demoVendor.wallet.call(brand, b.vendor, 'rollback', { txId: `${round}:rb`, refTxId: `${round}:bet`, roundId: round, member: b.account })
    : await app.demoVendor.wallet.call(brand, b.vendor, 'win', { txId: `${round}:win`, roundId: round, member: b.account, amount: formatAmount(b.payout) });
  if (!a.ok) return false;
  await app.db.update(demoSportsBets).set({ paidAt: new Date() }).where(and(eq(demoSportsBets.id, b.id), isNull(demoSportsBets.paidAt)));
  return true;
}

/** Deletes sessions a day past their expiry, unless one of their bets is still owed (free play pays into it). */
export async function purgeSessions(app: FastifyInstance, now = new Date()): Promise<number> {
  const rows = await app.db.delete(demoSportsSessions).where(and(lt(demoSportsSessions.expiresAt, new Date(now.getTime() - 86_400_000)),
    sql`not exists (select 1 from ${demoSportsBets} where ${demoSportsBets.token} = ${demoSportsSessions.token} and ${demoSportsBets.paidAt} is null)`))
    .returning({ t: demoSportsSessions.token });
  return rows.length;
}
