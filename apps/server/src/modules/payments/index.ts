/** Payments through providers (issue 22): checkout, webhooks, payouts, console and reconciliation. Other modules import this module only through this file. */
export { demoPaymentsOn, paymentsRoutes } from './routes.ts';
