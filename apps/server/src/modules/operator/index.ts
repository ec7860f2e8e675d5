/** Operator console: sessions, accounts, audit, dashboard and people. Other modules import this module only through this file. */
export { operatorRoutes } from './routes.ts';
export { seedOperators } from './seed.ts';
