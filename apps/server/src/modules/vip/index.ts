/** VIP levels and rewards. Other modules import this module only through this file. */
export { vipRoutes } from './routes.ts';
export { vipInfo } from './service.ts';
