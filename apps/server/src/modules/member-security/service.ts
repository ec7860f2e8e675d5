/**
 * Agents' powers over members (issue 18 item 2; rules in member-profile MONEY_OUT_RULES and the
 * README). Money out = withdrawals, transfers to the upline or to a downline, and binding a
 * payout account; every such call asks {@link assertMoneyOut} first.
 *
 * - `member_security.contact_required`: an agent gave the member a temporary password (it had no
 *   bound contact); money out is refused until the member binds a mobile or e-mail with a code.
 * - `member_security.hold_until`: a login from a device the member had not used, within
 *   resetWindowDays of a password reset, holds money out for the brand's moneyOutHoldHours; the
 *   member gets an inbox message with the end time.
 * - `member_proofs`: a session's proof from the bound mobile or e-mail (a code), asked before
 *   binding or replacing a contact, setting the withdrawal password and binding a payout account.
 */
import { createHash } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inbox as inboxContract, memberProfile as mp } from '@lobby/contract';
import type { Db, Tx } from '../../db/index.ts';
import { memberDevices, memberProofs, memberSecurity, members } from '../../db/schema.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { pushToMembers } from '../../kernel/live/index.ts';
import { requireRealAccount, type MemberRow, type Principal } from '../../plugins/session.ts';
import { brandTimeLabel, DAY_MS } from '../../kernel/brand-time/index.ts';
import { inboxQueries as inbox } from '../inbox/index.ts';
import { type Caller, checkSendLimits, CODE_TTL_MINUTES, codeText, consumeCode, createCode, deliver, deps, maskRecipient } from '../session/index.ts';

const { resetWindowDays, defaultHoldHours, proofMinutes } = mp.MONEY_OUT_RULES;

const holdHoursOf = (brand: Brand) => brand.config.security.moneyOutHoldHours ?? defaultHoldHours;

type SecurityRow = typeof memberSecurity.$inferSelect;

async function securityOf(db: Db | Tx, memberId: bigint): Promise<SecurityRow | undefined> {
  const [row] = await db.select().from(memberSecurity).where(eq(memberSecurity.memberId, memberId));
  return row;
}

/** Whether money can leave the member's account now. */
export async function moneyOutState(db: Db | Tx, memberId: bigint, now = new Date()): Promise<mp.MoneyOutState> {
  const s = await securityOf(db, memberId);
  if (s?.contactRequired) return { state: 'contact', until: null };
  if (s?.holdUntil && s.holdUntil > now) return { state: 'hold', until: s.holdUntil.toISOString() };
  return { state: 'ok', until: null };
}

/** Refuses money out during a block or hold: `member.money.contact.required` / `member.money.hold` (value.until). */
export async function assertMoneyOut(db: Db | Tx, brand: Brand, p: Principal, now = new Date()): Promise<void> {
  const s = await moneyOutState(db, p.member.id, now);
  if (s.state === 'contact') throw new AppError('member.money.contact.required');
  if (s.state === 'hold') throw new AppError('member.money.hold', { until: brandTimeLabel(brand, new Date(s.until!)) }, { until: s.until });
}

/**
 * A password reset happened (the agent's link or temporary password, forgot password by phone or
 * e-mail, an operator's one-time password): new-device logins in the next resetWindowDays hold
 * money out. `contactRequired` (agent's temporary password, no bound contact) blocks money out
 * until the member binds a contact.
 */
export async function markReset(db: Db | Tx, brand: Brand, memberId: bigint, by: 'agent' | 'member' | 'operator', o: { contactRequired?: boolean } = {}, now = new Date()) {
  const contact = o.contactRequired ? { contactRequired: true } : {};
  await db.insert(memberSecurity).values({ memberId, merchantId: brand.id, resetAt: now, resetBy: by, contactRequired: !!o.contactRequired, updatedAt: now })
    .onConflictDoUpdate({ target: memberSecurity.memberId, set: { resetAt: now, resetBy: by, updatedAt: now, ...contact } });
}

/** The member bound a contact of its own with a code: the temporary-password block ends. */
export async function contactVerified(db: Db | Tx, memberId: bigint) {
  await db.update(memberSecurity).set({ contactRequired: false, updatedAt: new Date() })
    .where(and(eq(memberSecurity.memberId, memberId), eq(memberSecurity.contactRequired, true)));
}

// ---- devices ---------------------------------------------------------------------------------

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

/** The stored key of a device: the SHA-256 of the known-device id the browser keeps (session/device.ts cookie). */
const deviceKeyOf = (deviceId: string) => `id:${sha(deviceId)}`;

/** Inbox text of a hold, in the member's language (ES, else EN). */
function holdMessage(brand: Brand, lang: string, until: Date) {
  const when = brandTimeLabel(brand, until);
  return lang === 'ES'
    ? {
      title: 'Retiros y transferencias retenidos',
      content: `Su cuenta inició sesión desde un dispositivo nuevo después de un restablecimiento de contraseña. Por su seguridad, los retiros y las transferencias quedan retenidos hasta el ${when}. Si no fue usted, cambie su contraseña y contacte con atención al cliente.`,
    }
    : {
      title: 'Withdrawals and transfers on hold',
      content: `Your account logged in from a new device after a password reset. For your safety, withdrawals and transfers are on hold until ${when}. If this was not you, change your password and contact customer service.`,
    };
}

/**
 * Called by every login (session openSession) with the browser's known-device id (null: a browser
 * that keeps none, always new). Records the device and, when it is new to the member within
 * resetWindowDays of a password reset, holds money out for the brand's hours from now and tells
 * the member in its inbox. The notice never fails the login.
 */
export async function noteLoginDevice(app: FastifyInstance, brand: Brand, m: MemberRow, deviceId: string | null, userAgent: string, now = new Date()): Promise<void> {
  if (m.type === brand.config.trialType) return;
  const db = app.db;
  if (deviceId) {
    const key = deviceKeyOf(deviceId);
    const [fresh] = await db.insert(memberDevices).values({ memberId: m.id, deviceHash: key, userAgent: userAgent.slice(0, 255), firstSeenAt: now, lastSeenAt: now })
      .onConflictDoNothing().returning({ h: memberDevices.deviceHash });
    if (!fresh) {
      await db.update(memberDevices).set({ lastSeenAt: now }).where(and(eq(memberDevices.memberId, m.id), eq(memberDevices.deviceHash, key)));
      return;
    }
  }
  const hours = holdHoursOf(brand);
  const s = await securityOf(db, m.id);
  if (hours <= 0 || !s?.resetAt || now.getTime() - s.resetAt.getTime() > resetWindowDays * DAY_MS) return;
  const until = new Date(now.getTime() + hours * 3_600_000);
  const wasHeld = !!s.holdUntil && s.holdUntil > now;
  const [held] = await db.update(memberSecurity)
    .set({ holdUntil: sql`greatest(coalesce(${memberSecurity.holdUntil}, ${until}), ${until})`, updatedAt: now })
    .where(eq(memberSecurity.memberId, m.id)).returning({ holdUntil: memberSecurity.holdUntil });
  if (wasHeld) return; // a longer hold, already told
  try {
    const msg = holdMessage(brand, m.language, held?.holdUntil ?? until);
    const sent = await inbox.send(db, brand.id, { senderKind: 'operator', senderId: null, ...msg }, { kind: 'member', id: m.id });
    pushToMembers(app, brand.id, sent.recipients, inboxContract.SOCKET_EVENT, { messageId: String(sent.id) });
  } catch (err) {
    app.log.warn({ err, member: String(m.id) }, 'money-out hold: inbox notice failed');
  }
}

// ---- proof from the bound contact --------------------------------------------------------------

function boundTo(m: MemberRow, channel: 'sms' | 'email'): string {
  const to = channel === 'sms' ? m.mobile : m.email;
  if (!to) throw new AppError('member.contact.unbound');
  return to;
}

async function memberNow(db: Db, id: bigint): Promise<MemberRow> {
  const [m] = await db.select().from(members).where(eq(members.id, id));
  return m;
}

/** A code to the member's bound mobile or e-mail, to prove a sensitive change. */
export async function sendProofCode(c: Caller, p: Principal, channel: 'sms' | 'email') {
  requireRealAccount(p);
  const { db } = c.app;
  const m = await memberNow(db, p.member.id);
  const to = boundTo(m, channel);
  await checkSendLimits(deps(c.app).counters, c.brand.id, to, c.ip);
  const { code } = await createCode(db, c.brand.id, { purpose: 'proof', channel, recipient: to, memberId: m.id });
  const subject = channel === 'email' ? (c.lang === 'ES' ? 'Código de verificación' : 'Verification code') : undefined;
  await deliver(c.app, c.brand, { channel, to, subject, body: codeText(c.brand, c.lang, code) });
  return { expiredMinutes: CODE_TTL_MINUTES, to: maskRecipient(to) };
}

/** Checks the proof code: this session may make the sensitive changes for proofMinutes. */
export async function verifyProof(c: Caller, p: Principal, body: { channel: 'sms' | 'email'; verificationCode: string }) {
  requireRealAccount(p);
  const { db } = c.app;
  const m = await memberNow(db, p.member.id);
  const code = await consumeCode(db, c.brand.id, 'proof', boundTo(m, body.channel), body.verificationCode);
  if (code.memberId !== m.id) throw new AppError('sms.code.invalid');
  const expiresAt = new Date(Date.now() + proofMinutes * 60_000);
  await db.insert(memberProofs).values({ sessionId: p.sessionId, memberId: m.id, channel: body.channel, expiresAt })
    .onConflictDoUpdate({ target: memberProofs.sessionId, set: { channel: body.channel, expiresAt } });
  return { proofUntil: expiresAt.toISOString() };
}

/** Until when this session's proof lasts; null when none. */
export async function proofUntil(db: Db | Tx, p: Principal, now = new Date()): Promise<Date | null> {
  const [row] = await db.select({ expiresAt: memberProofs.expiresAt }).from(memberProofs)
    .where(and(eq(memberProofs.sessionId, p.sessionId), eq(memberProofs.memberId, p.member.id), gt(memberProofs.expiresAt, now)));
  return row?.expiresAt ?? null;
}

/**
 * A member with a bound mobile or e-mail must have proved it in this session (`member.proof.required`,
 * value.channels: the masked contacts it can use); one without has nothing to prove it with.
 */
export async function requireProof(db: Db | Tx, p: Principal, m: Pick<MemberRow, 'mobile' | 'email'> = p.member): Promise<void> {
  if (!m.mobile && !m.email) return;
  if (await proofUntil(db, p)) return;
  const channels: Record<string, string> = {};
  if (m.mobile) channels.sms = maskRecipient(m.mobile);
  if (m.email) channels.email = maskRecipient(m.email);
  throw new AppError('member.proof.required', undefined, { channels });
}
