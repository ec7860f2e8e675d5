import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { members, merchants } from './core-schema.ts';

const ts = () => timestamp({ withTimezone: true, mode: 'date' });

/** A limit change waiting its 24 hours: the new value (null = removed) and when it applies. */
export type PendingLimits = Record<string, { value: string | null; at: string }>;

/**
 * Responsible gaming (issue 9): a member's limits in force, increases/removals pending for
 * 24 h, and its cool-off break or self-exclusion. No row = no limits.
 */
export const responsibleLimits = pgTable('responsible_limits', {
  memberId: bigint({ mode: 'bigint' }).primaryKey().references(() => members.id),
  merchantId: integer().notNull().references(() => merchants.id),
  depositDay: bigint({ mode: 'bigint' }),
  depositWeek: bigint({ mode: 'bigint' }),
  depositMonth: bigint({ mode: 'bigint' }),
  lossDay: bigint({ mode: 'bigint' }),
  lossWeek: bigint({ mode: 'bigint' }),
  lossMonth: bigint({ mode: 'bigint' }),
  sessionMinutes: integer(),
  realityMinutes: integer(),
  pending: jsonb().$type<PendingLimits>().notNull().default({}),
  breakKind: text({ enum: ['cooloff', 'exclusion'] }),
  breakUntil: ts(),
  /** Who set the break: `member` or the operator's name. */
  breakSetBy: text(),
  updatedAt: ts().notNull().defaultNow(),
}, (t) => [
  index('responsible_limits_session').on(t.merchantId).where(sql`${t.sessionMinutes} is not null or ${t.pending} ? 'sessionMinutes'`),
  check('responsible_limits_break', sql`(${t.breakKind} is null) = (${t.breakUntil} is null) and (${t.breakKind} is null or ${t.breakKind} in ('cooloff', 'exclusion'))`),
]);
