/** Agent contracts (dividend, daily, hourly and realtime wages): offers, settlement, records. Other modules import this module only through this file. */
export { contractsRoutes } from './routes.ts';
export { setTiming, settle, timing } from './settle.ts';
export { settleCpa } from './cpa.ts';
