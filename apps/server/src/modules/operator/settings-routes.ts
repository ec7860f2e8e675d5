/** Routes of the console's brand settings page (settings.manage; see settings.ts). */
import type { FastifyInstance } from 'fastify';
import { operatorSettings as S } from '@lobby/contract';
import type { ZodType } from 'zod';
import { operatorOf } from '../../kernel/operator-access/index.ts';
import { route, type Ctx } from '../../lib/route.ts';
import * as settings from '../system/console.ts';

export async function settingsRoutes(app: FastifyInstance) {
  const save = <K extends S.Section>(section: K) => async <Q extends ZodType, B extends ZodType>(ctx: Ctx<Q, B>) =>
    settings.save(app, ctx.brand, operatorOf(ctx.req), ctx.req.ip, section, ctx.body as settings.SectionBody[K]);
  route(app, S.getSettings, async (ctx) => (operatorOf(ctx.req), settings.read(app, ctx.brand)));
  route(app, S.saveModules, save('modules'));
  route(app, S.saveLanguages, save('languages'));
  route(app, S.saveRegister, save('register'));
  route(app, S.saveAccess, save('access'));
  route(app, S.saveContact, save('contact'));
  route(app, S.saveThresholds, save('thresholds'));
}
