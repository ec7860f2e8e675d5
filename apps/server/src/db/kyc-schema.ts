/**
 * Know your customer and risk (issue 26, migration 0043_kyc_risk): the brand's KYC rules, the
 * members' documents (files under DATA_DIR/kyc, never in the database or the web root), the
 * verification checks and their decisions, provider webhook events (idempotency), the device and
 * address marks the risk signals compare, and the risk review of withdrawals.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { kyc, risk } from '@lobby/contract';
import { members, merchants } from './core-schema.ts';

const ts = () => timestamp({ withTimezone: true, mode: 'date' });

/** A brand's KYC rules (no row = kyc.DEFAULT_SETTINGS) and the secret its demo provider signs webhooks with. */
export const kycSettings = pgTable('kyc_settings', {
  merchantId: integer().primaryKey().references(() => merchants.id),
  settings: jsonb().$type<kyc.Settings>().notNull(),
  webhookSecret: text().notNull(),
  updatedAt: ts().notNull().defaultNow(),
});

/** An uploaded document: checked, stripped of metadata, kept as `file` under the data directory. */
export const kycDocuments = pgTable('kyc_documents', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  memberId: bigint({ mode: 'bigint' }).notNull().references(() => members.id),
  kind: text({ enum: ['id_front', 'id_back', 'selfie', 'address'] }).notNull(),
  contentType: text({ enum: ['image/png', 'image/jpeg', 'application/pdf'] }).notNull(),
  size: integer().notNull(),
  /** `<merchant>/<32 hex>.<ext>` relative to DATA_DIR/kyc. */
  file: text().notNull(),
  sha256: text().notNull(),
  /** new (not sent yet) → submitted (in a check) → verified / rejected with its check. */
  status: text({ enum: ['new', 'submitted', 'verified', 'rejected'] }).notNull().default('new'),
  checkId: bigint({ mode: 'bigint' }),
  uploadedAt: ts().notNull().defaultNow(),
}, (t) => [
  index('kyc_documents_member').on(t.merchantId, t.memberId, t.uploadedAt),
  index('kyc_documents_check').on(t.checkId),
]);

/**
 * One verification of a level: pending → verified (expires `expiresAt`) or rejected (reason).
 * At most one pending check per member and level. Four eyes: the first approver is kept until a
 * second, different operator verifies.
 */
export const kycChecks = pgTable('kyc_checks', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  memberId: bigint({ mode: 'bigint' }).notNull().references(() => members.id),
  level: text({ enum: ['identity', 'address'] }).notNull(),
  status: text({ enum: ['pending', 'verified', 'rejected'] }).notNull().default('pending'),
  provider: text({ enum: ['manual', 'demo'] }).notNull(),
  /** The provider's reference (random, unique) the webhook names. */
  providerRef: text(),
  fullName: text(),
  /** yyyy-MM-dd as on the document. */
  birthDate: text(),
  reason: text().$type<kyc.Reason>(),
  note: text(),
  firstApproverId: bigint({ mode: 'bigint' }),
  firstApproverName: text(),
  decidedBy: text(),
  createdAt: ts().notNull().defaultNow(),
  decidedAt: ts(),
  expiresAt: ts(),
}, (t) => [
  index('kyc_checks_queue').on(t.merchantId, t.status, t.createdAt),
  index('kyc_checks_member').on(t.memberId, t.level, t.createdAt),
  uniqueIndex('kyc_checks_one_pending').on(t.memberId, t.level).where(sql`${t.status} = 'pending'`),
  uniqueIndex('kyc_checks_ref').on(t.providerRef),
]);

/** Provider webhook events already applied: the same event id twice changes nothing. */
export const kycWebhookEvents = pgTable('kyc_webhook_events', {
  provider: text().notNull(),
  eventId: text().notNull(),
  merchantId: integer().notNull().references(() => merchants.id),
  checkId: bigint({ mode: 'bigint' }).notNull(),
  payload: jsonb().notNull(),
  receivedAt: ts().notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.provider, t.eventId] })]);

/** What the risk signals compare across accounts: `device` (fingerprint hash), `ip`, `ip24` (IPv4 /24 range). */
export const riskMarks = pgTable('risk_marks', {
  merchantId: integer().notNull().references(() => merchants.id),
  memberId: bigint({ mode: 'bigint' }).notNull().references(() => members.id),
  kind: text({ enum: ['device', 'ip', 'ip24'] }).notNull(),
  value: text().notNull(),
  firstSeenAt: ts().notNull().defaultNow(),
  lastSeenAt: ts().notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.memberId, t.kind, t.value] }),
  index('risk_marks_value').on(t.merchantId, t.kind, t.value),
]);

/** A withdrawal held for risk review (its member's score reached the brand's review score). */
export const riskReviews = pgTable('risk_reviews', {
  merchantId: integer().notNull().references(() => merchants.id),
  withdrawNo: text().notNull(),
  memberId: bigint({ mode: 'bigint' }).notNull().references(() => members.id),
  score: integer().notNull(),
  signals: jsonb().$type<risk.SignalView[]>().notNull(),
  status: text({ enum: ['pending', 'cleared', 'held'] }).notNull().default('pending'),
  note: text(),
  decidedBy: text(),
  createdAt: ts().notNull().defaultNow(),
  decidedAt: ts(),
}, (t) => [
  primaryKey({ columns: [t.merchantId, t.withdrawNo] }),
  index('risk_reviews_pending').on(t.merchantId, t.createdAt).where(sql`${t.status} = 'pending'`),
]);

/**
 * AML report flags (issue 26 item 4, migration 0047_kyc_aml): one per brand, kind, direction and
 * ref (`single`: the order or withdrawal number; `daily` / `structuring`: `<member>:<UTC day>`).
 * An open daily or structuring flag follows the day's later money; a decided one keeps what was decided on.
 */
export const amlFlags = pgTable('aml_flags', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  memberId: bigint({ mode: 'bigint' }).notNull().references(() => members.id),
  kind: text({ enum: ['single', 'daily', 'structuring'] }).notNull(),
  direction: text({ enum: ['deposit', 'withdraw'] }).notNull(),
  ref: text().notNull(),
  day: text().notNull(),
  amount: bigint({ mode: 'bigint' }).notNull(),
  count: integer().notNull(),
  refs: jsonb().$type<string[]>().notNull(),
  status: text({ enum: ['open', 'reported', 'dismissed'] }).notNull().default('open'),
  note: text(),
  decidedBy: text(),
  createdAt: ts().notNull().defaultNow(),
  decidedAt: ts(),
}, (t) => [
  uniqueIndex('aml_flags_ref').on(t.merchantId, t.kind, t.direction, t.ref),
  index('aml_flags_list').on(t.merchantId, t.status, t.day),
]);
