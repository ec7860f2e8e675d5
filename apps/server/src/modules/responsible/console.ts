/**
 * Responsible gaming, the console's calls (people.view to read, people.manage to change; X-Operator-Key
 * or a console session, kernel/operator-access): a member's limits and history, set limits, a break,
 * lift a cool-off. Registered by the responsible routes (routes.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { responsible as contract } from '@lobby/contract';
import { route } from '../../lib/route.ts';
import { operatorOf } from '../../kernel/operator-access/index.ts';
import * as svc from './service.ts';

export async function responsibleConsoleRoutes(app: FastifyInstance) {
  const db = app.db;
  const op = (ctx: { req: FastifyRequest }) => {
    const a = operatorOf(ctx.req);
    return { operatorId: a.operatorId, name: a.name, ip: ctx.req.ip };
  };
  route(app, contract.opGet, async (ctx) => {
    op(ctx);
    const m = await svc.memberOf(db, ctx.brand, ctx.query.id);
    const [limits, history] = await Promise.all([svc.view(db, ctx.brand, m.id), svc.history(db, ctx.brand, m.username)]);
    return { member: { id: String(m.id), username: m.username, status: m.status }, limits, history };
  });
  route(app, contract.opSetLimits, async (ctx) => {
    const who = op(ctx);
    const { id, ...body } = ctx.body;
    const m = await svc.memberOf(db, ctx.brand, id);
    return svc.setLimits(app, ctx.brand, m.id, m.username, who, body);
  });
  route(app, contract.opSetBreak, async (ctx) => {
    const who = op(ctx);
    const m = await svc.memberOf(db, ctx.brand, ctx.body.id);
    return svc.takeBreak(app, ctx.brand, m.id, m.username, who, ctx.body);
  });
  route(app, contract.opLiftCooloff, async (ctx) => {
    const who = op(ctx);
    const m = await svc.memberOf(db, ctx.brand, ctx.body.id);
    return svc.liftCooloff(app, ctx.brand, m.id, m.username, who, ctx.body.reason);
  });
}
