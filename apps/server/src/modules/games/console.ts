/**
 * The console's Games page (games.manage): vendors and games (console-catalog.ts) and the catalog
 * file import (console-import.ts). Registered by the games routes (routes.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { operatorGames as contract } from '@lobby/contract';
import { operatorOf } from '../../kernel/operator-access/index.ts';
import { route } from '../../lib/route.ts';
import { AppError } from '../../plugins/errors.ts';
import * as svc from './console-catalog.ts';
import { importCatalogFile } from './console-import.ts';

export async function gamesConsoleRoutes(app: FastifyInstance) {
  const db = app.db;
  const g = (ctx: { req: FastifyRequest }) => operatorOf(ctx.req);

  route(app, contract.listVendors, async (ctx) => (g(ctx), svc.listVendors(db, ctx.brand, ctx.query.gameType)));
  route(app, contract.updateVendor, async (ctx) => svc.updateVendor(app, ctx.brand, g(ctx), ctx.req.ip, ctx.body));
  route(app, contract.listGames, async (ctx) => (g(ctx), svc.listGames(db, ctx.brand, ctx.query, contract.GAMES_PAGE_SIZE)));
  route(app, contract.updateGame, async (ctx) => svc.updateGame(app, ctx.brand, g(ctx), ctx.req.ip, ctx.body));
  route(app, contract.bulkGames, async (ctx) => svc.bulkGames(app, ctx.brand, g(ctx), ctx.req.ip, ctx.body));

  // a catalog of 5,000+ games is larger than the app's 1 MB body limit: its own scope allows more
  await app.register(async (upload) => {
    upload.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: contract.IMPORT_MAX_BYTES }, upload.getDefaultJsonParser('error', 'error'));
    upload.setErrorHandler((err: { code?: string }) => {
      throw err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? new AppError('request.body.too.large') : err;
    });
    route(upload, contract.importCatalog, async (ctx) => importCatalogFile(app, ctx.brand, g(ctx), ctx.req.ip, ctx.body), { rateLimit: { max: 30, timeWindow: 60_000 } });
  });
}
