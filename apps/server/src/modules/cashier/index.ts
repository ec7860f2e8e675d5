/** Cashier: deposits, withdrawals, payment password and accounts, the operator's approvals. Other modules import this module only through this file. */
export { cancelOrder, closeInTx, confirmInTx, confirmOrder, createOrder, expireOrders, rejectOrder } from './deposit.ts';
export { depositByNo, insertTurnover, savePaymentPassword, secretsOf } from './queries.ts';
export { cashierRoutes } from './routes.ts';
export { registerMoneyGate } from './gates.ts';
export { paymentPasswordState, setPaymentPassword, verifyPaymentPassword } from './secrets.ts';
export { autoReceiveAll, pay, registerPayoutHook, reject, request, returnInTx } from './withdraw.ts';
