/** Tables of the inbox domain (see migration 0016_announcements_inbox). */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members, merchants } from './core-schema.ts';

const ts = () => timestamp({ withTimezone: true, mode: 'date' });

/** A message (messageV2). `senderId` null = the operator. Content is plain text. */
export const inboxMessages = pgTable('inbox_messages', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  senderKind: text({ enum: ['operator', 'upline', 'member'] }).notNull(),
  senderId: bigint({ mode: 'bigint' }).references(() => members.id),
  title: text().notNull(),
  content: text().notNull(),
  createdAt: ts().notNull().defaultNow(),
});

/** One recipient of a message; `recipientId` null = support (read by the operator). */
export const inboxDeliveries = pgTable('inbox_deliveries', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  messageId: bigint({ mode: 'bigint' }).notNull().references(() => inboxMessages.id),
  merchantId: integer().notNull().references(() => merchants.id),
  recipientId: bigint({ mode: 'bigint' }).references(() => members.id),
  readAt: ts(),
  deletedAt: ts(),
}, (t) => [
  uniqueIndex('inbox_deliveries_once').on(t.messageId, t.recipientId),
  index('inbox_deliveries_box').on(t.merchantId, t.recipientId, t.id).where(sql`${t.deletedAt} IS NULL`),
]);
