import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { member as memberApi, session as sessionApi } from '@lobby/contract';
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

/**
 * What a password session of a member who must change its password may call (issue 18: the
 * forced change is the server's, not only the popup's): read member info (the change screen needs
 * it), change the password, log out. Everything else answers `password.change.required`.
 */
const WHILE_CHANGE_REQUIRED = new Set(
  [memberApi.getMemberInfo, memberApi.changePassword, sessionApi.logout, sessionApi.logoutPost].map((e) => `${e.method} ${e.path}`),
);
/** Sessions opened with the password (SMS and reset sessions proved the member's own contact). */
const PASSWORD_METHODS = new Set(['password', 'verification']);

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
  // The socket handshake has no route: it only receives pushes (balance, inbox), like member info.
  const route = req.routeOptions?.url;
  if (row.m.mustChangePassword && PASSWORD_METHODS.has(row.s.method) && route !== undefined && !WHILE_CHANGE_REQUIRED.has(`${req.method} ${route}`)) {
    throw new AppError('password.change.required');
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
