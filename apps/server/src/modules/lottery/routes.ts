import type { FastifyInstance, FastifyRequest } from 'fastify';
import { lottery } from '@lobby/contract';
import { route } from '../../lib/route.ts';
import { operatorOf } from '../../kernel/operator-access/index.ts';
import { balanceChanged } from '../../kernel/live/index.ts';
import { langOf } from '../../kernel/lang/index.ts';
import { myBets, placeBets } from './bets.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { drawNow, gameByCode, gamesOf, modesOf, voidDraw, type GameRow } from './draws.ts';
import { lotteryConsoleRoutes } from './console.ts';
import * as views from './views.ts';

/** The lottery page of a game: /vnLottery for the VN regions, /lottery for the fast games. */
export function lotteryUrl(brand: Brand, game: GameRow, language: string, backUrl?: string): string {
  const prizeMode = modesOf(brand, game).preferred ?? game.defaultPrizeMode;
  const q = new URLSearchParams({ gameCode: game.code, launchMode: 'LOTT', prizeMode, device: 'web', language });
  if (game.kind === 'vn') q.set('lottoArea', 'VN');
  if (backUrl) q.set('backUrl', backUrl);
  return `${game.kind === 'vn' ? '/vnLottery' : '/lottery'}?${q.toString()}`;
}

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

  // A lottery game launched from the catalog (lobby card, recent games) opens the lottery page
  // (§7 VN launch: gameCode, lottoArea VN, launchMode LOTT, prize mode, device, backUrl, language).
  app.addHook('onReady', async () => {
    const launcher = app.vendorLauncher;
    if (!launcher) return;
    const inner = launcher.launch.bind(launcher);
    launcher.launch = async (req) => {
      const game = (await gamesOf(db, req.brand.id)).find((g) => g.vendor === req.vendor && g.nodeId === req.nodeId);
      if (!game) return inner(req);
      return { url: lotteryUrl(req.brand, game, req.language, req.backUrl) };
    };
  });

  // operator API: X-Operator-Key or a console session (kernel/operator-access), brand from the Merchant header
  const op = (ctx: { req: FastifyRequest }) => operatorOf(ctx.req);
  route(app, lottery.operatorDrawNow, async (ctx) => {
    op(ctx);
    const g = await gameByCode(db, ctx.brand, ctx.body.gameCode);
    const pushed = (ids: bigint[]) => ids.forEach((id) => balanceChanged(app, ctx.brand, id));
    return views.openedView(g, await drawNow(db, ctx.brand, g, ctx.body.numero, new Date(), pushed));
  });
  route(app, lottery.operatorVoidDraw, async (ctx) => {
    op(ctx);
    const g = await gameByCode(db, ctx.brand, ctx.body.gameCode);
    const r = await voidDraw(db, ctx.brand, g, ctx.body.numero, new Date(), { reason: null, by: op(ctx).name });
    r.members.forEach((id) => balanceChanged(app, ctx.brand, id));
    return { draw: views.drawView(g, r.draw), refunded: r.refunded };
  });
  // the console's Lottery page (session with lottery.manage)
  await lotteryConsoleRoutes(app);
}
