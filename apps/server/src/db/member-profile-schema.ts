/** Tables of the security centre (see migration 0017_member_profile). */
import { bigint, boolean, customType, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { members, merchants, sessions } from './core-schema.ts';

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

/**
 * Agents' powers over members (issue 18 item 2, migration 0036; modules/member-security): the
 * last password reset, the money-out block of an agent's temporary password (`contactRequired`,
 * until the member binds a contact of its own) and the money-out hold after a new-device login
 * following a reset (`holdUntil`).
 */
export const memberSecurity = pgTable('member_security', {
  memberId: bigint({ mode: 'bigint' }).primaryKey().references(() => members.id),
  merchantId: integer().notNull().references(() => merchants.id),
  resetAt: timestamp({ withTimezone: true, mode: 'date' }),
  resetBy: text({ enum: ['agent', 'member', 'operator'] }),
  contactRequired: boolean().notNull().default(false),
  holdUntil: timestamp({ withTimezone: true, mode: 'date' }),
  updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Devices a member has logged in from: `device_hash` is `id:<sha256 of the known-device id the browser keeps>` (session/device.ts). */
export const memberDevices = pgTable('member_devices', {
  memberId: bigint({ mode: 'bigint' }).notNull().references(() => members.id),
  deviceHash: text().notNull(),
  userAgent: text().notNull().default(''),
  firstSeenAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  lastSeenAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.memberId, t.deviceHash] })]);

/** A session's proof from the member's bound mobile or e-mail (a code it received), short-lived. */
export const memberProofs = pgTable('member_proofs', {
  sessionId: bigint({ mode: 'bigint' }).primaryKey().references(() => sessions.id, { onDelete: 'cascade' }),
  memberId: bigint({ mode: 'bigint' }).notNull().references(() => members.id),
  channel: text({ enum: ['sms', 'email'] }).notNull(),
  expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
});
