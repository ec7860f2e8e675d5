import type { FastifyInstance } from 'fastify';
import { affiliate, contracts } from '@lobby/contract';
import { statement } from './statement.ts';
import { route } from '../../lib/route.ts';
import { agentContractsConsoleRoutes } from './console.ts';
import { endContractsOnMove } from './moved.ts';
import { deps } from '../session/index.ts';
import * as records from './records.ts';
import * as service from './service.ts';

const PER_MINUTE = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

/** The contracts endpoints (packages/contract/src/contracts.ts); the operator's are in console.ts. */
export async function contractsRoutes(app: FastifyInstance) {
  deps(app).contractFlags = service.contractFlags; // the login value's flags (session asks through it)
  endContractsOnMove(); // a member moved by the console leaves its old upline's contracts
  route(app, contracts.offer, async ({ brand, principal, body }) => service.offer(app.db, brand, principal, body), PER_MINUTE(30));
  route(app, contracts.list, async ({ brand, principal, query }) => service.list(app.db, brand, principal, query));
  route(app, contracts.accept, async ({ brand, principal, body }) => service.act(app.db, brand, principal, 'accept', body), PER_MINUTE(30));
  route(app, contracts.reject, async ({ brand, principal, body }) => service.act(app.db, brand, principal, 'reject', body), PER_MINUTE(30));
  route(app, contracts.terminate, async ({ brand, principal, body }) => service.act(app.db, brand, principal, 'terminate', body), PER_MINUTE(30));
  route(app, contracts.flags, async ({ brand, principal }) => service.flags(app.db, brand, principal));
  route(app, contracts.records, async ({ brand, principal, query }) => records.records(app.db, brand, principal, query));
  route(app, contracts.income, async ({ brand, principal, query }) => records.income(app.db, brand, principal, query));
  route(app, affiliate.statement, async ({ brand, principal, query }) => statement(app.db, brand, principal, query));
  // platform -> top agent (operator): console.ts
  await agentContractsConsoleRoutes(app);
}
