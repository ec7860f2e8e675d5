/**
 * Security centre (§2, §3, §5, §7): profile fields with the brand's rules (real name, birthday and
 * bank account are fixed once set), binding the mobile or e-mail with a code (codes of the session
 * domain), the avatar, the previous login and the security level. Trial accounts are refused
 * (`in_need_true_account`).
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, ne } from 'drizzle-orm';
import { cashier, memberProfile as mp, type FieldRule, type memberProfile } from '@lobby/contract';
import type { Db, Tx } from '../../db/index.ts';
import { memberAvatars, members, sessions } from '../../db/schema.ts';
import { countryOf } from '../../lib/geo.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { requireRealAccount, type MemberRow, type Principal } from '../../plugins/session.ts';
import { paymentPasswordState, savePaymentPassword, secretsOf } from '../cashier/index.ts';
import { type Caller, checkSendLimits, CODE_TTL_MINUTES, codeText, consumeCode, createCode, deliver, deps, maskRecipient, normalizeMobile } from '../session/index.ts';
import { checkPassword, hashPassword } from '../../lib/passwords.ts';
import { cleanImage, decodeUpload, tooLarge } from '../../lib/images.ts';
import { contactVerified, moneyOutState, proofUntil, requireProof } from '../member-security/index.ts';
import { checkBirthday, checkField, checkValue, fieldFail } from './rules.ts';

type Field = memberProfile.ProfileField;
type Rule = memberProfile.SecurityProfile['rules'][Field];

const rule = (acceptedPattern: string, minLength: number, maxLength: number, patternId: string): Rule =>
  ({ acceptedPattern, minLength, maxLength, patternId });

/** Default rules; the brand's register rules win for the fields registration also asks (payeeName, birthday). */
const TEXT = '^[^<>\\p{Cc}]+$';
export const DEFAULT_RULES: Record<Field, Rule> = {
  nickname: rule(TEXT, 2, 20, 'length'),
  realName: rule("^[\\p{L} .'-]+$", 2, 40, 'english_spaces'),
  telegram: rule('^@?[A-Za-z0-9_]+$', 5, 33, 'no_spaces'),
  zalo: rule('^[0-9]+$', 9, 12, 'digits_only'),
  birthday: rule('^\\d{4}-\\d{2}-\\d{2}$', 10, 10, 'date_ymd'),
  address: rule(TEXT, 5, 120, 'length'),
  nationality: rule('^[A-Z]{2}$', 2, 2, 'uppercase'),
  occupation: rule(TEXT, 2, 40, 'length'),
  sourceOfIncome: rule(`^(${mp.INCOME_SOURCES.join('|')})$`, 1, 20, 'any'),
  bankAccount: rule('^[0-9]+$', 8, 30, 'digits_only'),
};
/** Register field a profile field shares its rule and stored value with. */
const REGISTER_NAME: Partial<Record<Field, string>> = { realName: 'payeeName', birthday: 'birthday' };
/** Key in members.profile (payeeName is where registration and withdrawals keep the real name). */
const storeKey = (f: Field) => (f === 'realName' ? 'payeeName' : f);

export function rulesOf(brand: Brand): Record<Field, Rule> {
  const out = { ...DEFAULT_RULES };
  for (const [f, reg] of Object.entries(REGISTER_NAME) as Array<[Field, string]>) {
    const r = brand.config.register[reg];
    if (r) out[f] = { acceptedPattern: r.acceptedPattern, minLength: r.minLength, maxLength: r.maxLength, patternId: r.patternId };
  }
  return out;
}

/** "J*** S****": the first letter of each word. */
export function maskName(v: string): string {
  return v.split(/\s+/).filter(Boolean).map((w) => w.slice(0, 1) + '*'.repeat(Math.max(2, w.length - 1))).join(' ');
}
/** "**** 1234": the last four digits. */
export const maskAccount = (v: string) => `**** ${v.slice(-4)}`;

function valueOf(m: MemberRow, f: Field): string | null {
  if (f === 'nickname') return m.nickname || null;
  return m.profile[storeKey(f)] || null;
}

function normalize(f: Field, v: string): string {
  const s = v.trim();
  if (f === 'bankAccount' || f === 'zalo') return s.replace(/[\s-]/g, '');
  if (f === 'nationality') return s.toUpperCase();
  if (f === 'realName') return s.replace(/\s+/g, ' ');
  return s;
}

function checkOne(brand: Brand, f: Field, v: string, rules: Record<Field, Rule>): string {
  if (f === 'birthday') return checkBirthday(brand, v, new Date(), { force: true })!;
  const reg = REGISTER_NAME[f];
  if (reg && brand.config.register[reg]) return checkField(brand, f, v, { force: true, as: reg })!;
  const r = rules[f];
  const asRule: FieldRule = { ...r, enabled: true, required: false };
  return checkValue(f, v, asRule);
}

/**
 * The member row; a payee name bound with the first withdrawal account (cashier) counts as the
 * real name when the profile has none, so the two can never differ.
 */
async function freshMember(db: Db, id: bigint): Promise<MemberRow> {
  const [m] = await db.select().from(members).where(eq(members.id, id));
  return withPayee(db, m);
}
async function withPayee(db: Db | Tx, m: MemberRow): Promise<MemberRow> {
  if (m.profile.payeeName) return m;
  const payee = (await secretsOf(db, m.id))?.payeeName;
  return payee ? { ...m, profile: { ...m.profile, payeeName: payee } } : m;
}

/** The security centre's view of a member. */
export async function profileView(db: Db, brand: Brand, p: Principal, m?: MemberRow): Promise<memberProfile.SecurityProfile> {
  requireRealAccount(p);
  const row = m ? await withPayee(db, m) : await freshMember(db, p.member.id);
  const fields = mp.PROFILE_FIELDS.map((field) => {
    const value = valueOf(row, field);
    const masked = mp.MASKED_FIELDS.includes(field);
    return {
      field,
      value: value && masked ? (field === 'bankAccount' ? maskAccount(value) : maskName(value)) : value,
      editable: !(value && mp.LOCKED_ONCE_SET.includes(field)),
      masked,
    };
  });
  const pwd = await paymentPasswordState(db, { ...p, member: row });
  const items: Record<memberProfile.SecurityItem, boolean> = {
    loginPassword: !!row.passwordHash,
    mobile: !!row.mobile,
    email: !!row.email,
    paymentPassword: pwd.isSet,
    realName: !!row.profile.payeeName,
  };
  const score = Object.values(items).filter(Boolean).length;
  const [prev] = await db.select({ at: sessions.createdAt, ip: sessions.ip }).from(sessions)
    .where(and(eq(sessions.memberId, row.id), ne(sessions.id, p.sessionId)))
    .orderBy(desc(sessions.createdAt), desc(sessions.id)).limit(1);
  return {
    fields,
    rules: rulesOf(brand),
    mobile: row.mobile ? maskRecipient(row.mobile) : null,
    email: row.email ? maskRecipient(row.email) : null,
    items,
    score,
    maxScore: mp.SECURITY_ITEMS.length,
    level: score >= 5 ? 'high' : score >= 3 ? 'medium' : 'low',
    lastLogin: prev ? { at: prev.at.toISOString(), ip: prev.ip, country: prev.ip ? countryOf(prev.ip) : null } : null,
    avatarUrl: row.avatar ? `/wps/member/icon/${row.avatar}` : null,
    moneyOut: await moneyOutState(db, row.id),
    proofUntil: (await proofUntil(db, p))?.toISOString() ?? null,
  };
}

/** Saves the fields sent; see memberProfile.updateProfile for the errors. */
export async function updateProfile(db: Db, brand: Brand, p: Principal, body: Partial<Record<Field, string>>) {
  requireRealAccount(p);
  const rules = rulesOf(brand);
  const row = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(members).where(eq(members.id, p.member.id)).for('update');
    const m = await withPayee(tx, locked);
    const profile = { ...m.profile };
    let nickname = m.nickname;
    for (const f of mp.PROFILE_FIELDS) {
      const raw = body[f];
      if (raw === undefined) continue;
      const v = normalize(f, raw);
      const current = valueOf(m, f);
      if (current && mp.LOCKED_ONCE_SET.includes(f)) {
        if (v === current) continue;
        throw new AppError('member.profile.locked', { field: f }, { field: f });
      }
      const next = v ? checkOne(brand, f, v, rules) : '';
      if (f === 'nickname') nickname = next;
      else if (next) profile[storeKey(f)] = f === 'telegram' ? next.replace(/^@/, '') : next;
      else delete profile[storeKey(f)];
    }
    const [u] = await tx.update(members).set({ profile, nickname }).where(eq(members.id, m.id)).returning();
    return u;
  });
  return profileView(db, brand, p, row);
}

interface Target { channel: 'sms' | 'email'; recipient: string }
type BindBody = { channel: 'sms' | 'email'; mobileNum?: string; countryDialingCode?: string; email?: string };

function targetOf(brand: Brand, body: BindBody): Target {
  if (body.channel === 'sms') return { channel: 'sms', recipient: normalizeMobile(brand, body.mobileNum, body.countryDialingCode) };
  const email = (body.email ?? '').trim();
  if (!email) throw fieldFail('email', 'required', { ...mp.EMAIL_RULE, enabled: true, required: true });
  const r = brand.config.register.email ?? { ...mp.EMAIL_RULE, enabled: true, required: true };
  return { channel: 'email', recipient: checkValue('email', email, r) };
}

const sameContact = (t: Target, m: MemberRow) =>
  t.channel === 'sms' ? m.mobile === t.recipient : (m.email ?? '').toLowerCase() === t.recipient.toLowerCase();

async function mobileTaken(db: Db, brand: Brand, mobile: string, self: bigint) {
  const [row] = await db.select({ id: members.id }).from(members)
    .where(and(eq(members.merchantId, brand.id), eq(members.mobile, mobile), ne(members.id, self))).limit(1);
  return !!row;
}

/** Sends a bind code to a new mobile number or e-mail (under the session domain's send limits). */
export async function sendBindCode(c: Caller, p: Principal, body: BindBody) {
  requireRealAccount(p);
  const { db, counters } = deps(c.app);
  const t = targetOf(c.brand, body);
  const m = await freshMember(db, p.member.id);
  if (sameContact(t, m)) throw new AppError('member.bind.same');
  if (t.channel === 'sms' && (await mobileTaken(db, c.brand, t.recipient, m.id))) throw new AppError('register.mobile.exists');
  await checkSendLimits(counters, c.brand.id, t.recipient, c.ip);
  const { code } = await createCode(db, c.brand.id, { purpose: 'bind', channel: t.channel, recipient: t.recipient, memberId: m.id });
  const subject = t.channel === 'email' ? (c.lang === 'ES' ? 'Código de verificación' : 'Verification code') : undefined;
  await deliver(c.app, c.brand, { channel: t.channel, to: t.recipient, subject, body: codeText(c.brand, c.lang, code) });
  return { expiredMinutes: CODE_TTL_MINUTES, to: maskRecipient(t.recipient) };
}

/** Binds (or replaces, with the login password) the mobile or e-mail whose code this is. */
export async function bindContact(c: Caller, p: Principal, body: BindBody & { verificationCode: string; password?: string }) {
  requireRealAccount(p);
  const { db } = deps(c.app);
  const t = targetOf(c.brand, body);
  const m = await freshMember(db, p.member.id);
  if (sameContact(t, m)) throw new AppError('member.bind.same');
  const replacing = t.channel === 'sms' ? !!m.mobile : !!m.email;
  // a bound contact must vouch for the change (an agent who knows the password cannot swap it for its own)
  await requireProof(db, p, m);
  if (replacing && m.passwordHash && !(await checkPassword(m.passwordHash, body.password ?? ''))) throw new AppError('password.old.invalid');
  const code = await consumeCode(db, c.brand.id, 'bind', t.recipient, body.verificationCode);
  if (code.memberId !== m.id) throw new AppError('sms.code.invalid');
  if (t.channel === 'sms' && (await mobileTaken(db, c.brand, t.recipient, m.id))) throw new AppError('register.mobile.exists');
  let row: MemberRow;
  try {
    if (t.channel === 'sms') {
      const profile = { ...m.profile };
      delete profile.unverifiedMobile;
      [row] = await db.update(members).set({ mobile: t.recipient, profile }).where(eq(members.id, m.id)).returning();
    } else {
      [row] = await db.update(members).set({ email: t.recipient }).where(eq(members.id, m.id)).returning();
    }
  } catch (e) {
    // two members binding the same number at once: the unique index decides
    if (t.channel === 'sms' && (await mobileTaken(db, c.brand, t.recipient, m.id))) throw new AppError('register.mobile.exists');
    throw e;
  }
  await contactVerified(db, m.id);
  return profileView(db, c.brand, p, row);
}

// ---- forgot withdrawal password ---------------------------------------------------------------

function boundContact(m: MemberRow, channel: 'sms' | 'email'): string {
  const to = channel === 'sms' ? m.mobile : m.email;
  if (!to) throw new AppError('member.contact.unbound');
  return to;
}

/** A code to the bound mobile or e-mail for resetting the withdrawal password. */
export async function sendPaymentResetCode(c: Caller, p: Principal, channel: 'sms' | 'email') {
  requireRealAccount(p);
  const { db, counters } = deps(c.app);
  const m = await freshMember(db, p.member.id);
  const to = boundContact(m, channel);
  await checkSendLimits(counters, c.brand.id, to, c.ip);
  const { code } = await createCode(db, c.brand.id, { purpose: 'payment', channel, recipient: to, memberId: m.id });
  const subject = channel === 'email' ? (c.lang === 'ES' ? 'Código de verificación' : 'Verification code') : undefined;
  await deliver(c.app, c.brand, { channel, to, subject, body: codeText(c.brand, c.lang, code) });
  return { expiredMinutes: CODE_TTL_MINUTES, to: maskRecipient(to) };
}

/** A new withdrawal password with that code (the wrong-try lock is cleared with it). */
export async function resetPaymentPassword(c: Caller, p: Principal, body: { channel: 'sms' | 'email'; verificationCode: string; newPassword: string; confirmPassword: string }) {
  requireRealAccount(p);
  const { db } = deps(c.app);
  if (!cashier.PAYMENT_PASSWORD_PATTERN.test(body.newPassword)) throw new AppError('cashier.payment.password.format');
  if (body.newPassword !== body.confirmPassword) throw new AppError('inconsistent_twice');
  const m = await freshMember(db, p.member.id);
  const code = await consumeCode(db, c.brand.id, 'payment', boundContact(m, body.channel), body.verificationCode);
  if (code.memberId !== m.id) throw new AppError('sms.code.invalid');
  await savePaymentPassword(db, m.id, await hashPassword(body.newPassword), new Date());
  return { isSet: true as const };
}

export const avatarTooLarge = tooLarge;

/** Stores a checked, metadata-free avatar and makes it the member's; the previous one is deleted. */
export async function uploadIcon(db: Db, brand: Brand, p: Principal, image: string) {
  requireRealAccount(p);
  const img = cleanImage(decodeUpload(image));
  const id = randomBytes(16).toString('hex');
  const file = `${id}.${img.ext}`;
  await db.transaction(async (tx) => {
    await tx.insert(memberAvatars).values({
      id, merchantId: brand.id, memberId: p.member.id, contentType: img.type, data: img.data, width: img.width, height: img.height,
    });
    await tx.update(members).set({ avatar: file }).where(eq(members.id, p.member.id));
    await tx.delete(memberAvatars).where(and(eq(memberAvatars.memberId, p.member.id), ne(memberAvatars.id, id)));
  });
  return { avatarUrl: `/wps/member/icon/${file}` };
}

/** An avatar by its file name (`<32 hex>.png|jpg`); null when there is none. */
export async function avatarFile(db: Db, file: string) {
  const m = /^([0-9a-f]{32})\.(png|jpg)$/.exec(file);
  if (!m) return null;
  const [row] = await db.select({ contentType: memberAvatars.contentType, data: memberAvatars.data })
    .from(memberAvatars).where(eq(memberAvatars.id, m[1])).limit(1);
  if (!row || (row.contentType === 'image/png') !== (m[2] === 'png')) return null;
  return row;
}
