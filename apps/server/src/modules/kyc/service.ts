/** The member's verification page, the console's decisions and the provider's webhook (checks.ts holds the states). */
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { kyc } from '@lobby/contract';
import { kycChecks, kycWebhookEvents, members } from '../../db/schema.ts';
import { record, type Actor } from '../../kernel/operator-access/index.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { requireRealAccount, type Principal } from '../../plugins/session.ts';
import { AppError } from '../../plugins/errors.ts';
import { applyDecision, checkView, levelsOf, statusDocuments, verifiedBirthDate, type Decision } from './checks.ts';
import { requirementsOf } from './gates.ts';
import { verifySignature } from './provider.ts';
import { settingsOf, webhookSecretOf } from './settings.ts';

export async function status(app: FastifyInstance, brand: Brand, p: Principal, now = new Date()): Promise<kyc.StatusView> {
  requireRealAccount(p);
  const db = app.db;
  const s = await settingsOf(db, brand.id);
  const [{ views }, documents, requirements, birthDate] = await Promise.all([
    levelsOf(db, p.member, now), statusDocuments(db, brand.id, p.member.id), requirementsOf(db, brand, p.member.id, now), verifiedBirthDate(db, p.member.id),
  ]);
  return { levels: views, documents, requirements, birthDate, minAge: s.minAge, maxBytes: kyc.DOCUMENT_MAX_BYTES };
}

async function memberOfBrand(app: FastifyInstance, brand: Brand, memberId: string) {
  const [m] = await app.db.select().from(members).where(and(eq(members.id, BigInt(memberId)), eq(members.merchantId, brand.id)));
  if (!m) throw new AppError('operator.member.not.found');
  return m;
}

export async function memberKyc(app: FastifyInstance, brand: Brand, memberId: string, now = new Date()) {
  const m = await memberOfBrand(app, brand, memberId);
  const s = await settingsOf(app.db, brand.id);
  const { views } = await levelsOf(app.db, m, now);
  const rows = await app.db.select().from(kycChecks).where(eq(kycChecks.memberId, m.id)).orderBy(desc(kycChecks.createdAt)).limit(20);
  return {
    profile: {
      id: String(m.id), username: m.username, nickname: m.nickname, realName: m.profile.payeeName ?? m.profile.realName ?? null,
      birthday: m.profile.birthday ?? null, mobile: m.mobile, email: m.email, createdAt: m.createdAt.toISOString(), status: m.status,
    },
    levels: views,
    checks: await Promise.all(rows.map((c) => checkView(app.db, s, c, m.username))),
  };
}

/** An operator's decision (people.manage), audited with the check before and after. */
export async function decide(app: FastifyInstance, brand: Brand, actor: Actor, req: FastifyRequest, body: Decision & { checkId: string }, now = new Date()) {
  const s = await settingsOf(app.db, brand.id);
  const { before, after, final } = await app.db.transaction(async (tx) =>
    applyDecision(tx, s, BigInt(body.checkId), brand.id, { operatorId: actor.operatorId, name: actor.name }, body, now));
  const action = !final ? 'kyc.approve.first' : after.status === 'verified' ? 'kyc.verify' : 'kyc.reject';
  await record(app.db, actor, brand, req.ip, { action, target: `${after.level}:${after.id}`,
    before: { status: before.status, firstApprover: before.firstApproverName }, after: { status: after.status, member: String(after.memberId), reason: after.reason, note: after.note, firstApprover: after.firstApproverName } });
  return checkView(app.db, s, after);
}

/**
 * A provider's signed decision. The signature is checked over the raw body with the brand's
 * secret; an event id seen before answers applied:false and changes nothing; a decision for a
 * check no longer pending is recorded but not applied. Audited as `provider:<name>`.
 */
export async function applyWebhook(app: FastifyInstance, brand: Brand, req: FastifyRequest & { rawBody?: string }, provider: kyc.Provider, event: kyc.WebhookEvent, now = new Date()) {
  const secret = await webhookSecretOf(app.db, brand.id);
  if (!verifySignature(secret, req.headers[kyc.SIGNATURE_HEADER] as string | undefined, req.rawBody ?? '', now.getTime())) throw new AppError('kyc.webhook.signature');
  const s = await settingsOf(app.db, brand.id);
  const result = await app.db.transaction(async (tx) => {
    const [check] = await tx.select().from(kycChecks).where(and(eq(kycChecks.providerRef, event.reference), eq(kycChecks.merchantId, brand.id), eq(kycChecks.provider, provider)));
    if (!check) throw new AppError('kyc.webhook.unknown');
    const inserted = await tx.insert(kycWebhookEvents).values({ provider, eventId: event.eventId, merchantId: brand.id, checkId: check.id, payload: event })
      .onConflictDoNothing().returning({ id: kycWebhookEvents.eventId });
    if (!inserted.length || check.status !== 'pending') return null;
    const d: Decision = event.outcome === 'approved' ? { decision: 'verify' } : { decision: 'reject', reason: event.outcome === 'more' ? 'more' : (event.reason ?? 'other') };
    return applyDecision(tx, s, check.id, brand.id, 'provider', d, now);
  });
  if (!result) return { applied: false };
  await record(app.db, { operatorId: null, name: `provider:${provider}` }, brand, req.ip, {
    action: result.after.status === 'verified' ? 'kyc.verify' : 'kyc.reject', target: `${result.after.level}:${result.after.id}`,
    before: { status: result.before.status }, after: { status: result.after.status, member: String(result.after.memberId), reason: result.after.reason, event: event.eventId },
  });
  return { applied: true };
}
