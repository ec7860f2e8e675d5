/** Tables of the operator console (see migration 0023_operator_console). */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants } from './core-schema.ts';

const ts = () => timestamp({ withTimezone: true, mode: 'date' });

/** An operator of the deployment. `brands` null = every brand; TOTP is mandatory. */
export const operators = pgTable('operators', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  username: text().notNull(),
  usernameKey: text().notNull(),
  passwordHash: text().notNull(),
  role: text({ enum: ['owner', 'finance', 'content', 'support'] }).notNull(),
  brands: text().array(),
  status: text({ enum: ['active', 'disabled'] }).notNull().default('active'),
  /** Base32 secret; set at first login, confirmed (enrolled) by the first valid code. */
  totpSecret: text(),
  totpEnrolledAt: ts(),
  /** The last accepted 30 s step: a code is accepted once. */
  totpLastStep: bigint({ mode: 'number' }),
  failedLogins: integer().notNull().default(0),
  lockedUntil: ts(),
  createdAt: ts().notNull().defaultNow(),
  lastLoginAt: ts(),
}, (t) => [uniqueIndex('operators_username').on(t.usernameKey)]);

export const operatorSessions = pgTable('operator_sessions', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  tokenHash: text().notNull(),
  operatorId: bigint({ mode: 'bigint' }).notNull().references(() => operators.id),
  ip: text().notNull().default(''),
  userAgent: text().notNull().default(''),
  createdAt: ts().notNull().defaultNow(),
  lastSeenAt: ts().notNull().defaultNow(),
  expiresAt: ts().notNull(),
  revokedAt: ts(),
}, (t) => [uniqueIndex('operator_sessions_token').on(t.tokenHash), index('operator_sessions_operator').on(t.operatorId)]);

/** Append-only (a trigger refuses UPDATE/DELETE). operatorId null = the service key. */
export const operatorAudit = pgTable('operator_audit', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  at: ts().notNull().defaultNow(),
  operatorId: bigint({ mode: 'bigint' }).references(() => operators.id),
  operatorName: text().notNull(),
  merchantId: integer().references(() => merchants.id),
  action: text().notNull(),
  target: text().notNull().default(''),
  before: jsonb().$type<unknown>(),
  after: jsonb().$type<unknown>(),
  ip: text().notNull().default(''),
}, (t) => [index('operator_audit_at').on(t.at), index('operator_audit_merchant').on(t.merchantId, t.at)]);

export const operatorBrandRules = pgTable('operator_brand_rules', {
  merchantId: integer().primaryKey().references(() => merchants.id),
  dualApprovalAbove: bigint({ mode: 'bigint' }).notNull().default(sql`100000`),
  updatedAt: ts().notNull().defaultNow(),
});

export const withdrawalApprovals = pgTable('withdrawal_approvals', {
  merchantId: integer().notNull().references(() => merchants.id),
  withdrawNo: text().notNull(),
  operatorId: bigint({ mode: 'bigint' }).notNull().references(() => operators.id),
  at: ts().notNull().defaultNow(),
}, (t) => [primaryKey({ name: 'withdrawal_approvals_pk', columns: [t.merchantId, t.withdrawNo, t.operatorId] })]);
