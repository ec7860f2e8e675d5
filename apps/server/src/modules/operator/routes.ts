/**
 * Operator console API (issue 9), the operator's own part: login, operators and their sessions,
 * audit, dashboard and people (search, file, lock, password, sessions). Every other console page
 * is registered by the domain that owns its data, from that module's console.ts. Who may call what
 * is decided before any handler runs, by the operator access layer (kernel/operator-access: the
 * route permission table); handlers take the caller with `g(ctx)`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { operator } from '@lobby/contract';
import { loadActor, operatorOf, record, sessionToken } from '../../kernel/operator-access/index.ts';
import { route } from '../../lib/route.ts';
import { AppError } from '../../plugins/errors.ts';
import { requestBrand } from '../../plugins/merchant.ts';
import * as accounts from './accounts.ts';
import * as audit from './audit.ts';
import * as auth from './auth.ts';
import { dashboard } from './dashboard.ts';
import * as people from './people.ts';

export const operatorRoutes = fp(async (app: FastifyInstance) => {
  const db = app.db;
  const g = (ctx: { req: FastifyRequest }) => operatorOf(ctx.req);

  route(app, operator.login, async ({ brand, req, body }) => auth.login(db, brand, req, body), { rateLimit: { max: 20, timeWindow: 60_000 } });
  route(app, operator.getMe, async (ctx) => {
    const a = g(ctx);
    if (a.kind === 'service') throw new AppError('operator.not.session');
    return auth.meOf((await loadActor(db, sessionToken(ctx.req)!)).row);
  });
  route(app, operator.logout, async (ctx) => {
    if (ctx.req.operatorSessionError || !ctx.req.operatorActor) return null; // already ended: logging out again is fine
    return auth.logout(db, ctx.brand, ctx.req, ctx.req.operatorActor);
  });

  route(app, operator.listOperators, async (ctx) => accounts.list(db, g(ctx)));
  route(app, operator.createOperator, async (ctx) => accounts.create(db, ctx.brand, g(ctx), ctx.req, ctx.body));
  route(app, operator.updateOperator, async (ctx) => accounts.update(db, ctx.brand, g(ctx), ctx.req, ctx.body));
  route(app, operator.listOperatorSessions, async (ctx) => accounts.sessions(db, g(ctx)));
  route(app, operator.endOperatorSession, async (ctx) => accounts.endSession(db, ctx.brand, g(ctx), ctx.req, ctx.body.id));

  route(app, operator.listAudit, async (ctx) => {
    g(ctx);
    const { page, ...f } = ctx.query;
    return audit.list(db, ctx.brand, f, page, operator.AUDIT_PAGE_SIZE);
  });
  app.get(operator.AUDIT_CSV_PATH, { schema: { hide: true } }, async (req, reply) => {
    const brand = requestBrand(req);
    req.brand = brand;
    const a = operatorOf(req);
    const q = operator.auditQuery.safeParse(req.query);
    if (!q.success) throw new AppError('request_param_err');
    const { page: _page, ...f } = q.data;
    const text = await audit.csv(db, brand, f);
    await record(db, a, brand, req.ip, { action: 'audit.export', target: 'csv', after: f });
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="audit-${brand.code}.csv"`).send(text);
  });

  route(app, operator.dashboard, async (ctx) => (g(ctx), dashboard(db, ctx.brand)));

  route(app, operator.searchPeople, async (ctx) => (g(ctx), people.search(db, ctx.brand, ctx.query)));
  route(app, operator.personDetail, async (ctx) => (g(ctx), people.detail(db, ctx.brand, ctx.query.id)));
  route(app, operator.setPersonStatus, async (ctx) => people.setStatus(db, ctx.brand, g(ctx), ctx.req, ctx.body.id, ctx.body.status));
  route(app, operator.resetPersonPassword, async (ctx) => people.resetPassword(db, ctx.brand, g(ctx), ctx.req, ctx.body.id));
  route(app, operator.endPersonSessions, async (ctx) => people.endMemberSessions(db, ctx.brand, g(ctx), ctx.req, ctx.body.id));
});
