/** Seamless wallet: the vendor-facing bet/win/rollback API and its signing. Other modules import this module only through this file. */
export * as seamless from './seamless.ts';
export { vendorRoutes } from './routes.ts';
export { sign, vendorSecret } from './seamless.ts';
