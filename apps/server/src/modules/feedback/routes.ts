import type { FastifyInstance } from 'fastify';
import { feedback } from '@lobby/contract';
import { route } from '../../lib/route.ts';
import { feedbackConsoleRoutes } from './console.ts';
import { imageTooLarge } from './images.ts';
import { comments } from '../promotions/index.ts';
import * as service from './service.ts';
import { sendError } from '../../plugins/errors.ts';

const PER_MINUTE = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });
/** Three 5 MB images as base64 (≈ 4/3 each) plus the text: anything larger is refused unread. */
const BODY_LIMIT = Math.ceil((feedback.IMAGE_MAX_COUNT * feedback.IMAGE_MAX_BYTES * 4) / 3) + 64 * 1024;

/** Feedback form, its images and activity comments on promotions; the operator's feedback calls are in console.ts. */
export async function feedbackRoutes(app: FastifyInstance) {
  route(app, feedback.listComments, async ({ brand, req, query }) => comments.list(app, brand, req.principal, query));
  route(app, feedback.addComment, async ({ brand, principal, body }) => comments.add(app, brand, principal, body), PER_MINUTE(10));

  route(app, feedback.getSettings, async ({ brand }) => service.settingsOf(app.db, brand));
  route(app, feedback.mine, async ({ brand, principal, query }) => service.mine(app, brand, principal, query.page));
  // images travel as base64 JSON: their own scope allows the larger body
  await app.register(async (upload) => {
    upload.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, upload.getDefaultJsonParser('error', 'error'));
    upload.setErrorHandler((err: { code?: string }) => {
      throw err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? imageTooLarge() : err;
    });
    route(upload, feedback.submit, async ({ brand, principal, body }) => service.submit(app, brand, principal, body), PER_MINUTE(5));
  });
  // the image itself: its own content type, never sniffed, never run as a document
  app.get<{ Params: { file: string } }>(`${feedback.IMAGE_PATH}/:file`, { schema: { hide: true } }, async (req, reply) => {
    const img = await service.imageFile(app.db, req.params.file);
    if (!img) return sendError(req, reply, 'request.not.found');
    return reply
      .type(img.contentType)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Content-Disposition', `inline; filename="feedback.${img.contentType === 'image/png' ? 'png' : 'jpg'}"`)
      .header('Cross-Origin-Resource-Policy', 'same-site')
      .header('Referrer-Policy', 'no-referrer')
      .header('Cache-Control', 'private, max-age=86400, immutable')
      .send(img.data);
  });

  // the operator's feedback calls (console.ts)
  await feedbackConsoleRoutes(app);
}
