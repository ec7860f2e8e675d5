import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { loginChallenges, memberIps, members, sessions } from '../../db/schema.ts';
import type { MemberRow } from '../../plugins/session.ts';
import { memberAccount } from '../../kernel/ledger/index.ts';

export type NewMember = typeof members.$inferInsert;

export async function memberByUsername(db: Db, merchantId: number, username: string): Promise<MemberRow | undefined> {
  const [m] = await db.select().from(members)
    .where(and(eq(members.merchantId, merchantId), eq(members.usernameKey, username.trim().toLowerCase()))).limit(1);
  return m;
}

export async function memberByMobile(db: Db, merchantId: number, mobile: string): Promise<MemberRow | undefined> {
  const [m] = await db.select().from(members).where(and(eq(members.merchantId, merchantId), eq(members.mobile, mobile))).limit(1);
  return m;
}

export async function memberById(db: Db, merchantId: number, id: bigint): Promise<MemberRow | undefined> {
  const [m] = await db.select().from(members).where(and(eq(members.merchantId, merchantId), eq(members.id, id))).limit(1);
  return m;
}

export async function memberByReferralCode(db: Db, merchantId: number, code: string): Promise<MemberRow | undefined> {
  const [m] = await db.select().from(members)
    .where(and(eq(members.merchantId, merchantId), eq(members.referralCode, code.trim().toUpperCase()))).limit(1);
  return m;
}

/**
 * Inserts a member with its main wallet account; a taken username or mobile answers null
 * (unique indexes decide). The account made here, not on first use inside a money transaction
 * (which would hold the new key locked to its end, where two can wait on each other).
 */
export async function insertMember(db: Db, m: NewMember): Promise<MemberRow | null> {
  const [row] = await db.insert(members).values(m).onConflictDoNothing().returning();
  if (!row) return null;
  await memberAccount(db, row.merchantId, row.id);
  return row;
}

export async function insertSession(db: Db, s: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(s);
}

/** Last login time and IP on the member, and the IP in the member's known addresses. */
export async function recordLogin(db: Db, memberId: bigint, ip: string, at: Date): Promise<void> {
  await db.update(members).set({ lastLoginAt: at, lastLoginIp: ip }).where(eq(members.id, memberId));
  await db.insert(memberIps).values({ memberId, ip, firstSeenAt: at, lastSeenAt: at })
    .onConflictDoUpdate({ target: [memberIps.memberId, memberIps.ip], set: { lastSeenAt: at } });
}

/** Whether the member has logged in before, and from this IP. */
export async function ipHistory(db: Db, memberId: bigint, ip: string): Promise<{ any: boolean; known: boolean }> {
  const [r] = await db.select({
    any: sql<number>`count(*)::int`,
    known: sql<number>`count(*) filter (where ${memberIps.ip} = ${ip})::int`,
  }).from(memberIps).where(eq(memberIps.memberId, memberId));
  return { any: (r?.any ?? 0) > 0, known: (r?.known ?? 0) > 0 };
}

export async function revokeSession(db: Db, sessionId: bigint): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: Db, memberId: bigint): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.memberId, memberId), isNull(sessions.revokedAt)));
}

export async function setPassword(db: Db, memberId: bigint, passwordHash: string): Promise<void> {
  await db.update(members).set({ passwordHash, passwordChangedAt: new Date(), mustChangePassword: false }).where(eq(members.id, memberId));
}

/** The member must change its password before its password sessions can do anything else. */
export async function setMustChangePassword(db: Db, memberId: bigint): Promise<void> {
  await db.update(members).set({ mustChangePassword: true }).where(eq(members.id, memberId));
}

export type ChallengeRow = typeof loginChallenges.$inferSelect;

export async function insertChallenge(db: Db, c: typeof loginChallenges.$inferInsert): Promise<void> {
  await db.insert(loginChallenges).values(c);
}

export async function challengeByHash(db: Db, merchantId: number, tokenHash: string): Promise<ChallengeRow | undefined> {
  const [c] = await db.select().from(loginChallenges)
    .where(and(eq(loginChallenges.tokenHash, tokenHash), eq(loginChallenges.merchantId, merchantId))).limit(1);
  return c;
}

export async function challengeFailed(db: Db, tokenHash: string): Promise<void> {
  await db.update(loginChallenges).set({ attempts: sql`${loginChallenges.attempts} + 1` }).where(eq(loginChallenges.tokenHash, tokenHash));
}

/** Marks a challenge used; false when another request used it first. */
export async function useChallenge(db: Db, tokenHash: string): Promise<boolean> {
  const rows = await db.update(loginChallenges).set({ usedAt: new Date() })
    .where(and(eq(loginChallenges.tokenHash, tokenHash), isNull(loginChallenges.usedAt))).returning({ t: loginChallenges.tokenHash });
  return rows.length > 0;
}
