/** Tables of the announcements domain (see migrations 0016_announcements_inbox, 0027_console_content). */
import { bigint, boolean, customType, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { merchants } from './core-schema.ts';

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
  /** Published (served to players); an unpublished item is kept for the console (migration 0027). */
  enabled: boolean().notNull().default(true),
  startsAt: ts(),
  endsAt: ts(),
  createdAt: ts().notNull().defaultNow(),
  updatedAt: ts().notNull().defaultNow(),
}, (t) => [index('announcements_merchant').on(t.merchantId, t.type)]);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * Banner art uploaded in the console (migration 0027): png or jpg, checked by magic bytes and
 * rewritten without metadata; the id is random (128 bits). Served at
 * /wps/announcements/art/upload/<id>.<ext> beside the generated art.
 */
export const bannerImages = pgTable('banner_images', {
  id: text().primaryKey(),
  merchantId: integer().notNull().references(() => merchants.id),
  contentType: text({ enum: ['image/png', 'image/jpeg'] }).notNull(),
  width: integer().notNull(),
  height: integer().notNull(),
  data: bytea().notNull(),
  createdAt: ts().notNull().defaultNow(),
}, (t) => [index('banner_images_merchant').on(t.merchantId, t.createdAt)]);
