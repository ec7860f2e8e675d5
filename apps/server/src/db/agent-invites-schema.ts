import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { members, merchants } from './core-schema.ts';

/**
 * An agent's invite link (register centre, migration 0015): whoever registers with `code`
 * becomes a direct downline of `agentId` with the link's account type, while the link is not
 * disabled and not past `expiresAt` (null = permanent). `registrations` counts the accounts
 * made through it (raised in the registering transaction). Codes are random and unique.
 */
export const agentInvites = pgTable('agent_invites', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantId: integer().notNull().references(() => merchants.id),
  agentId: bigint({ mode: 'bigint' }).notNull().references(() => members.id, { onDelete: 'cascade' }),
  code: text().notNull(),
  accountType: text({ enum: ['agent', 'member'] }).notNull(),
  expiry: text({ enum: ['1d', '7d', '30d', 'permanent', 'custom'] }).notNull(),
  expiresAt: timestamp({ withTimezone: true, mode: 'date' }),
  remark: text().notNull().default(''),
  disabledAt: timestamp({ withTimezone: true, mode: 'date' }),
  registrations: integer().notNull().default(0),
  /** Tracking (issue 25, migration 0042): the campaign and sub-ID the link's address carries (empty: none). */
  campaign: text().notNull().default(''),
  subId: text().notNull().default(''),
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('agent_invites_code').on(t.code),
  index('agent_invites_agent').on(t.agentId, t.id),
  check('agent_invites_account_type', sql`${t.accountType} IN ('agent', 'member')`),
  check('agent_invites_expiry', sql`${t.expiry} IN ('1d', '7d', '30d', 'permanent', 'custom')`),
  check('agent_invites_expires', sql`(${t.expiry} = 'permanent') = (${t.expiresAt} IS NULL)`),
]);
