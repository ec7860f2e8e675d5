/**
 * Console content (issue 9 item 3, permission content.manage): banners and announcements
 * (modules/announcements/console.ts), promotions (modules/promotions/console.ts) and help-centre
 * articles (modules/help/console.ts). Every call passes the console guard; every change is audited.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { operatorContent as api } from '@lobby/contract';
import { operatorOf } from '../../kernel/operator-access/index.ts';
import { route } from '../../lib/route.ts';
import { AppError } from '../../plugins/errors.ts';
import * as ann from '../announcements/console.ts';
import * as help from '../help/console.ts';
import * as promos from '../promotions/console.ts';

export async function contentRoutes(app: FastifyInstance) {
  const db = app.db;
  const g = (ctx: { req: FastifyRequest }) => operatorOf(ctx.req);

  route(app, api.listAnnouncements, async (ctx) => (g(ctx), ann.list(app, ctx.brand, ctx.query.type)));
  route(app, api.saveAnnouncement, async (ctx) => ann.save(app, ctx.brand, g(ctx), ctx.req.ip, ctx.body));
  route(app, api.setAnnouncementEnabled, async (ctx) => ann.setEnabled(app, ctx.brand, g(ctx), ctx.req.ip, ctx.body.id, ctx.body.enabled));
  route(app, api.deleteAnnouncement, async (ctx) => ann.remove(app, ctx.brand, g(ctx), ctx.req.ip, ctx.body.id));
  route(app, api.orderBanners, async (ctx) => ann.order(app, ctx.brand, g(ctx), ctx.req.ip, ctx.body.groupName, ctx.body.ids));

  route(app, api.listPromotions, async (ctx) => (g(ctx), promos.list(db, ctx.brand)));
  route(app, api.savePromotion, async (ctx) => promos.save(db, ctx.brand, g(ctx), ctx.req.ip, ctx.body));

  route(app, api.listHelp, async (ctx) => (g(ctx), help.list(app, ctx.brand)));
  route(app, api.saveHelp, async (ctx) => help.save(app, ctx.brand, g(ctx), ctx.req.ip, ctx.body));
  route(app, api.deleteHelp, async (ctx) => help.remove(app, ctx.brand, g(ctx), ctx.req.ip, ctx.body.term));

  // banner art (≤ 5 MB as base64) is larger than the app's 1 MB body limit: its own scope allows more
  await app.register(async (upload) => {
    upload.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 7_300_000 }, upload.getDefaultJsonParser('error', 'error'));
    upload.setErrorHandler((err: { code?: string }) => {
      throw err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? new AppError('content.image.too.large', { max: api.BANNER_IMAGE_MAX_BYTES / (1024 * 1024) }) : err;
    });
    route(upload, api.uploadBannerImage, async (ctx) => ann.uploadImage(app, ctx.brand, g(ctx), ctx.req.ip, ctx.body.image), { rateLimit: { max: 20, timeWindow: 60_000 } });
  });
}
