import type { FastifyInstance } from 'fastify';
import { agent } from '@lobby/contract';
import { route } from '../../lib/route.ts';
import * as service from './service.ts';

const PER_MINUTE = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

export async function agentRoutes(app: FastifyInstance) {
  route(app, agent.teamOverview, async ({ brand, principal, query }) => service.teamOverview(app.db, brand, principal, query));
  route(app, agent.downlineList, async ({ brand, principal, query }) => service.downlineList(app.db, brand, principal, query));
  route(app, agent.setAgent, async ({ brand, principal, body }) => service.setAgent(app.db, brand, principal, body), PER_MINUTE(30));
  route(app, agent.editNickname, async ({ brand, principal, body }) => service.editNickname(app.db, brand, principal, body), PER_MINUTE(60));
  route(app, agent.resetPassword, async ({ brand, principal, body }) => service.resetPassword(app.db, brand, principal, body), PER_MINUTE(30));
  route(app, agent.teamBetting, async ({ brand, principal, query }) => service.teamBetting(app.db, brand, principal, query));
}
