import type { FastifyInstance } from 'fastify';
import { member } from '@lobby/contract';
import { route } from '../../lib/route.ts';
import * as service from './service.ts';

export async function memberRoutes(app: FastifyInstance) {
  route(app, member.getMemberInfo, async ({ brand, principal }) => service.memberInfo(brand, principal));
  route(app, member.setLanguage, async ({ body, principal }) => service.setLanguage(app.db, principal, body.language));
}
