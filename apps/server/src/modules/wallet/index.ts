/** Member wallets: balances, transfers, statements. Other modules import this module only through this file. */
export * as walletQueries from './queries.ts';
export { parseCodeTypes } from './records.ts';
export { walletRoutes } from './routes.ts';
export { balancePush, mainBalance } from './service.ts';
