import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { LIMITS, MODULES, session, type contracts } from '@lobby/contract';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { checkLogin } from '../responsible/index.ts';
import type { Brand } from '../../plugins/merchant.ts';
import type { MemberRow, Principal } from '../../plugins/session.ts';
import { hashToken, loadPrincipal } from '../../plugins/session.ts';
import { checkCaptcha } from './captcha.ts';
import {
  CODE_TTL_MINUTES, checkSendLimits, codeText, consumeCode, createCode, deliver, maskRecipient, normalizeMobile,
} from './codes.ts';
import { dbCounters, redisCounters, type Counters } from './counters.ts';
import { deviceIdOf, deviceHash, isKnownDevice, rememberDevice } from './device.ts';
import { checkPassword } from '../../lib/passwords.ts';
import * as q from './queries.ts';
import { endSessionSockets } from '../../kernel/live/index.ts';

/**
 * Login back-off (issue 18 item 3; the rule is LOGIN_BACKOFF in the contract and the README):
 * nothing is ever locked. Attempts on an account (brand + username) are counted, atomically and
 * before the password hash, since its last success; past `accountFree` an attempt must pass the
 * account's gate, which one attempt closes for a delay that doubles (30 s … 15 min), so concurrent
 * guesses from any number of addresses reach the hash at most once per delay. Failures from one
 * address (any account) back off the same way past `addressFree` an hour. An attempt from a device
 * that logged in to the account before is judged by that device's own attempts instead (the
 * member is never slowed by someone else's guesses), and SMS-code login never waits. A refused
 * attempt (`login.throttled`, 429, value.retryAfterSeconds) is not counted and checks nothing.
 */
const { LOGIN_BACKOFF } = session;
const CHALLENGE_TTL_MS = 10 * 60_000;
const CHALLENGE_MAX_ATTEMPTS = 5;

/** What happened to login attempts in this process (for the brute-force bench and operators). */
export interface AuthStats {
  attempts: number;
  passwordChecks: number;
  successes: number;
  failures: number;
  /** Attempts refused by the back-off (login.throttled); the name is the bench's. */
  lockedRejections: number;
  captchaRejections: number;
}

/** Told of every member session opened (member-security records the device; no import back). */
export type LoginHook = (c: Caller, m: MemberRow, deviceId: string | null, now: Date) => Promise<void>;
/** The login value's contract flags (agent-contracts registers it; no import of it here). */
export type ContractFlagsOf = (db: Db, brand: Brand, memberId: bigint) => Promise<contracts.FlagsValue>;
/** Funds a new guest account (wallet registers it; no import of it here). */
export type TrialFunding = (db: Db, brand: Brand, memberId: bigint) => Promise<void>;

interface Deps {
  db: Db; counters: Counters; stats: AuthStats; loginHooks: LoginHook[];
  contractFlags?: ContractFlagsOf;
  trialFunding?: TrialFunding;
}
const depsByDb = new WeakMap<object, Deps>();

/** Shared state of one app: counters in Redis when configured, else in the database. */
export function deps(app: FastifyInstance): Deps {
  let d = depsByDb.get(app.db);
  if (!d) {
    d = {
      db: app.db,
      counters: app.redis ? redisCounters(app.redis, app.config.REDIS_PREFIX) : dbCounters(app.db),
      stats: { attempts: 0, passwordChecks: 0, successes: 0, failures: 0, lockedRejections: 0, captchaRejections: 0 },
      loginHooks: [],
    };
    depsByDb.set(app.db, d);
  }
  return d;
}

/** The contract flags of a member (registered by agent-contracts). */
export function flagsOf(app: FastifyInstance): ContractFlagsOf {
  const f = deps(app).contractFlags;
  if (!f) throw new Error('agent-contracts did not register the login contract flags');
  return f;
}

/** Everything a login needs about the request. */
export interface Caller {
  app: FastifyInstance;
  brand: Brand;
  ip: string;
  userAgent: string;
  lang: 'ES' | 'EN';
  /** The known-device cookie (device.ts; secret, set by the server): the login back-off. */
  deviceCookie: string | null;
  /** Where a successful login sets the known-device cookie (absent: no cookie set). */
  reply?: FastifyReply;
  /** The request came over TLS (through the trusted proxy): the cookie is Secure. */
  secure: boolean;
}

export function callerOf(app: FastifyInstance, brand: Brand, req: FastifyRequest, reply?: FastifyReply): Caller {
  const ua = req.headers['user-agent'];
  return {
    app, brand, ip: req.ip, userAgent: (Array.isArray(ua) ? ua[0] : ua ?? '').slice(0, 255), lang: req.lang,
    deviceCookie: deviceIdOf(req), reply, secure: req.protocol === 'https',
  };
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
 * and IP, remembers the device, and answers the login value. A password session of a member who
 * must change its password (flag set by an agent's or operator's reset, or the weak default
 * typed where the brand forces a change) can do nothing but that (plugins/session.ts).
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
  const device = method !== 'trial' ? await rememberDevice(deps(c.app).counters, c.brand, m.usernameKey, c.deviceCookie, c.reply, c.secure) : null;
  // the id the browser keeps, if any (member-security: a device new to the member after a reset holds money out)
  for (const hook of deps(c.app).loginHooks) await hook(c, m, device && (c.deviceCookie || c.reply) ? device : null, now);
  const byPassword = method === 'password' || method === 'verification';
  const weak = c.brand.modules.has(MODULES.forcePasswordChange) && byPassword && !!opts.weakPassword;
  if (weak && !m.mustChangePassword) await q.setMustChangePassword(db, m.id);
  const forced = byPassword && (weak || m.mustChangePassword);
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
    ...(isTrial(c.brand, m) ? {} : { contractFlags: await flagsOf(c.app)(db, c.brand, m.id) }),
  };
}

/** Accounts that may not log in, and agent-only logins. */
function admit(brand: Brand, m: MemberRow, agentOnly: boolean) {
  if (m.status !== 'active' || isTrial(brand, m)) throw new AppError('login.non.member');
  if (agentOnly && !isAgent(brand, m)) throw new AppError('login.non.agent');
}

/** One thing attempts are counted on: an account, an address, or a known device on an account. */
interface Scope {
  name: session.LoginThrottled['scope'];
  count: string;
  gate: string;
  /** How many times the gate let an attempt through: the next wait doubles with it. */
  level: string;
  free: number;
  baseMs: number;
  windowMs: number;
  /** Counted per attempt before the hash (account, device), or per failure after it (address). */
  perAttempt: boolean;
}

function scopesOf(brand: Brand, account: string, ip: string, device: string | null): Scope[] {
  const b = LOGIN_BACKOFF;
  const day = b.windowHours * 3_600_000;
  if (device) {
    const d = `${brand.id}:login:dev:${deviceHash(device)}:${account}`;
    return [{ name: 'device', count: `${d}:n`, gate: `${d}:gate`, level: `${d}:lvl`, free: b.deviceFree, baseMs: b.baseSeconds * 1000, windowMs: day, perAttempt: true }];
  }
  return [
    { name: 'account', count: `${brand.id}:login:acct:${account}:n`, gate: `${brand.id}:login:acct:${account}:gate`, level: `${brand.id}:login:acct:${account}:lvl`, free: b.accountFree, baseMs: b.baseSeconds * 1000, windowMs: day, perAttempt: true },
    { name: 'address', count: `${brand.id}:login:ip:${ip}:n`, gate: `${brand.id}:login:ip:${ip}:gate`, level: `${brand.id}:login:ip:${ip}:lvl`, free: b.addressFree, baseMs: b.addressBaseSeconds * 1000, windowMs: b.addressWindowHours * 3_600_000, perAttempt: false },
  ];
}

/** The wait after the n-th attempt let through past the free ones: base, doubling, at most maxSeconds. */
export const backoffMs = (s: Pick<Scope, 'baseMs'>, over: number) => Math.min(LOGIN_BACKOFF.maxSeconds * 1000, s.baseMs * 2 ** Math.min(20, Math.max(0, over - 1)));

const waitText = (seconds: number) => (seconds < 90 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`);

function throttled(c: Caller, scope: Scope, resetAt: number, captcha: boolean): AppError {
  deps(c.app).stats.lockedRejections++;
  const seconds = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
  const value: session.LoginThrottled = { retryAfterSeconds: seconds, scope: scope.name, smsLogin: c.brand.modules.has(MODULES.smsLogin), captcha };
  return new AppError('login.throttled', { time: waitText(seconds) }, value);
}

/** Log in by username and password, or by mobile and SMS code. */
export async function login(c: Caller, body: session.LoginBody, agentOnly: boolean): Promise<session.LoginValue> {
  if (body.type === 'sms') return smsLogin(c, body, agentOnly);
  const { db, counters, stats } = deps(c.app);
  stats.attempts++;
  const missing = (['username', 'password'] as const).filter((f) => !body[f]);
  if (missing.length) throw new AppError('request_param_err', undefined, { fields: missing.map((f) => `body.${f}`) });
  const account = body.username!.toLowerCase();
  const known = await isKnownDevice(counters, c.brand, account, c.deviceCookie);
  const scopes = scopesOf(c.brand, account, c.ip, known ? c.deviceCookie : null);
  const sec = c.brand.config.security;
  const needCaptcha = (counts: number[]) => sec.captchaOnLogin || counts.some((n) => n >= sec.captchaAfterFailures);

  // 1. a closed gate refuses at once: nothing counted, no captcha used, no hash
  const live = await Promise.all(scopes.map(async (s) => ({ gate: await counters.peek(s.gate), count: await counters.peek(s.count) })));
  const counts = live.map((l) => l.count?.count ?? 0);
  for (const [i, l] of live.entries()) if (l.gate) throw throttled(c, scopes[i], l.gate.resetAt, needCaptcha(counts));
  // 2. the captcha, when the brand or the failures so far want one
  if (needCaptcha(counts) && !(await checkCaptcha(db, c.brand.id, body.captchaId, body.captcha))) {
    stats.captchaRejections++;
    throw new AppError('captcha.invalid', undefined, { captcha: true });
  }
  // 3. reserve the attempt before the hash (atomic increments): past the free attempts only the
  //    one that closes the gate goes on, so concurrent guesses reach the hash once per wait; the
  //    wait doubles with each attempt let through (not with refused ones, nor with who came first)
  for (const [i, s] of scopes.entries()) {
    const n = s.perAttempt ? (await counters.hit(s.count, s.windowMs)).count : counts[i] + 1;
    if (s.perAttempt) counts[i] = n;
    if (n > s.free) {
      const level = (await counters.peek(s.level))?.count ?? 0;
      const g = await counters.hit(s.gate, backoffMs(s, level + 1));
      if (g.count > 1) throw throttled(c, s, g.resetAt, true);
      await counters.hit(s.level, s.windowMs);
    }
  }
  const m = await q.memberByUsername(db, c.brand.id, account);
  stats.passwordChecks++;
  if (!(await checkPassword(m?.passwordHash, body.password!))) {
    stats.failures++;
    for (const [i, s] of scopes.entries()) if (!s.perAttempt) counts[i] = (await counters.hit(s.count, s.windowMs)).count;
    throw new AppError('login.failed', undefined, { captcha: needCaptcha(counts) });
  }
  // a success forgets the account's (or device's) failures; an address's stay (many members share one)
  for (const s of scopes) if (s.perAttempt) await Promise.all([counters.clear(s.count), counters.clear(s.gate), counters.clear(s.level)]);
  admit(c.brand, m!, agentOnly);
  const member = m!;
  const challenge = known ? null : await newIpChallenge(c, member, agentOnly);
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

/**
 * The checks a member can pass for a new IP: the brand's enabled ones the member has bound. Only
 * things the member has (a code to its mobile or e-mail, its authenticator): `bank` (the account
 * holder's name, a guessable fact shown masked in the challenge) is ignored (issue 18, finding 5).
 */
function challengeMethods(brand: Brand, m: MemberRow): { wanted: session.LoginMethod[]; methods: session.LoginMethod[] } {
  const wanted = brand.config.security.newIpVerification.filter((x): x is session.LoginMethod => x !== 'bank');
  const has = { sms: !!m.mobile, email: !!m.email, otp: !!m.otpSecret };
  return { wanted, methods: wanted.filter((x) => has[x]) };
}

/**
 * A challenge when this IP is new for a member who has logged in before; else null. A member with
 * none of the brand's checks bound passes, unless the brand refuses such logins
 * (`security.newIpWithoutContact: 'refuse'`: login.verification.unavailable; a known device still
 * gets in, SMS login too where the member has a mobile).
 */
async function newIpChallenge(c: Caller, m: MemberRow, agent: boolean): Promise<session.VerificationChallenge | null> {
  const { db } = deps(c.app);
  const { wanted, methods } = challengeMethods(c.brand, m);
  if (wanted.length === 0) return null;
  const seen = await q.ipHistory(db, m.id, c.ip);
  if (!seen.any || seen.known) return null;
  if (methods.length === 0) {
    if (c.brand.config.security.newIpWithoutContact === 'refuse') throw new AppError('login.verification.unavailable');
    return null;
  }
  const token = randomBytes(32).toString('base64url');
  await q.insertChallenge(db, {
    tokenHash: hashToken(token), merchantId: c.brand.id, memberId: m.id, ip: c.ip, methods, agent,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
  });
  const destinations: Record<string, string> = {};
  if (methods.includes('sms')) destinations.sms = maskRecipient(m.mobile!);
  if (methods.includes('email')) destinations.email = maskRecipient(m.email!);
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

/**
 * Sends a registration code. A number that already has an account gets the same answer and, in
 * place of a code, a notice to its owner: the call never tells who is registered (issue 18,
 * finding 6); registering it then fails at the code, as any wrong code does.
 */
export async function sendRegisterCode(c: Caller, mobileNo: string, dialingCode?: string) {
  const { db, counters } = deps(c.app);
  const mobile = normalizeMobile(c.brand, mobileNo, dialingCode);
  await checkSendLimits(counters, c.brand.id, mobile, c.ip);
  if (await q.memberByMobile(db, c.brand.id, mobile)) {
    const name = c.brand.config.name;
    const body = c.lang === 'ES'
      ? `${name}: alguien intentó registrarse con este número, que ya tiene una cuenta. Inicie sesión o restablezca su contraseña; si no fue usted, ignore este mensaje.`
      : `${name}: someone tried to sign up with this number, which already has an account. Log in or reset your password; if it was not you, ignore this message.`;
    await deliver(c.app, c.brand, { channel: 'sms', to: mobile, body });
    return { expiredMinutes: CODE_TTL_MINUTES };
  }
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
    await deps(c.app).trialFunding?.(db, c.brand, m.id);
    return openSession(c, m, 'trial');
  }
  throw new AppError('unknown.error');
}

/**
 * Whether `token` (from a ?token= link) is a live session of the request's brand: the same rules
 * as every member call (unknown, revoked, expired, idle or a locked member is not), read without
 * a 401 so the web can drop a stale link silently. A session that must change its password first
 * is live (the web then opens the forced change).
 */
export async function tokenIsLive(app: FastifyInstance, req: FastifyRequest, token: string): Promise<boolean> {
  const probe = { headers: { authorization: `Bearer ${token}` }, brand: req.brand, method: req.method } as FastifyRequest;
  try {
    return (await loadPrincipal(app.db, probe)) !== null;
  } catch (e) {
    if (e instanceof AppError && e.code === 'password.change.required') return true;
    if (e instanceof AppError && e.code === 'login.not.session') return false;
    throw e;
  }
}

export async function logout(app: FastifyInstance, p: Principal): Promise<null> {
  await q.revokeSession(deps(app).db, p.sessionId);
  endSessionSockets(app, [p.sessionId]);
  return null;
}
