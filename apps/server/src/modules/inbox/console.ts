/**
 * The operator's inbox calls (X-Operator-Key or a console session; kernel/operator-access): send a
 * message, read the support conversations. Registered by the inbox routes (routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import { inbox } from '@lobby/contract';
import { route } from '../../lib/route.ts';
import { operatorOf } from '../../kernel/operator-access/index.ts';
import * as service from './service.ts';

export async function inboxConsoleRoutes(app: FastifyInstance) {
  route(app, inbox.operatorSend, async ({ brand, req, body }) => {
    operatorOf(req);
    return service.operatorSend(app, brand, body);
  });
  route(app, inbox.operatorSupport, async ({ brand, req, query }) => {
    operatorOf(req);
    return service.operatorSupport(app, brand, query.page);
  });
}
