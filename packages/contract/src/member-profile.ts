/**
 * Security centre (§2 default member page, §3 profile labels, §5 rules, §7 `/wps/member/info/icon`):
 * the profile fields, binding mobile and e-mail with a code, the avatar, last login and the
 * security level. The withdrawal password (cashier) and change password (member) keep their own
 * endpoints; this page uses them as they are.
 */
import { z } from 'zod';
import { MODULES } from './brand.ts';
import { endpoint } from './endpoint.ts';

/** The profile labels of §3, in the order the page shows them. */
export const PROFILE_FIELDS = [
  'nickname', 'realName', 'telegram', 'zalo', 'birthday', 'address', 'nationality', 'occupation', 'sourceOfIncome',
  'bankAccount',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/**
 * Fields that cannot be changed by the member once set (identity facts: withdrawals are paid to
 * the real name, the birthday proves the minimum age, the bank account is the payout account);
 * a change goes through customer service. The others can be edited and cleared at any time.
 */
export const LOCKED_ONCE_SET: readonly ProfileField[] = ['realName', 'birthday', 'bankAccount'];

/** Shown masked (only their owner typed them; the page shows enough to recognise them). */
export const MASKED_FIELDS: readonly ProfileField[] = ['realName', 'bankAccount'];

/** Answers of `sourceOfIncome` (a select). */
export const INCOME_SOURCES = ['salary', 'business', 'investment', 'savings', 'pension', 'other'] as const;

/** Avatar files: png or jpg (checked by their first bytes, not their name), at most 5 MB, at most 4096 px a side. */
export const AVATAR_LIMITS = { maxBytes: 5 * 1024 * 1024, maxSide: 4096, types: ['image/png', 'image/jpeg'] } as const;

/** The e-mail rule when the brand's register settings have none (binding always checks the address). */
export const EMAIL_RULE = { acceptedPattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]{2,}$', minLength: 5, maxLength: 128, patternId: 'mailbox' } as const;

/** A field's rule as the register settings give it (§5): the same pattern messages apply. */
export const profileRule = z.object({
  acceptedPattern: z.string(),
  minLength: z.number().int(),
  maxLength: z.number().int(),
  patternId: z.string(),
});

export const profileFieldView = z.object({
  field: z.enum(PROFILE_FIELDS),
  /** The value (masked for MASKED_FIELDS); null when not set. */
  value: z.string().nullable(),
  /** False once set for LOCKED_ONCE_SET fields. */
  editable: z.boolean(),
  masked: z.boolean(),
});

/**
 * Agents' powers over members (issue 18 item 2). Money out = withdrawals, transfers to the upline
 * or to a downline, and binding a payout account.
 * - An agent's reset of a member's password sends a one-time link and code to the member's bound
 *   mobile or e-mail (valid `resetLinkMinutes`); the agent never learns a password. A member with
 *   no bound contact gets a temporary password the agent sees once: it must be changed at the next
 *   login, and money out is refused (`member.money.contact.required`) until the member binds a
 *   mobile or e-mail of its own with a code.
 * - A login from a device the member has not used before, within `resetWindowDays` of a password
 *   reset (by the agent or by forgot password), holds money out for the brand's
 *   `security.moneyOutHoldHours` (default `defaultHoldHours`) from that login
 *   (`member.money.hold` with the end time); the member gets an inbox message and the member
 *   centre shows the notice.
 * - Binding or replacing the mobile or e-mail, setting the withdrawal password and binding a payout
 *   account need a proof (`member.proof.required`) when a contact is bound: a code sent to the
 *   bound mobile or e-mail, verified with `verifyProof`, valid `proofMinutes` for this session.
 */
export const MONEY_OUT_RULES = { resetLinkMinutes: 30, resetWindowDays: 30, defaultHoldHours: 24, proofMinutes: 10 } as const;

/** Whether money can leave the account now: `contact` (bind a contact first) or `hold` (until `until`). */
export const moneyOutState = z.object({
  state: z.enum(['ok', 'contact', 'hold']),
  /** End of a hold (ISO); null unless `hold`. */
  until: z.string().nullable(),
});
export type MoneyOutState = z.infer<typeof moneyOutState>;

/** What the security level counts: each bound item adds one. */
export const SECURITY_ITEMS = ['loginPassword', 'mobile', 'email', 'paymentPassword', 'realName'] as const;
export type SecurityItem = (typeof SECURITY_ITEMS)[number];

export const securityProfile = z.object({
  fields: z.array(profileFieldView),
  rules: z.record(z.enum(PROFILE_FIELDS), profileRule),
  /** Bound contacts, masked ("+52******5678", "p***@mail.com"). */
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  /** Which security items are in place, the count and the level (low < 3, medium 3–4, high 5). */
  items: z.record(z.enum(SECURITY_ITEMS), z.boolean()),
  score: z.number().int(),
  maxScore: z.number().int(),
  level: z.enum(['low', 'medium', 'high']),
  /** The login before this session (time, IP and its country when known); null on a first login. */
  lastLogin: z.object({ at: z.string(), ip: z.string(), country: z.string().nullable() }).nullable(),
  /** Where the avatar is served (a png or jpg); null: the default avatar. */
  avatarUrl: z.string().nullable(),
  /** Money out now (holds after a reset, see MONEY_OUT_RULES). */
  moneyOut: moneyOutState,
  /** Until when this session's proof from the bound contact lasts (ISO); null: none. */
  proofUntil: z.string().nullable(),
});
export type SecurityProfile = z.infer<typeof securityProfile>;

export const getProfile = endpoint({
  method: 'GET', path: '/wps/member/info/profile', module: MODULES.member, auth: 'member',
  summary: 'Security centre: profile fields, bound contacts, security level, last login, avatar.',
  response: securityProfile,
});

const fieldValue = z.string().max(200).optional();

/**
 * Saves the profile fields sent (others stay). An empty string clears an editable field. A field
 * that breaks its rule: `field.invalid` (value: member.FieldError); a locked field that is set:
 * `member.profile.locked`; under the minimum age: `register.age.under`.
 */
export const updateProfile = endpoint({
  method: 'POST', path: '/wps/member/info/profile', module: MODULES.member, auth: 'member',
  summary: 'Edit profile fields (real name, birthday and bank account only while not set).',
  body: z.object(Object.fromEntries(PROFILE_FIELDS.map((f) => [f, fieldValue])) as Record<ProfileField, typeof fieldValue>).strict(),
  response: securityProfile,
});

const bindTarget = {
  channel: z.enum(['sms', 'email']),
  mobileNum: z.string().trim().max(32).optional(),
  countryDialingCode: z.string().trim().max(8).optional(),
  email: z.string().trim().max(128).optional(),
};

/** Sends a 6-digit code to the mobile number or e-mail address to bind (not one bound to another member). */
export const sendBindCode = endpoint({
  method: 'POST', path: '/wps/member/info/bind/code', module: MODULES.member, auth: 'member',
  summary: 'Send a code to a mobile number or e-mail to bind.',
  body: z.object(bindTarget),
  response: z.object({ expiredMinutes: z.number().int(), to: z.string() }),
});

/**
 * Binds the mobile or e-mail with the code sent to it. When the member already has a bound mobile
 * or e-mail, the session needs a proof from it first (`member.proof.required`, see verifyProof);
 * replacing one also needs the login password (when the member has one): `password.old.invalid`.
 * Binding a contact ends the `contact` block of an agent's temporary password.
 */
export const bindContact = endpoint({
  method: 'POST', path: '/wps/member/info/bind', module: MODULES.member, auth: 'member', encrypted: true,
  summary: 'Bind or replace the mobile or e-mail with its code.',
  body: z.object({ ...bindTarget, verificationCode: z.string().trim().max(8), password: z.string().max(128).optional() }),
  response: securityProfile,
});

/**
 * The avatar (§7 `/wps/member/info/icon`): the file as base64 (a `data:` URL prefix is allowed).
 * png or jpg by magic bytes, ≤ 5 MB: else `member.avatar.type`, `member.avatar.too.large` or
 * `member.avatar.invalid` (not a readable image). Metadata (EXIF, text chunks) is stripped and the
 * image is served from `avatarUrl` with its own content type.
 */
export const uploadIcon = endpoint({
  method: 'POST', path: '/wps/member/info/icon', module: MODULES.member, auth: 'member',
  summary: 'Upload the avatar (png or jpg, at most 5 MB).',
  body: z.object({ image: z.string().min(1).max(8 * 1024 * 1024) }),
  response: z.object({ avatarUrl: z.string() }),
});

const boundChannel = z.object({ channel: z.enum(['sms', 'email']) });

/** Forgot the withdrawal password: a code to the member's bound mobile or e-mail (`member.contact.unbound` when none). */
export const sendPaymentResetCode = endpoint({
  method: 'POST', path: '/wps/member/info/payment-password/code', module: MODULES.member, auth: 'member',
  summary: 'Send a code to the bound mobile or e-mail to reset the withdrawal password.',
  body: boundChannel,
  response: z.object({ expiredMinutes: z.number().int(), to: z.string() }),
});

/** Sets a new withdrawal password (6 digits) with that code instead of the old one; clears a wrong-try lock. */
export const resetPaymentPassword = endpoint({
  method: 'POST', path: '/wps/member/info/payment-password/reset', module: MODULES.member, auth: 'member', encrypted: true,
  summary: 'Reset the withdrawal password with a code sent to the bound mobile or e-mail.',
  body: boundChannel.extend({ verificationCode: z.string().trim().max(8), newPassword: z.string().max(64), confirmPassword: z.string().max(64) }),
  response: z.object({ isSet: z.literal(true) }),
});

/** A code to the member's bound mobile or e-mail proving it is the member (`member.contact.unbound` when that channel has none). */
export const sendProofCode = endpoint({
  method: 'POST', path: '/wps/member/info/proof/code', module: MODULES.member, auth: 'member',
  summary: 'Send a code to the bound mobile or e-mail to confirm a sensitive change.',
  body: boundChannel,
  response: z.object({ expiredMinutes: z.number().int(), to: z.string() }),
});

/**
 * Checks that code: for MONEY_OUT_RULES.proofMinutes this session may bind or replace a contact,
 * set the withdrawal password and bind payout accounts.
 */
export const verifyProof = endpoint({
  method: 'POST', path: '/wps/member/info/proof', module: MODULES.member, auth: 'member',
  summary: 'Confirm with the code sent to the bound mobile or e-mail.',
  body: boundChannel.extend({ verificationCode: z.string().trim().max(8) }),
  response: z.object({ proofUntil: z.string() }),
});
