/**
 * Operator accounts and console sessions, managed by the owner (operators.manage, sessions.manage).
 * An operator sees and manages only operators whose brands lie inside its own, grants only a
 * role whose permissions it holds and brands it holds, and never changes its own role or brands.
 */
import type { FastifyRequest } from 'fastify';
import { and, asc, desc, eq, gt, isNull } from 'drizzle-orm';
import type { operator } from '@lobby/contract';
import type { Db } from '../../db/index.ts';
import { operators, operatorSessions } from '../../db/schema.ts';
import { allows, brandsWithin, holdsAll, IDLE_MS, record, type Actor, type OperatorRow } from '../../kernel/operator-access/index.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { operatorView } from './auth.ts';

const normBrands = (b: string[] | null) => (b === null ? null : [...new Set(b.map((x) => x.toLowerCase()))]);

/** An operator the actor may see and manage: its brands lie inside the actor's. */
const manages = (actor: Actor, o: Pick<OperatorRow, 'brands'>) => brandsWithin(o.brands, actor.brands);

/** The actor may grant `role` on `brands` (never wider than what it holds itself, never an empty list). */
function mayGrant(actor: Actor, role: operator.Role | undefined, brands: string[] | null | undefined) {
  if (role && !holdsAll(actor.permissions, role)) throw new AppError('operator.grant.forbidden');
  if (brands !== undefined && ((brands !== null && brands.length === 0) || !brandsWithin(brands, actor.brands))) throw new AppError('operator.grant.forbidden');
}

export async function list(db: Db, actor: Actor) {
  return (await db.select().from(operators).orderBy(asc(operators.id))).filter((o) => manages(actor, o)).map(operatorView);
}

export async function create(db: Db, brand: Brand, actor: Actor, req: FastifyRequest, body: { username: string; password: string; role: operator.Role; brands: string[] | null }) {
  if (!actor.operatorId) throw new AppError('operator.forbidden');
  const brands = normBrands(body.brands);
  mayGrant(actor, body.role, brands);
  const [o] = await db.insert(operators).values({ username: body.username, usernameKey: body.username.toLowerCase(), passwordHash: await hashPassword(body.password),
    role: body.role, brands }).onConflictDoNothing().returning();
  if (!o) throw new AppError('operator.exists');
  await record(db, actor, brand, req.ip, { action: 'operators.create', target: o.username, after: { role: o.role, brands: o.brands } });
  return operatorView(o);
}

export async function update(db: Db, brand: Brand, actor: Actor, req: FastifyRequest, body: { id: string; role?: operator.Role; brands?: string[] | null; status?: 'active' | 'disabled' }) {
  if (!actor.operatorId) throw new AppError('operator.forbidden');
  const [before] = await db.select().from(operators).where(eq(operators.id, BigInt(body.id)));
  if (!before || !manages(actor, before)) throw new AppError('operator.not.found');
  // an owner never changes its own role, brands or status (no self-promotion, no self-lockout)
  if (before.id === actor.operatorId && (body.role !== undefined || body.brands !== undefined || body.status !== undefined)) throw new AppError('operator.grant.forbidden');
  // the target's current role must be one the actor could grant (a narrower owner cannot demote a wider one)
  if (!holdsAll(actor.permissions, before.role)) throw new AppError('operator.grant.forbidden');
  const brands = body.brands === undefined ? undefined : normBrands(body.brands);
  mayGrant(actor, body.role, brands);
  const [o] = await db.update(operators).set({
    ...(body.role ? { role: body.role } : {}),
    ...(brands !== undefined ? { brands } : {}),
    ...(body.status ? { status: body.status } : {}),
  }).where(eq(operators.id, before.id)).returning();
  if (body.status === 'disabled' || (body.role && body.role !== before.role) || brands !== undefined) {
    await db.update(operatorSessions).set({ revokedAt: new Date() }).where(and(eq(operatorSessions.operatorId, o.id), isNull(operatorSessions.revokedAt)));
  }
  await record(db, actor, brand, req.ip, { action: 'operators.update', target: o.username,
    before: { role: before.role, brands: before.brands, status: before.status }, after: { role: o.role, brands: o.brands, status: o.status } });
  return operatorView(o);
}

/** Live console sessions: one's own, or (sessions.manage) those of every operator one manages. */
export async function sessions(db: Db, actor: Actor, now = Date.now()): Promise<operator.SessionView[]> {
  const all = allows(actor, 'sessions.manage');
  const rows = await db.select({ s: operatorSessions, name: operators.username, brands: operators.brands }).from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(and(isNull(operatorSessions.revokedAt), gt(operatorSessions.expiresAt, new Date(now)), gt(operatorSessions.lastSeenAt, new Date(now - IDLE_MS)),
      all ? undefined : eq(operatorSessions.operatorId, actor.operatorId ?? -1n)))
    .orderBy(desc(operatorSessions.lastSeenAt)).limit(200);
  return rows.filter((r) => r.s.operatorId === actor.operatorId || manages(actor, r)).map(({ s, name }) => ({ id: String(s.id), ownerId: String(s.operatorId), ownerName: name,
    ip: s.ip, userAgent: s.userAgent, createdAt: s.createdAt.toISOString(), lastSeenAt: s.lastSeenAt.toISOString(), current: s.id === actor.sessionId }));
}

export async function endSession(db: Db, brand: Brand, actor: Actor, req: FastifyRequest, id: string): Promise<null> {
  const [s] = await db.select({ s: operatorSessions, name: operators.username, brands: operators.brands }).from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId)).where(eq(operatorSessions.id, BigInt(id)));
  if (!s || (s.s.operatorId !== actor.operatorId && !(allows(actor, 'sessions.manage') && manages(actor, s)))) throw new AppError('operator.not.found');
  await db.update(operatorSessions).set({ revokedAt: new Date() }).where(and(eq(operatorSessions.id, s.s.id), isNull(operatorSessions.revokedAt)));
  await record(db, actor, brand, req.ip, { action: 'operators.end.session', target: s.name, after: { sessionId: id } });
  return null;
}
