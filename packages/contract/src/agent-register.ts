import { z } from 'zod';
import { MODULES } from './brand.ts';
import { endpoint } from './endpoint.ts';

/**
 * Agent register centre (§2 registerCenter, issue 8): invite links and downline accounts
 * created directly. Every call needs an agent session; links and accounts are always the
 * caller's own (parent = the caller).
 *
 * An invite link is `/register?referralCode=<code>`: registration with that code makes the
 * new account a direct downline of the link's agent with the link's account type.
 *
 * Failures (besides request_param_err, customer.not.login, function.not.available,
 * in_need_true_account, login.non.agent):
 * - `agent.invite.expiry.invalid` (400) custom expiry not in the future or over a year ahead;
 * - `agent.invite.limit` (409) too many usable links (disable or delete some);
 * - `agent.invite.not.found` (404) not one of the caller's links;
 * - registration: `agent.invite.expired` (400), `agent.invite.disabled` (400), unknown or
 *   another brand's code `invitation_code_error` (400);
 * - create downline: `field.invalid` (username rule), `register.username.exists` (409).
 */

const M = MODULES.agent;

/** Account type a link or a created account gets: agent = the brand's sub-agent type. */
export const ACCOUNT_TYPES = ['member', 'agent'] as const;
export const accountType = z.enum(ACCOUNT_TYPES);
export type AccountType = z.infer<typeof accountType>;

/** 1 day, 7 days, 30 days, permanent, or custom (`expiresAt`). */
export const EXPIRY_OPTIONS = ['1d', '7d', '30d', 'permanent', 'custom'] as const;
export const expiry = z.enum(EXPIRY_OPTIONS);
export type Expiry = z.infer<typeof expiry>;

/** The fixed lifetimes in days. */
export const EXPIRY_DAYS = { '1d': 1, '7d': 7, '30d': 30 } as const satisfies Partial<Record<Expiry, number>>;
/** A custom expiry lies at most this many days ahead. */
export const CUSTOM_EXPIRY_MAX_DAYS = 365;
/** Usable (not disabled, not expired) links an agent may hold at once. */
export const MAX_ACTIVE_LINKS = 50;
/** The list shows the newest links up to this many (disabled and expired ones included; delete old ones). */
export const LIST_MAX = 200;
/** Remarks are short labels for the agent. */
export const REMARK_MAX = 40;

export const inviteStatus = z.enum(['active', 'expired', 'disabled']);
export type InviteStatus = z.infer<typeof inviteStatus>;

export const invite = z.object({
  id: z.string(),
  /** The code of the link (unguessable). */
  code: z.string(),
  accountType,
  expiry,
  /** ISO time; null = permanent. */
  expiresAt: z.string().nullable(),
  status: inviteStatus,
  remark: z.string(),
  /** Accounts registered through this link. */
  registrations: z.number().int(),
  /** Tracking (issue 25): the campaign and sub-ID the link's address carries ('' = none). */
  campaign: z.string(),
  subId: z.string(),
  createdAt: z.string(),
});
export type Invite = z.infer<typeof invite>;

const inviteId = z.string().regex(/^\d{1,19}$/);

export const inviteList = endpoint({
  method: 'GET', path: '/wps/relay/MCSFE_agentInviteLinks', module: M, auth: 'member',
  summary: "The caller's invite links, newest first (at most LIST_MAX), with their registration counts.",
  response: z.object({ list: z.array(invite), maxActive: z.number().int() }),
});

export const inviteCreateBody = z.object({
  accountType,
  expiry,
  /** Only with expiry custom: an ISO date-time in the future, at most a year ahead. */
  expiresAt: z.string().datetime({ offset: true }).optional(),
  remark: z.string().trim().max(REMARK_MAX).optional(),
  campaign: z.string().trim().max(40).regex(/^[A-Za-z0-9._-]*$/).optional(),
  subId: z.string().trim().max(40).regex(/^[A-Za-z0-9._-]*$/).optional(),
});
export type InviteCreateBody = z.infer<typeof inviteCreateBody>;

export const inviteCreate = endpoint({
  method: 'POST', path: '/wps/relay/MCSFE_agentInviteCreate', module: M, auth: 'member',
  summary: 'Creates an invite link for agent or member accounts with an expiry.',
  body: inviteCreateBody,
  response: invite,
});

export const inviteSetDisabled = endpoint({
  method: 'POST', path: '/wps/relay/MCSFE_agentInviteDisable', module: M, auth: 'member',
  summary: 'Disables (or enables again) one of the caller\'s invite links.',
  body: z.object({ id: inviteId, disabled: z.boolean() }),
  response: invite,
});

export const inviteDelete = endpoint({
  method: 'POST', path: '/wps/relay/MCSFE_agentInviteDelete', module: M, auth: 'member',
  summary: "Deletes one of the caller's invite links (its code stops working; registered accounts stay).",
  body: z.object({ id: inviteId }),
  response: z.object({ id: z.string() }),
});

export const createDownline = endpoint({
  method: 'POST', path: '/wps/relay/MCSFE_agentCreateDownline', module: M, auth: 'member',
  summary: 'Creates a direct downline account with the default password 123456, to be changed at its first login.',
  body: z.object({ username: z.string().max(64), accountType }),
  response: z.object({
    memberId: z.string(),
    account: z.string(),
    type: z.number().int(),
    isAgent: z.boolean(),
    mustChangePassword: z.literal(true),
  }),
});
