import { sql } from 'drizzle-orm';
import {
  bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex,
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
  passwordHash: text().notNull(),
  type: integer().notNull().default(0),
  nickname: text().notNull().default(''),
  status: text({ enum: ['active', 'locked'] }).notNull().default('active'),
  language: text().notNull().default('ES'),
  mobile: text(),
  email: text(),
  /** Direct upline (agent) in the downline tree. */
  parentId: bigint({ mode: 'bigint' }),
  createdAt: now(),
  passwordChangedAt: now(),
  lastLoginAt: timestamp({ withTimezone: true, mode: 'date' }),
  lastLoginIp: text(),
}, (t) => [
  uniqueIndex('members_merchant_username').on(t.merchantId, t.usernameKey),
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
