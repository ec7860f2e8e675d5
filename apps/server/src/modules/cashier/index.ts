/** Cashier: deposits, withdrawals, payment password and accounts, the operator's approvals. Other modules import this module only through this file. */
export { cancelOrder, confirmOrder, createOrder, expireOrders, rejectOrder } from './deposit.ts';
export { insertTurnover, savePaymentPassword, secretsOf } from './queries.ts';
export { cashierRoutes } from './routes.ts';
export { paymentPasswordState, setPaymentPassword, verifyPaymentPassword } from './secrets.ts';
export { autoReceiveAll, pay, reject, request } from './withdraw.ts';
