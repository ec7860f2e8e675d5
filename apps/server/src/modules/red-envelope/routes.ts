import type { FastifyInstance } from 'fastify';
import { redEnvelope } from '@lobby/contract';
import { route } from '../../lib/route.ts';
import { redEnvelopeConsoleRoutes } from './console.ts';
import * as service from './service.ts';

const PER_MINUTE = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

/** Red envelopes: members see and open them, agents send them; the operator's promotion ones are in console.ts. */
export async function redEnvelopeRoutes(app: FastifyInstance) {
  route(app, redEnvelope.listAvailable, async ({ brand, principal }) => service.available(app, brand, principal));
  route(app, redEnvelope.open, async ({ brand, principal, body }) => service.open(app, brand, principal, body.id), PER_MINUTE(60));
  route(app, redEnvelope.history, async ({ brand, principal, query }) => service.history(app, brand, principal, query.page));
  route(app, redEnvelope.send, async ({ brand, principal, body }) => service.send(app, brand, principal, body), PER_MINUTE(60));
  route(app, redEnvelope.sent, async ({ brand, principal, query }) => service.sentList(app, brand, principal, query.page));
  // the operator's promotion envelopes (console.ts)
  await redEnvelopeConsoleRoutes(app);
}
