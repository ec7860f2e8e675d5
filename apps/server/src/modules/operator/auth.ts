/** Operator login (password + TOTP), console sessions with an idle timeout, logout. */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { operator } from '@lobby/contract';
import type { Db } from '../../db/index.ts';
import { operators, operatorSessions } from '../../db/schema.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { hashToken } from '../../plugins/session.ts';
import { checkPassword } from '../../lib/passwords.ts';
import { inScope, record, ROLE_PERMISSIONS, SESSION_MAX_MS, type Actor, type OperatorRow } from '../../kernel/operator-access/index.ts';
import { enrolment, newSecret, verifyCode } from './totp.ts';

const MAX_FAILURES = 5;
const LOCK_MS = 15 * 60_000;

export const operatorView = (o: OperatorRow): operator.OperatorView => ({
  id: String(o.id), username: o.username, role: o.role, brands: o.brands ?? null, status: o.status,
  enrolled: o.totpEnrolledAt !== null, lastLoginAt: o.lastLoginAt?.toISOString() ?? null,
});

export const meOf = (o: OperatorRow): operator.Me => ({ ...operatorView(o), permissions: [...ROLE_PERMISSIONS[o.role]], idleMinutes: operator.IDLE_MINUTES });

async function failed(db: Db, o: OperatorRow | undefined, brand: Brand, ip: string, username: string, why: string, now: Date): Promise<never> {
  if (o) {
    const n = o.failedLogins + 1;
    await db.update(operators).set(n >= MAX_FAILURES ? { failedLogins: 0, lockedUntil: new Date(now.getTime() + LOCK_MS) } : { failedLogins: n })
      .where(eq(operators.id, o.id));
  }
  await record(db, { operatorId: o?.id ?? null, name: username }, brand, ip, { action: 'operator.login.failed', target: username, after: { reason: why } });
  throw new AppError(why === 'totp' ? 'operator.totp.invalid' : 'operator.login.failed');
}

/**
 * Password, then TOTP. A first login (no enrolled secret) answers `operator.totp.enrol` with the
 * otpauth QR; the next login with a valid code enrols it. A code is accepted once (its step is
 * kept); five failures lock the account for 15 minutes.
 */
export async function login(db: Db, brand: Brand, req: FastifyRequest, body: { username: string; password: string; code?: string }, now = new Date()) {
  const ip = req.ip;
  const [o] = await db.select().from(operators).where(eq(operators.usernameKey, body.username.toLowerCase()));
  const passwordOk = await checkPassword(o?.passwordHash, body.password);
  if (!o || o.status !== 'active' || (o.lockedUntil && o.lockedUntil > now)) return failed(db, o, brand, ip, body.username, 'password', now);
  if (!passwordOk) return failed(db, o, brand, ip, body.username, 'password', now);
  if (!inScope({ brands: o.brands?.map((b) => b.toLowerCase()) ?? null }, brand)) throw new AppError('operator.forbidden');

  let secret = o.totpSecret;
  if (!o.totpEnrolledAt) {
    if (!secret) {
      secret = newSecret();
      await db.update(operators).set({ totpSecret: secret }).where(eq(operators.id, o.id));
    }
    if (!body.code) throw new AppError('operator.totp.enrol', undefined, await enrolment(secret, o.username));
  } else if (!body.code) {
    throw new AppError('operator.totp.required');
  }
  const step = verifyCode(secret!, body.code, now.getTime());
  if (step === null) return failed(db, o, brand, ip, body.username, 'totp', now);
  // a code counts once: only a later step than the last accepted one moves the row
  const [won] = await db.update(operators)
    .set({ totpLastStep: step, failedLogins: 0, lockedUntil: null, lastLoginAt: now, ...(o.totpEnrolledAt ? {} : { totpEnrolledAt: now }) })
    .where(and(eq(operators.id, o.id), sql`(${operators.totpLastStep} is null or ${operators.totpLastStep} < ${step})`))
    .returning();
  if (!won) return failed(db, o, brand, ip, body.username, 'totp', now);

  const token = randomBytes(32).toString('base64url');
  const ua = String(req.headers['user-agent'] ?? '').slice(0, 300);
  await db.insert(operatorSessions).values({ tokenHash: hashToken(token), operatorId: o.id, ip, userAgent: ua, createdAt: now, lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_MAX_MS) });
  await record(db, { operatorId: o.id, name: o.username }, brand, ip, { action: o.totpEnrolledAt ? 'operator.login' : 'operator.totp.enrolled', target: o.username });
  return { token, operator: meOf(won) };
}

export async function logout(db: Db, brand: Brand, req: FastifyRequest, actor: Actor): Promise<null> {
  if (actor.sessionId) await db.update(operatorSessions).set({ revokedAt: new Date() }).where(eq(operatorSessions.id, actor.sessionId));
  await record(db, actor, brand, req.ip, { action: 'operator.logout', target: actor.name });
  return null;
}
