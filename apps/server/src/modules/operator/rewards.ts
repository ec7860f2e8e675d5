/**
 * Console rewards (issue 9 item 3, permission content.manage): missions, points-mall rewards and
 * redemption review, VIP levels. Every call passes the console guard; every change is audited.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { operatorRewards as api } from '@lobby/contract';
import { operatorOf } from '../../kernel/operator-access/index.ts';
import { route } from '../../lib/route.ts';
import { langOf } from '../points/service.ts';
import * as missions from '../missions/console.ts';
import * as points from '../points/console.ts';
import * as vip from '../vip/console.ts';

export async function rewardsRoutes(app: FastifyInstance) {
  const db = app.db;
  const g = (ctx: { req: FastifyRequest }) => operatorOf(ctx.req);
  const lang = (ctx: { req: { headers: Record<string, unknown> } }) => langOf(typeof ctx.req.headers.language === 'string' ? ctx.req.headers.language : undefined);

  route(app, api.listMissions, async (ctx) => (g(ctx), missions.list(db, ctx.brand)));
  route(app, api.saveMission, async (ctx) => missions.save(db, ctx.brand, g(ctx), ctx.req.ip, ctx.body));
  route(app, api.setMissionEnabled, async (ctx) => missions.setEnabled(db, ctx.brand, g(ctx), ctx.req.ip, ctx.body.id, ctx.body.enabled));

  route(app, api.listPointRewards, async (ctx) => (g(ctx), points.list(db, ctx.brand)));
  route(app, api.savePointReward, async (ctx) => points.save(db, ctx.brand, g(ctx), ctx.req.ip, ctx.body));
  route(app, api.setPointRewardEnabled, async (ctx) => points.setEnabled(db, ctx.brand, g(ctx), ctx.req.ip, ctx.body.id, ctx.body.enabled));
  route(app, api.listRedemptions, async (ctx) => (g(ctx), points.redemptions(db, ctx.brand, ctx.query, lang(ctx))));
  route(app, api.reviewRedemption, async (ctx) => points.review(app, ctx.brand, g(ctx), ctx.req.ip, ctx.body, lang(ctx)));

  route(app, api.listVipLevels, async (ctx) => (g(ctx), vip.list(db, ctx.brand)));
  route(app, api.saveVipLevel, async (ctx) => vip.save(app, ctx.brand, g(ctx), ctx.req.ip, ctx.body));
}
