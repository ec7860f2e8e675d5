import type { session } from '@lobby/contract';
import { AppError } from '../../plugins/errors.ts';
import { requireRealAccount, type MemberRow, type Principal } from '../../plugins/session.ts';
import { type Caller, checkSendLimits, CODE_TTL_MINUTES, consumeCode, consumeLink, createCode, deliver, deps, normalizeMobile, openSession } from '../session/index.ts';
import { and, desc, eq } from 'drizzle-orm';
import { verificationCodes } from '../../db/schema.ts';
import { checkPassword, hashPassword } from '../../lib/passwords.ts';
import { sessionQueries as sq } from '../session/index.ts';
import { checkConfirmation, checkNewPassword } from './rules.ts';
import { markReset } from '../member-security/index.ts';

/**
 * Sets a new password, revokes every session of the member and opens a fresh one. A reset (forgot
 * password, an agent's link) is recorded first: new-device logins after it hold money out.
 */
async function replacePassword(c: Caller, m: MemberRow, password: string, method: 'password' | 'reset'): Promise<session.LoginValue> {
  const { db } = deps(c.app);
  await sq.setPassword(db, m.id, await hashPassword(password));
  await sq.revokeAllSessions(db, m.id);
  if (method === 'reset') await markReset(db, c.brand, m.id, 'member');
  const fresh = await sq.memberById(db, c.brand.id, m.id);
  return openSession(c, fresh!, method);
}

function usable(c: Caller, m: MemberRow | undefined): MemberRow {
  if (!m || m.status !== 'active' || m.type === c.brand.config.trialType) throw new AppError('login.non.member');
  return m;
}

/**
 * Change password (§5): the old password unless the member has none or logged in by SMS /
 * reset; the new one by the brand's password rule; the confirmation. All sessions end and the
 * answer carries a new token so the current tab stays logged in.
 */
export async function changePassword(c: Caller, p: Principal, body: { oldPassword?: string; newPassword: string; confirmNewPassword: string }) {
  requireRealAccount(p);
  const m = p.member;
  const newPassword = checkNewPassword(c.brand, 'newPassword', body.newPassword);
  checkConfirmation(body.newPassword, body.confirmNewPassword);
  const needOld = !!m.passwordHash && p.method !== 'sms' && p.method !== 'reset';
  if (needOld) {
    if (!body.oldPassword || !(await checkPassword(m.passwordHash, body.oldPassword))) throw new AppError('password.old.invalid');
    if (body.oldPassword === newPassword) throw new AppError('password.same');
  }
  return replacePassword(c, m, newPassword, 'password');
}

/** Forgot password by phone: SMS code from /wps/verification/sms/noLogin, new password; logs in. */
export async function passwordByPhone(c: Caller, body: { mobileNum: string; countryDialingCode?: string; verificationCode: string; newPassword: string; confirmNewPassword?: string }) {
  const newPassword = checkNewPassword(c.brand, 'newPassword', body.newPassword);
  if (body.confirmNewPassword !== undefined) checkConfirmation(body.newPassword, body.confirmNewPassword);
  const mobile = normalizeMobile(c.brand, body.mobileNum, body.countryDialingCode);
  const { db } = deps(c.app);
  await consumeCode(db, c.brand.id, 'login', mobile, body.verificationCode);
  const m = usable(c, await sq.memberByMobile(db, c.brand.id, mobile));
  return replacePassword(c, m, newPassword, 'reset');
}

/**
 * Forgot password by e-mail: username and e-mail must match (the spec's message "username or
 * email does not exist" otherwise); sends a link and a code valid for CODE_TTL_MINUTES.
 */
export async function passwordByEmail(c: Caller, body: { username: string; email: string }) {
  const { db, counters } = deps(c.app);
  const m = await sq.memberByUsername(db, c.brand.id, body.username);
  if (!m || !m.email || m.email.toLowerCase() !== body.email.trim().toLowerCase() || m.status !== 'active') {
    throw new AppError('member.not.exist');
  }
  await checkSendLimits(counters, c.brand.id, m.email.toLowerCase(), c.ip);
  const { code, linkToken } = await createCode(db, c.brand.id, {
    purpose: 'reset', channel: 'email', recipient: m.email.toLowerCase(), memberId: m.id, withLink: true,
  });
  const link = `https://${c.brand.config.mainDomain}/?resetPassword=${linkToken}`;
  const es = c.lang === 'ES';
  await deliver(c.app, c.brand, {
    channel: 'email',
    to: m.email,
    subject: es ? `${c.brand.config.name}: restablecer contraseña` : `${c.brand.config.name}: reset your password`,
    body: es
      ? `Hola ${m.username}:\n\nPara elegir una nueva contraseña abra ${link}\no use el código ${code}. Caduca en ${CODE_TTL_MINUTES} minutos.\n\nSi no lo pidió, ignore este mensaje.`
      : `Hello ${m.username},\n\nTo choose a new password open ${link}\nor use the code ${code}. It expires in ${CODE_TTL_MINUTES} minutes.\n\nIf you did not ask for this, ignore this message.`,
  });
  return { messageKey: 'in_been_out' as const, expiredMinutes: CODE_TTL_MINUTES };
}

type ResetBody = { resetToken?: string; username?: string; code?: string; newPassword: string; confirmNewPassword: string };

/** A reset finished with the link token, or with username + a code that `byCode` checks; logs in. */
async function finishReset(c: Caller, body: ResetBody, byCode: (db: ReturnType<typeof deps>['db']) => Promise<bigint | null>) {
  const newPassword = checkNewPassword(c.brand, 'newPassword', body.newPassword);
  checkConfirmation(body.newPassword, body.confirmNewPassword);
  const { db } = deps(c.app);
  const memberId = body.resetToken ? (await consumeLink(db, c.brand.id, body.resetToken)).memberId : await byCode(db);
  const m = usable(c, memberId ? await sq.memberById(db, c.brand.id, memberId) : undefined);
  return replacePassword(c, m, newPassword, 'reset');
}

/** Finishes an e-mail reset with the link token, or with username + code; logs in. */
export async function passwordByEmailReset(c: Caller, body: ResetBody) {
  return finishReset(c, body, async (db) => {
    const m = body.username ? await sq.memberByUsername(db, c.brand.id, body.username) : undefined;
    if (!m?.email) throw new AppError('password.reset.invalid');
    return (await consumeCode(db, c.brand.id, 'reset', m.email.toLowerCase(), body.code)).memberId;
  });
}

/**
 * Finishes any reset sent to the member's own mobile or e-mail (forgot password by e-mail, an
 * agent's reset): the link token, or username + the code of the latest reset sent to it; logs in.
 */
export async function finishPasswordReset(c: Caller, body: ResetBody) {
  return finishReset(c, body, async (db) => {
    const m = body.username ? await sq.memberByUsername(db, c.brand.id, body.username) : undefined;
    const [last] = m ? await db.select({ recipient: verificationCodes.recipient }).from(verificationCodes)
      .where(and(eq(verificationCodes.merchantId, c.brand.id), eq(verificationCodes.purpose, 'reset'), eq(verificationCodes.memberId, m.id)))
      .orderBy(desc(verificationCodes.id)).limit(1) : [];
    if (!m || !last) throw new AppError('password.reset.invalid');
    const code = await consumeCode(db, c.brand.id, 'reset', last.recipient, body.code);
    if (code.memberId !== m.id) throw new AppError('password.reset.invalid');
    return m.id;
  });
}
