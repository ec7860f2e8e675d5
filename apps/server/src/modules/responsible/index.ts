/** Responsible gaming: limits, cool-off, self-exclusion and the checks other modules call. Other modules import this module only through this file. */
export { responsibleRoutes } from './routes.ts';
export { endLongSessions } from './service.ts';
export { checkDeposit, checkLogin, checkPlay } from './state.ts';
