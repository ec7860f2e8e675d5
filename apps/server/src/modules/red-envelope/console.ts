/**
 * The operator's red-envelope call (X-Operator-Key or a console session; kernel/operator-access):
 * create a promotion envelope. Registered by the red-envelope routes (routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import { redEnvelope } from '@lobby/contract';
import { route } from '../../lib/route.ts';
import { operatorOf } from '../../kernel/operator-access/index.ts';
import * as service from './service.ts';

export async function redEnvelopeConsoleRoutes(app: FastifyInstance) {
  route(app, redEnvelope.operatorCreate, async ({ brand, req, body }) => {
    operatorOf(req);
    return service.operatorCreate(app, brand, body);
  });
}
