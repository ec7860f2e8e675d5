import type { FastifyInstance } from 'fastify';
import { member } from '@lobby/contract';
import { route } from '../../lib/route.ts';
import { callerOf } from '../session/service.ts';
import * as password from './password.ts';
import * as reg from './register.ts';
import * as service from './service.ts';

const PER_MINUTE = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

export async function memberRoutes(app: FastifyInstance) {
  // The original sends some calls form-encoded (forgot password by e-mail).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  const caller = (ctx: { brand: Parameters<typeof callerOf>[1]; req: Parameters<typeof callerOf>[2] }) => callerOf(app, ctx.brand, ctx.req);

  route(app, member.getMemberInfo, async ({ brand, principal }) => service.memberInfo(app.db, brand, principal));
  route(app, member.setLanguage, async ({ body, principal }) => service.setLanguage(app.db, principal, body.language));
  route(app, member.register, async (ctx) => reg.register(caller(ctx), ctx.body, 'username'), PER_MINUTE(20));
  route(app, member.registerMobile, async (ctx) => reg.register(caller(ctx), ctx.body, 'mobile'), PER_MINUTE(20));
  route(app, member.affiliate, async (ctx) => reg.affiliate(caller(ctx), ctx.query.code), PER_MINUTE(30));
  route(app, member.changePassword, async (ctx) => password.changePassword(caller(ctx), ctx.principal, ctx.body), PER_MINUTE(10));
  route(app, member.passwordByPhone, async (ctx) => password.passwordByPhone(caller(ctx), ctx.body), PER_MINUTE(10));
  route(app, member.passwordByEmail, async (ctx) => password.passwordByEmail(caller(ctx), ctx.body), PER_MINUTE(5));
  route(app, member.passwordByEmailReset, async (ctx) => password.passwordByEmailReset(caller(ctx), ctx.body), PER_MINUTE(10));
}
