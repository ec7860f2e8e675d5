import type { FastifyInstance } from 'fastify';
import { points } from '@lobby/contract';
import { route } from '../../lib/route.ts';
import { sendError } from '../../plugins/errors.ts';
import { REWARD_ART, rewardSvg, type RewardArt } from './art.ts';
import { pointsConsoleRoutes } from './console.ts';
import { requestContentLangOf } from '../../kernel/lang/index.ts';
import * as service from './service.ts';

const PER_MINUTE = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

/** Points mall (/pointMall): points, rewards, redeem, convert; the reward art (the operator's calls are in console.ts). */
export async function pointsRoutes(app: FastifyInstance) {
  const db = app.db;
  route(app, points.getSummary, async ({ brand, principal }) => service.summary(app, brand, principal));
  route(app, points.listRewards, async ({ brand, req }) => service.rewards(db, brand, req.principal, requestContentLangOf(req)));
  route(app, points.listPostings, async ({ brand, principal, query }) => service.postings(db, brand, principal, query.page));
  route(app, points.listRedemptions, async ({ brand, principal, query, req }) => service.history(db, brand, principal, query, requestContentLangOf(req)));
  route(app, points.redeem, async ({ brand, principal, body, req }) => service.redeem(app, brand, principal, body, requestContentLangOf(req)), PER_MINUTE(60));
  route(app, points.convert, async ({ brand, principal, body }) => service.convert(app, brand, principal, body), PER_MINUTE(60));

  app.get('/wps/points/art/:file', { schema: { hide: true } }, async (req, reply) => {
    const m = /^([a-z]+)\.svg$/.exec((req.params as { file: string }).file);
    if (!m || !Object.hasOwn(REWARD_ART, m[1])) return sendError(req, reply, 'request.not.found');
    return reply.type('image/svg+xml; charset=utf-8').header('cache-control', 'public, max-age=86400').send(rewardSvg(m[1] as RewardArt));
  });
  // the operator API's review and rewards, and the console's points mall page (console.ts)
  await pointsConsoleRoutes(app);
}
