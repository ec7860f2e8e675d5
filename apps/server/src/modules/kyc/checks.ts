/**
 * Verification checks: a member sends a level with its documents (pending), the provider or the
 * operators decide (verified, with an expiry, or rejected with a reason); the member's level
 * state is its latest check's (verified past its expiry reads `expired`).
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { kyc } from '@lobby/contract';
import type { Db, Tx } from '../../db/index.ts';
import { kycChecks, kycDocuments, members } from '../../db/schema.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { requireRealAccount, type Principal } from '../../plugins/session.ts';
import { AppError } from '../../plugins/errors.ts';
import { pgError } from '../../lib/pg-error.ts';
import { validBirthDate } from './age.ts';
import { documentsOf, documentView, rootOf, type DocumentRow } from './documents.ts';
import { readFile } from './files.ts';
import { providerOf } from './provider.ts';
import { settingsOf } from './settings.ts';

export type CheckRow = typeof kycChecks.$inferSelect;
type MemberContact = { id: bigint; mobile: string | null; email: string | null };

const DAY_MS = 86_400_000;
const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The latest check of each document level. */
export async function latestChecks(db: Db | Tx, memberId: bigint): Promise<Partial<Record<kyc.DocumentLevel, CheckRow>>> {
  const rows = await db.select().from(kycChecks).where(eq(kycChecks.memberId, memberId)).orderBy(desc(kycChecks.createdAt), desc(kycChecks.id));
  const out: Partial<Record<kyc.DocumentLevel, CheckRow>> = {};
  for (const r of rows) out[r.level] ??= r;
  return out;
}

export function levelOfCheck(level: kyc.DocumentLevel, c: CheckRow | undefined, now: Date): kyc.LevelView {
  if (!c) return { level, status: 'none', reason: null, note: null, verifiedAt: null, expiresAt: null };
  const expired = c.status === 'verified' && c.expiresAt !== null && c.expiresAt <= now;
  return {
    level, status: expired ? 'expired' : c.status, reason: c.status === 'rejected' ? c.reason : null,
    note: c.status === 'rejected' ? c.note : null, verifiedAt: c.status === 'verified' ? iso(c.decidedAt) : null, expiresAt: iso(c.expiresAt),
  };
}

/** Every level of a member: contact from its bound mobile and e-mail, the others from their checks. */
export async function levelsOf(db: Db | Tx, m: MemberContact, now: Date): Promise<{ views: kyc.LevelView[]; latest: Partial<Record<kyc.DocumentLevel, CheckRow>> }> {
  const latest = await latestChecks(db, m.id);
  const contact: kyc.LevelView = { level: 'contact', status: m.mobile && m.email ? 'verified' : 'none', reason: null, note: null, verifiedAt: null, expiresAt: null };
  return { views: [contact, ...kyc.DOCUMENT_LEVELS.map((l) => levelOfCheck(l, latest[l], now))], latest };
}

/** The birth date of the member's verified identity (verified once is enough for the age, even expired). */
export async function verifiedBirthDate(db: Db | Tx, memberId: bigint): Promise<string | null> {
  const [row] = await db.select({ b: kycChecks.birthDate }).from(kycChecks)
    .where(and(eq(kycChecks.memberId, memberId), eq(kycChecks.level, 'identity'), eq(kycChecks.status, 'verified')))
    .orderBy(desc(kycChecks.decidedAt)).limit(1);
  return row?.b ?? null;
}

/** The newest unsent document of each kind the level takes. */
function pickDocuments(level: kyc.DocumentLevel, docs: DocumentRow[]): { picked: DocumentRow[]; missing: kyc.DocumentKind[] } {
  const need = kyc.LEVEL_DOCUMENTS[level];
  const picked: DocumentRow[] = [];
  const missing: kyc.DocumentKind[] = [];
  for (const kind of [...need.required, ...need.optional]) {
    const d = docs.find((x) => x.kind === kind && x.status === 'new');
    if (d) picked.push(d);
    else if (need.required.includes(kind)) missing.push(kind);
  }
  return { picked, missing };
}

export async function submit(app: FastifyInstance, brand: Brand, p: Principal, body: { level: kyc.DocumentLevel; fullName?: string; birthDate?: string }, now = new Date()): Promise<kyc.LevelView> {
  requireRealAccount(p);
  const s = await settingsOf(app.db, brand.id);
  if (body.level === 'identity') {
    if (!body.fullName || !body.birthDate) throw new AppError('kyc.details.required');
    if (!validBirthDate(body.birthDate, now)) throw new AppError('kyc.birthdate.invalid');
  }
  const provider = providerOf(s.provider);
  const { check, picked } = await app.db.transaction(async (tx) => {
    const current = levelOfCheck(body.level, (await latestChecks(tx, p.member.id))[body.level], now);
    if (current.status === 'pending') throw new AppError('kyc.level.pending');
    if (current.status === 'verified') throw new AppError('kyc.level.verified');
    const { picked, missing } = pickDocuments(body.level, await documentsOf(tx, brand.id, p.member.id));
    if (missing.length) throw new AppError('kyc.documents.missing', { kinds: missing.join(', ') }, { kinds: missing });
    let row: CheckRow;
    try {
      [row] = await tx.insert(kycChecks).values({
        merchantId: brand.id, memberId: p.member.id, level: body.level, provider: provider.name,
        fullName: body.level === 'identity' ? body.fullName! : null, birthDate: body.level === 'identity' ? body.birthDate! : null, createdAt: now,
      }).returning();
    } catch (err) {
      if (pgError(err).code === '23505') throw new AppError('kyc.level.pending');
      throw err;
    }
    await tx.update(kycDocuments).set({ status: 'submitted', checkId: row.id }).where(inArray(kycDocuments.id, picked.map((d) => d.id)));
    return { check: row, picked };
  });
  const documents = await Promise.all(picked.map(async (d) => ({ kind: d.kind, contentType: d.contentType, data: (await readFile(rootOf(app), d.file)) ?? Buffer.alloc(0) })));
  const reference = await provider.submit(app, brand, {
    id: check.id, level: check.level, fullName: check.fullName, birthDate: check.birthDate, minAge: s.minAge, documents,
  });
  if (reference) await app.db.update(kycChecks).set({ providerRef: reference }).where(eq(kycChecks.id, check.id));
  return levelOfCheck(body.level, check, now);
}

export async function statusDocuments(db: Db | Tx, merchantId: number, memberId: bigint) {
  return (await documentsOf(db, merchantId, memberId)).map(documentView);
}

/** Four eyes applies to this level at this brand. */
export const needsTwo = (s: kyc.Settings, level: kyc.DocumentLevel) =>
  s.fourEyesFrom !== null && kyc.DOCUMENT_LEVELS.indexOf(level) >= kyc.DOCUMENT_LEVELS.indexOf(s.fourEyesFrom);

export async function checkView(db: Db | Tx, s: kyc.Settings, c: CheckRow, username?: string): Promise<kyc.CheckView> {
  const docs = await db.select().from(kycDocuments).where(eq(kycDocuments.checkId, c.id));
  const name = username ?? (await db.select({ u: members.username }).from(members).where(eq(members.id, c.memberId)))[0]?.u ?? '';
  return {
    id: String(c.id), memberId: String(c.memberId), username: name, level: c.level, status: c.status, provider: c.provider,
    fullName: c.fullName, birthDate: c.birthDate, reason: c.reason, note: c.note, firstApprover: c.firstApproverName, decidedBy: c.decidedBy,
    createdAt: c.createdAt.toISOString(), decidedAt: iso(c.decidedAt), expiresAt: iso(c.expiresAt), needsTwo: needsTwo(s, c.level),
    documents: docs.map(documentView),
  };
}

export interface Decider { operatorId: bigint | null; name: string }
export type Decision = { decision: 'verify' | 'reject'; reason?: kyc.Reason; note?: string };

/**
 * Applies a decision to a pending check in one transaction (the row locked). A rejection needs a
 * reason. A verification at a four-eyes level by an operator records the first approval and
 * waits for a second, different named operator; `provider` decisions stand alone.
 * Answers the row before and after (for the audit) and whether it was final.
 */
export async function applyDecision(tx: Tx, s: kyc.Settings, checkId: bigint, merchantId: number, who: Decider | 'provider', d: Decision, now: Date) {
  const [before] = await tx.select().from(kycChecks).where(and(eq(kycChecks.id, checkId), eq(kycChecks.merchantId, merchantId))).for('update');
  if (!before) throw new AppError('kyc.check.not.found');
  if (before.status !== 'pending') throw new AppError('kyc.check.decided');
  const by = who === 'provider' ? `provider:${before.provider}` : who.name;
  if (d.decision === 'reject') {
    if (!d.reason) throw new AppError('kyc.reason.required');
    const [after] = await tx.update(kycChecks).set({ status: 'rejected', reason: d.reason, note: d.note ?? null, decidedBy: by, decidedAt: now })
      .where(eq(kycChecks.id, checkId)).returning();
    await tx.update(kycDocuments).set({ status: 'rejected' }).where(eq(kycDocuments.checkId, checkId));
    return { before, after, final: true };
  }
  if (who !== 'provider' && needsTwo(s, before.level)) {
    if (who.operatorId === null) throw new AppError('kyc.approval.named');
    if (before.firstApproverId === null) {
      const [after] = await tx.update(kycChecks).set({ firstApproverId: who.operatorId, firstApproverName: who.name }).where(eq(kycChecks.id, checkId)).returning();
      return { before, after, final: false };
    }
    if (before.firstApproverId === who.operatorId) throw new AppError('kyc.approval.same');
  }
  const [after] = await tx.update(kycChecks).set({
    status: 'verified', reason: null, note: d.note ?? null, decidedBy: by, decidedAt: now, expiresAt: new Date(now.getTime() + s.expiryDays * DAY_MS),
  }).where(eq(kycChecks.id, checkId)).returning();
  await tx.update(kycDocuments).set({ status: 'verified' }).where(eq(kycDocuments.checkId, checkId));
  return { before, after, final: true };
}

export async function queue(db: Db, merchantId: number, status: 'pending' | 'verified' | 'rejected', page: number) {
  const pageSize = 20;
  const where = and(eq(kycChecks.merchantId, merchantId), eq(kycChecks.status, status));
  const rows = await db.select({ c: kycChecks, username: members.username }).from(kycChecks).innerJoin(members, eq(members.id, kycChecks.memberId))
    .where(where).orderBy(status === 'pending' ? kycChecks.createdAt : desc(kycChecks.decidedAt), kycChecks.id).limit(pageSize).offset((page - 1) * pageSize);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(kycChecks).where(where);
  const s = await settingsOf(db, merchantId);
  return { list: await Promise.all(rows.map((r) => checkView(db, s, r.c, r.username))), page, pageSize, total: n };
}
