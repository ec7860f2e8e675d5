import type { FastifyInstance } from 'fastify';
import { member, memberProfile } from '@lobby/contract';
import { route } from '../../lib/route.ts';
import { callerOf, deps } from '../session/index.ts';
import * as password from './password.ts';
import * as profile from './profile.ts';
import * as reg from './register.ts';
import * as security from '../member-security/index.ts';
import * as service from './service.ts';
import { sendError } from '../../plugins/errors.ts';

const PER_MINUTE = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

export async function memberRoutes(app: FastifyInstance) {
  // The original sends some calls form-encoded (forgot password by e-mail).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  // a device new to the member after a password reset holds money out (member-security)
  deps(app).loginHooks.push((c, m, deviceId, now) => security.noteLoginDevice(app, c.brand, m, deviceId, c.userAgent, now));
  const caller = (ctx: { brand: Parameters<typeof callerOf>[1]; req: Parameters<typeof callerOf>[2]; reply?: Parameters<typeof callerOf>[3] }) => callerOf(app, ctx.brand, ctx.req, ctx.reply);

  route(app, member.getMemberInfo, async ({ brand, principal }) => service.memberInfo(app.db, brand, principal));
  route(app, member.setLanguage, async ({ body, principal }) => service.setLanguage(app.db, principal, body.language));
  route(app, member.register, async (ctx) => reg.register(caller(ctx), ctx.body, 'username'), PER_MINUTE(20));
  route(app, member.registerMobile, async (ctx) => reg.register(caller(ctx), ctx.body, 'mobile'), PER_MINUTE(20));
  route(app, member.affiliate, async (ctx) => reg.affiliate(caller(ctx), ctx.query.code), PER_MINUTE(30));
  route(app, member.changePassword, async (ctx) => password.changePassword(caller(ctx), ctx.principal, ctx.body), PER_MINUTE(10));
  route(app, member.passwordByPhone, async (ctx) => password.passwordByPhone(caller(ctx), ctx.body), PER_MINUTE(10));
  route(app, member.passwordByEmail, async (ctx) => password.passwordByEmail(caller(ctx), ctx.body), PER_MINUTE(5));
  route(app, member.passwordByEmailReset, async (ctx) => password.passwordByEmailReset(caller(ctx), ctx.body), PER_MINUTE(10));
  route(app, member.finishPasswordReset, async (ctx) => password.finishPasswordReset(caller(ctx), ctx.body), PER_MINUTE(10));

  // security centre
  route(app, memberProfile.getProfile, async ({ brand, principal }) => profile.profileView(app.db, brand, principal));
  route(app, memberProfile.updateProfile, async ({ brand, principal, body }) => profile.updateProfile(app.db, brand, principal, body), PER_MINUTE(30));
  route(app, memberProfile.sendBindCode, async (ctx) => profile.sendBindCode(caller(ctx), ctx.principal, ctx.body), PER_MINUTE(10));
  route(app, memberProfile.bindContact, async (ctx) => profile.bindContact(caller(ctx), ctx.principal, ctx.body), PER_MINUTE(10));
  route(app, memberProfile.sendPaymentResetCode, async (ctx) => profile.sendPaymentResetCode(caller(ctx), ctx.principal, ctx.body.channel), PER_MINUTE(10));
  route(app, memberProfile.resetPaymentPassword, async (ctx) => profile.resetPaymentPassword(caller(ctx), ctx.principal, ctx.body), PER_MINUTE(10));
  route(app, memberProfile.sendProofCode, async (ctx) => security.sendProofCode(caller(ctx), ctx.principal, ctx.body.channel), PER_MINUTE(10));
  route(app, memberProfile.verifyProof, async (ctx) => security.verifyProof(caller(ctx), ctx.principal, ctx.body), PER_MINUTE(10));
  // the avatar travels as base64 JSON: its own scope allows the larger body (5 MB file ≈ 6.7 MB)
  await app.register(async (icon) => {
    icon.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 8 * 1024 * 1024 }, icon.getDefaultJsonParser('error', 'error'));
    icon.setErrorHandler((err: { code?: string }) => {
      throw err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? profile.avatarTooLarge() : err;
    });
    route(icon, memberProfile.uploadIcon, async ({ brand, principal, body }) => profile.uploadIcon(app.db, brand, principal, body.image), PER_MINUTE(10));
  });
  // the image itself: its own content type, never sniffed, never run as a document
  app.get<{ Params: { file: string } }>('/wps/member/icon/:file', { schema: { hide: true } }, async (req, reply) => {
    const img = await profile.avatarFile(app.db, req.params.file);
    if (!img) return sendError(req, reply, 'request.not.found');
    return reply
      .type(img.contentType)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Content-Disposition', `inline; filename="avatar.${img.contentType === 'image/png' ? 'png' : 'jpg'}"`)
      .header('Cross-Origin-Resource-Policy', 'same-site')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(img.data);
  });
}
