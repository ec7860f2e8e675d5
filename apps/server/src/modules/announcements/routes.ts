import type { FastifyInstance } from 'fastify';
import { announcements } from '@lobby/contract';
import { route } from '../../lib/route.ts';
import { sendError } from '../../plugins/errors.ts';
import { requestBrand } from '../../plugins/merchant.ts';
import { ART_THEMES, bannerSvg, type ArtTheme } from './art.ts';
import { announcementsConsoleRoutes, imageFile } from './console.ts';
import * as service from './service.ts';

const ART_CACHE = 'public, max-age=86400';

/** Announcements (§7 MCSFE_getListAnnouncements) and the banner art; the operator calls and the console's page are in console.ts. */
export async function announcementsRoutes(app: FastifyInstance) {
  await service.setupCache(app);

  route(app, announcements.listAnnouncements, async ({ brand, req, query }) => {
    const viewer = await service.viewerOf(app.db, req.principal, query.language ?? (req.headers.language as string | undefined));
    const now = Date.now();
    const types = query.types?.length ? [...new Set(query.types)].sort().join(',') : '*';
    const key = `${+viewer.loggedIn}${+viewer.firstLogin}${+viewer.isAgent}|${viewer.lang}|${types}|${query.groupName ?? ''}`;
    return app.announcementCache.view(brand.id, key, now, (rows) => service.listFor(rows, viewer, query, now));
  }, { cached: true });

  app.get('/wps/announcements/art/:file', { schema: { hide: true } }, async (req, reply) => {
    const m = /^([a-z]+)\.svg$/.exec((req.params as { file: string }).file);
    if (!m || !Object.hasOwn(ART_THEMES, m[1])) return sendError(req, reply, 'request.not.found');
    return reply.type('image/svg+xml; charset=utf-8').header('cache-control', ART_CACHE).send(bannerSvg(m[1] as ArtTheme));
  });
  // banner art uploaded in the console: only for requests of its own brand (Merchant header, else
  // host); its own content type, never sniffed, never run as a document
  app.get('/wps/announcements/art/upload/:file', { schema: { hide: true } }, async (req, reply) => {
    let brand;
    try {
      brand = requestBrand(req);
    } catch {
      return sendError(req, reply, 'request.not.found');
    }
    const img = await imageFile(app, brand.id, (req.params as { file: string }).file);
    if (!img) return sendError(req, reply, 'request.not.found');
    // the answer depends on the Merchant header: shared caches keep one copy per brand
    return reply.type(img.contentType).header('cache-control', 'public, max-age=31536000, immutable').header('vary', 'Merchant')
      .header('x-content-type-options', 'nosniff').header('content-security-policy', "default-src 'none'").send(img.data);
  });
  // the operator API's announcement calls and the console's banners and announcements page (console.ts)
  await announcementsConsoleRoutes(app);
}
