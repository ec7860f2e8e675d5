import type { FastifyInstance } from 'fastify';
import { vip } from '@lobby/contract';
import { route } from '../../lib/route.ts';
import { vipConsoleRoutes } from './console.ts';
import { requestLangOf } from '../../kernel/lang/index.ts';
import * as service from './service.ts';

/** VIP (§3 VIP level): the member's level, progress and level rewards. */
export async function vipRoutes(app: FastifyInstance) {
  route(app, vip.getVip, async ({ brand, principal, req }) => service.status(app.db, brand, principal, new Date(), false, requestLangOf(req)));
  route(app, vip.claimVipReward, async ({ brand, body, principal, req }) =>
    service.claimReward(app, brand, principal, body.level, new Date(), requestLangOf(req)));
  // the console changed the brand's levels: forget them on this instance (published by every instance's console)
  await app.bus.subscribe(service.LEVELS_CHANNEL, (m) => service.forgetLevels(Number(m)));
  // the console's VIP levels page (session with content.manage)
  await vipConsoleRoutes(app);
}
