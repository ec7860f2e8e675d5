/**
 * Console calls of the Lottery page (lottery.manage): the brand's games, the recent issues of a
 * game with their bets, voiding an unpublished issue (every bet refunded once, the reason kept on
 * the issue) and drawing one now. Each change writes one audit row with the issue before and after.
 * Also the operator API's draw-now and void (lottery.operator*). Registered by the lottery routes (routes.ts).
 */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { lottery, operatorLottery as contract } from '@lobby/contract';
import type { Db } from '../../db/index.ts';
import { lotteryBets, lotteryDraws } from '../../db/lottery-schema.ts';
import { route } from '../../lib/route.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { balanceChanged } from '../../kernel/live/index.ts';
import { operatorOf, record } from '../../kernel/operator-access/index.ts';
import { formatAmount } from '../../kernel/ledger/index.ts';
import { drawNow, ensureDraws, gameByCode, gamesOf, voidDraw, type DrawRow, type GameRow } from './draws.ts';
import { drawView, gameFacts, openedView, provinceOf } from './views.ts';
import { entriesOf, officialView, type EntryRow } from './official.ts';

interface Stats { bets: number; stake: bigint; win: bigint; open: number }
const NONE: Stats = { bets: 0, stake: 0n, win: 0n, open: 0 };

/** Bets, stakes, wins and still-open bets of some issues (refused debits left out). */
async function statsOf(db: Db, ids: bigint[]): Promise<Map<bigint, Stats>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({
    drawId: lotteryBets.drawId,
    bets: sql<number>`(count(*) filter (where ${lotteryBets.status} <> 'failed'))::int`,
    stake: sql<string>`(coalesce(sum(${lotteryBets.amount}) filter (where ${lotteryBets.status} <> 'failed'), 0))::text`,
    win: sql<string>`(coalesce(sum(${lotteryBets.win}), 0))::text`,
    open: sql<number>`(count(*) filter (where ${lotteryBets.status} in ('open', 'pending')))::int`,
  }).from(lotteryBets).where(inArray(lotteryBets.drawId, ids)).groupBy(lotteryBets.drawId);
  return new Map(rows.map((r) => [r.drawId, { bets: Number(r.bets), stake: BigInt(r.stake), win: BigInt(r.win), open: Number(r.open) }]));
}

export function rowView(d: DrawRow, s: Stats = NONE, now = new Date(), entries?: EntryRow[]): contract.DrawRow {
  const unpublished = d.publishedAt === null;
  const started = d.opensAt.getTime() <= now.getTime();
  return {
    numero: d.numero, status: d.status, opensAt: d.opensAt.toISOString(), closesAt: d.closesAt.toISOString(), drawAt: d.drawAt.toISOString(),
    publishedAt: d.publishedAt?.toISOString() ?? null, settledAt: d.settledAt?.toISOString() ?? null, voidedAt: d.voidedAt?.toISOString() ?? null,
    voidReason: d.voidReason ?? null, voidedBy: d.voidedBy ?? null,
    special: d.special ?? '', prizes: d.prizes ?? [], seedHash: d.seedHash,
    bets: s.bets, stake: formatAmount(s.stake), win: formatAmount(s.win), openBets: s.open,
    canVoid: unpublished && (d.status === 'open' || d.status === 'closed' || (d.status === 'void' && s.open > 0)),
    // a later issue (not open for bets yet) is not drawn ahead of the current one
    // (an official issue past its draw time waits for its result: nothing to draw)
    canDraw: unpublished && started && (d.status === 'open' || d.status === 'closed') && !(d.resultSource === 'official' && d.drawAt.getTime() <= now.getTime()),
    province: provinceOf(d), resultSource: d.resultSource,
    official: officialView(d, entries, now),
  };
}

export async function rowOf(db: Db, game: GameRow, numero: string): Promise<contract.DrawRow> {
  const [d] = await db.select().from(lotteryDraws).where(and(eq(lotteryDraws.gameId, game.id), eq(lotteryDraws.numero, numero)));
  if (!d) throw new AppError('lottery.draw.not.found');
  return rowView(d, (await statsOf(db, [d.id])).get(d.id), new Date(), (await entriesOf(db, [d.id])).get(d.id));
}

export async function listDraws(db: Db, brand: Brand, q: { gameCode: string; status?: contract.DrawRow['status']; page: number }) {
  const game = await gameByCode(db, brand, q.gameCode);
  await ensureDraws(db, brand, game);
  const where = and(eq(lotteryDraws.gameId, game.id), q.status ? eq(lotteryDraws.status, q.status) : undefined);
  const size = contract.DRAWS_PAGE_SIZE;
  const [{ n }] = await db.select({ n: count() }).from(lotteryDraws).where(where);
  const rows = await db.select().from(lotteryDraws).where(where).orderBy(desc(lotteryDraws.drawAt), desc(lotteryDraws.id))
    .limit(size).offset((q.page - 1) * size);
  const stats = await statsOf(db, rows.map((d) => d.id));
  const entries = await entriesOf(db, rows.map((d) => d.id));
  const now = new Date();
  return { list: rows.map((d) => rowView(d, stats.get(d.id), now, entries.get(d.id))), page: q.page, pageSize: size, total: Number(n) };
}

/**
 * Draw-now is a test acceleration: refused with lottery.draw.now.disabled when NODE_ENV=production
 * (unless LOTTERY_DRAW_NOW=true, which only the browser journeys set).
 */
function testOnly(app: FastifyInstance): void {
  if (app.config.NODE_ENV === 'production' && !app.config.LOTTERY_DRAW_NOW) throw new AppError('lottery.draw.now.disabled');
}

export async function lotteryConsoleRoutes(app: FastifyInstance) {
  const db = app.db;
  const g = (ctx: { req: FastifyRequest }) => operatorOf(ctx.req);

  // operator API: X-Operator-Key or a console session (kernel/operator-access), brand from the Merchant header
  route(app, lottery.operatorDrawNow, async (ctx) => {
    g(ctx);
    const game = await gameByCode(db, ctx.brand, ctx.body.gameCode);
    const pushed = (ids: bigint[]) => ids.forEach((id) => balanceChanged(app, ctx.brand, id));
    testOnly(app);
    return openedView(game, await drawNow(db, ctx.brand, game, ctx.body.numero, new Date(), pushed, ctx.body.awaitOfficial === true));
  });
  route(app, lottery.operatorVoidDraw, async (ctx) => {
    g(ctx);
    const game = await gameByCode(db, ctx.brand, ctx.body.gameCode);
    const r = await voidDraw(db, ctx.brand, game, ctx.body.numero, new Date(), { reason: null, by: g(ctx).name });
    r.members.forEach((id) => balanceChanged(app, ctx.brand, id));
    return { draw: drawView(game, r.draw), refunded: r.refunded };
  });

  // the Lottery page
  route(app, contract.listGames, async (ctx) => {
    g(ctx);
    return (await gamesOf(db, ctx.brand.id)).map((x) => ({ ...gameFacts(x), name: x.name }));
  });

  route(app, contract.listDraws, async (ctx) => (g(ctx), listDraws(db, ctx.brand, ctx.query)));

  route(app, contract.voidDraw, async (ctx) => {
    const actor = g(ctx);
    const { brand, body } = ctx;
    const game = await gameByCode(db, brand, body.gameCode);
    const before = await rowOf(db, game, body.numero);
    const r = await voidDraw(db, brand, game, body.numero, new Date(), { reason: body.reason, by: actor.name });
    r.members.forEach((id) => balanceChanged(app, brand, id));
    const after = await rowOf(db, game, body.numero);
    await record(db, actor, brand, ctx.req.ip, {
      action: 'lottery.void', target: `${game.code}:${body.numero}`, before, after: { ...after, refunded: r.refunded, reason: body.reason },
    });
    return { draw: after, refunded: r.refunded };
  });

  route(app, contract.drawNow, async (ctx) => {
    const actor = g(ctx);
    const { brand, body } = ctx;
    const game = await gameByCode(db, brand, body.gameCode);
    const before = await rowOf(db, game, body.numero);
    if (!before.canDraw && before.status !== 'drawn') throw new AppError('lottery.draw.state', { status: before.status });
    testOnly(app);
    // a VN issue only becomes due now: its result comes from the results adapter (official-routes.ts)
    await drawNow(db, brand, game, body.numero, new Date(), (ids) => ids.forEach((id) => balanceChanged(app, brand, id)), true);
    const after = await rowOf(db, game, body.numero);
    await record(db, actor, brand, ctx.req.ip, { action: 'lottery.draw-now', target: `${game.code}:${body.numero}`, before, after });
    return after;
  });
}
