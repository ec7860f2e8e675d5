/**
 * Responsible gaming (issue 9, item 6): the member centre's calls, the console's calls
 * (people.view to read, people.manage to change) and the cache invalidation of every instance.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { responsible as contract } from '@lobby/contract';
import { route } from '../../lib/route.ts';
import { requireRealAccount } from '../../plugins/session.ts';
import { operatorOf } from '../../kernel/operator-access/index.ts';
import * as svc from './service.ts';
import { forget } from './state.ts';

const PER_MINUTE = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

export async function responsibleRoutes(app: FastifyInstance) {
  const db = app.db;
  // a change on any instance clears the member's cached limits on every instance
  await app.bus.subscribe(svc.BUS_CHANNEL, (key) => forget(db, key));

  route(app, contract.getLimits, async ({ brand, principal }) => svc.view(db, brand, requireRealAccount(principal).member.id));
  route(app, contract.setLimits, async ({ brand, principal, body, req }) => {
    const m = requireRealAccount(principal).member;
    return svc.setLimits(app, brand, m.id, m.username, svc.memberChanger(m.username, req.ip), body);
  }, PER_MINUTE(30));
  route(app, contract.takeBreak, async ({ brand, principal, body, req }) => {
    const m = requireRealAccount(principal).member;
    return svc.takeBreak(app, brand, m.id, m.username, svc.memberChanger(m.username, req.ip), body);
  }, PER_MINUTE(10));
  route(app, contract.reality, async ({ brand, principal }) => {
    const p = requireRealAccount(principal);
    return svc.reality(db, brand, p.member.id, p.sessionId);
  });

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
