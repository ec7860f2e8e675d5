/** People of the console: search members and agents, a member's file, lock, reset, end sessions. */
import { randomInt } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, desc, eq, ilike, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { operator } from '@lobby/contract';
import type { Db } from '../../db/index.ts';
import { ledgerAccounts, members, postings, sessions } from '../../db/schema.ts';
import { AppError } from '../../plugins/errors.ts';
import { endSessionSockets } from '../../kernel/live/index.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { formatAmount } from '../../kernel/ledger/index.ts';
import { record, type Actor } from '../../kernel/operator-access/index.ts';
import { markReset } from '../member-security/index.ts';

type MemberRow = typeof members.$inferSelect;
export const PEOPLE_PAGE_SIZE = 20;

const kindOf = (brand: Brand, m: MemberRow): operator.PersonRow['kind'] =>
  m.type === brand.config.trialType ? 'trial' : brand.config.agentTypes.includes(m.type) ? 'agent' : 'member';

const balanceSql = sql<string>`coalesce((select sum(balance) from ledger_accounts a where a.member_id = "members"."id"), 0)::text`;

const row = (brand: Brand, m: MemberRow, balance: string | bigint): operator.PersonRow => ({
  id: String(m.id), username: m.username, nickname: m.nickname, kind: kindOf(brand, m), status: m.status, mobile: m.mobile,
  createdAt: m.createdAt.toISOString(), lastLoginAt: m.lastLoginAt?.toISOString() ?? null, balance: formatAmount(BigInt(balance)),
});

const escape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function search(db: Db, brand: Brand, q: { q?: string; kind: 'all' | 'member' | 'agent'; page: number }) {
  const agents = brand.config.agentTypes;
  const conds: (SQL | undefined)[] = [eq(members.merchantId, brand.id), sql`${members.type} <> ${brand.config.trialType}`];
  if (q.kind === 'agent') conds.push(agents.length ? inArray(members.type, agents) : sql`false`);
  if (q.kind === 'member' && agents.length) conds.push(notInArray(members.type, agents));
  if (q.q) {
    const like = `%${escape(q.q)}%`;
    conds.push(or(ilike(members.username, like), ilike(members.nickname, like), ilike(members.mobile, like)));
  }
  const w = and(...conds);
  const list = await db.select({ m: members, balance: balanceSql }).from(members).where(w)
    .orderBy(desc(members.id)).limit(PEOPLE_PAGE_SIZE).offset((q.page - 1) * PEOPLE_PAGE_SIZE);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(members).where(w);
  return { list: list.map((x) => row(brand, x.m, x.balance)), page: q.page, pageSize: PEOPLE_PAGE_SIZE, total: n };
}

async function memberOf(db: Db, brand: Brand, id: string): Promise<MemberRow> {
  const [m] = await db.select().from(members).where(and(eq(members.merchantId, brand.id), eq(members.id, BigInt(id))));
  if (!m) throw new AppError('operator.member.not.found');
  return m;
}

const liveSessions = (brand: Brand, memberId: bigint) => and(eq(sessions.merchantId, brand.id), eq(sessions.memberId, memberId), isNull(sessions.revokedAt),
  sql`${sessions.expiresAt} > now()`);

export async function detail(db: Db, brand: Brand, id: string) {
  const m = await memberOf(db, brand, id);
  const wallets = await db.select({ wallet: ledgerAccounts.wallet, balance: ledgerAccounts.balance }).from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.merchantId, brand.id), eq(ledgerAccounts.memberId, m.id)));
  const records = await db.select({ at: postings.createdAt, kind: postings.kind, ref: postings.idemKey,
    amount: sql<string>`coalesce((select sum(e.amount) from entries e join ledger_accounts a on a.id = e.account_id where e.posting_id = "postings"."id" and a.member_id = ${m.id}), 0)::text` })
    .from(postings).where(and(eq(postings.merchantId, brand.id), eq(postings.memberId, m.id))).orderBy(desc(postings.id)).limit(20);
  const live = await db.select().from(sessions).where(liveSessions(brand, m.id)).orderBy(desc(sessions.lastSeenAt)).limit(20);
  const [parent] = m.parentId ? await db.select({ u: members.username }).from(members).where(eq(members.id, m.parentId)) : [];
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(members).where(eq(members.parentId, m.id));
  const total = wallets.reduce((s, w) => s + w.balance, 0n);
  return {
    person: { ...row(brand, m, total), email: m.email, language: m.language, parent: parent?.u ?? null, downlines: n },
    wallets: wallets.map((w) => ({ wallet: w.wallet, balance: formatAmount(w.balance) })),
    records: records.map((r) => ({ at: r.at.toISOString(), kind: r.kind, amount: formatAmount(BigInt(r.amount)), ref: r.ref })),
    sessions: live.map((s) => ({ id: String(s.id), ip: s.ip, userAgent: s.userAgent, createdAt: s.createdAt.toISOString(), lastSeenAt: s.lastSeenAt.toISOString() })),
  };
}

/** Revokes the member's live sessions and disconnects their open pages (sockets) on every instance. */
async function endSessions(db: Db, brand: Brand, memberId: bigint, req: FastifyRequest): Promise<number> {
  const r = await db.update(sessions).set({ revokedAt: new Date() }).where(liveSessions(brand, memberId)).returning({ id: sessions.id });
  endSessionSockets(req.server, r.map((x) => x.id));
  return r.length;
}

export async function setStatus(db: Db, brand: Brand, actor: Actor, req: FastifyRequest, id: string, status: 'active' | 'locked') {
  const m = await memberOf(db, brand, id);
  const [u] = await db.update(members).set({ status }).where(eq(members.id, m.id)).returning();
  const ended = status === 'locked' ? await endSessions(db, brand, m.id, req) : 0;
  await record(db, actor, brand, req.ip, { action: status === 'locked' ? 'people.lock' : 'people.unlock', target: m.username, before: { status: m.status }, after: { status, endedSessions: ended } });
  const [b] = await db.select({ balance: balanceSql }).from(members).where(eq(members.id, m.id));
  return row(brand, u, b.balance);
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A one-time password (12 characters, letters and digits) the member must change at next login. */
export async function resetPassword(db: Db, brand: Brand, actor: Actor, req: FastifyRequest, id: string) {
  const m = await memberOf(db, brand, id);
  let pw = '';
  while (!/\d/.test(pw) || !/[A-Za-z]/.test(pw)) pw = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  await db.update(members).set({ passwordHash: await hashPassword(pw), mustChangePassword: true, passwordChangedAt: new Date() }).where(eq(members.id, m.id));
  // like an agent's reset: a login from a new device after it holds money out for the brand's hours
  await markReset(db, brand, m.id, 'operator');
  const ended = await endSessions(db, brand, m.id, req);
  await record(db, actor, brand, req.ip, { action: 'people.reset.password', target: m.username, after: { mustChangePassword: true, endedSessions: ended } });
  return { temporaryPassword: pw };
}

export async function endMemberSessions(db: Db, brand: Brand, actor: Actor, req: FastifyRequest, id: string) {
  const m = await memberOf(db, brand, id);
  const ended = await endSessions(db, brand, m.id, req);
  await record(db, actor, brand, req.ip, { action: 'people.end.sessions', target: m.username, after: { endedSessions: ended } });
  return { ended };
}
