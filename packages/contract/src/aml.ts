import { z } from 'zod';
import { MODULES } from './brand.ts';
import { endpoint } from './endpoint.ts';

/**
 * Anti-money-laundering thresholds (issue 26 item 4). From the brand's AML rules (kyc settings
 * `aml`), the compliance report flags, per member and UTC day:
 * - `single`: one confirmed deposit, or one withdrawal request not rejected, above `singleAbove`;
 * - `daily`: a member's deposits (or withdrawals) of one day totalling above `dailyAbove`;
 * - `structuring`: `structuringCount` or more deposits (or withdrawals) of one day each just under
 *   `singleAbove` (within `structuringPct` % below it).
 * Flags are found over the last {@link SCAN_DAYS} days when the report is read (new money since
 * updates an open daily or structuring flag), listed for the compliance officer (finance.view),
 * exported as CSV (audited `aml.export`) and marked reported or dismissed with a note
 * (finance.withdraw, audited `aml.reported|dismissed`). Nothing is blocked by a flag.
 */
export const KINDS = ['single', 'daily', 'structuring'] as const;
export const DIRECTIONS = ['deposit', 'withdraw'] as const;
export const STATUSES = ['open', 'reported', 'dismissed'] as const;
export const SCAN_DAYS = 35;
export const CSV_PATH = '/wps/ops/aml/flags.csv';

const amountIn = z.string().trim().regex(/^\d{1,10}(\.\d{1,2})?$/).nullable();

/** The brand's AML rules (part of the KYC settings). Amounts in major units, null = that rule is off. */
export const rules = z.object({
  singleAbove: amountIn,
  dailyAbove: amountIn,
  structuringPct: z.number().int().min(1).max(50),
  structuringCount: z.number().int().min(2).max(50),
});
export type Rules = z.infer<typeof rules>;
export const DEFAULT_RULES: Rules = { singleAbove: '10000.00', dailyAbove: '20000.00', structuringPct: 10, structuringCount: 3 };

export const flagView = z.object({
  id: z.string(),
  memberId: z.string(),
  username: z.string(),
  kind: z.enum(KINDS),
  direction: z.enum(DIRECTIONS),
  /** UTC day of the money. */
  day: z.string(),
  /** The flagged amount (one transaction or the day's total). */
  amount: z.string(),
  count: z.number().int(),
  /** Order and withdrawal numbers behind the flag. */
  refs: z.array(z.string()),
  status: z.enum(STATUSES),
  note: z.string().nullable(),
  decidedBy: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type FlagView = z.infer<typeof flagView>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const flagQuery = z.object({
  status: z.enum([...STATUSES, 'all']).default('open'),
  from: day.optional(),
  to: day.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type FlagQuery = z.infer<typeof flagQuery>;

export const flags = endpoint({
  method: 'GET', path: '/wps/ops/aml/flags', module: MODULES.common, auth: 'none',
  summary: `AML report: deposits and withdrawals above the brand's thresholds and structuring just under them (newest day first); ${CSV_PATH} exports the same filter (audited).`,
  query: flagQuery,
  response: z.object({ list: z.array(flagView), page: z.number().int(), pageSize: z.number().int(), total: z.number().int(), rules }),
});

export const decide = endpoint({
  method: 'POST', path: '/wps/ops/aml/decide', module: MODULES.common, auth: 'none',
  summary: 'Mark an open AML flag reported (to the authority) or dismissed, with a note (audited).',
  body: z.object({ id: z.string().regex(/^\d{1,18}$/), decision: z.enum(['reported', 'dismissed']), note: z.string().trim().min(3).max(300) }),
  response: flagView,
});
