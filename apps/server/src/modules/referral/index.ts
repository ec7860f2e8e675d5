/** Referral rewards. Other modules import this module only through this file. */
export { referralRoutes } from './routes.ts';
export { settleRecent } from './service.ts';
