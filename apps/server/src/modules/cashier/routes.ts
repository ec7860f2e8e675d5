import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cashier } from '@lobby/contract';
import { route } from '../../lib/route.ts';
import { operatorOf } from '../../kernel/operator-access/index.ts';
import { AppError } from '../../plugins/errors.ts';
import * as approvals from './approvals.ts';
import { cashierConsoleRoutes } from './console.ts';
import * as deposit from './deposit.ts';
import * as secrets from './secrets.ts';
import * as withdraw from './withdraw.ts';

/** Deposits, withdrawals, withdrawal password and accounts (member), the operator API and the console's Finance page. */
export async function cashierRoutes(app: FastifyInstance) {
  const db = app.db;
  route(app, cashier.getDepositMethods, async ({ brand, principal }) => deposit.depositMethods(brand, principal));
  route(app, cashier.createDepositOrder, async ({ brand, principal, body }) => deposit.createOrder(db, brand, principal, body));
  route(app, cashier.listDepositOrders, async ({ brand, principal, query }) => deposit.listOrders(db, brand, principal, query));
  route(app, cashier.cancelDepositOrder, async ({ brand, principal, body }) => deposit.cancelOrder(db, brand, principal, body.orderNo));

  route(app, cashier.getPaymentPassword, async ({ principal }) => secrets.paymentPasswordState(db, principal));
  route(app, cashier.setPaymentPassword, async ({ principal, body }) => secrets.setPaymentPassword(db, principal, body));

  route(app, cashier.listWithdrawAccounts, async ({ brand, principal }) => secrets.listAccounts(db, brand, principal));
  route(app, cashier.bindWithdrawAccount, async ({ brand, principal, body }) => secrets.bindAccount(db, brand, principal, body));
  route(app, cashier.getWithdrawSettings, async ({ brand, principal }) => withdraw.settings(db, brand, principal));
  route(app, cashier.requestWithdrawal, async ({ brand, principal, body }) => withdraw.request(app, brand, principal, body));
  route(app, cashier.listWithdrawals, async ({ brand, principal, query }) => withdraw.list(db, brand, principal, query));
  route(app, cashier.confirmWithdrawal, async ({ brand, principal, body }) => withdraw.confirm(db, brand, principal, body));

  // operator API (X-Operator-Key or a console session; kernel/operator-access), brand from the Merchant header
  const op = (ctx: { req: FastifyRequest }) => operatorOf(ctx.req);
  route(app, cashier.operatorListDeposits, async (ctx) => (op(ctx), deposit.operatorList(db, ctx.brand, ctx.query)));
  route(app, cashier.operatorConfirmDeposit, async (ctx) => (op(ctx), deposit.confirmOrder(app, ctx.brand, ctx.body.orderNo, ctx.body.remark)));
  route(app, cashier.operatorRejectDeposit, async (ctx) => (op(ctx), deposit.rejectOrder(db, ctx.brand, ctx.body.orderNo, ctx.body.remark)));
  route(app, cashier.operatorListWithdrawals, async (ctx) => (op(ctx), withdraw.operatorList(db, ctx.brand, ctx.query)));
  // the two-operator rule holds here as in the console: above the brand's amount a first approval
  // is kept and answered operator.approval.second; a withdrawal no longer pending answers its outcome
  route(app, cashier.operatorPayWithdrawal, async (ctx) => {
    const { withdrawNo, remark } = ctx.body;
    const r = await approvals.approve(app, ctx.brand, op(ctx), ctx.req, withdrawNo, remark).catch((err: unknown) => {
      if (err instanceof AppError && err.code === 'cashier.withdraw.state') return null;
      throw err;
    });
    if (r?.status === 'awaiting_second') throw new AppError('operator.approval.second');
    return withdraw.pay(app, ctx.brand, withdrawNo, remark);
  });
  route(app, cashier.operatorRejectWithdrawal, async (ctx) => (op(ctx), withdraw.reject(app, ctx.brand, ctx.body.withdrawNo, ctx.body.remark)));

  // the console's Finance page (session with finance.* permissions)
  await cashierConsoleRoutes(app);
}
