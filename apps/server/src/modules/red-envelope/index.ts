/** Red envelopes from agents to their team. Other modules import this module only through this file. */
export { redEnvelopeRoutes } from './routes.ts';
export { expire } from './service.ts';
