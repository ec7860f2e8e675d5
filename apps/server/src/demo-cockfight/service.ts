import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, count, desc, eq, gt, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { demoCockfight as contract } from '@lobby/contract';
import { demoCockfightBets as bets, demoCockfightFights as fights, demoCockfightSessions as sessions } from '../db/demo-cockfight-schema.ts';
import { AppError } from '../plugins/errors.ts';
import type { Brand } from '../plugins/merchant.ts';
import { formatAmount } from '../kernel/ledger/index.ts';
import { parseMinor } from '../demo-vendor/money.ts';
import type { LaunchRequest } from '../demo-vendor/launcher.ts';
import { ensureFight, livePools, roundIdOf, settleDue, type BetRow, type FightRow } from './books.ts';
import {
  CANCEL_PER_10K, COMMISSION_BP, DRAW_PAYS, DRAW_PER_10K, HOUSE_EDGE, MAX_BET, MAX_BETS_PER_FIGHT, MIN_BET,
  cardOf, clock, oddsOf, type Pools, type Side, type Timing,
} from './derby.ts';

/** Launch, the page's state and bets. Money moves only through the seamless wallet (free play: the session's play money). */
export const SESSION_TTL_MS = 3 * 3_600_000;
export const TRIAL_BALANCE = 200_000n;

type SessionRow = typeof sessions.$inferSelect;
export interface Session extends SessionRow { brand: Brand }

/** Opens a cockfight game: the platform's launch token is the session token (real play), or a fresh one with play money. */
export async function launch(app: FastifyInstance, req: LaunchRequest): Promise<{ url: string }> {
  const token = req.gameToken ?? randomBytes(32).toString('base64url');
  await app.db.insert(sessions).values({
    token, merchantId: req.brand.id, vendor: req.vendor, nodeId: req.nodeId,
    account: req.member?.account ?? null,
    player: req.member ? req.member.account.toLowerCase() : `trial:${token}`,
    trial: req.member === null, trialBalance: req.member ? 0n : TRIAL_BALANCE,
    currency: req.currency, language: req.language, backUrl: req.backUrl ?? null,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  return { url: `${contract.PLAY_PATH}?token=${token}` };
}

export async function loadSession(app: FastifyInstance, token: string): Promise<Session> {
  const [row] = await app.db.select().from(sessions).where(and(eq(sessions.token, token), gt(sessions.expiresAt, new Date())));
  const brand = row && app.brands.all().find((b) => b.id === row.merchantId);
  if (!row || !brand) throw new AppError('demo.session.invalid');
  return { ...row, brand };
}

export type Lang = 'ES' | 'EN';
const REASONS = {
  amount: { EN: 'the amount is not valid (up to 2 decimals)', ES: 'el importe no es válido (hasta 2 decimales)' },
  limits: { EN: `the bet must be between ${formatAmount(MIN_BET)} and ${formatAmount(MAX_BET)}`, ES: `la apuesta debe estar entre ${formatAmount(MIN_BET)} y ${formatAmount(MAX_BET)}` },
  many: { EN: `at most ${MAX_BETS_PER_FIGHT} bets per fight`, ES: `como máximo ${MAX_BETS_PER_FIGHT} apuestas por pelea` },
};
const betInvalid = (reason: keyof typeof REASONS, lang: Lang) => new AppError('demo.bet.invalid', { reason: REASONS[reason][lang] }, { reason });

const refusal = (code: string) =>
  code === 'vendor.insufficient.funds' ? new AppError('demo.insufficient.funds')
    : code === 'vendor.token.invalid' || code === 'vendor.token.expired' || code === 'vendor.session.invalid' || code === 'vendor.member.unknown' ? new AppError('demo.session.invalid')
      : code === 'vendor.game.unknown' ? new AppError('game_maintenance')
        : new AppError('demo.wallet.unavailable');

function betView(b: BetRow): contract.BetView {
  const state = b.status === 'failed' ? 'failed' : b.state ?? 'open';
  return {
    betId: String(b.id), fightNo: b.fightNo, side: b.side, amount: formatAmount(b.amount), oddsAtBet: b.oddsAtBet,
    state, payout: formatAmount(b.state ? b.payout : 0n), createdAt: b.createdAt.toISOString(),
  };
}

const money = (p: Pools) => ({ meron: formatAmount(p.meron), wala: formatAmount(p.wala), draw: formatAmount(p.draw) });

async function fightView(app: FastifyInstance, f: FightRow, t: Timing, now: number): Promise<contract.FightView> {
  const c = clock(now, t);
  const { meron, wala } = cardOf(f.fightId);
  const pools = await livePools(app, f, now, t);
  return {
    fightNo: f.fightNo, fightId: f.fightId, phase: c.fightNo === f.fightNo ? c.phase : 'fighting',
    opensAt: new Date(f.closesAt.getTime() - t.bettingMs).toISOString(), closesAt: f.closesAt.toISOString(), endsAt: f.endsAt.toISOString(),
    serverSeedHash: f.serverSeedHash, meron, wala, pools: money(pools), odds: oddsOf(pools),
  };
}

async function balanceOf(app: FastifyInstance, s: Session): Promise<bigint> {
  if (s.trial) {
    const [row] = await app.db.select({ b: sessions.trialBalance }).from(sessions).where(eq(sessions.token, s.token));
    return row?.b ?? 0n;
  }
  const a = await app.demoVendor.wallet.balance(s.brand, s.vendor, s.account!);
  if (!a.ok) throw new AppError(!a.unavailable && a.errorCode === 'vendor.member.unknown' ? 'demo.session.invalid' : 'demo.wallet.unavailable');
  return a.balance;
}

export const rulesOf = (t: Timing): contract.StateValue['rules'] => ({
  commission: Number(COMMISSION_BP) / 10_000, drawPays: Number(DRAW_PAYS), cancelPer10k: CANCEL_PER_10K, drawPer10k: DRAW_PER_10K,
  houseEdge: HOUSE_EDGE, bettingSeconds: t.bettingMs / 1000, fightSeconds: t.fightMs / 1000,
});

/** The derby as the page shows it; settles the fights that ended first (and pays their bets). */
export async function stateOf(app: FastifyInstance, token: string, t: Timing, now = Date.now()): Promise<contract.StateValue> {
  const s = await loadSession(app, token);
  await settleDue(app, s.brand, s.nodeId, now);
  const current = await ensureFight(app, s.merchantId, s.nodeId, clock(now, t).fightNo, t);
  const [fight, balance, done, mine, catalog] = await Promise.all([
    fightView(app, current, t, now),
    balanceOf(app, s),
    app.db.select().from(fights).where(and(eq(fights.merchantId, s.merchantId), eq(fights.nodeId, s.nodeId), eq(fights.status, 'settled')))
      .orderBy(desc(fights.fightNo)).limit(contract.BOARD_SIZE),
    app.db.select().from(bets).where(and(eq(bets.merchantId, s.merchantId), eq(bets.player, s.player), eq(bets.nodeId, s.nodeId),
      // bets refused or rolled back at placing never happened
      or(isNotNull(bets.state), inArray(bets.status, ['placing', 'open']))))
      .orderBy(desc(bets.id)).limit(20),
    app.catalogs.get(s.brand),
  ]);
  const game = catalog.game(s.nodeId);
  return {
    gameName: game ? (s.language.toUpperCase() === 'EN' ? game.name.EN : game.name.ES) : 'Cockfight',
    nodeId: s.nodeId, trial: s.trial, currency: s.currency, balance: formatAmount(balance), language: s.language, backUrl: s.backUrl,
    minBet: formatAmount(MIN_BET), maxBet: formatAmount(MAX_BET), serverTime: new Date(now).toISOString(), rules: rulesOf(t), fight,
    results: done.map((f) => {
      const card = cardOf(f.fightId);
      return {
        fightNo: f.fightNo, fightId: f.fightId, result: f.result!, meron: card.meron.name, wala: card.wala.name,
        odds: (f.odds ?? { meron: '0.00', wala: '0.00', draw: '0.00' }) as Record<Side, string>, roll: f.roll ?? 0,
        serverSeed: f.serverSeed, serverSeedHash: f.serverSeedHash, endsAt: f.endsAt.toISOString(),
      };
    }),
    myBets: mine.map(betView),
  };
}

/**
 * A bet on the current fight: stored `placing` under the fight row's share lock (the cut-off is
 * checked inside), then debited through the wallet (`CF<id>:bet`, with the launch token). No
 * answer: rolled back (`CF<id>:rb`) and demo.wallet.unavailable. A refusal: `failed`.
 */
export async function placeBet(app: FastifyInstance, token: string, body: { fightNo: number; side: Side; amount: string }, t: Timing, lang: Lang) {
  const s = await loadSession(app, token);
  const amount = parseMinor(body.amount);
  if (amount === null) throw betInvalid('amount', lang);
  if (amount < MIN_BET || amount > MAX_BET) throw betInvalid('limits', lang);
  const c = clock(Date.now(), t);
  if (body.fightNo !== c.fightNo || c.phase !== 'betting') throw new AppError('demo.round.closed');
  const f = await ensureFight(app, s.merchantId, s.nodeId, c.fightNo, t);
  const oddsAtBet = oddsOf(await livePools(app, f, Date.now(), t))[body.side];
  const row = await app.db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: fights.id }).from(fights).where(and(eq(fights.id, f.id), eq(fights.status, 'open'))).for('share');
    if (!locked || Date.now() >= f.closesAt.getTime()) throw new AppError('demo.round.closed');
    const [{ n }] = await tx.select({ n: count() }).from(bets).where(and(eq(bets.fightRef, f.id), eq(bets.player, s.player)));
    if (n >= MAX_BETS_PER_FIGHT) throw betInvalid('many', lang);
    if (s.trial) {
      const paid = await tx.update(sessions).set({ trialBalance: sql`${sessions.trialBalance} - ${amount}` })
        .where(and(eq(sessions.token, s.token), sql`${sessions.trialBalance} >= ${amount}`)).returning({ b: sessions.trialBalance });
      if (paid.length === 0) throw new AppError('demo.insufficient.funds');
    }
    const [b] = await tx.insert(bets).values({
      merchantId: s.merchantId, fightRef: f.id, fightNo: f.fightNo, nodeId: s.nodeId, vendor: s.vendor, player: s.player, account: s.account,
      sessionToken: s.token, trial: s.trial, side: body.side, amount, oddsAtBet, status: s.trial ? 'open' : 'placing',
    }).returning();
    return b;
  });
  let balance: bigint;
  if (s.trial) balance = await balanceOf(app, s);
  else {
    const roundId = roundIdOf(row.id);
    const a = await app.demoVendor.wallet.call(s.brand, s.vendor, 'bet', {
      txId: `${roundId}:bet`, roundId, member: s.account!, gameId: s.nodeId, amount: formatAmount(amount), token: s.token,
    });
    const placing = and(eq(bets.id, row.id), eq(bets.status, 'placing'));
    if (!a.ok && a.unavailable) {
      const rb = await app.demoVendor.wallet.call(s.brand, s.vendor, 'rollback', { txId: `${roundId}:rb`, refTxId: `${roundId}:bet`, roundId, member: s.account! });
      if (rb.ok) await app.db.update(bets).set({ status: 'refunded', settledAt: new Date() }).where(placing);
      throw new AppError('demo.wallet.unavailable');
    }
    if (!a.ok) {
      await app.db.update(bets).set({ status: 'failed', settledAt: new Date() }).where(and(placing, sql`${bets.state} IS NULL`));
      throw refusal(a.errorCode);
    }
    // The fight may have been settled while the debit was on its way: the bet is then void (rolled back by the settlement).
    const moved = await app.db.update(bets).set({ status: 'open' }).where(and(placing, sql`${bets.state} IS NULL`)).returning({ id: bets.id });
    if (moved.length === 0) {
      await settleDue(app, s.brand, s.nodeId);
      throw new AppError('demo.round.closed');
    }
    balance = a.balance;
  }
  const [fresh] = await app.db.select().from(bets).where(eq(bets.id, row.id));
  return { bet: betView(fresh), balance: formatAmount(balance), fight: await fightView(app, f, t, Date.now()) };
}
