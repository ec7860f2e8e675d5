import { z } from 'zod';
import { MODULES, type ReferralRule } from './brand.ts';
import { endpoint } from './endpoint.ts';

/**
 * Referral (§2 member centre page `referral`, wire reference "Referral", issue 7 item 3).
 *
 * A member's invitees are the members who registered with the member's code
 * (`/register?referralCode=CODE`; registration makes the referrer their upline). The page shows
 * the code, the invite path, the invitations (username masked, registered at, first deposit
 * yes/no, total confirmed deposits) and the referral income.
 *
 * Income follows the brand's rule (`BrandConfig.referral`, else {@link DEFAULT_RULE}), paid to a
 * referrer who is a real, non-agent member (agents earn through their contracts):
 * - `first_deposit`: `firstDepositBps` of the invitee's first confirmed deposit, at most
 *   `firstDepositMax` (minor units);
 * - `threshold`: `thresholdReward` once the invitee's confirmed deposits reach `thresholdAmount`.
 * Each reward is credited once per invitee and rule (ledger posting `referral_rebate`, key
 * `referral:<inviteeId>:<rule>`), from the brand's bonus pool to the referrer's main wallet.
 * Rewards are settled by a job after deposits are confirmed, and again when the referrer
 * opens the page. Failures: customer.not.login, in_need_true_account, function.not.available.
 */

export const PAGE_SIZE = 10;
export const RULES = ['first_deposit', 'threshold'] as const;
export type RuleName = (typeof RULES)[number];

/** The rule a brand without its own `referral` config uses: 10% of the first deposit up to 100.00, 50.00 at 500.00 deposited. */
export const DEFAULT_RULE: ReferralRule = { firstDepositBps: 1_000, firstDepositMax: 10_000, thresholdAmount: 50_000, thresholdReward: 5_000 };

export const ruleView = z.object({
  /** Percent of the first deposit, in basis points. */
  firstDepositBps: z.number().int(),
  firstDepositMax: z.string(),
  thresholdAmount: z.string(),
  thresholdReward: z.string(),
});

export const info = endpoint({
  method: 'GET', path: '/wps/referral/info', module: MODULES.referral, auth: 'member',
  summary: 'The member\'s referral code, invite path, invitation counts, income total and the brand\'s rule.',
  response: z.object({
    referralCode: z.string(),
    /** Path of the invite link; clients prefix their origin. */
    invitePath: z.string(),
    invitations: z.number().int(),
    /** Invitees with at least one confirmed deposit. */
    depositedInvitations: z.number().int(),
    totalIncome: z.string(),
    /** false for agents and trial accounts: the page shows the code but no income is paid. */
    earns: z.boolean(),
    rule: ruleView,
  }),
});

const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
const paged = <T extends z.ZodType>(item: T) => z.object({
  list: z.array(item), page: z.number().int(), pageSize: z.number().int(), total: z.number().int(), totalPages: z.number().int(),
});

export const invitation = z.object({
  /** Masked: first two and last two characters. */
  username: z.string(),
  registeredAt: z.string(),
  firstDeposit: z.boolean(),
  totalDeposits: z.string(),
});
export type Invitation = z.infer<typeof invitation>;

export const invitations = endpoint({
  method: 'GET', path: '/wps/referral/invitations', module: MODULES.referral, auth: 'member',
  summary: 'The member\'s invitees, newest first, 10 a page.',
  query: pageQuery,
  response: paged(invitation),
});

export const incomeItem = z.object({
  id: z.string(),
  invitee: z.string(),
  rule: z.enum(RULES),
  /** The deposit amount the reward was computed from. */
  basis: z.string(),
  amount: z.string(),
  createdAt: z.string(),
});
export type IncomeItem = z.infer<typeof incomeItem>;

export const income = endpoint({
  method: 'GET', path: '/wps/referral/income', module: MODULES.referral, auth: 'member',
  summary: 'The member\'s referral income, newest first, 10 a page, with the total.',
  query: pageQuery,
  response: paged(incomeItem).extend({ totalIncome: z.string() }),
});

/** `ab***yz`: what a referrer sees of an invitee's username. */
export function maskUsername(u: string): string {
  if (u.length <= 2) return `${u.slice(0, 1)}***`;
  if (u.length <= 4) return `${u.slice(0, 1)}***${u.slice(-1)}`;
  return `${u.slice(0, 2)}***${u.slice(-2)}`;
}

export type ValueOfInfo = z.infer<typeof info.response>;
