/** Promotions, the reward centre and promotion comments. Other modules import this module only through this file. */
export * as comments from './comments.ts';
export { maskAccount } from './comments.ts';
export { promotionsRoutes } from './routes.ts';
export { availableCount } from './service.ts';
