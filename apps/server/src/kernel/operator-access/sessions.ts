/** Console sessions: the token header, and the live session (idle timeout, expiry) of a token. */
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { operator } from '@lobby/contract';
import type { Db } from '../../db/index.ts';
import { operators, operatorSessions } from '../../db/schema.ts';
import { AppError } from '../../plugins/errors.ts';
import { hashToken } from '../../plugins/session.ts';
import { operatorActor, type Actor } from './actor.ts';

export type OperatorRow = typeof operators.$inferSelect;

export const IDLE_MS = operator.IDLE_MINUTES * 60_000;
export const SESSION_MAX_MS = 12 * 3_600_000;
const TOUCH_MS = 30_000;

const headerOf = (req: FastifyRequest, name: string) => {
  const h = req.headers[name];
  return (Array.isArray(h) ? h[0] : h)?.trim() || undefined;
};
export const sessionToken = (req: FastifyRequest) => headerOf(req, operator.SESSION_HEADER);
export const keyOf = (req: FastifyRequest) => headerOf(req, 'x-operator-key');

/** The live session of a token: unknown, revoked, expired, idle or disabled → operator.not.session. */
export async function loadActor(db: Db, token: string, now = Date.now()): Promise<{ actor: Actor; row: OperatorRow }> {
  const [r] = await db.select({ s: operatorSessions, o: operators }).from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(and(eq(operatorSessions.tokenHash, hashToken(token)), isNull(operatorSessions.revokedAt)));
  if (!r) throw new AppError('operator.not.session');
  if (r.s.expiresAt.getTime() <= now || r.s.lastSeenAt.getTime() + IDLE_MS <= now || r.o.status !== 'active') {
    await db.update(operatorSessions).set({ revokedAt: new Date(now) }).where(eq(operatorSessions.id, r.s.id));
    throw new AppError('operator.not.session');
  }
  if (now - r.s.lastSeenAt.getTime() > TOUCH_MS) await db.update(operatorSessions).set({ lastSeenAt: new Date(now) }).where(eq(operatorSessions.id, r.s.id));
  return { actor: operatorActor(r.o, r.s.id), row: r.o };
}
