import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { games } from '@lobby/contract';
import { route } from '../../lib/route.ts';
import { sendError } from '../../plugins/errors.ts';
import { requestBrand } from '../../plugins/merchant.ts';
import { textLangOf as lang } from '../../kernel/lang/index.ts';
import { accountGamesRoutes } from './account-routes.ts';
import { gameSvg, vendorSvg } from './art.ts';
import { CatalogStore } from './catalog.ts';
import { gamesConsoleRoutes } from './console.ts';
import { importCatalog } from './import.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-memory game catalogs of all brands. */
    catalogs: CatalogStore;
  }
}

/** Imports a catalog file into a brand and makes every instance rebuild its catalogs. */
export async function importAndReload(app: FastifyInstance, merchantId: number, json: unknown) {
  const result = await importCatalog(app.db, merchantId, json);
  app.catalogs.invalidate(merchantId);
  await app.brandsChanged();
  return result;
}

const IMAGE_CACHE = 'public, max-age=31536000, immutable';

/** Not encapsulated, so `app.catalogs` is visible to the whole app (imports, later the launch and wallet). */
export const gamesRoutes = fp(async (app: FastifyInstance) => {
  app.decorate('catalogs', new CatalogStore(app.db, (err) => app.log.error({ err }, 'catalog refresh failed')));

  const cached = { cached: true };
  route(app, games.gameMenus, async ({ brand }) => (await app.catalogs.get(brand)).menusEnvelope(), cached);
  route(app, games.gameVendor, async ({ brand }) => (await app.catalogs.get(brand)).lanesEnvelope(), cached);
  route(app, games.vassGameType, async ({ brand }) => (await app.catalogs.get(brand)).lanesEnvelope(), cached);
  route(app, games.hotGames, async ({ brand, query, req }) => (await app.catalogs.get(brand)).hotEnvelope(lang(query, req.lang)), cached);
  route(app, games.gameList, async ({ brand, query, req }) => (await app.catalogs.get(brand)).listEnvelope(query, lang(query, req.lang)), cached);
  accountGamesRoutes(app);

  // Artwork: /lgw/images/<vendor>/<folder>/<nodeId>.svg or …/vendor.svg (§9). An <img> sends no
  // Merchant header, so the brand comes from the host name as for any page request.
  app.get(games.IMAGE_ROUTE, {
    schema: { hide: true },
    config: { rateLimit: { max: app.config.RATE_LIMIT_MAX * 10, timeWindow: app.config.RATE_LIMIT_WINDOW_MS } },
  }, async (req, reply) => {
    const { vendor, category, file } = req.params as { vendor: string; category: string; file: string };
    const catalog = await app.catalogs.get(requestBrand(req));
    const v = catalog.byCode.get(vendor);
    const m = /^(.+)\.svg$/.exec(file);
    if (!v || !m || games.imageFolder(v.gameType) !== category) return sendError(req, reply, 'request.not.found');
    let svg: string;
    if (m[1] === 'vendor') svg = vendorSvg(v);
    else {
      const g = catalog.game(m[1]);
      if (!g || g.vendor !== v) return sendError(req, reply, 'request.not.found');
      svg = gameSvg({ nodeId: g.nodeId, name: g.name.EN, gameType: g.gameType, vendorCode: v.code, vendorName: v.name });
    }
    return reply.type('image/svg+xml; charset=utf-8').header('cache-control', IMAGE_CACHE).send(svg);
  });

  // the console's Games page (session with games.manage)
  await gamesConsoleRoutes(app);
});
