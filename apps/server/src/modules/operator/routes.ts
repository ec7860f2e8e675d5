/**
 * Operator console API (issue 9). The plugin is global (fastify-plugin): its hook reads the
 * console session of any request that carries X-Operator-Session, so `requireOperator` of the
 * older operator calls (cashier, lottery, announcements, inbox, promotions) accepts it too, and
 * every action taken on those calls with a session or the service key lands in the audit log.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodType } from 'zod';
import { cashier, operator } from '@lobby/contract';
import { route, type Ctx } from '../../lib/route.ts';
import { AppError } from '../../plugins/errors.ts';
import { requestBrand, type Brand } from '../../plugins/merchant.ts';
import * as deposit from '../cashier/deposit.ts';
import * as withdraw from '../cashier/withdraw.ts';
import { formatAmount } from '../wallet/money.ts';
import { requireOperator } from '../cashier/common.ts';
import { authorizeSession, hasSession, SERVICE_ACTOR, type Actor } from './access.ts';
import * as accounts from './accounts.ts';
import * as audit from './audit.ts';
import * as auth from './auth.ts';
import { dashboard } from './dashboard.ts';
import * as finance from './finance.ts';
import * as people from './people.ts';

/** The caller of a console call: a session with `permission`, or the service key (all permissions). */
export function guard(app: FastifyInstance, req: FastifyRequest, brand: Brand, permission: operator.Permission): Actor {
  req.operatorAudited = true;
  if (hasSession(req)) return authorizeSession(req, brand, permission);
  if (req.headers[cashier.OPERATOR_KEY_HEADER]) {
    requireOperator(app, req, brand);
    return SERVICE_ACTOR;
  }
  throw new AppError('operator.not.session');
}

const settledView = (no: string, r: { status: string; amount: string; username: string }) => ({ no, status: r.status, amount: r.amount, username: r.username });

export const operatorRoutes = fp(async (app: FastifyInstance) => {
  const db = app.db;

  // callback hooks (they run on every route): a request without an operator session costs no promise
  app.addHook('preHandler', (req, _reply, done) => {
    const token = auth.sessionToken(req);
    if (!token) return done();
    auth.loadActor(db, token).then(
      ({ actor }) => {
        req.operatorActor = actor;
        done();
      },
      (err: unknown) => {
        if (!(err instanceof AppError)) return done(err as Error);
        req.operatorSessionError = err.code;
        done();
      },
    );
  });

  // older operator calls (X-Operator-Key or a session through requireOperator): one audit row per
  // change, written before the answer leaves (onSend), so a client that saw the answer finds the row
  app.addHook('onSend', (req, reply, payload, done) => {
    const a = req.operatorActor;
    if (!a || req.operatorAudited || req.method === 'GET' || reply.statusCode >= 400) return done(null, payload);
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    const target = String(body.orderNo ?? body.withdrawNo ?? body.id ?? body.drawNo ?? body.title ?? '');
    audit.record(db, a, req.brand ?? null, req.ip, { action: `api:${req.url.split('?')[0]}`, target, after: body })
      .catch((err: unknown) => req.log.error({ err }, 'operator audit write failed'))
      .then(() => done(null, payload));
  });

  const g = <Q extends ZodType, B extends ZodType>(ctx: Ctx<Q, B>, p: operator.Permission) => guard(app, ctx.req, ctx.brand, p);

  route(app, operator.login, async ({ brand, req, body }) => {
    req.operatorAudited = true;
    return auth.login(db, brand, req, body);
  }, { rateLimit: { max: 20, timeWindow: 60_000 } });
  route(app, operator.getMe, async (ctx) => {
    const a = g(ctx, 'dashboard.view');
    if (a.kind === 'service') throw new AppError('operator.not.session');
    return auth.meOf((await auth.loadActor(db, auth.sessionToken(ctx.req)!)).row);
  });
  route(app, operator.logout, async (ctx) => {
    ctx.req.operatorAudited = true;
    if (ctx.req.operatorSessionError) return null; // already ended: logging out again is fine
    return auth.logout(db, ctx.brand, ctx.req, authorizeSession(ctx.req, ctx.brand, 'dashboard.view'));
  });

  route(app, operator.listOperators, async (ctx) => (g(ctx, 'operators.manage'), accounts.list(db)));
  route(app, operator.createOperator, async (ctx) => accounts.create(db, ctx.brand, g(ctx, 'operators.manage'), ctx.req, ctx.body));
  route(app, operator.updateOperator, async (ctx) => accounts.update(db, ctx.brand, g(ctx, 'operators.manage'), ctx.req, ctx.body));
  route(app, operator.listOperatorSessions, async (ctx) => accounts.sessions(db, g(ctx, 'dashboard.view')));
  route(app, operator.endOperatorSession, async (ctx) => accounts.endSession(db, ctx.brand, g(ctx, 'dashboard.view'), ctx.req, ctx.body.id));

  route(app, operator.listAudit, async (ctx) => {
    g(ctx, 'audit.view');
    const { page, ...f } = ctx.query;
    return audit.list(db, ctx.brand, f, page, operator.AUDIT_PAGE_SIZE);
  });
  app.get(operator.AUDIT_CSV_PATH, { schema: { hide: true } }, async (req, reply) => {
    const brand = requestBrand(req);
    req.brand = brand;
    const a = guard(app, req, brand, 'audit.view');
    const q = operator.auditQuery.safeParse(req.query);
    if (!q.success) throw new AppError('request_param_err');
    const { page: _page, ...f } = q.data;
    const text = await audit.csv(db, brand, f);
    await audit.record(db, a, brand, req.ip, { action: 'audit.export', target: 'csv', after: f });
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="audit-${brand.code}.csv"`).send(text);
  });

  route(app, operator.dashboard, async (ctx) => (g(ctx, 'dashboard.view'), dashboard(db, ctx.brand)));

  route(app, operator.financeRules, async (ctx) => {
    g(ctx, 'finance.view');
    return { dualApprovalAbove: formatAmount(await finance.dualApprovalAbove(db, ctx.brand)) };
  });
  route(app, operator.setFinanceRules, async (ctx) => finance.setDualApprovalAbove(db, ctx.brand, g(ctx, 'finance.rules'), ctx.req.ip, ctx.body.dualApprovalAbove));
  route(app, operator.confirmDeposit, async (ctx) => {
    const a = g(ctx, 'finance.deposit');
    const r = await deposit.confirmOrder(app, ctx.brand, ctx.body.orderNo, ctx.body.remark);
    await audit.record(db, a, ctx.brand, ctx.req.ip, { action: 'finance.deposit.confirm', target: r.orderNo, before: { status: 'pending' }, after: { status: r.status, amount: r.amount, member: r.username } });
    return settledView(r.orderNo, r);
  });
  route(app, operator.rejectDeposit, async (ctx) => {
    const a = g(ctx, 'finance.deposit');
    const r = await deposit.rejectOrder(db, ctx.brand, ctx.body.orderNo, ctx.body.remark);
    await audit.record(db, a, ctx.brand, ctx.req.ip, { action: 'finance.deposit.reject', target: r.orderNo, before: { status: 'pending' }, after: { status: r.status, amount: r.amount, member: r.username, remark: ctx.body.remark ?? '' } });
    return settledView(r.orderNo, r);
  });
  route(app, operator.approveWithdrawal, async (ctx) => finance.approve(app, ctx.brand, g(ctx, 'finance.withdraw'), ctx.req, ctx.body.withdrawNo, ctx.body.remark));
  route(app, operator.withdrawalApprovals, async (ctx) => (g(ctx, 'finance.view'), finance.pendingApprovals(db, ctx.brand)));
  route(app, operator.rejectWithdrawal, async (ctx) => {
    const a = g(ctx, 'finance.withdraw');
    const r = await withdraw.reject(app, ctx.brand, ctx.body.withdrawNo, ctx.body.remark);
    await audit.record(db, a, ctx.brand, ctx.req.ip, { action: 'finance.withdraw.reject', target: r.withdrawNo, before: { status: 'pending' }, after: { status: r.status, amount: r.amount, member: r.username, remark: ctx.body.remark ?? '' } });
    return settledView(r.withdrawNo, r);
  });
  route(app, operator.adjust, async (ctx) => finance.adjust(app, ctx.brand, g(ctx, 'finance.adjust'), ctx.req, ctx.body));
  route(app, operator.reconcile, async (ctx) => (g(ctx, 'finance.view'), finance.reconcile(db, ctx.brand)));

  route(app, operator.searchPeople, async (ctx) => (g(ctx, 'people.view'), people.search(db, ctx.brand, ctx.query)));
  route(app, operator.personDetail, async (ctx) => (g(ctx, 'people.view'), people.detail(db, ctx.brand, ctx.query.id)));
  route(app, operator.setPersonStatus, async (ctx) => people.setStatus(db, ctx.brand, g(ctx, 'people.manage'), ctx.req, ctx.body.id, ctx.body.status));
  route(app, operator.resetPersonPassword, async (ctx) => people.resetPassword(db, ctx.brand, g(ctx, 'people.manage'), ctx.req, ctx.body.id));
  route(app, operator.endPersonSessions, async (ctx) => people.endMemberSessions(db, ctx.brand, g(ctx, 'people.manage'), ctx.req, ctx.body.id));
  await app.register((await import('./games-routes.ts')).operatorGamesRoutes);
});
