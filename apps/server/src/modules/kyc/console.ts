/**
 * The console's KYC and risk calls (kernel/operator-access checks the permission of each on the
 * request's brand first: route-permissions.ts). Registered by the kyc routes (routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import { kyc, risk } from '@lobby/contract';
import { route } from '../../lib/route.ts';
import { operatorOf, record } from '../../kernel/operator-access/index.ts';
import { requestBrand } from '../../plugins/merchant.ts';
import { sendError } from '../../plugins/errors.ts';
import { queue } from './checks.ts';
import { documentFile, sendDocument } from './documents.ts';
import { decideReview, memberRisk, pendingWithdrawals } from './review.ts';
import * as service from './service.ts';
import { saveSettings, settingsOf } from './settings.ts';

export async function kycConsoleRoutes(app: FastifyInstance) {
  route(app, kyc.queue, async ({ brand, req, query }) => {
    operatorOf(req);
    return queue(app.db, brand.id, query.status, query.page);
  });
  route(app, kyc.memberKyc, async ({ brand, req, query }) => {
    operatorOf(req);
    return service.memberKyc(app, brand, query.memberId);
  });
  route(app, kyc.decide, async ({ brand, req, body }) => service.decide(app, brand, operatorOf(req), req, body));
  route(app, kyc.getSettings, async ({ brand, req }) => {
    operatorOf(req);
    return settingsOf(app.db, brand.id);
  });
  route(app, kyc.saveSettings, async ({ brand, req, body }) => {
    const actor = operatorOf(req);
    const { before, after } = await saveSettings(app.db, brand.id, body);
    await record(app.db, actor, brand, req.ip, { action: 'kyc.settings', target: brand.code, before, after });
    return after;
  });
  route(app, risk.member, async ({ brand, req, query }) => {
    operatorOf(req);
    const m = await service.memberKyc(app, brand, query.memberId);
    return memberRisk(app.db, brand.id, BigInt(query.memberId), m.profile.username);
  });
  route(app, risk.withdrawals, async ({ brand, req, query }) => {
    operatorOf(req);
    return pendingWithdrawals(app.db, brand, query.review);
  });
  route(app, risk.review, async ({ brand, req, body }) => decideReview(app, brand, operatorOf(req), req.ip, body));

  // a member's document for the console (people.view on the brand, checked by the access hook)
  app.get<{ Params: { id: string } }>(`${kyc.OPS_DOCUMENT_PATH}/:id`, { schema: { hide: true } }, async (req, reply) => {
    operatorOf(req);
    const doc = await documentFile(app, requestBrand(req).id, req.params.id, null);
    if (!doc) return sendError(req, reply, 'kyc.document.not.found');
    return sendDocument(reply, doc);
  });
}
