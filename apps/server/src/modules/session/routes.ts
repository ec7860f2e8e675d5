import type { FastifyInstance } from 'fastify';
import { session } from '@lobby/contract';
import { route, type Ctx } from '../../lib/route.ts';
import { createCaptcha, setCaptchaAnswerSource } from './captcha.ts';
import * as service from './service.ts';

/** Per-IP request caps on top of the login and SMS counters of the service. */
const PER_MINUTE = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

export async function sessionRoutes(app: FastifyInstance) {
  const caller = (ctx: Pick<Ctx<never, never>, 'brand' | 'req' | 'reply'>) => service.callerOf(app, ctx.brand, ctx.req, ctx.reply);

  // Browser journeys only (CAPTCHA_TEST_ANSWER, config.ts): every captcha has that answer.
  if (app.config.CAPTCHA_TEST_ANSWER) {
    const answer = app.config.CAPTCHA_TEST_ANSWER;
    app.log.warn('CAPTCHA_TEST_ANSWER is set: every captcha has a known answer. Never on a real deployment.');
    setCaptchaAnswerSource(app.db, () => answer);
  }

  route(app, session.login, async (ctx) => service.login(caller(ctx), ctx.body, false), PER_MINUTE(60));
  route(app, session.loginAgent, async (ctx) => service.login(caller(ctx), ctx.body, true), PER_MINUTE(60));
  route(app, session.loginVerification, async (ctx) => service.completeChallenge(caller(ctx), ctx.body), PER_MINUTE(30));
  route(app, session.sendLoginVerificationCode, async (ctx) =>
    service.sendChallengeCode(caller(ctx), ctx.body.verificationToken, ctx.body.method), PER_MINUTE(10));
  route(app, session.loginFreeplay, async (ctx) => service.freeplay(caller(ctx)), PER_MINUTE(10));
  route(app, session.logout, async ({ principal }) => service.logout(app, principal));
  route(app, session.logoutPost, async ({ principal }) => service.logout(app, principal));
  route(app, session.captcha, async ({ brand }) => createCaptcha(app.db, brand.id), PER_MINUTE(60));
  route(app, session.tokenCheck, async ({ req, body }) => ({ live: await service.tokenIsLive(app, req, body.token) }), PER_MINUTE(30));
  route(app, session.smsNoLogin, async (ctx) =>
    service.sendNoLoginCode(caller(ctx), ctx.body.mobileNum, ctx.body.countryDialingCode), PER_MINUTE(30));
  route(app, session.smsRegister, async (ctx) =>
    service.sendRegisterCode(caller(ctx), ctx.body.mobileNo, ctx.body.countryDialingCode), PER_MINUTE(30));

  // Login counters for the brute-force bench and operators; not served in production.
  if (app.config.NODE_ENV !== 'production') {
    app.get('/wps/dev/auth-stats', { schema: { hide: true } }, async () => ({ success: true, value: service.deps(app).stats }));
  }
}
