import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { lottery as contract } from '@lobby/contract';
import type { Db } from '../../db/index.ts';
import { lotteryBets, lotteryDraws, lotteryExposure, lotteryGames } from '../../db/lottery-schema.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import type { Principal } from '../../plugins/session.ts';
import { balanceChanged } from '../../kernel/live/index.ts';
import { seamless } from '../seamless-wallet/index.ts';
import { formatAmount, memberBalances, parseAmount } from '../../kernel/ledger/index.ts';
import { gameByCode, markPlaced, modeFor, offeredGame, type GameRow } from './draws.ts';
import { checkBet, oddsMilli, oddsText, type PrizeMode } from './rules.ts';
import { checkPlay } from '../responsible/index.ts';
import { pgError } from '../../lib/pg-error.ts';
import { langOf, type Lang } from '../../kernel/lang/index.ts';

/**
 * Placing bets: every bet of the slip is checked first (type, numbers, amount, prize mode),
 * then in one transaction the issue is locked against its draw (it must be open and before its
 * cut-off), the per-number totals are raised within their limit and the bets written as
 * pending; then each is debited through the seamless wallet (bet record, agent reports) and
 * becomes open. A retry with the same requestId answers the bets already placed.
 */
type BetRow = typeof lotteryBets.$inferSelect;

export function betView(b: BetRow, game: Pick<GameRow, 'code' | 'name'>, numero: string, lang: Lang): contract.LotteryBet {
  return {
    orderNo: b.roundId, gameCode: game.code, gameName: game.name[lang], numero, betType: b.betType as contract.BetType,
    numbers: b.numbers, prizeMode: b.prizeMode as PrizeMode, amount: formatAmount(b.amount), odds: oddsText(b.oddsMilli),
    status: b.status === 'pending' ? 'open' : (b.status as contract.BetStatus), win: formatAmount(b.win),
    betAt: b.betAt.toISOString(), settledAt: b.settledAt?.toISOString() ?? null,
  };
}

async function mainBalance(db: Db, brand: Brand, memberId: bigint): Promise<bigint> {
  return (await memberBalances(db, brand.id, memberId)).find((a) => a.wallet === 'main')?.balance ?? 0n;
}

const isUniqueViolation = (err: unknown) => pgError(err).code === '23505';

export async function placeBets(app: FastifyInstance, brand: Brand, principal: Principal, body: contract.PlaceBetsBody, lang: Lang, now = new Date()) {
  const db = app.db;
  if (principal.isTrial) throw new AppError('in_need_true_account');
  const memberId = principal.member.id;
  const game = await offeredGame(db, brand, body.gameCode);
  const mode = modeFor(brand, game, body.prizeMode as PrizeMode | undefined);

  const replay = async () => {
    const previous = await db.select({ bet: lotteryBets, numero: lotteryDraws.numero }).from(lotteryBets)
      .innerJoin(lotteryDraws, eq(lotteryDraws.id, lotteryBets.drawId))
      .where(and(eq(lotteryBets.merchantId, brand.id), eq(lotteryBets.memberId, memberId), eq(lotteryBets.requestId, body.requestId)))
      .orderBy(lotteryBets.idx);
    if (previous.length === 0) return null;
    return { bets: previous.filter((p) => p.bet.status !== 'failed').map((p) => betView(p.bet, game, p.numero, lang)), balance: formatAmount(await mainBalance(db, brand, memberId)) };
  };
  const before = await replay();
  if (before) return before;

  const slip = (body.bets ?? []).map((b, idx) => {
    const { numbers, numKey } = checkBet(game.kind, b.betType, b.numbers ?? []);
    const amount = parseAmount(b.amount);
    if (amount < game.minBet || amount > game.maxBet) throw new AppError('lottery.bet.amount', { min: formatAmount(game.minBet), max: formatAmount(game.maxBet) });
    return { idx, betType: b.betType, numbers, numKey, amount, oddsMilli: oddsMilli(game.kind, game.region, mode, b.betType)! };
  });
  // the issues the slip goes on: the one shown, or (VN south and centre) several provinces of one draw time
  const numeros = [...new Set(body.numeros ?? [body.numero])];
  if (!numeros.includes(body.numero) || (numeros.length > 1 && game.kind !== 'vn')) throw new AppError('request_param_err');
  const total = slip.reduce((s, b) => s + b.amount, 0n) * BigInt(numeros.length);
  if (total > await mainBalance(db, brand, memberId)) throw new AppError('wallet.insufficient.funds');
  await checkPlay(db, brand, memberId, total); // responsible gaming: the whole slip within the loss limits

  const written = await db.transaction(async (tx) => {
    const draws = (await tx.select().from(lotteryDraws)
      .where(and(eq(lotteryDraws.gameId, game.id), inArray(lotteryDraws.numero, numeros))).orderBy(lotteryDraws.numero).for('share'))
      .sort((a, b) => numeros.indexOf(a.numero) - numeros.indexOf(b.numero));
    const drawAt = draws[0]?.drawAt.getTime();
    if (draws.length !== numeros.length || draws.some((d) => d.status !== 'open' || d.closesAt.getTime() <= now.getTime() || d.drawAt.getTime() !== drawAt)) {
      throw new AppError('lottery.draw.closed');
    }
    const lines = draws.flatMap((d, di) => slip.map((b) => ({ ...b, idx: di * contract.MAX_SLIP + b.idx, draw: d })));
    for (const b of lines) {
      const d = b.draw;
      const [ok] = await tx.insert(lotteryExposure).values({ drawId: d.id, betType: b.betType, numKey: b.numKey, total: b.amount })
        .onConflictDoUpdate({
          target: [lotteryExposure.drawId, lotteryExposure.betType, lotteryExposure.numKey],
          set: { total: sql`${lotteryExposure.total} + excluded.total` },
          setWhere: sql`${lotteryExposure.total} + excluded.total <= ${game.maxPerNumber}`,
        }).returning({ total: lotteryExposure.total });
      if (!ok || ok.total > game.maxPerNumber) {
        const [cur] = await tx.select({ total: lotteryExposure.total }).from(lotteryExposure)
          .where(and(eq(lotteryExposure.drawId, d.id), eq(lotteryExposure.betType, b.betType), eq(lotteryExposure.numKey, b.numKey)));
        const left = game.maxPerNumber - (cur?.total ?? 0n);
        throw new AppError('lottery.bet.number.limit', { number: b.numKey, left: formatAmount(left > 0n ? left : 0n) });
      }
    }
    const inserted = await tx.insert(lotteryBets).values(lines.map((b) => ({
      merchantId: brand.id, memberId, gameId: game.id, drawId: b.draw.id, requestId: body.requestId, idx: b.idx,
      betType: b.betType, numbers: b.numbers, numKey: b.numKey, prizeMode: mode, amount: b.amount, oddsMilli: b.oddsMilli,
      txId: '', roundId: '',
    }))).returning({ id: lotteryBets.id });
    // the bet's id names its seamless round and bet transaction (and is the order number)
    const named = await tx.update(lotteryBets).set({ txId: sql`'L' || ${lotteryBets.id}`, roundId: sql`'L' || ${lotteryBets.id}` })
      .where(inArray(lotteryBets.id, inserted.map((r) => r.id))).returning();
    return { numeroOf: new Map(draws.map((d) => [d.id, d.numero])), rows: named.sort((a, b) => a.idx - b.idx) };
  }).catch(async (err: unknown) => {
    // the same slip sent twice at once: the second answers what the first placed
    if (isUniqueViolation(err)) return (await replay()) ?? Promise.reject(err);
    throw err;
  });
  if (!('numeroOf' in written)) return written;
  const { numeroOf, rows } = written;

  const catalog = await app.catalogs.get(brand);
  const placed: BetRow[] = [];
  let failure: unknown;
  for (const b of rows) {
    if (failure) {
      await markPlaced(db, b, false);
      continue;
    }
    try {
      await seamless.bet(db, brand, catalog, game.vendor, { txId: b.txId, roundId: b.roundId, member: principal.member.username, gameId: game.nodeId, amount: formatAmount(b.amount) });
      await markPlaced(db, b, true);
      placed.push({ ...b, status: 'open' });
    } catch (err) {
      failure = err;
      await markPlaced(db, b, false);
    }
  }
  if (placed.length > 0) balanceChanged(app, brand, memberId);
  if (placed.length === 0) {
    if (failure instanceof AppError && failure.code === 'vendor.insufficient.funds') throw new AppError('wallet.insufficient.funds');
    throw failure;
  }
  return { bets: placed.map((b) => betView(b, game, numeroOf.get(b.drawId)!, lang)), balance: formatAmount(await mainBalance(db, brand, memberId)) };
}

export async function myBets(db: Db, brand: Brand, principal: Principal, q: { gameCode?: string; status?: contract.BetStatus; pageNo: number; pageSize: number; language?: string }) {
  const lang = langOf(q.language);
  const where = [eq(lotteryBets.merchantId, brand.id), eq(lotteryBets.memberId, principal.member.id),
    q.status === 'open' ? inArray(lotteryBets.status, ['open', 'pending']) : q.status ? eq(lotteryBets.status, q.status) : inArray(lotteryBets.status, ['open', 'pending', 'won', 'lost', 'void'])];
  if (q.gameCode) where.push(eq(lotteryBets.gameId, (await gameByCode(db, brand, q.gameCode)).id));
  const [{ n }] = await db.select({ n: count() }).from(lotteryBets).where(and(...where));
  const rows = await db.select({ bet: lotteryBets, numero: lotteryDraws.numero, code: lotteryGames.code, name: lotteryGames.name }).from(lotteryBets)
    .innerJoin(lotteryDraws, eq(lotteryDraws.id, lotteryBets.drawId))
    .innerJoin(lotteryGames, eq(lotteryGames.id, lotteryBets.gameId))
    .where(and(...where)).orderBy(desc(lotteryBets.betAt), desc(lotteryBets.id))
    .limit(q.pageSize).offset((q.pageNo - 1) * q.pageSize);
  return {
    list: rows.map((r) => betView(r.bet, { code: r.code, name: r.name }, r.numero, lang)),
    pageNo: q.pageNo, totalPages: Math.ceil(n / q.pageSize), totalCount: n,
  };
}
