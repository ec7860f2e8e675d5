import { z } from 'zod';
import { MODULES } from './brand.ts';
import { endpoint } from './endpoint.ts';
import { dateRange, money } from './wallet.ts';

/**
 * Agent back office (§2 agent centre, §6, issue 8): team overview, downline management and
 * team betting. Every call needs an agent session (types of the brand's `agentTypes`) and
 * works only on the caller's own subtree.
 *
 * Failures (besides request_param_err, customer.not.login, function.not.available):
 * - `in_need_true_account` (403) trial account; `login.non.agent` (403) not an agent;
 * - `wallet.downline.invalid` (403) the member is not in the caller's team (other agent's
 *   member, other brand, unknown id, or the caller itself where a downline is needed);
 * - `agent.direct.only` (403) setting as agent is only for direct downlines;
 * - `agent.already.agent` (409) the member already is an agent;
 * - `agent.nickname.invalid` (400) empty or longer than 32 characters;
 * - `wallet.range.invalid` (400) start after end; `wallet.range.too.long` (400) over 30 days.
 *
 * Money is a decimal string in major units with 2 decimals; days are the brand's local days
 * (gmtOffsetMinutes) as yyyy-MM-dd.
 */

const M = MODULES.agent;
const day = dateRange.shape.startDate;
const memberIdParam = z.string().regex(/^\d{1,19}$/);

/** 20 a page, at most 100. */
const paging = {
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};
const pageOf = <T extends z.ZodType>(row: T) => ({ list: z.array(row), pageNo: z.number().int(), totalPages: z.number().int(), total: z.number().int() });

// ---- Team overview ----------------------------------------------------------------------

/** The team's counts of a day or a range. */
const teamCounts = {
  registrations: z.number().int(),
  firstDeposits: z.number().int(),
  firstBets: z.number().int(),
  /** Members with valid bets at or above the brand's threshold (over a range: on at least one day, each counted once). */
  activeMembers: z.number().int(),
};
/** The team's money of a day or a range. */
const teamAmounts = {
  betAmount: money,
  validBet: money,
  win: money,
  /** Members' win - bet. */
  profit: money,
  deposits: money,
  withdrawals: money,
};

export const overviewDay = z.object({ day, ...teamCounts, bettors: z.number().int(), ...teamAmounts });
export type OverviewDay = z.infer<typeof overviewDay>;

export const overviewValue = z.object({
  startDate: day,
  endDate: day,
  gmtOffsetMinutes: z.number().int(),
  /** Everyone below the caller (any depth) and the sum of their main wallets, as of `asOf` (the last rollup run, every 15 s; null before the first). */
  teamMembers: z.number().int(),
  directMembers: z.number().int(),
  teamBalance: money,
  asOf: z.string().nullable(),
  /** Team members with a live session, now. */
  onlineUsers: z.number().int(),
  /** Range totals. */
  ...teamCounts,
  ...teamAmounts,
  /** One entry per day of the range, oldest first. */
  days: z.array(overviewDay),
});
export type OverviewValue = z.infer<typeof overviewValue>;

export const teamOverview = endpoint({
  method: 'GET', path: '/wps/relay/ODSFE2_agentTeamOverview', module: M, auth: 'member',
  summary: "The caller's team KPIs and daily list for a range of brand days (at most 30 days apart).",
  query: dateRange,
  response: overviewValue,
});

// ---- Downline management ----------------------------------------------------------------

export const downline = z.object({
  memberId: z.string(),
  account: z.string(),
  nickname: z.string(),
  /** Member type (agent types of the brand, 0 member). */
  type: z.number().int(),
  isAgent: z.boolean(),
  /** 1 = direct downline of the caller. */
  level: z.number().int(),
  /** Direct upline's account. */
  parentAccount: z.string(),
  balance: money,
  /** Everyone below this member. */
  teamSize: z.number().int(),
  online: z.boolean(),
  registeredAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type Downline = z.infer<typeof downline>;

export const downlineList = endpoint({
  method: 'GET', path: '/wps/relay/MCSFE_agentDownlines', module: M, auth: 'member',
  summary: "The caller's direct downlines (scope direct) or whole team (scope all), newest first, 20 a page.",
  query: z.object({
    scope: z.enum(['direct', 'all']).default('direct'),
    /** Account starts with (case-insensitive). */
    account: z.string().trim().max(32).optional(),
    /** agent | member. */
    type: z.enum(['agent', 'member']).optional(),
    registeredFrom: day.optional(),
    registeredTo: day.optional(),
    ...paging,
  }),
  response: z.object(pageOf(downline)),
});

const downlineBody = { memberId: memberIdParam };

export const setAgent = endpoint({
  method: 'POST', path: '/wps/relay/MCSFE_agentSetAgent', module: M, auth: 'member',
  summary: 'Makes a direct downline member an agent (the brand\'s sub-agent type).',
  body: z.object(downlineBody),
  response: downline,
});

export const editNickname = endpoint({
  method: 'POST', path: '/wps/relay/MCSFE_agentEditNickname', module: M, auth: 'member',
  summary: "Changes a team member's nickname.",
  body: z.object({ ...downlineBody, nickname: z.string().max(200) }),
  response: downline,
});

/**
 * Resets a team member's password without handing the agent a password the member keeps
 * (member-profile MONEY_OUT_RULES): with a bound mobile (first) or e-mail, a one-time link and code
 * go there (`delivery` sms/email, `to` masked) and the member's password and sessions stay until it
 * uses them; with none, a random temporary password (`temporaryPassword`, shown once) replaces it,
 * must be changed at the next login, the sessions end, and money out stays blocked until the member
 * binds a contact of its own.
 */
export const resetPassword = endpoint({
  method: 'POST', path: '/wps/relay/MCSFE_agentResetPassword', module: M, auth: 'member',
  summary: "Resets a team member's password: a one-time link and code to its bound contact, else a temporary password that must be changed and blocks money out.",
  body: z.object(downlineBody),
  response: z.object({
    memberId: z.string(),
    delivery: z.enum(['sms', 'email', 'temporary']),
    /** Where the link went (masked); null for a temporary password. */
    to: z.string().nullable(),
    /** Minutes the link and code stay valid; null for a temporary password. */
    expiresInMinutes: z.number().int().nullable(),
    /** Only with `temporary`: the password to give the member, shown this once. */
    temporaryPassword: z.string().nullable(),
    mustChangePassword: z.boolean(),
  }),
});
export type ResetPasswordValue = z.infer<typeof resetPassword.response>;

// ---- Team betting -----------------------------------------------------------------------

export const bettingRow = z.object({
  memberId: z.string(),
  account: z.string(),
  /** The member's direct upline (its agent). */
  directAgent: z.string(),
  bets: z.number().int(),
  betAmount: money,
  validBet: money,
  win: money,
  profit: money,
});
export type BettingRow = z.infer<typeof bettingRow>;

export const teamBetting = endpoint({
  method: 'GET', path: '/wps/relay/ODSFE2_agentTeamBetting', module: M, auth: 'member',
  summary: 'Per-member betting totals of the team over a range of brand days, biggest bettors first, with footer totals.',
  query: dateRange.extend({ account: z.string().trim().max(32).optional(), ...paging }),
  response: z.object({
    ...pageOf(bettingRow),
    footer: bettingRow.omit({ memberId: true, account: true, directAgent: true }),
  }),
});

// ---- P&L statements (palStatementsAgentCopy, menu "user loss") -------------------------------

/** A downline's (or the team's) money over the period, served from the day rollups. */
const plAmounts = {
  deposits: money,
  withdrawals: money,
  betAmount: money,
  validBet: money,
  /** Members' win - bet (negative: the members lost). */
  profit: money,
  /** Promotions and rebates credited (share bonus, betting, agent and referral rebates). */
  bonus: money,
  /** Daily, hourly and real-time salaries credited. */
  salary: money,
  dividend: money,
  /** profit + bonus + salary + dividend: what the members came out with (negative: a loss for them). */
  net: money,
};

export const profitLossRow = z.object({
  memberId: z.string(),
  account: z.string(),
  isAgent: z.boolean(),
  /** 1 = direct downline. */
  level: z.number().int(),
  /** Scope direct: members counted in the row (the downline and everyone below it); scope all: 1. */
  members: z.number().int(),
  ...plAmounts,
});
export type ProfitLossRow = z.infer<typeof profitLossRow>;

export const profitLoss = endpoint({
  method: 'GET', path: '/wps/relay/ODSFE2_agentProfitLoss', module: M, auth: 'member',
  summary: "P&L statement of the caller's team over a range of brand days: scope direct = one row per direct downline with its whole subtree (newest first), scope all = one row per team member with its own figures (those with activity in the period, biggest valid bet first); the footer is the whole team's.",
  query: dateRange.extend({ scope: z.enum(['direct', 'all']).default('direct'), ...paging }),
  response: z.object({
    ...pageOf(profitLossRow),
    footer: z.object(plAmounts),
  }),
});

// ---- Downline transaction details (agentDownlineTransactionDetailsCopy, menu "account details") --

export const downlineTransactionRow = z.object({
  txId: z.string(),
  /** The team member's account. */
  account: z.string(),
  /** A code type of the transaction history (wallet.CODE_TYPES). */
  txTypeName: z.string(),
  orderNo: z.string(),
  remark: z.string(),
  txTime: z.string(),
  /** Signed: credits positive. */
  amount: money,
  /** The member's main wallet balance right after this row. */
  balance: money,
});
export type DownlineTransactionRow = z.infer<typeof downlineTransactionRow>;

export const downlineTransactions = endpoint({
  method: 'GET', path: '/wps/relay/ODSFE2_agentDownlineTransDet', module: M, auth: 'member',
  summary: "A team member's main wallet statement (like the member's own transaction history, with its account): 10 a page, newest first. `account` is the exact account of a member of the caller's team.",
  query: dateRange.extend({
    account: z.string().trim().min(1).max(32),
    /** Comma list of code types; empty or absent = all. */
    codeTypes: z.string().max(400).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  }),
  response: z.object({ list: z.array(downlineTransactionRow), page: z.number().int(), total: z.number().int(), totalPages: z.number().int(), member: downline }),
});
