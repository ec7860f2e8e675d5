import type { FastifyInstance } from 'fastify';
import { inbox } from '@lobby/contract';
import { route } from '../../lib/route.ts';
import { operatorOf } from '../../kernel/operator-access/index.ts';
import * as service from './service.ts';

const PER_MINUTE = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

/** Inbox (messageV2) and the operator's inbox calls. */
export async function inboxRoutes(app: FastifyInstance) {
  route(app, inbox.listMessages, async ({ brand, principal, query }) => service.list(app, brand, principal, query));
  route(app, inbox.unreadCount, async ({ brand, principal }) => service.unread(app, brand, principal));
  route(app, inbox.readMessages, async ({ brand, principal, body }) => service.read(app, brand, principal, body));
  route(app, inbox.deleteMessages, async ({ brand, principal, body }) => service.remove(app, brand, principal, body));
  route(app, inbox.sendMessage, async ({ brand, principal, body }) => service.send(app, brand, principal, body), PER_MINUTE(10));

  route(app, inbox.operatorSend, async ({ brand, req, body }) => {
    operatorOf(req);
    return service.operatorSend(app, brand, body);
  });
  route(app, inbox.operatorSupport, async ({ brand, req, query }) => {
    operatorOf(req);
    return service.operatorSupport(app, brand, query.page);
  });
}
