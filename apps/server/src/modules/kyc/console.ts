/**
 * The console's KYC and risk calls (kernel/operator-access checks the permission of each on the
 * request's brand first: route-permissions.ts). Registered by the kyc routes (routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import { aml, kyc, risk } from '@lobby/contract';
import { route } from '../../lib/route.ts';
import { operatorOf, record } from '../../kernel/operator-access/index.ts';
import { requestBrand } from '../../plugins/merchant.ts';
import { AppError, sendError } from '../../plugins/errors.ts';
import * as amlReport from './aml.ts';
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

  route(app, aml.flags, async ({ brand, req, query }) => {
    operatorOf(req);
    return amlReport.list(app.db, brand.id, query);
  });
  route(app, aml.decide, async ({ brand, req, body }) => amlReport.decide(app.db, brand, operatorOf(req), req.ip, body));
  app.get(aml.CSV_PATH, { schema: { hide: true } }, async (req, reply) => {
    const brand = requestBrand(req);
    req.brand = brand;
    const actor = operatorOf(req);
    const q = aml.flagQuery.safeParse(req.query);
    if (!q.success) throw new AppError('request_param_err');
    const text = await amlReport.csv(app.db, brand.id, q.data);
    await record(app.db, actor, brand, req.ip, { action: 'aml.export', target: 'csv', after: { status: q.data.status, from: q.data.from ?? null, to: q.data.to ?? null } });
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="aml-${brand.code}.csv"`).send(text);
  });

  // a member's document for the console (people.view on the brand, checked by the access hook)
  app.get<{ Params: { id: string } }>(`${kyc.OPS_DOCUMENT_PATH}/:id`, { schema: { hide: true } }, async (req, reply) => {
    operatorOf(req);
    const doc = await documentFile(app, requestBrand(req).id, req.params.id, null);
    if (!doc) return sendError(req, reply, 'kyc.document.not.found');
    return sendDocument(reply, doc);
  });
}
