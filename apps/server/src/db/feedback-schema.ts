/** Tables of feedback and activity comments (see migration 0022_help_feedback). */
import { sql } from 'drizzle-orm';
import { bigint, customType, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members, merchants } from './core-schema.ts';
import { promotions } from './promotions-schema.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});
const ts = () => timestamp({ withTimezone: true, mode: 'date' });

/** The brand's feedback word bounds (§5 "between {0} and {1} words"); no row = contract defaults. */
export const feedbackSettings = pgTable('feedback_settings', {
  merchantId: integer().primaryKey().references(() => merchants.id),
  minWords: integer().notNull(),
  maxWords: integer().notNull(),
  updatedAt: ts().notNull().defaultNow(),
});

export const feedback = pgTable('feedback', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  memberId: bigint({ mode: 'bigint' }).notNull().references(() => members.id),
  type: text({ enum: ['suggestion', 'deposit', 'withdraw', 'game', 'account', 'other'] }).notNull(),
  content: text().notNull(),
  reply: text(),
  repliedAt: ts(),
  createdAt: ts().notNull().defaultNow(),
}, (t) => [
  index('feedback_member').on(t.merchantId, t.memberId, t.id),
  index('feedback_open').on(t.merchantId, t.id).where(sql`${t.reply} IS NULL`),
]);

/** A checked, metadata-free image of a feedback; `id` is random (served at /wps/feedback/image/<id>.<ext>). */
export const feedbackImages = pgTable('feedback_images', {
  id: text().primaryKey(),
  feedbackId: bigint({ mode: 'bigint' }).notNull().references(() => feedback.id, { onDelete: 'cascade' }),
  merchantId: integer().notNull().references(() => merchants.id),
  position: integer().notNull(),
  contentType: text({ enum: ['image/png', 'image/jpeg'] }).notNull(),
  data: bytea().notNull(),
  createdAt: ts().notNull().defaultNow(),
}, (t) => [uniqueIndex('feedback_images_slot').on(t.feedbackId, t.position)]);

/** Activity comments on promotions (plain text, at most 140 characters). */
export const promotionComments = pgTable('promotion_comments', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  promotionId: bigint({ mode: 'bigint' }).notNull().references(() => promotions.id),
  memberId: bigint({ mode: 'bigint' }).notNull().references(() => members.id),
  content: text().notNull(),
  createdAt: ts().notNull().defaultNow(),
}, (t) => [index('promotion_comments_list').on(t.merchantId, t.promotionId, t.id)]);
