/**
 * The operator's feedback calls (X-Operator-Key or a console session; kernel/operator-access): the
 * list, the reply and the settings. Registered by the feedback routes (routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import { feedback } from '@lobby/contract';
import { route } from '../../lib/route.ts';
import { operatorOf } from '../../kernel/operator-access/index.ts';
import * as service from './service.ts';

export async function feedbackConsoleRoutes(app: FastifyInstance) {
  route(app, feedback.operatorList, async ({ brand, req, query }) => {
    operatorOf(req);
    return service.operatorList(app, brand, query.page, query.open === 'true');
  });
  route(app, feedback.operatorReply, async ({ brand, req, body }) => {
    operatorOf(req);
    return service.reply(app, brand, body);
  });
  route(app, feedback.operatorSettings, async ({ brand, req, body }) => {
    operatorOf(req);
    return service.setSettings(app.db, brand, body);
  });
}
