import type { FastifyInstance } from 'fastify';
import { announcements } from '@lobby/contract';
import { route } from '../../lib/route.ts';
import { sendError } from '../../plugins/errors.ts';
import { requestBrand } from '../../plugins/merchant.ts';
import { operatorOf } from '../../kernel/operator-access/index.ts';
import { ART_THEMES, bannerSvg, type ArtTheme } from './art.ts';
import { announcementsConsoleRoutes, imageFile } from './console.ts';
import * as service from './service.ts';

const ART_CACHE = 'public, max-age=86400';

/** Announcements (§7 MCSFE_getListAnnouncements), the operator calls, the banner art and the console's page. */
export async function announcementsRoutes(app: FastifyInstance) {
  await service.setupCache(app);

  route(app, announcements.listAnnouncements, async ({ brand, req, query }) => {
    const viewer = await service.viewerOf(app.db, req.principal, query.language ?? (req.headers.language as string | undefined));
    const now = Date.now();
    const types = query.types?.length ? [...new Set(query.types)].sort().join(',') : '*';
    const key = `${+viewer.loggedIn}${+viewer.firstLogin}${+viewer.isAgent}|${viewer.lang}|${types}|${query.groupName ?? ''}`;
    return app.announcementCache.view(brand.id, key, now, (rows) => service.listFor(rows, viewer, query, now));
  }, { cached: true });

  route(app, announcements.operatorList, async ({ brand, req, query }) => {
    operatorOf(req);
    return service.operatorList(app, brand, query.type);
  });
  route(app, announcements.operatorCreate, async ({ brand, req, body }) => {
    operatorOf(req);
    return service.create(app, brand, body);
  });
  route(app, announcements.operatorUpdate, async ({ brand, req, body }) => {
    operatorOf(req);
    return service.update(app, brand, body.id, body.announcement);
  });
  route(app, announcements.operatorDelete, async ({ brand, req, body }) => {
    operatorOf(req);
    return service.remove(app, brand, body.id);
  });

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
  // the console's banners and announcements page (session with content.manage)
  await announcementsConsoleRoutes(app);
}
