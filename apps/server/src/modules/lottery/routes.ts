import type { FastifyInstance } from 'fastify';
import { fairness, lottery } from '@lobby/contract';
import { verify } from './verify.ts';
import { route } from '../../lib/route.ts';
import { langOf } from '../../kernel/lang/index.ts';
import { myBets, placeBets } from './bets.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { gamesOf, modesOf, resealDraws, type GameRow } from './draws.ts';
import { lotteryConsoleRoutes } from './console.ts';
import { officialRoutes } from './official-routes.ts';
import * as views from './views.ts';

/** The lottery page of a game: /vnLottery for the VN regions, /lottery for the fast games. */
export function lotteryUrl(brand: Brand, game: GameRow, language: string, backUrl?: string): string {
  const prizeMode = modesOf(brand, game).preferred ?? game.defaultPrizeMode;
  const q = new URLSearchParams({ gameCode: game.code, launchMode: 'LOTT', prizeMode, device: 'web', language });
  if (game.kind === 'vn') q.set('lottoArea', 'VN');
  if (backUrl) q.set('backUrl', backUrl);
  return `${game.kind === 'vn' ? '/vnLottery' : '/lottery'}?${q.toString()}`;
}

/** Lottery: menus, issues, results, trend, bets (member); the operator's calls are in console.ts. */
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
  // the public verifier (no login): the browser's /fairness page runs the same function
  route(app, fairness.verify, async ({ body }) => verify(body));

  if (app.config.LOTTERY_DRAW_NOW && app.config.NODE_ENV === 'production') app.log.warn('LOTTERY_DRAW_NOW is set: operators can draw lottery issues ahead of time. Never on a real deployment.');
  // seeds of unpublished issues in plain text (before sealing) or under an old key: sealed again
  app.addHook('onReady', async () => {
    const n = await resealDraws(db);
    if (n > 0) app.log.info({ rows: n }, 'lottery: unpublished issue seeds sealed');
  });

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

  // the operator API's draw-now and void, and the console's Lottery page (console.ts)
  await lotteryConsoleRoutes(app);
  // the VN official results: four-eyes entry, discard, feed import (official-routes.ts)
  await officialRoutes(app);
}
