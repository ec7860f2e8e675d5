/**
 * The operator's contract calls (X-Operator-Key or a console session; kernel/operator-access): the
 * platform offers and terminates a top agent's contract. Registered by the contracts routes (routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import { contracts } from '@lobby/contract';
import { route } from '../../lib/route.ts';
import { operatorOf } from '../../kernel/operator-access/index.ts';
import * as platform from './platform.ts';

export async function agentContractsConsoleRoutes(app: FastifyInstance) {
  // platform -> top agent (operator)
  route(app, contracts.platformOffer, async ({ brand, req, body }) => {
    operatorOf(req);
    return platform.platformOffer(app.db, brand, body);
  });
  route(app, contracts.platformTerminate, async ({ brand, req, body }) => {
    operatorOf(req);
    return platform.platformTerminate(app.db, brand, body);
  });
}
