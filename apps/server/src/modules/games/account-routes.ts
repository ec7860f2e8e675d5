import type { FastifyInstance } from 'fastify';
import { accountGames, games } from '@lobby/contract';
import { route } from '../../lib/route.ts';
import { textLangOf } from '../../kernel/lang/index.ts';
import { addFavorite, favoriteGamesList, favoriteIds, removeFavorite } from './favorites.ts';
import { launchGame } from './launch.ts';
import { recentList } from './recent.ts';
import { betRecordsPage } from './records.ts';
import { WinnerBoards } from './winners.ts';

/** Favourites, recent games, launch, winner board and betting record (needs `app.catalogs`). */
export function accountGamesRoutes(app: FastifyInstance) {
  const db = app.db;
  const catalog = (ctx: { brand: Parameters<typeof app.catalogs.get>[0] }) => app.catalogs.get(ctx.brand);

  route(app, accountGames.getFavoriteGames, async (ctx) => favoriteIds(db, ctx.brand, await catalog(ctx), ctx.principal, ctx.query));
  route(app, accountGames.getFavoriteGamesList, async (ctx) =>
    favoriteGamesList(db, ctx.brand, await catalog(ctx), ctx.principal, ctx.query, textLangOf(ctx.query, ctx.req.lang)));
  route(app, accountGames.addFavoriteGame, async (ctx) => addFavorite(db, ctx.brand, await catalog(ctx), ctx.principal, ctx.body));
  route(app, accountGames.removeFavoriteGame, async (ctx) => removeFavorite(db, ctx.brand, ctx.principal, ctx.body));
  route(app, accountGames.recentGame, async (ctx) =>
    recentList(db, ctx.brand, await catalog(ctx), ctx.principal, ctx.query, textLangOf(ctx.query, ctx.req.lang)));
  route(app, accountGames.betRecords, async (ctx) =>
    betRecordsPage(db, ctx.brand, await catalog(ctx), ctx.principal, ctx.query, ctx.req.lang));

  const boards = new WinnerBoards(db);
  route(app, games.winnerBoard, async (ctx) => ({
    list: await boards.list(ctx.brand.id, await catalog(ctx), ctx.query.category, ctx.query.limitNum, textLangOf(ctx.query, ctx.req.lang)),
  }));
  route(app, games.launchGame, async (ctx) => launchGame(app, ctx.brand, ctx.req.principal, ctx.body, textLangOf(ctx.body, ctx.req.lang)));
}
