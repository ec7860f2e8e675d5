import type { FastifyInstance } from 'fastify';
import { referral } from '@lobby/contract';
import { route } from '../../lib/route.ts';
import * as service from './service.ts';

/** Referral page: code and link, invitations, income. */
export async function referralRoutes(app: FastifyInstance) {
  route(app, referral.info, async ({ brand, principal }) => service.info(app, brand, principal));
  route(app, referral.invitations, async ({ brand, principal, query }) => service.invitations(app, brand, principal, query.page));
  route(app, referral.income, async ({ brand, principal, query }) => service.income(app, brand, principal, query.page));
}
