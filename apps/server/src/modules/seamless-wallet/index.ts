/** Seamless wallet: the vendor-facing wallet protocols (native, Hub88), launch tokens and per-partner credentials. Other modules import this module only through this file. */
export * as seamless from './seamless.ts';
export { vendorRoutes } from './routes.ts';
export { sign } from './seamless.ts';
export { aggregatorKeys, createCredential, listCredentials, vendorSecret } from './credentials.ts';
export { openGameSession } from './game-sessions.ts';
