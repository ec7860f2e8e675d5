import { randomInt } from 'node:crypto';
import { MODULES, type member, type session } from '@lobby/contract';
import { AppError } from '../../plugins/errors.ts';
import type { Db } from '../../db/index.ts';
import type { Brand } from '../../plugins/merchant.ts';
import type { MemberRow } from '../../plugins/session.ts';
import { type Caller, checkCaptcha, consumeCode, deps, normalizeMobile, openSession } from '../session/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { sessionQueries as sq } from '../session/index.ts';
import { checkBirthday, checkConfirmation, checkField } from './rules.ts';

/**
 * "Already exists" answers (issue 18, finding 6): they come only after a valid captcha (username
 * registration, or by mobile without an SMS code) or the SMS code sent to that very number (which
 * never goes to a registered number: session/service sendRegisterCode), and at most
 * `existsPerAddress` of them an hour per address; past that every registration from the address
 * answers `register.too.many` until the hour is over.
 */
export const REGISTER_LIMITS = { existsPerAddress: 5, windowMinutes: 60 } as const;

/** Profile fields kept as given (§3 register payload). */
const PROFILE_FIELDS = ['payeeName', 'qqNum', 'recommenderId', 'line', 'whatsapp', 'facebook', 'wechat', 'idNumber'] as const;

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** `length` random characters without look-alikes (5 bits each). */
export const randomCode = (length: number) => Array.from({ length }, () => CODE_ALPHABET[randomInt(0, CODE_ALPHABET.length)]).join('');
/** A member's own referral code: 8 characters. */
export const newReferralCode = () => randomCode(8);

/** An agent's invite link a registration code names: the agent it registers under and the type it gives. */
export interface InviteUse { inviteId: bigint; parent: MemberRow; type: number }
/**
 * Invite links as registration sees them (the agent module registers them; member imports no
 * agent code): `find` answers null when no link has the code, `claim` counts a registration on
 * the link inside the registration's transaction.
 */
export interface InviteBook {
  find(db: Db, brand: Brand, code: string): Promise<InviteUse | null>;
  claim(tx: Db, inviteId: bigint): Promise<void>;
  /** Records which tracked link brought the new account (issue 25: its registration code and the browser's click id). */
  attribute?(db: Db, brand: Brand, m: MemberRow, via: { code?: string; clickId?: string }): Promise<void>;
}
const inviteBooks = new WeakMap<object, InviteBook>();
export const registerInviteBook = (db: Db, book: InviteBook) => void inviteBooks.set(db, book);
const NO_INVITES: InviteBook = { find: async () => null, claim: async () => undefined };
const invitesOf = (db: Db) => inviteBooks.get(db) ?? NO_INVITES;

function tooMany(resetAt: number): AppError {
  const seconds = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
  return new AppError('register.too.many', { minutes: Math.ceil(seconds / 60) }, { retryAfterSeconds: seconds });
}

/** The member a referral / affiliate code belongs to: an active, real account of the brand. */
export async function referrerOf(c: Caller, code: string): Promise<MemberRow> {
  const m = await sq.memberByReferralCode(deps(c.app).db, c.brand.id, code);
  if (!m || m.status !== 'active' || m.type === c.brand.config.trialType) throw new AppError('invitation_code_error');
  return m;
}

/**
 * Whom a registration code places the new account under: an agent's invite link (with the
 * link's account type; expired or disabled links refused) or a member's own referral code
 * (a plain member account).
 */
async function uplineOf(c: Caller, code: string): Promise<{ parent: MemberRow; type: number; inviteId?: bigint }> {
  const invite = await invitesOf(deps(c.app).db).find(deps(c.app).db, c.brand, code);
  if (invite) return invite;
  return { parent: await referrerOf(c, code), type: 0 };
}

export async function affiliate(c: Caller, code: string) {
  const invite = await invitesOf(deps(c.app).db).find(deps(c.app).db, c.brand, code);
  if (invite) return { valid: true as const, code: code.trim().toUpperCase(), agent: true };
  const m = await referrerOf(c, code);
  return { valid: true as const, code: m.referralCode!, agent: c.brand.config.agentTypes.includes(m.type) };
}

/**
 * Registration by username (`mode` username) or by mobile number and SMS code (`mobile`).
 * Every rule of the brand is checked here; success opens a session (§4: registration logs in).
 */
export async function register(c: Caller, body: member.RegisterBody, mode: 'username' | 'mobile'): Promise<session.LoginValue> {
  const { brand } = c;
  const { db, counters } = deps(c.app);
  if (body.terms !== true) throw new AppError('register.terms.required');
  const blockKey = `${brand.id}:register:block:${c.ip}`;
  const block = await counters.peek(blockKey);
  if (block) throw tooMany(block.resetAt);

  const byMobile = mode === 'mobile';
  const needsPassword = !byMobile || brand.modules.has(MODULES.registerMobilePassword);
  const username = byMobile ? undefined : checkField(brand, 'username', body.username, { force: true });
  let password: string | undefined;
  if (needsPassword) {
    password = checkField(brand, 'password', body.password, { force: true })!;
    checkField(brand, 'confirmPassword', body.confirmPassword, { force: true });
    checkConfirmation(body.password, body.confirmPassword);
  }
  // the rule is about digits: spaces, dashes and a leading + are formatting
  const mobileDigits = body.mobileNum?.replace(/[\s().-]/g, '').replace(/^\+/, '');
  const mobileNum = checkField(brand, 'mobileNum', mobileDigits, { force: byMobile }) && body.mobileNum;
  const email = checkField(brand, 'email', body.email);
  const birthday = checkBirthday(brand, body.birthday);
  const profile: Record<string, string> = {};
  for (const f of PROFILE_FIELDS) {
    const v = checkField(brand, f, body[f]);
    if (v) profile[f] = v;
  }
  const paymentPassword = checkField(brand, 'paymentPassword', body.paymentPassword);
  const affiliateCode = checkField(brand, 'affiliateCode', body.affiliateCode);
  const referralCode = body.referralCode?.trim() || undefined;
  const codeNeeded = byMobile ? brand.modules.has(MODULES.registerMobileVerify) : brand.config.register.verificationCode?.required === true;
  const verificationCode = checkField(brand, 'verificationCode', body.verificationCode, { force: codeNeeded });

  // referrers before anything is used up
  const viaAffiliate = affiliateCode ? await uplineOf(c, affiliateCode) : undefined;
  const viaReferral = referralCode ? await uplineOf(c, referralCode) : undefined;
  const upline = viaAffiliate ?? viaReferral;
  const parent = upline?.parent;

  const mobile = mobileNum ? normalizeMobile(brand, mobileNum, body.countryDialingCode) : undefined;

  // the captcha before anything that looks at existing accounts; by mobile with an SMS code, the
  // code (sent only to numbers not registered) is the proof instead
  const captchaRule = brand.config.register.captcha;
  const captchaNeeded = !byMobile || !codeNeeded || captchaRule?.required === true || !!body.captcha;
  if (captchaNeeded && !(await checkCaptcha(db, brand.id, body.captchaId, body.captcha))) {
    throw new AppError('captcha.invalid', undefined, { captcha: true });
  }
  const exists = async (code: 'register.username.exists' | 'register.mobile.exists') => {
    const n = await counters.hit(`${brand.id}:register:exists:${c.ip}`, REGISTER_LIMITS.windowMinutes * 60_000);
    if (n.count >= REGISTER_LIMITS.existsPerAddress) await counters.set(blockKey, 1, Math.max(1000, n.resetAt - Date.now()));
    return new AppError(code);
  };
  if (username && (await sq.memberByUsername(db, brand.id, username))) throw await exists('register.username.exists');
  // a mobile number is bound to the account only once its SMS code is checked
  let verified = false;
  if (mobile && (codeNeeded || verificationCode)) {
    await consumeCode(db, brand.id, 'register', mobile, verificationCode);
    verified = true;
  }
  if (mobile && (await sq.memberByMobile(db, brand.id, mobile))) throw await exists('register.mobile.exists');
  if (mobile && !verified) profile.unverifiedMobile = mobile;
  if (birthday) profile.birthday = birthday;
  if (body.registerUrl) profile.registerUrl = body.registerUrl.slice(0, 1024);
  if (body.domain) profile.domain = body.domain.slice(0, 255);
  if (paymentPassword) profile.paymentPasswordHash = await hashPassword(paymentPassword);

  const passwordHash = password ? await hashPassword(password) : null;
  for (let attempt = 0; attempt < 5; attempt++) {
    const name = username ?? (attempt === 0 ? `m${mobile!.slice(1)}` : `m${mobile!.slice(-8)}${randomInt(100, 999)}`).slice(0, 16);
    const values = {
      merchantId: brand.id, username: name, usernameKey: name.toLowerCase(), passwordHash, type: upline?.type ?? 0,
      nickname: name, language: c.lang, mobile: verified ? mobile : null, email: email ?? null,
      referralCode: newReferralCode(), parentId: parent?.id ?? null, profile,
    };
    const inviteId = upline?.inviteId;
    // through an invite link the account and the link's count are one transaction (a link
    // disabled or expired meanwhile refuses the registration)
    const m = inviteId === undefined ? await sq.insertMember(db, values) : await db.transaction(async (tx) => {
      const row = await sq.insertMember(tx, { ...values, profile: { ...profile, inviteId: String(inviteId) } });
      if (row) await invitesOf(db).claim(tx, inviteId);
      return row;
    });
    if (m) {
      // tracking never fails a registration that succeeded
      await invitesOf(db).attribute?.(db, brand, m, { code: affiliateCode ?? referralCode, clickId: body.clickId }).catch((e: unknown) => c.app.log.warn({ err: e }, 'affiliate attribution failed'));
      return openSession(c, m, 'register');
    }
    if (username && (await sq.memberByUsername(db, brand.id, username))) throw await exists('register.username.exists');
    if (verified && mobile && (await sq.memberByMobile(db, brand.id, mobile))) throw await exists('register.mobile.exists');
  }
  throw new AppError('unknown.error');
}
