/** Tables of the security centre (see migration 0017_member_profile). */
import { bigint, customType, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { members, merchants } from './schema.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * Avatar images (§7 `/wps/member/info/icon`): png or jpg, checked by magic bytes and rewritten
 * without metadata. `id` is random (128 bits): the image is served at /wps/member/icon/<id>.<ext>;
 * `members.avatar` names the current one.
 */
export const memberAvatars = pgTable('member_avatars', {
  id: text().primaryKey(),
  merchantId: integer().notNull().references(() => merchants.id),
  memberId: bigint({ mode: 'bigint' }).notNull().references(() => members.id),
  contentType: text({ enum: ['image/png', 'image/jpeg'] }).notNull(),
  data: bytea().notNull(),
  width: integer().notNull(),
  height: integer().notNull(),
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [index('member_avatars_member').on(t.memberId)]);
