/** Tables of the announcements domain (see migration 0016_announcements_inbox). */
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { merchants } from './schema.ts';

const ts = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * Operator announcements of a brand: banners (B, with a group), player notices (PL), popups
 * (PU), promotion announcements (PR) and agent announcements (H). `execution` null shows the
 * item to everyone; A to logged-in users, B to visitors, F on a member's first login.
 * `language` null = every language. `content` is operator HTML, sanitised where it is shown.
 */
export const announcements = pgTable('announcements', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  type: text({ enum: ['B', 'PL', 'PU', 'PR', 'H'] }).notNull(),
  groupName: text({ enum: ['w_home', 'w_leftmenu', 'w_login', 'w_forget'] }),
  execution: text({ enum: ['A', 'B', 'F'] }),
  language: text(),
  title: text().notNull(),
  content: text().notNull().default(''),
  url: text().notNull().default(''),
  linkageType: text({ enum: ['none', 'internal', 'external'] }).notNull().default('none'),
  image: text().notNull().default(''),
  promotionType: text(),
  sort: integer().notNull().default(0),
  startsAt: ts(),
  endsAt: ts(),
  createdAt: ts().notNull().defaultNow(),
  updatedAt: ts().notNull().defaultNow(),
}, (t) => [index('announcements_merchant').on(t.merchantId, t.type)]);
