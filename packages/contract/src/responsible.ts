import { z } from 'zod';
import { MODULES } from './brand.ts';
import { endpoint } from './endpoint.ts';

/**
 * Responsible gaming (issue 9, item 6): limits, reality check, cool-off breaks and
 * self-exclusion, set by the member in the member centre or by an operator in the console.
 *
 * - Limits: deposit (day/week/month amount), loss (day/week/month net loss = bets − wins of the
 *   bets placed in the period; an unsettled bet counts as lost until it settles), session
 *   (minutes per session). A stricter value (lower, or a limit where there was none) applies at
 *   once; a looser one (higher, or removed = null) waits {@link DELAY_HOURS} hours and shows as
 *   `pending` until then. The reality-check interval is a reminder and applies at once.
 * - Periods are the brand's local day, week (Monday to Sunday) and month.
 * - Breaks: a cool-off of {@link COOLOFF_DAYS} days or a self-exclusion of
 *   {@link EXCLUSION_DAYS} days. Either ends every session of the member at once and refuses
 *   login (`responsible.cooloff` / `responsible.excluded` with the end date), play (game launch,
 *   seamless bets, lottery bets) and marketing until it ends. A member can only lengthen a
 *   break (`responsible.break.shorten`). An operator may set one and lift a cool-off (audited,
 *   with a reason); a self-exclusion is never lifted before its end, by anyone
 *   (`responsible.exclusion.final`).
 * - Enforcement: a deposit order above what is left of a deposit limit answers
 *   `responsible.deposit.limit`; a bet that could take the net loss over a loss limit answers
 *   `responsible.loss.limit`; the session limit ends the session (job, every minute).
 * Every change lands in the audit log (actor `member:<username>` for the member's own).
 */

export const DELAY_HOURS = 24;
export const COOLOFF_DAYS = { min: 1, max: 92 } as const;
export const EXCLUSION_DAYS = { min: 182, max: 1827 } as const;
/** The break lengths the pages offer (days). */
export const COOLOFF_CHOICES = [1, 3, 7, 30, 92] as const;
export const EXCLUSION_CHOICES = [182, 365, 730, 1827] as const;
export const AMOUNT_FIELDS = ['depositDay', 'depositWeek', 'depositMonth', 'lossDay', 'lossWeek', 'lossMonth'] as const;
export const MINUTE_FIELDS = ['sessionMinutes', 'realityMinutes'] as const;
export const FIELDS = [...AMOUNT_FIELDS, ...MINUTE_FIELDS] as const;
export type Field = (typeof FIELDS)[number];
export const BREAK_KINDS = ['cooloff', 'exclusion'] as const;
export type BreakKind = (typeof BREAK_KINDS)[number];

const amountIn = z.string().trim().regex(/^\d{1,10}(\.\d{1,2})?$/).refine((s) => Number(s) > 0, 'must be above 0').nullable().optional();
const minutesIn = z.number().int().min(5).max(1440).nullable().optional();

/** A change of limits: a field left out is unchanged, null removes the limit. */
export const limitsBody = z.object({
  depositDay: amountIn, depositWeek: amountIn, depositMonth: amountIn,
  lossDay: amountIn, lossWeek: amountIn, lossMonth: amountIn,
  sessionMinutes: minutesIn, realityMinutes: minutesIn,
});
export type LimitsBody = z.input<typeof limitsBody>;

const amountOut = z.string().nullable();
export const limitsView = z.object({
  depositDay: amountOut, depositWeek: amountOut, depositMonth: amountOut,
  lossDay: amountOut, lossWeek: amountOut, lossMonth: amountOut,
  sessionMinutes: z.number().int().nullable(), realityMinutes: z.number().int().nullable(),
  /** Looser values waiting their 24 hours (value null = the limit will be removed). */
  pending: z.array(z.object({ field: z.enum(FIELDS), value: z.union([z.string(), z.number()]).nullable(), appliesAt: z.string() })),
  /** What the member deposited / lost so far in each period (major units). */
  usage: z.object({ depositDay: z.string(), depositWeek: z.string(), depositMonth: z.string(), lossDay: z.string(), lossWeek: z.string(), lossMonth: z.string() }),
  break: z.object({ kind: z.enum(BREAK_KINDS), until: z.string(), setBy: z.string() }).nullable(),
  currency: z.string(),
});
export type LimitsView = z.infer<typeof limitsView>;

export const breakBody = z.object({ kind: z.enum(BREAK_KINDS), days: z.number().int().min(1).max(EXCLUSION_DAYS.max) });
export type BreakBody = z.input<typeof breakBody>;

// ---- member centre ------------------------------------------------------------------------------

export const getLimits = endpoint({
  method: 'GET', path: '/wps/member/responsible', module: MODULES.member, auth: 'member',
  summary: 'The member\'s limits in force, pending changes, usage per period and break.', response: limitsView,
});

export const setLimits = endpoint({
  method: 'POST', path: '/wps/member/responsible/limits', module: MODULES.member, auth: 'member',
  summary: 'Changes limits: stricter at once, looser after 24 hours.', body: limitsBody, response: limitsView,
});

export const takeBreak = endpoint({
  method: 'POST', path: '/wps/member/responsible/break', module: MODULES.member, auth: 'member',
  summary: 'Starts a cool-off (1–92 days) or self-exclusion (182–1827 days): ends every session of the member at once.',
  body: breakBody, response: z.object({ kind: z.enum(BREAK_KINDS), until: z.string() }),
});

export const reality = endpoint({
  method: 'GET', path: '/wps/member/responsible/reality', module: MODULES.member, auth: 'member',
  summary: 'Reality check: interval, when this session started and its net result (wins − bets).',
  response: z.object({ intervalMinutes: z.number().int().nullable(), sessionStartedAt: z.string(), net: z.string(), currency: z.string() }),
});

// ---- operator console (people.view to read, people.manage to change) ----------------------------

const id = z.string().regex(/^\d{1,18}$/);

export const historyRow = z.object({ at: z.string(), actor: z.string(), action: z.string(), before: z.unknown(), after: z.unknown() });

export const opGet = endpoint({
  method: 'GET', path: '/wps/ops/responsible', module: MODULES.common, auth: 'none',
  summary: 'A member\'s responsible-gaming limits, break and history (people.view).',
  query: z.object({ id }),
  response: z.object({
    member: z.object({ id: z.string(), username: z.string(), status: z.string() }),
    limits: limitsView, history: z.array(historyRow),
  }),
});

export const opSetLimits = endpoint({
  method: 'POST', path: '/wps/ops/responsible/limits', module: MODULES.common, auth: 'none',
  summary: 'Changes a member\'s limits with the member\'s rules: stricter at once, looser after 24 hours (people.manage).',
  body: limitsBody.extend({ id }), response: limitsView,
});

export const opSetBreak = endpoint({
  method: 'POST', path: '/wps/ops/responsible/break', module: MODULES.common, auth: 'none',
  summary: 'Puts a member on a cool-off or self-exclusion; ends its sessions (people.manage).',
  body: breakBody.extend({ id }), response: z.object({ kind: z.enum(BREAK_KINDS), until: z.string() }),
});

export const opLiftCooloff = endpoint({
  method: 'POST', path: '/wps/ops/responsible/lift', module: MODULES.common, auth: 'none',
  summary: 'Lifts a member\'s cool-off with a reason (people.manage). A self-exclusion cannot be lifted.',
  body: z.object({ id, reason: z.string().trim().min(3).max(200) }), response: limitsView,
});
