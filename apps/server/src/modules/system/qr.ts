import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { system } from '@lobby/contract';
import { sendError } from '../../plugins/errors.ts';

const MAX_CACHED = 500;
const cache = new Map<string, string>();

/** The SVG of a QR code for `text`, remembered (oldest dropped first past MAX_CACHED). */
export async function qrSvg(text: string): Promise<string> {
  const hit = cache.get(text);
  if (hit) return hit;
  const svg = await QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M', color: { dark: '#0b0f1a', light: '#ffffff' } });
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
  cache.set(text, svg);
  return svg;
}

/** GET /wps/system/qr?text=…: an image, so a plain route rather than an enveloped endpoint. */
export async function qrRoute(app: FastifyInstance) {
  app.get(system.QR_IMAGE_PATH, {
    schema: { hide: true },
    config: { rateLimit: { max: app.config.RATE_LIMIT_MAX, timeWindow: app.config.RATE_LIMIT_WINDOW_MS } },
  }, async (req, reply) => {
    const text = (req.query as { text?: unknown }).text;
    if (typeof text !== 'string' || text.length === 0 || text.length > system.QR_TEXT_MAX) {
      return sendError(req, reply, 'request_param_err', undefined, { fields: ['query.text'] });
    }
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(await qrSvg(text));
  });
}
