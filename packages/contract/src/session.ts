import { z } from 'zod';
import { MODULES } from './brand.ts';
// From wallet.ts, not contracts.ts: the web's first chunk then needs none of the contract endpoints.
import { contractFlags } from './wallet.ts';
import { endpoint } from './endpoint.ts';

/**
 * Log in, log out, captcha, SMS codes and the unregistered-IP check (§3, §4, §5, §7).
 * Failures answer `{success:false, errorCode, message, value?}`:
 * - `login.failed` (401): wrong username or password; `value.captcha` true when the next try needs a captcha.
 * - `captcha.invalid` (400): captcha missing or wrong while one is required; `value.captcha` is true.
 * - `login.throttled` (429): failures back off per account, per address and per known device
 *   (LOGIN_BACKOFF); `value` is {@link loginThrottled}: wait `retryAfterSeconds`, or log in by SMS
 *   code, or from a device that logged in before (its `lobby_device` cookie). Nothing is locked:
 *   a refused attempt is not counted and never reaches the password check.
 * - `login.verification.unavailable` (403): new IP, nothing bound to verify it with, and the brand
 *   refuses such logins (`security.newIpWithoutContact: 'refuse'`).
 * - `login.non.member` (403), `login.non.agent` (403, agent login only).
 * - `login.verification.required` (403): new IP; `value` is {@link verificationChallenge}.
 * - `password.change.required` (403), on any authenticated call but member info, change password and
 *   logout, while the session's member must change its password (`mustChangePassword`).
 */

/**
 * Back-off of failed passwords (no lock-out). Per account (brand + username): FREE failures, then
 * one attempt per growing delay (baseSeconds, doubling, up to maxSeconds). Per address: the same
 * after addressFree failures in an hour. A device that logged in to the account before (cookie
 * DEVICE_COOKIE, set on every successful login) counts its own failures instead, so guesses from
 * elsewhere never slow the member down on its own device. A captcha is asked from
 * captchaAfterFailures (brand) failures of the account, the address or the device.
 */
export const LOGIN_BACKOFF = {
  accountFree: 5,
  addressFree: 10,
  deviceFree: 5,
  baseSeconds: 30,
  addressBaseSeconds: 10,
  maxSeconds: 15 * 60,
  /** Failures are forgotten this long after the first one of a run (a success forgets them at once). */
  windowHours: 24,
  addressWindowHours: 1,
  /** A known device stays known this long after its last login. */
  deviceDays: 180,
} as const;

/** The cookie naming a browser that has logged in before (HttpOnly, path /wps/session). */
export const DEVICE_COOKIE = 'lobby_device';

/** `value` of `login.throttled`. */
export const loginThrottled = z.object({
  retryAfterSeconds: z.number().int(),
  /** What the limit is on: the account (wrong passwords for this username), this address, or this device. */
  scope: z.enum(['account', 'address', 'device']),
  /** SMS-code login is available on this brand (the way in that does not wait). */
  smsLogin: z.boolean(),
  captcha: z.boolean(),
});
export type LoginThrottled = z.infer<typeof loginThrottled>;

/** Answer of every call that logs in (login, SMS login, register, reset by phone, freeplay…). */
export const loginValue = z.object({
  /** Raw session token: send it as the `Authorization` header. */
  token: z.string(),
  /** True on the first login of the account (run the first-login action). */
  firstTimeLogin: z.boolean(),
  /** Password older than the brand's passwordExpiryDays (never for SMS logins). */
  passwordExpired: z.boolean(),
  /** The password is the weak default 123456 (or was set by an agent): open the forced change popup. */
  mustChangePassword: z.boolean(),
  id: z.string(),
  userName: z.string(),
  /** Member type (brand config decides which types are agents / trial). */
  customerType: z.number().int(),
  isAgent: z.boolean(),
  isTrial: z.boolean(),
  /** Consolidated contract flags (§3; agent contracts): open the contract popup when `pendingOffers` > 0. Absent for trial accounts. */
  contractFlags: contractFlags.optional(),
});
export type LoginValue = z.infer<typeof loginValue>;

/**
 * sms / email: a code sent to the bound contact; otp: an authenticator code. Only things the member
 * has: the account holder's name (once `bank`) is a guessable fact and is no longer a method.
 */
export const loginMethods = z.enum(['sms', 'email', 'otp']);
export type LoginMethod = z.infer<typeof loginMethods>;

/** `value` of `login.verification.required`. */
export const verificationChallenge = z.object({
  verificationToken: z.string(),
  /** The checks the member can pass: the brand's enabled ones the member has data for. */
  methods: z.array(loginMethods),
  /** Masked destination per method, e.g. {sms: "+52******5678", email: "p***@mail.com"}. */
  destinations: z.record(z.string(), z.string()),
  expiresInSeconds: z.number().int(),
});
export type VerificationChallenge = z.infer<typeof verificationChallenge>;

const trimmed = (max = 64) => z.string().trim().max(max);

export const loginBody = z.object({
  type: z.enum(['username', 'sms']).default('username'),
  username: trimmed().optional(),
  password: z.string().max(128).optional(),
  /** Captcha text (case-insensitive) and the id `GET /wps/captcha` returned with it. */
  captcha: trimmed(16).optional(),
  captchaId: trimmed(64).optional(),
  /** SMS login: the mobile number, its dialing code (e.g. "+52") and the code from /wps/verification/sms/noLogin. */
  mobileNum: trimmed(32).optional(),
  countryDialingCode: trimmed(8).optional(),
  verificationCode: trimmed(8).optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const login = endpoint({
  method: 'POST', path: '/wps/session/login', module: MODULES.session, auth: 'none', encrypted: true,
  summary: 'Log in by username and password, or by mobile and SMS code (type sms).',
  body: loginBody,
  response: loginValue,
});

export const loginAgent = endpoint({
  method: 'POST', path: '/wps/session/login/agent', module: MODULES.session, auth: 'none', encrypted: true,
  summary: 'Agent back-office login: like login, but non-agents are refused with login.non.agent.',
  body: loginBody,
  response: loginValue,
});

export const loginVerification = endpoint({
  method: 'POST', path: '/wps/session/login/verification', module: MODULES.session, auth: 'none', encrypted: true,
  summary: 'Finish a login from a new IP with one extra check (SMS code, e-mail code or authenticator code).',
  body: z.object({
    verificationToken: z.string().min(1).max(128),
    method: loginMethods,
    /** The SMS, e-mail or authenticator code. */
    code: z.string().trim().min(1).max(64),
  }),
  response: loginValue,
});

export const sendLoginVerificationCode = endpoint({
  method: 'POST', path: '/wps/session/login/verification/send', module: MODULES.session, auth: 'none',
  summary: 'Send the code of a new-IP check to the bound mobile (sms) or e-mail (email).',
  body: z.object({ verificationToken: z.string().min(1).max(128), method: z.enum(['sms', 'email']) }),
  response: z.object({ expiredMinutes: z.number().int() }),
});

export const loginFreeplay = endpoint({
  method: 'POST', path: '/wps/session/login/freeplay', module: MODULES.freePlay, auth: 'none',
  summary: 'Start a trial (guest) account of the brand\'s trial type and log it in.',
  body: z.object({ os: z.string().max(32).optional(), platform: z.string().max(8).optional() }).nullish(),
  response: loginValue,
});

export const logout = endpoint({
  method: 'DELETE', path: '/wps/session/logout', module: MODULES.session, auth: 'member',
  summary: 'Revoke the current session token.',
  response: z.null(),
});

export const logoutPost = endpoint({
  method: 'POST', path: '/wps/session/logout', module: MODULES.session, auth: 'member',
  summary: 'Revoke the current session token (POST form of the same call).',
  response: z.null(),
});

/**
 * Whether a token that came in a link (`?token=`) is a live session of this brand, answered
 * without a 401 so a stale link is dropped silently (§4; issue 23 item 10). Nothing is logged in.
 */
export const tokenCheck = endpoint({
  method: 'POST', path: '/wps/session/check', module: MODULES.session, auth: 'none',
  summary: 'Whether a session token (from a ?token= link) is a live session of the brand: {live}, never a 401.',
  body: z.object({ token: z.string().min(1).max(256) }),
  response: z.object({ live: z.boolean() }),
});

export const captcha = endpoint({
  method: 'GET', path: '/wps/captcha', module: MODULES.session, auth: 'none',
  summary: 'A new captcha: a PNG image with noise and distortion (data URL) and its id; single use, case-insensitive, expires in 5 minutes.',
  response: z.object({ image: z.string(), captchaId: z.string(), expiresInSeconds: z.number().int() }),
});

export const smsSent = z.object({ expiredMinutes: z.number().int() });

export const smsNoLogin = endpoint({
  method: 'POST', path: '/wps/verification/sms/noLogin', module: MODULES.session, auth: 'none',
  summary: 'Send an SMS code for SMS login or password reset by phone (to a registered mobile).',
  body: z.object({ mobileNum: trimmed(32), countryDialingCode: trimmed(8).optional() }),
  response: smsSent,
});

export const smsRegister = endpoint({
  method: 'POST', path: '/wps/verification/sms/register', module: MODULES.register, auth: 'none',
  summary: 'Send an SMS code to verify a mobile number during registration.',
  body: z.object({ mobileNo: trimmed(32), countryDialingCode: trimmed(8).optional() }),
  response: smsSent,
});
