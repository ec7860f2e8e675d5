import type { FastifyInstance } from 'fastify';
import { vip } from '@lobby/contract';
import { route } from '../../lib/route.ts';
import * as service from './service.ts';

/** VIP (§3 VIP level): the member's level, progress and level rewards. */
export async function vipRoutes(app: FastifyInstance) {
  route(app, vip.getVip, async ({ brand, principal }) => service.status(app.db, brand, principal));
  route(app, vip.claimVipReward, async ({ brand, body, principal }) => service.claimReward(app, brand, principal, body.level));
}
