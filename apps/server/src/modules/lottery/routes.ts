import type { FastifyInstance } from 'fastify';
import { lottery } from '@lobby/contract';
import { route, type Ctx } from '../../lib/route.ts';
import { requireOperator } from '../cashier/common.ts';
import { langOf, myBets, placeBets } from './bets.ts';
import { drawNow, gameByCode, voidDraw } from './draws.ts';
import * as views from './views.ts';

/** Lottery: menus, issues, results, trend, bets (member) and the operator's draw-now and void. */
export async function lotteryRoutes(app: FastifyInstance) {
  const db = app.db;
  route(app, lottery.gameMenu, async ({ brand, query }) => views.menus(db, brand, query));
  route(app, lottery.vnGameMenu, async ({ brand, query }) => views.menus(db, brand, query, 'vn'));
  route(app, lottery.recentMenu, async ({ brand, principal, query }) => views.recent(db, brand, principal, query));
  route(app, lottery.currentIssue, async ({ brand, query }) => views.current(db, brand, query));
  route(app, lottery.vnOpenedNumeros, async ({ brand, query }) => views.opened(db, brand, query, true));
  route(app, lottery.openedNumeros, async ({ brand, query }) => views.opened(db, brand, query));
  route(app, lottery.trend, async ({ brand, query }) => views.trend(db, brand, query));
  route(app, lottery.placeBets, async ({ brand, principal, body, req }) => placeBets(app, brand, principal, body, langOf(req.headers.language as string | undefined)));
  route(app, lottery.myBets, async ({ brand, principal, query }) => myBets(db, brand, principal, query));

  // operator API: X-Operator-Key, brand from the Merchant header
  const op = (ctx: Pick<Ctx<never, never>, 'req' | 'brand'>) => requireOperator(app, ctx.req, ctx.brand);
  route(app, lottery.operatorDrawNow, async (ctx) => {
    op(ctx);
    const g = await gameByCode(db, ctx.brand, ctx.body.gameCode);
    return views.openedView(g, await drawNow(db, ctx.brand, g, ctx.body.numero));
  });
  route(app, lottery.operatorVoidDraw, async (ctx) => {
    op(ctx);
    const g = await gameByCode(db, ctx.brand, ctx.body.gameCode);
    const r = await voidDraw(db, ctx.brand, g, ctx.body.numero);
    return { draw: views.drawView(g, r.draw), refunded: r.refunded };
  });
}
