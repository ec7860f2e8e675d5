import { z } from 'zod';
import { MODULES } from './brand.ts';
import { endpoint } from './endpoint.ts';
import { LANGUAGE_CODES, type LanguageCode } from './languages.ts';
import { loginValue } from './session.ts';
import { moneyOutState } from './member-profile.ts';

/** Member info (§3). `type` is numeric; agent and trial types come from the brand config. */
export const memberInfo = z.object({
  id: z.string(),
  account: z.string(),
  userName: z.string(),
  nickname: z.string(),
  type: z.number().int(),
  isAgent: z.boolean(),
  isTrial: z.boolean(),
  /** Balance of the main wallet in major units as a decimal string ("1234.50"). */
  balance: z.string(),
  currency: z.string(),
  currencySymbol: z.string(),
  vip: z.boolean(),
  vipLabel: z.string(),
  rankLevel: z.number().int(),
  availablePromoCount: z.number().int(),
  unreadMessageCount: z.number().int(),
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
  language: z.string(),
  /** Bound contacts, masked (security centre): "+52******5678", "p***@mail.com". */
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  /** The member has a password (SMS-registered and trial accounts may not). */
  hasPassword: z.boolean(),
  otpEnabled: z.boolean(),
  /** Code other players enter as referralCode / affiliateCode to register under this member. */
  referralCode: z.string(),
  createdAt: z.string(),
  /** Money out now: a hold after a password reset on a new device, or a contact to verify first (member-profile MONEY_OUT_RULES). */
  moneyOut: moneyOutState,
});
export type MemberInfo = z.infer<typeof memberInfo>;

export const getMemberInfo = endpoint({
  method: 'GET', path: '/wps/member/info', module: MODULES.member, auth: 'member',
  summary: 'The logged-in member: account, type, balance, badges.',
  response: memberInfo,
});

export const setLanguage = endpoint({
  method: 'POST', path: '/wps/member/language', module: MODULES.member, auth: 'member',
  summary: 'Remember the member\'s interface language.',
  body: z.object({ language: z.enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]]) }),
  response: z.object({ language: z.string() }),
});

// ---- Registration, passwords, affiliate codes (§3, §5, §7) --------------------------------

const str = (max = 128) => z.string().trim().max(max).optional();

/**
 * The register payload of §3. Which fields are enabled and required, and their patterns,
 * come from `GET /wps/system/setting/register`; the server checks them all again. A field that
 * breaks its rule answers `field.invalid` with `value` {@link fieldError}. `terms` must be true.
 */
export const registerBody = z.object({
  username: str(64), password: z.string().max(128).optional(), confirmPassword: z.string().max(128).optional(),
  payeeName: str(), email: str(), qqNum: str(), mobileNum: str(32), countryDialingCode: str(8),
  recommenderId: str(), captcha: str(16), captchaId: str(64), verificationCode: str(8),
  affiliateCode: str(32), referralCode: str(32), paymentPassword: z.string().max(64).optional(),
  line: str(), whatsapp: str(), facebook: str(), wechat: str(), idNumber: str(), birthday: str(10),
  domain: str(255), registerUrl: str(1024), registerMethod: str(16),
  /** The click id of the tracked link the visitor came through (issue 25, affiliate.click). */
  clickId: z.string().max(64).optional(),
  login: z.boolean().optional(), firebaseChannel: str(), firebaseIdToken: z.string().max(4096).optional(),
  /** The terms checkbox; registration is refused unless true. */
  terms: z.boolean().optional(),
});
export type RegisterBody = z.infer<typeof registerBody>;

/** `value` of `field.invalid`: enough for the client to show the rule's message (patternId with (min)/(max)). */
export const fieldError = z.object({
  field: z.string(),
  reason: z.enum(['required', 'length', 'pattern']),
  patternId: z.string(),
  minLength: z.number().int(),
  maxLength: z.number().int(),
});
export type FieldError = z.infer<typeof fieldError>;

export const register = endpoint({
  method: 'POST', path: '/wps/member/register', module: MODULES.registerUsername, auth: 'none', encrypted: true,
  summary: 'Register with a username and password (brand field rules); logs in and answers the login value.',
  body: registerBody,
  response: loginValue,
});

export const registerMobile = endpoint({
  method: 'POST', path: '/wps/member/register/mobile', module: MODULES.registerMobile, auth: 'none', encrypted: true,
  summary: 'Register with a mobile number and SMS code (password only when MOBILENUMPASSREG3 is on); logs in.',
  body: registerBody,
  response: loginValue,
});

export const changePassword = endpoint({
  method: 'POST', path: '/wps/member/password', module: MODULES.password, auth: 'member', encrypted: true,
  summary: 'Change the password; revokes every session of the member and answers a fresh login.',
  body: z.object({
    /** Not needed when the member has no password yet or logged in by SMS. */
    oldPassword: z.string().max(128).optional(),
    newPassword: z.string().max(128),
    confirmNewPassword: z.string().max(128),
  }),
  response: loginValue,
});

export const passwordByEmail = endpoint({
  method: 'POST', path: '/wps/member/password/email', module: MODULES.passwordByMail, auth: 'none', form: true,
  summary: 'Forgot password: e-mail a reset link and code when username and e-mail match (form-encoded).',
  body: z.object({ username: z.string().trim().min(1).max(64), email: z.string().trim().min(3).max(128) }),
  response: z.object({ messageKey: z.literal('in_been_out'), expiredMinutes: z.number().int() }),
});

/** A reset finished with the link token, or with username + code. */
const resetBody = z.object({
  resetToken: z.string().max(128).optional(),
  username: z.string().trim().max(64).optional(),
  code: z.string().trim().max(8).optional(),
  newPassword: z.string().max(128),
  confirmNewPassword: z.string().max(128),
});

export const passwordByEmailReset = endpoint({
  method: 'POST', path: '/wps/member/password/email/reset', module: MODULES.passwordByMail, auth: 'none', encrypted: true,
  summary: 'Finish an e-mail reset with the token from the link (or username + code); logs in.',
  body: resetBody,
  response: loginValue,
});

/**
 * Finishes any reset sent to the member's own contact (forgot password by e-mail, or an agent's
 * reset sent by SMS or e-mail): the link token, or username + code; logs in. Wrong or used:
 * `password.reset.invalid` / `sms.code.invalid`.
 */
export const finishPasswordReset = endpoint({
  method: 'POST', path: '/wps/member/password/reset', module: MODULES.common, auth: 'none', encrypted: true,
  summary: 'Set a new password with a reset link token or username + code sent to the bound contact; logs in.',
  body: resetBody,
  response: loginValue,
});

export const passwordByPhone = endpoint({
  method: 'POST', path: '/wps/member/password/verification', module: MODULES.passwordByPhone, auth: 'none', encrypted: true,
  summary: 'Forgot password by phone: mobile, SMS code (from sms/noLogin) and new password; logs in.',
  body: z.object({
    mobileNum: z.string().trim().max(32),
    countryDialingCode: z.string().trim().max(8).optional(),
    verificationCode: z.string().trim().max(8),
    newPassword: z.string().max(128),
    confirmNewPassword: z.string().max(128).optional(),
  }),
  response: loginValue,
});

export const affiliate = endpoint({
  method: 'GET', path: '/wps/agent/affiliate', module: MODULES.register, auth: 'none',
  summary: 'Check an affiliate (referral) code before registering; an unknown code is invitation_code_error.',
  query: z.object({ code: z.string().trim().min(1).max(32), domain: z.string().max(255).optional() }),
  response: z.object({ valid: z.literal(true), code: z.string(), agent: z.boolean() }),
});
