import type { FastifyInstance } from 'fastify';
import { missions } from '@lobby/contract';
import { route } from '../../lib/route.ts';
import { missionsConsoleRoutes } from './console.ts';
import { leaderboard } from './leaderboard.ts';
import { requestContentLangOf } from '../../kernel/lang/index.ts';
import * as service from './service.ts';


/** Missions and leaderboard (§2 missionLeaderboard, §7 mission summary and leaderboard). */
export async function missionsRoutes(app: FastifyInstance) {
  route(app, missions.getSummary, async ({ brand, req, query, principal }) => service.summary(app.db, brand, principal, requestContentLangOf(req, query)));
  route(app, missions.claimMission, async ({ brand, req, body, principal }) =>
    service.claim(app, brand, principal, BigInt(body.missionId), requestContentLangOf(req)));
  route(app, missions.getLeaderboard, async ({ brand, query, principal }) => leaderboard(app.db, brand, principal, query.period));
  // the console's missions page (session with content.manage)
  await missionsConsoleRoutes(app);
}
