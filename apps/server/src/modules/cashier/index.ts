/** Cashier: deposits, withdrawals, payment password and accounts, the operator's approvals. Other modules import this module only through this file. */
export { cancelOrder, closeInTx, confirmInTx, confirmOrder, createOrder, expireOrders, rejectOrder } from './deposit.ts';
export { depositByNo, insertTurnover, savePaymentPassword, secretsOf, usernameOf } from './queries.ts';
export { cashierRoutes } from './routes.ts';
export { registerMoneyGate, type MoneyGateAction } from './gates.ts';
export { paymentPasswordState, setPaymentPassword, verifyPaymentPassword } from './secrets.ts';
export { autoReceiveAll, pay, registerPayoutHook, reject, request, returnInTx, type PayoutHook } from './withdraw.ts';
export type { DepositRow, WithdrawalRow } from './queries.ts';
