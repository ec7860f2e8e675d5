/**
 * Responsible gaming (issue 9, item 6): the member centre's calls and the cache invalidation of
 * every instance; the console's calls are in console.ts.
 */
import type { FastifyInstance } from 'fastify';
import { responsible as contract } from '@lobby/contract';
import { route } from '../../lib/route.ts';
import { requireRealAccount } from '../../plugins/session.ts';
import { responsibleConsoleRoutes } from './console.ts';
import * as svc from './service.ts';
import { forget } from './state.ts';

const PER_MINUTE = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

export async function responsibleRoutes(app: FastifyInstance) {
  const db = app.db;
  // a change on any instance clears the member's cached limits on every instance
  await app.bus.subscribe(svc.BUS_CHANNEL, (key) => forget(db, key));

  route(app, contract.getLimits, async ({ brand, principal }) => svc.view(db, brand, requireRealAccount(principal).member.id));
  route(app, contract.setLimits, async ({ brand, principal, body, req }) => {
    const m = requireRealAccount(principal).member;
    return svc.setLimits(app, brand, m.id, m.username, svc.memberChanger(m.username, req.ip), body);
  }, PER_MINUTE(30));
  route(app, contract.takeBreak, async ({ brand, principal, body, req }) => {
    const m = requireRealAccount(principal).member;
    return svc.takeBreak(app, brand, m.id, m.username, svc.memberChanger(m.username, req.ip), body);
  }, PER_MINUTE(10));
  route(app, contract.reality, async ({ brand, principal }) => {
    const p = requireRealAccount(principal);
    return svc.reality(db, brand, p.member.id, p.sessionId);
  });

  // the console's calls (console.ts)
  await responsibleConsoleRoutes(app);
}
