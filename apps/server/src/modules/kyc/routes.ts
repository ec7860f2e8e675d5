/**
 * The member's verification calls (status, upload, submit, device), its own documents, and the
 * provider webhook; the console's calls are in console.ts. Registering these also registers the
 * KYC gates with the cashier (money) and games (real play).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { kyc, risk } from '@lobby/contract';
import { route } from '../../lib/route.ts';
import { requestBrand } from '../../plugins/merchant.ts';
import { loadPrincipal } from '../../plugins/session.ts';
import { sendError } from '../../plugins/errors.ts';
import { registerMoneyGate } from '../cashier/index.ts';
import { registerPlayGate } from '../games/index.ts';
import { kycConsoleRoutes } from './console.ts';
import { documentFile, sendDocument, upload } from './documents.ts';
import { submit } from './checks.ts';
import { moneyGate, playGate } from './gates.ts';
import { tooLarge } from './files.ts';
import { payGate } from './review.ts';
import { recordMarks } from './risk.ts';
import * as service from './service.ts';

const PER_MINUTE = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });
/** One 8 MB document as base64 (≈ 4/3) plus the JSON around it. */
const UPLOAD_LIMIT = Math.ceil((kyc.DOCUMENT_MAX_BYTES * 4) / 3) + 16 * 1024;

export async function kycRoutes(app: FastifyInstance) {
  registerMoneyGate('kyc', async (db, brand, memberId, action, now) => {
    if (action.kind === 'pay') return payGate(db, brand, memberId, action.withdrawNo);
    return moneyGate(db, brand, memberId, action, now);
  });
  registerPlayGate('kyc', (db, brand, memberId) => playGate(db, brand, memberId));

  route(app, kyc.status, async ({ brand, principal }) => service.status(app, brand, principal));
  route(app, kyc.submit, async ({ brand, principal, body }) => submit(app, brand, principal, body), PER_MINUTE(10));
  route(app, risk.device, async ({ brand, principal, body, req }) => {
    await recordMarks(app.db, brand.id, principal.member.id, body.fingerprint, req.ip);
    return null;
  }, PER_MINUTE(30));

  // documents travel as base64 JSON: their own scope allows the larger body
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: UPLOAD_LIMIT }, scope.getDefaultJsonParser('error', 'error'));
    scope.setErrorHandler((err: { code?: string }) => {
      throw err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? tooLarge() : err;
    });
    route(scope, kyc.upload, async ({ brand, principal, body }) => upload(app, brand, principal, body), PER_MINUTE(10));
  });

  // the provider webhook: the signature covers the raw body, so the scope keeps it
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (req, body, done) => {
      (req as FastifyRequest & { rawBody?: string }).rawBody = body as string;
      try {
        done(null, JSON.parse(body as string));
      } catch (err) {
        done(Object.assign(err as Error, { statusCode: 400 }), undefined); // not JSON: request_param_err, not a 500
      }
    });
    route(scope, kyc.webhook, async ({ brand, req, body }) => service.applyWebhook(app, brand, req, 'demo', body));
  });

  // my own document (its member only)
  app.get<{ Params: { id: string } }>(`${kyc.DOCUMENT_PATH}/:id`, { schema: { hide: true } }, async (req, reply) => {
    const brand = requestBrand(req);
    req.brand = brand;
    const p = await loadPrincipal(app.db, req);
    if (!p) return sendError(req, reply, 'customer.not.login');
    const doc = await documentFile(app, brand.id, req.params.id, p.member.id);
    if (!doc) return sendError(req, reply, 'kyc.document.not.found');
    return sendDocument(reply, doc);
  });

  await kycConsoleRoutes(app);
}
