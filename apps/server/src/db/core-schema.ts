/** The core tables (brands, members, sessions, auth): the other *-schema files import these, schema.ts re-exports everything. */
import { sql } from 'drizzle-orm';
import {
  bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { BrandConfig } from '@lobby/contract';

const now = () => timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** A brand (merchant code) with its white-label settings. */
export const merchants = pgTable('merchants', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  code: text().notNull().unique(),
  /** Host names served as this brand when a request has no Merchant header. */
  hosts: text().array().notNull().default(sql`'{}'::text[]`),
  config: jsonb().$type<BrandConfig>().notNull(),
  /** Bumped on every change; caches compare it. */
  version: integer().notNull().default(1),
  createdAt: now(),
  updatedAt: now(),
});

/** Players, trial accounts and agents of one brand. `type` follows the brand's agent/trial types. */
export const members = pgTable('members', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  /** Login name as typed (display); `usernameKey` is its lower-case form for uniqueness. */
  username: text().notNull(),
  usernameKey: text().notNull(),
  /** argon2id PHC string; null = no password (trial accounts, SMS-only registrations). */
  passwordHash: text(),
  /** Set when the password must be changed at next login (weak default, set by an agent). */
  mustChangePassword: boolean().notNull().default(false),
  type: integer().notNull().default(0),
  nickname: text().notNull().default(''),
  status: text({ enum: ['active', 'locked'] }).notNull().default('active'),
  language: text().notNull().default('ES'),
  /** E.164 mobile number (unique per brand) and e-mail address as given. */
  mobile: text(),
  email: text(),
  /** Code others register with (referralCode / affiliateCode); upper case, unique per brand. */
  referralCode: text(),
  /** Base32 TOTP secret when the member bound an authenticator app. */
  otpSecret: text(),
  /** Other register fields (payeeName, qqNum, line, whatsapp, birthday…) as given. */
  profile: jsonb().$type<Record<string, string>>().notNull().default({}),
  /** Direct upline (agent) in the downline tree. */
  parentId: bigint({ mode: 'bigint' }),
  createdAt: now(),
  passwordChangedAt: now(),
  lastLoginAt: timestamp({ withTimezone: true, mode: 'date' }),
  lastLoginIp: text(),
  /** Current avatar file (`<id>.png` / `<id>.jpg` of member_avatars); null = default avatar. */
  avatar: text(),
}, (t) => [
  uniqueIndex('members_merchant_username').on(t.merchantId, t.usernameKey),
  uniqueIndex('members_merchant_mobile').on(t.merchantId, t.mobile),
  uniqueIndex('members_merchant_referral').on(t.merchantId, t.referralCode),
  index('members_parent').on(t.parentId),
]);

/** A login session. Only the SHA-256 of the token is stored. */
export const sessions = pgTable('sessions', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  tokenHash: text().notNull().unique(),
  merchantId: integer().notNull().references(() => merchants.id),
  memberId: bigint({ mode: 'bigint' }).notNull().references(() => members.id),
  ip: text().notNull().default(''),
  userAgent: text().notNull().default(''),
  /** How the session was opened: password, sms, register, reset, trial, verification. */
  method: text().notNull().default('password'),
  createdAt: now(),
  lastSeenAt: now(),
  expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  revokedAt: timestamp({ withTimezone: true, mode: 'date' }),
}, (t) => [index('sessions_member').on(t.memberId)]);

/** The brand's RSA key pair for encrypted calls (RSA-OAEP wraps a per-request AES-GCM key). */
export const brandKeys = pgTable('brand_keys', {
  merchantId: integer().primaryKey().references(() => merchants.id),
  publicKeyPem: text().notNull(),
  privateKeyPem: text().notNull(),
  createdAt: now(),
});

/**
 * Every SMS and e-mail the platform sends, whatever the provider. With the development
 * provider this is the only delivery: operators and tests read codes from here.
 */
export const outbox = pgTable('outbox', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  channel: text({ enum: ['sms', 'email'] }).notNull(),
  recipient: text().notNull(),
  subject: text().notNull().default(''),
  body: text().notNull(),
  provider: text().notNull(),
  status: text({ enum: ['sent', 'failed'] }).notNull(),
  error: text(),
  createdAt: now(),
}, (t) => [index('outbox_recipient').on(t.merchantId, t.recipient, t.createdAt)]);

/** The IP addresses a member has logged in from (unregistered-IP verification). */
export const memberIps = pgTable('member_ips', {
  memberId: bigint({ mode: 'bigint' }).notNull().references(() => members.id),
  ip: text().notNull(),
  firstSeenAt: now(),
  lastSeenAt: now(),
}, (t) => [primaryKey({ columns: [t.memberId, t.ip] })]);

/**
 * Fixed-window counters shared by every instance (login failures, SMS limits, locks) when
 * Redis is not configured. `key` carries the brand; rows past `expiresAt` count as absent.
 */
export const authCounters = pgTable('auth_counters', {
  key: text().primaryKey(),
  count: integer().notNull(),
  expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
}, (t) => [index('auth_counters_expires').on(t.expiresAt)]);

/** Captcha answers: SHA-256 of id + answer, single use, short-lived. */
export const captchas = pgTable('captchas', {
  id: text().primaryKey(),
  merchantId: integer().notNull().references(() => merchants.id),
  answerHash: text().notNull(),
  expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  createdAt: now(),
});

/**
 * One-time codes sent by SMS or e-mail (login, register, reset, new-IP check). Only a salted
 * SHA-256 of the code is kept; a code is used once and dies after a few wrong tries.
 */
export const verificationCodes = pgTable('verification_codes', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  purpose: text({ enum: ['login', 'register', 'challenge', 'reset', 'bind', 'payment', 'proof'] }).notNull(),
  channel: text({ enum: ['sms', 'email'] }).notNull(),
  recipient: text().notNull(),
  memberId: bigint({ mode: 'bigint' }),
  salt: text().notNull(),
  codeHash: text().notNull(),
  /** SHA-256 of a link token (e-mail reset links); null for plain codes. */
  linkHash: text(),
  attempts: integer().notNull().default(0),
  expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp({ withTimezone: true, mode: 'date' }),
  createdAt: now(),
}, (t) => [
  index('verification_codes_recipient').on(t.merchantId, t.purpose, t.recipient, t.createdAt),
  uniqueIndex('verification_codes_link').on(t.linkHash),
]);

/** A login that passed the password but waits for the new-IP check. Token stored hashed. */
export const loginChallenges = pgTable('login_challenges', {
  tokenHash: text().primaryKey(),
  merchantId: integer().notNull().references(() => merchants.id),
  memberId: bigint({ mode: 'bigint' }).notNull().references(() => members.id),
  ip: text().notNull(),
  methods: text().array().notNull(),
  /** Whether the login was an agent login (the session answer must be the same). */
  agent: boolean().notNull().default(false),
  attempts: integer().notNull().default(0),
  expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp({ withTimezone: true, mode: 'date' }),
  createdAt: now(),
});
