/** Operator accounts and console sessions, managed by the owner (operators.manage, sessions.manage). */
import type { FastifyRequest } from 'fastify';
import { and, asc, desc, eq, gt, isNull } from 'drizzle-orm';
import type { operator } from '@lobby/contract';
import type { Db } from '../../db/index.ts';
import { operators, operatorSessions } from '../../db/schema.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { hashPassword } from '../session/passwords.ts';
import type { Actor } from './access.ts';
import { record } from './audit.ts';
import { IDLE_MS, operatorView } from './auth.ts';
import { can } from './permissions.ts';

export async function list(db: Db) {
  return (await db.select().from(operators).orderBy(asc(operators.id))).map(operatorView);
}

const normBrands = (b: string[] | null) => (b === null ? null : [...new Set(b.map((x) => x.toLowerCase()))]);

export async function create(db: Db, brand: Brand, actor: Actor, req: FastifyRequest, body: { username: string; password: string; role: operator.Role; brands: string[] | null }) {
  const [o] = await db.insert(operators).values({ username: body.username, usernameKey: body.username.toLowerCase(), passwordHash: await hashPassword(body.password),
    role: body.role, brands: normBrands(body.brands) }).onConflictDoNothing().returning();
  if (!o) throw new AppError('operator.exists');
  await record(db, actor, brand, req.ip, { action: 'operators.create', target: o.username, after: { role: o.role, brands: o.brands } });
  return operatorView(o);
}

export async function update(db: Db, brand: Brand, actor: Actor, req: FastifyRequest, body: { id: string; role?: operator.Role; brands?: string[] | null; status?: 'active' | 'disabled' }) {
  const [before] = await db.select().from(operators).where(eq(operators.id, BigInt(body.id)));
  if (!before) throw new AppError('operator.not.found');
  // an owner cannot lock itself out of the console by demoting or disabling itself
  if (before.id === actor.operatorId && ((body.role && body.role !== 'owner') || body.status === 'disabled')) throw new AppError('operator.forbidden');
  const [o] = await db.update(operators).set({
    ...(body.role ? { role: body.role } : {}),
    ...(body.brands !== undefined ? { brands: normBrands(body.brands) } : {}),
    ...(body.status ? { status: body.status } : {}),
  }).where(eq(operators.id, before.id)).returning();
  if (body.status === 'disabled' || (body.role && body.role !== before.role)) {
    await db.update(operatorSessions).set({ revokedAt: new Date() }).where(and(eq(operatorSessions.operatorId, o.id), isNull(operatorSessions.revokedAt)));
  }
  await record(db, actor, brand, req.ip, { action: 'operators.update', target: o.username,
    before: { role: before.role, brands: before.brands, status: before.status }, after: { role: o.role, brands: o.brands, status: o.status } });
  return operatorView(o);
}

export async function sessions(db: Db, actor: Actor, now = Date.now()): Promise<operator.SessionView[]> {
  const all = can(actor.role, 'sessions.manage');
  const rows = await db.select({ s: operatorSessions, name: operators.username }).from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(and(isNull(operatorSessions.revokedAt), gt(operatorSessions.expiresAt, new Date(now)), gt(operatorSessions.lastSeenAt, new Date(now - IDLE_MS)),
      all ? undefined : eq(operatorSessions.operatorId, actor.operatorId ?? -1n)))
    .orderBy(desc(operatorSessions.lastSeenAt)).limit(200);
  return rows.map(({ s, name }) => ({ id: String(s.id), ownerId: String(s.operatorId), ownerName: name, ip: s.ip, userAgent: s.userAgent,
    createdAt: s.createdAt.toISOString(), lastSeenAt: s.lastSeenAt.toISOString(), current: s.id === actor.sessionId }));
}

export async function endSession(db: Db, brand: Brand, actor: Actor, req: FastifyRequest, id: string): Promise<null> {
  const [s] = await db.select({ s: operatorSessions, name: operators.username }).from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId)).where(eq(operatorSessions.id, BigInt(id)));
  if (!s || (s.s.operatorId !== actor.operatorId && !can(actor.role, 'sessions.manage'))) throw new AppError('operator.not.found');
  await db.update(operatorSessions).set({ revokedAt: new Date() }).where(and(eq(operatorSessions.id, s.s.id), isNull(operatorSessions.revokedAt)));
  await record(db, actor, brand, req.ip, { action: 'operators.end.session', target: s.name, after: { sessionId: id } });
  return null;
}
