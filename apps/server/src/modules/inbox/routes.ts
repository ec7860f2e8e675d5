import type { FastifyInstance } from 'fastify';
import { inbox } from '@lobby/contract';
import { route } from '../../lib/route.ts';
import { inboxConsoleRoutes } from './console.ts';
import * as service from './service.ts';

const PER_MINUTE = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

/** Inbox (messageV2); the operator's inbox calls are in console.ts. */
export async function inboxRoutes(app: FastifyInstance) {
  route(app, inbox.listMessages, async ({ brand, principal, query }) => service.list(app, brand, principal, query));
  route(app, inbox.unreadCount, async ({ brand, principal }) => service.unread(app, brand, principal));
  route(app, inbox.readMessages, async ({ brand, principal, body }) => service.read(app, brand, principal, body));
  route(app, inbox.deleteMessages, async ({ brand, principal, body }) => service.remove(app, brand, principal, body));
  route(app, inbox.sendMessage, async ({ brand, principal, body }) => service.send(app, brand, principal, body), PER_MINUTE(10));

  // the operator's inbox calls (console.ts)
  await inboxConsoleRoutes(app);
}
