import type { FastifyInstance } from 'fastify';
import { cashier } from '@lobby/contract';
import { route } from '../../lib/route.ts';
import { cashierConsoleRoutes } from './console.ts';
import * as deposit from './deposit.ts';
import * as secrets from './secrets.ts';
import * as withdraw from './withdraw.ts';

/** Deposits, withdrawals, withdrawal password and accounts (member); the operator API and the console's Finance page are in console.ts. */
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

  // the operator API and the console's Finance page (console.ts)
  await cashierConsoleRoutes(app);
}
