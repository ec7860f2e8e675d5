import { z } from 'zod';
import { MODULES } from './brand.ts';
import { endpoint } from './endpoint.ts';
import { contractFlags, dateRange, money } from './wallet.ts';

/**
 * Agent contracts (spec §3 contracts and consolidated contract flags, §4 contract request
 * states and periods, §9 real-time salary every 5 minutes; issue 8 items 3 and 4).
 *
 * An upline agent offers a direct downline agent a contract of one kind: `dividend` (a share of
 * the team's net loss per period), `daily` (daily wages), `hourly` (hourly salary) or
 * `realtime` (real-time salary, settled every 5 minutes). The downline accepts or rejects the
 * offer; either party can terminate a contract in force (the upline can also withdraw its
 * offer). States (§4): `new` (offer waiting; wire `P`), `success` (in force; wire `V`),
 * `termination` (ended; `endReason` says why). Accepting a new contract of a kind replaces the
 * one in force of that kind.
 *
 * Rates: percent rates are decimal strings of percent ("1.50" = 1.5 %), fixed rates money
 * strings. An upline cannot offer more than its own rate of that kind (the highest tier rate of
 * its own contract in force, percent and fixed compared separately; a top agent, who has no
 * upline agent, is capped by {@link TOP_AGENT_MAX}); when a downline accepts a lower rate (or
 * its contract ends) every contract it offered of that kind above its new rate ends
 * (`endReason` `upline_rate`), and so on down the tree.
 *
 * Settlement (server jobs): figures come from the team's daily rollups (valid bets, members'
 * P&L, active members: valid bets that day at or above the brand's threshold). The highest tier
 * whose thresholds are all met applies; `P` pays rate % of the period's valid bet (dividend:
 * of the team's net loss, when it lost), `F` pays the fixed rate. The upline pays from its main
 * wallet through the ledger, exactly once per contract and period; a record stays `pending`
 * while the upline's balance does not cover it and is paid by a later run.
 * - realtime: every 5 minutes, on the valid bet added since the previous settlement of the day
 *   (a contract accepted mid-day starts from the team's valid bet at acceptance; hourly too);
 *   the tier is chosen on the day's figures so far; percent only.
 * - hourly: each hour, on the valid bet of the hour; the tier on the hour's valid bet and the
 *   day's active members so far.
 * - daily: each brand day, after it ends, on that day's valid bet and active members.
 * - dividend: per period (daily, weekly Monday to Sunday, semimonthly 1-15 and 16-end, monthly),
 *   after it ends, on the period's valid bet, net loss and distinct active members.
 *
 * Failures (besides request_param_err, customer.not.login, function.not.available when the
 * kind's module DIVIDEND3 / DAILYSAL3 / HOURSAL3 / RTSALARY3 is off):
 * - `in_need_true_account` (403) trial; `login.non.agent` (403) not an agent;
 * - `wallet.downline.invalid` (403) not in the caller's team; `agent.direct.only` (403) not a
 *   direct downline; `contract.downline.not.agent` (400) the downline is not an agent;
 * - `contract.tiers.invalid` (400) tiers empty, too many, not ascending, or a rate out of range;
 * - `contract.rate.exceeds` (400) above the caller's own rate (`{max}`);
 * - `contract.offer.pending` (409) an offer of this kind already waits for that downline;
 * - `contract.not.found` (404) no such contract of which the caller is a party;
 * - `contract.action.forbidden` (403) the caller's side may not do this (e.g. accept its own offer);
 * - `contract.state.invalid` (409) not allowed in the contract's current state.
 */

const M = MODULES.agent;

export const CONTRACT_KINDS = ['dividend', 'daily', 'hourly', 'realtime'] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];
export const DIVIDEND_PERIODS = ['daily', 'weekly', 'semimonthly', 'monthly'] as const;
export type DividendPeriod = (typeof DIVIDEND_PERIODS)[number];
export const CONTRACT_STATUSES = ['new', 'success', 'termination'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
/** Why a contract ended (`moved`: an operator moved the downline under another upline). */
export const END_REASONS = ['rejected', 'withdrawn', 'terminated', 'replaced', 'upline_rate', 'moved'] as const;
export type EndReason = (typeof END_REASONS)[number];
/** The module id that switches each kind on or off. */
export const CONTRACT_MODULE: Record<ContractKind, string> = {
  dividend: MODULES.dividend, daily: MODULES.dailySalary, hourly: MODULES.hourSalary, realtime: MODULES.realtimeSalary,
};
/** The most tiers a contract may have. */
export const MAX_TIERS = 10;
/** Caps of a top agent (no upline agent): percent rates in percent, fixed rates in major units. */
export const TOP_AGENT_MAX: Record<ContractKind, { pct: string; fixed: string }> = {
  dividend: { pct: '50.00', fixed: '0.00' },
  daily: { pct: '3.00', fixed: '100000.00' },
  hourly: { pct: '1.00', fixed: '10000.00' },
  realtime: { pct: '1.00', fixed: '0.00' },
};

/**
 * Commission plans of a dividend contract (issue 25 item 4): `revshare` pays the tiers' share of
 * the team's net loss; `cpa` pays a fixed amount once per qualified team member (no tiers);
 * `hybrid` both. A member qualifies when its first deposit (made while the contract is in force)
 * is at least `minDeposit` and its valid bet reaches `minValidBet` within `days` brand days of
 * it (each unset term falls back to the brand's CPA rule, then to {@link CPA_DEFAULT_RULE}).
 * `negativeCarry`: a period in which the team won (negative net loss) is carried into the next
 * periods until recouped (`on`), only within its calendar month (`monthly`), or dropped (`off`).
 * The CPA amount is capped like rates: at most the caller's own (a top agent: {@link CPA_TOP_MAX}).
 * `contract.plan.invalid` (400): a plan other than revshare on a non-dividend contract, a CPA or
 * hybrid plan without CPA terms, tiers on a CPA plan or none on the others.
 */
export const PLANS = ['revshare', 'cpa', 'hybrid'] as const;
export type Plan = (typeof PLANS)[number];
export const NEGATIVE_CARRY = ['off', 'on', 'monthly'] as const;
export type NegativeCarry = (typeof NEGATIVE_CARRY)[number];
export const CPA_TOP_MAX = '1000.00';
export const CPA_DEFAULT_RULE = { minDeposit: '10.00', minValidBet: '0.00', days: 30 } as const;

/** A decimal with at most 2 decimals, as a string ("0", "12.5", "1000.00"). */
const decimal = z.string().trim().regex(/^(0|[1-9][0-9]{0,12})(\.[0-9]{1,2})?$/);
const idParam = z.string().regex(/^\d{1,19}$/);

/**
 * One tier. `minimumBet`: the period's team valid bet (dividend minimumBet, daily salary
 * betVolume, hourly and real-time minimumBet); `netLoss`: dividend only, the team's net loss of
 * the period; `activeMember`: active members; `rateType` P percent or F fixed (dividends are
 * always P; real-time salary too); `rate`: percent ("1.50") or money.
 */
export const tierInput = z.object({
  minimumBet: decimal,
  netLoss: decimal.optional(),
  activeMember: z.number().int().min(0).max(1_000_000),
  rateType: z.enum(['P', 'F']).default('P'),
  rate: decimal,
});
export type TierInput = z.input<typeof tierInput>;

export const cpaInput = z.object({
  amount: decimal,
  minDeposit: decimal.optional(),
  minValidBet: decimal.optional(),
  days: z.number().int().min(1).max(90).optional(),
});
export type CpaInput = z.input<typeof cpaInput>;
/** The plan fields of an offer (dividend only besides the default). */
const planFields = {
  plan: z.enum(PLANS).optional(),
  negativeCarry: z.enum(NEGATIVE_CARRY).optional(),
  cpa: cpaInput.optional(),
};
export const cpaTerms = z.object({ amount: money, minDeposit: money, minValidBet: money, days: z.number().int() });

export const tier = z.object({
  minimumBet: money,
  netLoss: money,
  activeMember: z.number().int(),
  rateType: z.enum(['P', 'F']),
  rate: z.string(),
});

export const contract = z.object({
  contractId: z.string(),
  kind: z.enum(CONTRACT_KINDS),
  status: z.enum(CONTRACT_STATUSES),
  endReason: z.enum(END_REASONS).nullable(),
  /** Dividend only. */
  period: z.enum(DIVIDEND_PERIODS).nullable(),
  /** '' when the upline is the platform (a top agent's contract). */
  uplineId: z.string(),
  uplineAccount: z.string(),
  /** The contract comes from the platform (operator), not an upline agent. */
  fromPlatform: z.boolean().optional(),
  downlineId: z.string(),
  downlineAccount: z.string(),
  tiers: z.array(tier),
  /** Dividend plans (issue 25): absent on older answers = revshare, off, no CPA. */
  plan: z.enum(PLANS).optional(),
  negativeCarry: z.enum(NEGATIVE_CARRY).optional(),
  /** CPA and hybrid plans: the amount and the qualification in force (brand rule filled in). */
  cpa: cpaTerms.nullable().optional(),
  createdAt: z.string(),
  acceptedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** What the caller may do now (policies sent with the data). */
  canAccept: z.boolean(),
  canReject: z.boolean(),
  canTerminate: z.boolean(),
});
export type Contract = z.infer<typeof contract>;

export const offer = endpoint({
  method: 'POST', path: '/wps/relay/MCSFE_contractOffer', module: M, auth: 'member',
  summary: 'Offers a direct downline agent a contract (state new). Tiers ascending; at most the caller\'s own rate.',
  body: z.object({
    downlineId: idParam,
    kind: z.enum(CONTRACT_KINDS),
    /** Dividend only (required there). */
    period: z.enum(DIVIDEND_PERIODS).optional(),
    /** At least one, except on a CPA plan (none). */
    tiers: z.array(tierInput).max(MAX_TIERS),
    ...planFields,
  }),
  response: contract,
});

const paging = {
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};

export const list = endpoint({
  method: 'GET', path: '/wps/relay/MCSFE_contracts', module: M, auth: 'member',
  summary: 'The caller\'s contracts as downline (offers to it and its own contracts) or as upline (those it offered), newest first.',
  query: z.object({
    role: z.enum(['downline', 'upline']).default('downline'),
    kind: z.enum(CONTRACT_KINDS).optional(),
    status: z.enum(CONTRACT_STATUSES).optional(),
    /** As upline: only the contracts with this downline. */
    downlineId: idParam.optional(),
    ...paging,
  }),
  response: z.object({ list: z.array(contract), pageNo: z.number().int(), totalPages: z.number().int(), total: z.number().int() }),
});

const action = (path: string, summary: string) => endpoint({
  method: 'POST', path, module: M, auth: 'member', summary,
  body: z.object({ contractId: idParam }),
  response: contract,
});

/** Downline: accept an offer (wire action A); a contract of the same kind in force is replaced. */
export const accept = action('/wps/relay/MCSFE_contractAccept', 'The downline accepts an offer: it comes into force (success) and replaces the contract of that kind in force.');
/** Downline: reject an offer (wire action R). */
export const reject = action('/wps/relay/MCSFE_contractReject', 'The downline rejects an offer (termination, rejected).');
/** Either party: end a contract in force; the upline: withdraw its offer (wire action C). */
export const terminate = action('/wps/relay/MCSFE_contractTerminate', 'Either party ends a contract in force; the upline may withdraw its offer.');

/** The consolidated contract flags (§3), defined beside the consolidated funds that carry them too. */
export const flagsValue = contractFlags;
export type FlagsValue = z.infer<typeof flagsValue>;

export const flags = endpoint({
  method: 'GET', path: '/wps/relay/MCSFE_contractFlags', module: M, auth: 'member',
  summary: 'Consolidated contract flags of the caller: offers waiting and contracts in force, per kind.',
  response: flagsValue,
});

// ---- Records (dividend records, daily wages, hourly salary, real-time salary) -------------

export const RECORD_STATUSES = ['pending', 'disbursed', 'none'] as const;

export const record = z.object({
  recordId: z.string(),
  contractId: z.string(),
  kind: z.enum(CONTRACT_KINDS),
  /** The other party: the payer (upline) for role mine, the payee (downline) for role downline. */
  account: z.string(),
  /** The period settled (ISO, UTC) and the brand day it belongs to (its first day). */
  periodStart: z.string(),
  periodEnd: z.string(),
  day: z.string(),
  /** Team betting of the period (valid bet), net loss (dividends), active members. */
  validBet: money,
  netLoss: money,
  activeMembers: z.number().int(),
  /** The tier applied (null: none reached) and its rate. */
  rateType: z.enum(['P', 'F']).nullable(),
  rate: z.string(),
  /** The calculated amount. */
  amount: money,
  /** pending: calculated, not yet paid; disbursed: paid (settledAt); none: no tier reached. */
  status: z.enum(RECORD_STATUSES),
  calculatedAt: z.string(),
  settledAt: z.string().nullable(),
});
export type ContractRecord = z.infer<typeof record>;

export const records = endpoint({
  method: 'GET', path: '/wps/relay/ODSFE2_contractRecords', module: M, auth: 'member',
  summary: 'Settlements of one kind over a range of brand days (at most 30 days apart): received (role mine) or paid to downlines (role downline); newest first, with totals.',
  query: dateRange.extend({
    kind: z.enum(CONTRACT_KINDS),
    role: z.enum(['mine', 'downline']).default('mine'),
    ...paging,
  }),
  response: z.object({
    list: z.array(record), pageNo: z.number().int(), totalPages: z.number().int(), total: z.number().int(),
    totals: z.object({ validBet: money, amount: money, disbursed: money, pending: money }),
  }),
});

// ---- My income (revenue report) ----------------------------------------------------------

const byKind = z.object({ dividend: money, daily: money, hourly: money, realtime: money, total: money });

export const income = endpoint({
  method: 'GET', path: '/wps/relay/ODSFE2_agentIncome', module: M, auth: 'member',
  summary: 'My income over a range of brand days: contract payouts received and paid to downlines per kind (disbursed), the net, and the team\'s betting from the rollups.',
  query: dateRange,
  response: z.object({
    startDate: z.string(),
    endDate: z.string(),
    received: byKind,
    paid: byKind,
    /** received.total - paid.total. */
    net: money,
    /** Calculated but not yet paid to the caller. */
    pending: money,
    team: z.object({ validBet: money, profit: money }),
  }),
});

// ---- Platform -> top agent (operator calls, X-Operator-Key) -------------------------------

/**
 * A top agent (an agent whose direct upline is not an agent) gets its contracts from the
 * platform: the operator offers one (capped by TOP_AGENT_MAX), the top agent accepts or rejects it
 * like any offer, and its rate of that kind is then this contract's, which caps what it offers
 * its downlines (a lower rate ends their contracts above it). The platform's payouts come from
 * the brand's house wallet. Failures: `cashier.operator.unauthorized` (401) no or a wrong key;
 * `contract.not.top.agent` (400) the member is not a top agent; `contract.rate.exceeds`,
 * `contract.tiers.invalid`, `contract.offer.pending`, `contract.not.found`, `contract.state.invalid`.
 */
export const platformOffer = endpoint({
  method: 'POST', path: '/wps/operator/agentContracts/offer', module: MODULES.common, auth: 'none',
  summary: 'Operator: offers a top agent (by account) a contract from the platform (state new).',
  body: z.object({
    account: z.string().trim().min(1).max(32),
    kind: z.enum(CONTRACT_KINDS),
    period: z.enum(DIVIDEND_PERIODS).optional(),
    tiers: z.array(tierInput).max(MAX_TIERS),
    ...planFields,
  }),
  response: contract,
});

export const platformTerminate = endpoint({
  method: 'POST', path: '/wps/operator/agentContracts/terminate', module: MODULES.common, auth: 'none',
  summary: 'Operator: withdraws a platform offer (new) or terminates a platform contract in force (its downline contracts of the kind then end).',
  body: z.object({ contractId: idParam }),
  response: contract,
});
