import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/index.ts';
import { members, sessions } from '../db/schema.ts';
import { AppError } from './errors.ts';

export type MemberRow = typeof members.$inferSelect;

/** Who is calling: a member with a live session of the request's brand. */
export interface Principal {
  sessionId: bigint;
  /** How the session was opened (password, sms, register, reset, trial, verification). */
  method: string;
  member: MemberRow;
  isAgent: boolean;
  isTrial: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function tokenOf(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const t = h.startsWith('Bearer ') ? h.slice(7) : h;
  return t.trim() || undefined;
}

/** How often a session's last-seen time is written (it drives the idle timeout). */
const TOUCH_MS = 30_000;

/**
 * Reads the session of the request's token. An unknown, revoked, expired or idle token is
 * `login.not.session`; no token is `null`.
 */
export async function loadPrincipal(db: Db, req: FastifyRequest): Promise<Principal | null> {
  const token = tokenOf(req);
  if (!token) return null;
  const [row] = await db
    .select({ s: sessions, m: members })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), eq(sessions.merchantId, req.brand.id)))
    .limit(1);
  if (!row) throw new AppError('login.not.session');
  const now = Date.now();
  const { security, agentTypes, trialType } = req.brand.config;
  const idleMs = security.idleTimeoutMinutes * 60_000;
  if (row.s.expiresAt.getTime() <= now || row.s.lastSeenAt.getTime() + idleMs <= now || row.m.status !== 'active') {
    await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, row.s.id));
    throw new AppError('login.not.session');
  }
  if (now - row.s.lastSeenAt.getTime() > TOUCH_MS) {
    await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, row.s.id));
  }
  return {
    sessionId: row.s.id,
    method: row.s.method,
    member: row.m,
    isAgent: agentTypes.includes(row.m.type),
    isTrial: row.m.type === trialType,
  };
}

/**
 * For member-only actions a trial (guest) account may not take (real games, member and agent
 * centres, wallet): answers `in_need_true_account`. Use it in every domain's service.
 */
export function requireRealAccount(p: Principal): Principal {
  if (p.isTrial) throw new AppError('in_need_true_account');
  return p;
}

/** For agent-only actions: a non-agent answers `login.non.agent`. */
export function requireAgent(p: Principal): Principal {
  requireRealAccount(p);
  if (!p.isAgent) throw new AppError('login.non.agent');
  return p;
}
