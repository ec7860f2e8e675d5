import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { LIMITS, MODULES, type session } from '@lobby/contract';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { checkLogin } from '../responsible/state.ts';
import type { Brand } from '../../plugins/merchant.ts';
import type { MemberRow, Principal } from '../../plugins/session.ts';
import { hashToken } from '../../plugins/session.ts';
import { checkCaptcha } from './captcha.ts';
import {
  CODE_TTL_MINUTES, checkSendLimits, codeText, consumeCode, createCode, deliver, maskRecipient, normalizeMobile,
} from './codes.ts';
import { dbCounters, redisCounters, type Counters } from './counters.ts';
import { checkPassword } from './passwords.ts';
import * as q from './queries.ts';
import { grantTrialBalance } from '../wallet/service.ts';
import { contractFlags } from '../contracts/service.ts';
import { endSessionSockets } from '../../plugins/realtime.ts';

/**
 * Login limits. Failures count per account (brand + username) and per IP in 15-minute windows.
 * After ACCOUNT_MAX_FAILURES the account is locked for LOCK_MINUTES, after IP_MAX_FAILURES the
 * IP is. Locks are checked before the captcha and the password hash, and each attempt on an
 * account is counted (atomically) before its hash, so 10,000 concurrent guesses against one
 * account from any number of IPs reach the password check at most ACCOUNT_MAX_FAILURES times
 * per window. A success clears the account's count.
 */
export const LOGIN_LIMITS = { windowMinutes: 15, accountMaxFailures: 5, ipMaxFailures: 20, lockMinutes: 15 } as const;
const CHALLENGE_TTL_MS = 10 * 60_000;
const CHALLENGE_MAX_ATTEMPTS = 5;

/** What happened to login attempts in this process (for the brute-force bench and operators). */
export interface AuthStats {
  attempts: number;
  passwordChecks: number;
  successes: number;
  failures: number;
  lockedRejections: number;
  captchaRejections: number;
}

interface Deps { db: Db; counters: Counters; stats: AuthStats }
const depsByDb = new WeakMap<object, Deps>();

/** Shared state of one app: counters in Redis when configured, else in the database. */
export function deps(app: FastifyInstance): Deps {
  let d = depsByDb.get(app.db);
  if (!d) {
    d = {
      db: app.db,
      counters: app.redis ? redisCounters(app.redis, app.config.REDIS_PREFIX) : dbCounters(app.db),
      stats: { attempts: 0, passwordChecks: 0, successes: 0, failures: 0, lockedRejections: 0, captchaRejections: 0 },
    };
    depsByDb.set(app.db, d);
  }
  return d;
}

/** Everything a login needs about the request. */
export interface Caller {
  app: FastifyInstance;
  brand: Brand;
  ip: string;
  userAgent: string;
  lang: 'ES' | 'EN';
}

export function callerOf(app: FastifyInstance, brand: Brand, req: FastifyRequest): Caller {
  const ua = req.headers['user-agent'];
  return { app, brand, ip: req.ip, userAgent: (Array.isArray(ua) ? ua[0] : ua ?? '').slice(0, 255), lang: req.lang };
}

const isAgent = (brand: Brand, m: MemberRow) => brand.config.agentTypes.includes(m.type);
const isTrial = (brand: Brand, m: MemberRow) => m.type === brand.config.trialType;

export function passwordExpired(brand: Brand, m: MemberRow): boolean {
  const days = brand.config.security.passwordExpiryDays;
  return days > 0 && !!m.passwordHash && m.passwordChangedAt.getTime() + days * 86_400_000 < Date.now();
}

export type SessionMethod = 'password' | 'sms' | 'register' | 'reset' | 'trial' | 'verification';

/**
 * Opens a new session (random 256-bit token, only its SHA-256 stored), records the login time
 * and IP, and answers the login value.
 */
export async function openSession(c: Caller, m: MemberRow, method: SessionMethod, opts: { weakPassword?: boolean } = {}): Promise<session.LoginValue> {
  const { db } = deps(c.app);
  await checkLogin(db, c.brand, m.id); // responsible gaming: no login during a cool-off or self-exclusion
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await q.insertSession(db, {
    tokenHash: hashToken(token), merchantId: c.brand.id, memberId: m.id, ip: c.ip, userAgent: c.userAgent, method,
    expiresAt: new Date(now.getTime() + c.brand.config.security.absoluteLifetimeHours * 3_600_000),
  });
  await q.recordLogin(db, m.id, c.ip, now);
  const byPassword = method === 'password' || method === 'verification';
  const forced = c.brand.modules.has(MODULES.forcePasswordChange) && byPassword && (!!opts.weakPassword || m.mustChangePassword);
  return {
    token,
    firstTimeLogin: m.lastLoginAt === null,
    passwordExpired: byPassword && passwordExpired(c.brand, m),
    mustChangePassword: forced,
    id: String(m.id),
    userName: m.username,
    customerType: m.type,
    isAgent: isAgent(c.brand, m),
    isTrial: isTrial(c.brand, m),
    ...(isTrial(c.brand, m) ? {} : { contractFlags: await contractFlags(db, c.brand, m.id) }),
  };
}

/** Accounts that may not log in, and agent-only logins. */
function admit(brand: Brand, m: MemberRow, agentOnly: boolean) {
  if (m.status !== 'active' || isTrial(brand, m)) throw new AppError('login.non.member');
  if (agentOnly && !isAgent(brand, m)) throw new AppError('login.non.agent');
}

const keys = (brand: Brand, account: string, ip: string) => ({
  acct: `${brand.id}:login:fail:acct:${account}`,
  ip: `${brand.id}:login:fail:ip:${ip}`,
  lockAcct: `${brand.id}:login:lock:acct:${account}`,
  lockIp: `${brand.id}:login:lock:ip:${ip}`,
});

function locked(resetAt: number): AppError {
  const seconds = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
  return new AppError('login.locked', { minutes: Math.ceil(seconds / 60) }, { retryAfterSeconds: seconds });
}

/** Log in by username and password, or by mobile and SMS code. */
export async function login(c: Caller, body: session.LoginBody, agentOnly: boolean): Promise<session.LoginValue> {
  if (body.type === 'sms') return smsLogin(c, body, agentOnly);
  const { db, counters, stats } = deps(c.app);
  stats.attempts++;
  const missing = (['username', 'password'] as const).filter((f) => !body[f]);
  if (missing.length) throw new AppError('request_param_err', undefined, { fields: missing.map((f) => `body.${f}`) });
  const account = body.username!.toLowerCase();
  const k = keys(c.brand, account, c.ip);

  const [lockA, lockI, acctFails, ipFails] = await Promise.all([k.lockAcct, k.lockIp, k.acct, k.ip].map((key) => counters.peek(key)));
  const lock = lockA ?? lockI;
  if (lock) {
    stats.lockedRejections++;
    throw locked(lock.resetAt);
  }
  const sec = c.brand.config.security;
  const needCaptcha = (a: number, i: number) => sec.captchaOnLogin || a >= sec.captchaAfterFailures || i >= sec.captchaAfterFailures;
  if (needCaptcha(acctFails?.count ?? 0, ipFails?.count ?? 0)) {
    if (!(await checkCaptcha(db, c.brand.id, body.captchaId, body.captcha))) {
      stats.captchaRejections++;
      throw new AppError('captcha.invalid', undefined, { captcha: true });
    }
  }

  // Reserve the attempt before the hash: the increment is atomic, so concurrent guesses
  // cannot all slip past the lock check — at most accountMaxFailures reach the hash per window.
  const windowMs = LOGIN_LIMITS.windowMinutes * 60_000;
  const lockMs = LOGIN_LIMITS.lockMinutes * 60_000;
  const a = await counters.hit(k.acct, windowMs);
  if (a.count > LOGIN_LIMITS.accountMaxFailures) {
    await counters.set(k.lockAcct, 1, lockMs);
    stats.lockedRejections++;
    throw locked(Date.now() + lockMs);
  }
  const m = await q.memberByUsername(db, c.brand.id, account);
  stats.passwordChecks++;
  if (!(await checkPassword(m?.passwordHash, body.password!))) {
    stats.failures++;
    const i = await counters.hit(k.ip, windowMs);
    if (i.count >= LOGIN_LIMITS.ipMaxFailures) await counters.set(k.lockIp, 1, lockMs);
    if (a.count >= LOGIN_LIMITS.accountMaxFailures) {
      await counters.set(k.lockAcct, 1, lockMs);
      throw locked(Date.now() + lockMs);
    }
    throw new AppError('login.failed', undefined, { captcha: needCaptcha(a.count, i.count) });
  }
  await counters.clear(k.acct);
  admit(c.brand, m!, agentOnly);
  const member = m!;
  const challenge = await newIpChallenge(c, member, agentOnly);
  if (challenge) throw new AppError('login.verification.required', undefined, challenge);
  stats.successes++;
  return openSession(c, member, 'password', { weakPassword: body.password === LIMITS.defaultWeakPassword });
}

async function smsLogin(c: Caller, body: session.LoginBody, agentOnly: boolean): Promise<session.LoginValue> {
  if (!c.brand.modules.has(MODULES.smsLogin)) throw new AppError('function.not.available');
  const { db } = deps(c.app);
  const mobile = normalizeMobile(c.brand, body.mobileNum, body.countryDialingCode);
  await consumeCode(db, c.brand.id, 'login', mobile, body.verificationCode);
  const m = await q.memberByMobile(db, c.brand.id, mobile);
  if (!m) throw new AppError('sms.code.invalid');
  admit(c.brand, m, agentOnly);
  return openSession(c, m, 'sms');
}

/** The checks a member can pass for a new IP: the brand's enabled ones the member has data for. */
async function challengeMethods(db: Db, brand: Brand, m: MemberRow): Promise<{ methods: session.LoginMethod[]; payeeName?: string }> {
  const wanted = brand.config.security.newIpVerification;
  const payeeName = wanted.includes('bank') ? await q.payeeNameOf(db, brand.id, m.id) : undefined;
  const has = { sms: !!m.mobile, email: !!m.email, otp: !!m.otpSecret, bank: !!payeeName };
  return { methods: wanted.filter((x) => has[x]), payeeName };
}

/** Names compare without case, accents or extra spaces: "José  PÉREZ" is "jose perez". */
const sameName = (a: string, b: string) => {
  const norm = (x: string) => x.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();
  return norm(a) === norm(b);
};

/** "Juan Pérez" -> "J*** P****": enough for the member to know which name is asked. */
const maskName = (name: string) => name.trim().split(/\s+/).map((w) => w[0] + '*'.repeat(Math.max(2, w.length - 1))).join(' ');

/** A challenge when this IP is new for a member who has logged in before; else null. */
async function newIpChallenge(c: Caller, m: MemberRow, agent: boolean): Promise<session.VerificationChallenge | null> {
  const { db } = deps(c.app);
  const { methods, payeeName } = await challengeMethods(db, c.brand, m);
  if (methods.length === 0) return null;
  const seen = await q.ipHistory(db, m.id, c.ip);
  if (!seen.any || seen.known) return null;
  const token = randomBytes(32).toString('base64url');
  await q.insertChallenge(db, {
    tokenHash: hashToken(token), merchantId: c.brand.id, memberId: m.id, ip: c.ip, methods, agent,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
  });
  const destinations: Record<string, string> = {};
  if (methods.includes('sms')) destinations.sms = maskRecipient(m.mobile!);
  if (methods.includes('email')) destinations.email = maskRecipient(m.email!);
  if (payeeName && methods.includes('bank')) destinations.bank = maskName(payeeName);
  return { verificationToken: token, methods, destinations, expiresInSeconds: CHALLENGE_TTL_MS / 1000 };
}

async function liveChallenge(c: Caller, token: string) {
  const { db } = deps(c.app);
  const ch = await q.challengeByHash(db, c.brand.id, hashToken(token));
  if (!ch || ch.usedAt || ch.expiresAt.getTime() <= Date.now() || ch.attempts >= CHALLENGE_MAX_ATTEMPTS || ch.ip !== c.ip) {
    throw new AppError('login.challenge.invalid');
  }
  const m = await q.memberById(db, c.brand.id, ch.memberId);
  if (!m) throw new AppError('login.challenge.invalid');
  return { ch, m };
}

/** Sends the SMS or e-mail code of a new-IP challenge to the member's bound contact. */
export async function sendChallengeCode(c: Caller, token: string, method: 'sms' | 'email') {
  const { db, counters } = deps(c.app);
  const { ch, m } = await liveChallenge(c, token);
  if (!ch.methods.includes(method)) throw new AppError('login.challenge.invalid');
  const to = method === 'sms' ? m.mobile! : m.email!;
  await checkSendLimits(counters, c.brand.id, to, c.ip);
  const { code } = await createCode(db, c.brand.id, { purpose: 'challenge', channel: method, recipient: to, memberId: m.id });
  const subject = c.lang === 'ES' ? 'Código de verificación' : 'Verification code';
  await deliver(c.app, c.brand, { channel: method, to, subject, body: codeText(c.brand, c.lang, code) });
  return { expiredMinutes: CODE_TTL_MINUTES };
}

/** Finishes a new-IP login with an SMS, e-mail or authenticator code. */
export async function completeChallenge(c: Caller, body: { verificationToken: string; method: session.LoginMethod; code: string }) {
  const { db, stats } = deps(c.app);
  const { ch, m } = await liveChallenge(c, body.verificationToken);
  const tokenHash = hashToken(body.verificationToken);
  if (!ch.methods.includes(body.method)) throw new AppError('login.challenge.invalid');
  try {
    if (body.method === 'otp') {
      const totp = new TOTP({ secret: Secret.fromBase32(m.otpSecret!), digits: 6, period: 30 });
      if (totp.validate({ token: body.code, window: 1 }) === null) throw new AppError('login.verification.failed');
    } else if (body.method === 'bank') {
      const payeeName = await q.payeeNameOf(db, c.brand.id, m.id);
      if (!payeeName || !sameName(payeeName, body.code)) throw new AppError('login.verification.failed');
    } else {
      await consumeCode(db, c.brand.id, 'challenge', body.method === 'sms' ? m.mobile! : m.email!, body.code);
    }
  } catch (err) {
    await q.challengeFailed(db, tokenHash);
    throw err;
  }
  if (!(await q.useChallenge(db, tokenHash))) throw new AppError('login.challenge.invalid');
  admit(c.brand, m, ch.agent);
  stats.successes++;
  return openSession(c, m, 'verification');
}

/** Sends a login / reset-by-phone code, only to numbers of registered members (others get the same answer, no SMS). */
export async function sendNoLoginCode(c: Caller, mobileNum: string, dialingCode?: string) {
  const { db, counters } = deps(c.app);
  const mobile = normalizeMobile(c.brand, mobileNum, dialingCode);
  await checkSendLimits(counters, c.brand.id, mobile, c.ip);
  const m = await q.memberByMobile(db, c.brand.id, mobile);
  if (m && m.status === 'active') {
    const { code } = await createCode(db, c.brand.id, { purpose: 'login', channel: 'sms', recipient: mobile, memberId: m.id });
    await deliver(c.app, c.brand, { channel: 'sms', to: mobile, body: codeText(c.brand, c.lang, code) });
  }
  return { expiredMinutes: CODE_TTL_MINUTES };
}

/** Sends a registration code to a number that is not registered yet. */
export async function sendRegisterCode(c: Caller, mobileNo: string, dialingCode?: string) {
  const { db, counters } = deps(c.app);
  const mobile = normalizeMobile(c.brand, mobileNo, dialingCode);
  if (await q.memberByMobile(db, c.brand.id, mobile)) throw new AppError('register.mobile.exists');
  await checkSendLimits(counters, c.brand.id, mobile, c.ip);
  const { code } = await createCode(db, c.brand.id, { purpose: 'register', channel: 'sms', recipient: mobile });
  await deliver(c.app, c.brand, { channel: 'sms', to: mobile, body: codeText(c.brand, c.lang, code) });
  return { expiredMinutes: CODE_TTL_MINUTES };
}

/** A guest account of the brand's trial type, logged in; it has no password. */
export async function freeplay(c: Caller): Promise<session.LoginValue> {
  const { db } = deps(c.app);
  for (let i = 0; i < 5; i++) {
    const username = `guest_${randomBytes(4).toString('hex')}`;
    const m = await q.insertMember(db, {
      merchantId: c.brand.id, username, usernameKey: username, passwordHash: null, type: c.brand.config.trialType,
      nickname: username, language: c.lang,
    });
    if (!m) continue;
    await grantTrialBalance(db, c.brand, m.id);
    return openSession(c, m, 'trial');
  }
  throw new AppError('unknown.error');
}

export async function logout(app: FastifyInstance, p: Principal): Promise<null> {
  await q.revokeSession(deps(app).db, p.sessionId);
  endSessionSockets(app, [p.sessionId]);
  return null;
}
