import { z } from 'zod';
import { MODULES } from './brand.ts';
import { endpoint } from './endpoint.ts';
import { payoutStatus } from './payments.ts';

/**
 * Operator console (issue 9): operator accounts with roles, TOTP login, sessions, audit log,
 * dashboard, finance (deposits, two-person withdrawals, adjustments, reconciliation) and people.
 * Every call but login sends the console token in {@link SESSION_HEADER} and the brand in the
 * Merchant header; an operator outside the brand's scope or without the permission answers
 * `operator.forbidden`. A service key (X-Operator-Key) is an identity with declared permissions
 * and brands; it never manages operators or console sessions.
 *
 * Failures: request_param_err, `operator.login.failed` (401), `operator.totp.required` (401),
 * `operator.totp.enrol` (401, value {@link enrolment}), `operator.totp.invalid` (401),
 * `operator.not.session` (401), `operator.forbidden` (403), `operator.approval.same` (409), `operator.approval.second` (409),
 * `operator.approval.named` (403), `operator.grant.forbidden` (403),
 * `operator.exists` (409), `operator.not.found` (404), `operator.member.not.found` (404),
 * `cashier.withdraw.not.found`, `cashier.withdraw.state`, `wallet.insufficient.funds`.
 */

export const SESSION_HEADER = 'x-operator-session';
export const IDLE_MINUTES = 15;
export const ROLES = ['owner', 'finance', 'content', 'support'] as const;
export type Role = (typeof ROLES)[number];
export const PERMISSIONS = [
  'dashboard.view', 'finance.view', 'finance.deposit', 'finance.withdraw', 'finance.adjust', 'finance.rules',
  'people.view', 'people.manage', 'content.manage', 'games.manage', 'settings.manage', 'operators.manage', 'sessions.manage', 'audit.view',
  'lottery.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];
/** What each role may do (the server enforces it; the console uses it to offer only grantable roles). */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  owner: [
    'dashboard.view', 'finance.view', 'finance.deposit', 'finance.withdraw', 'finance.adjust', 'finance.rules',
    'people.view', 'people.manage', 'content.manage', 'games.manage', 'settings.manage', 'operators.manage', 'sessions.manage', 'audit.view',
    'lottery.manage',
  ],
  finance: ['dashboard.view', 'finance.view', 'finance.deposit', 'finance.withdraw', 'finance.adjust', 'people.view', 'audit.view', 'lottery.manage'],
  content: ['dashboard.view', 'content.manage', 'games.manage'],
  support: ['dashboard.view', 'people.view', 'people.manage'],
};
export const AUDIT_PAGE_SIZE = 50;

const id = z.string().regex(/^\d{1,18}$/);
const page = z.coerce.number().int().min(1).max(10_000).default(1);
const pageOf = <T extends z.ZodType>(item: T) => z.object({ list: z.array(item), page: z.number().int(), pageSize: z.number().int(), total: z.number().int() });
const amount = z.string();
const remark = z.string().trim().max(200).optional();

export const operatorView = z.object({
  id: z.string(),
  username: z.string(),
  role: z.enum(ROLES),
  /** null = every brand. */
  brands: z.array(z.string()).nullable(),
  status: z.enum(['active', 'disabled']),
  enrolled: z.boolean(),
  lastLoginAt: z.string().nullable(),
});
export type OperatorView = z.infer<typeof operatorView>;

export const me = operatorView.extend({ permissions: z.array(z.enum(PERMISSIONS)), idleMinutes: z.number().int() });
export type Me = z.infer<typeof me>;

/** The value of `operator.totp.enrol`: scan the QR (otpauth URL) and log in again with a code. */
export const enrolment = z.object({ otpauthUrl: z.string(), secret: z.string(), qrSvg: z.string() });
export type Enrolment = z.infer<typeof enrolment>;

export const login = endpoint({
  method: 'POST', path: '/wps/ops/login', module: MODULES.common, auth: 'none',
  summary: 'Operator login: username, password and the 6-digit TOTP code. First login answers operator.totp.enrol with the QR.',
  body: z.object({ username: z.string().trim().min(1).max(64), password: z.string().min(1).max(128), code: z.string().trim().regex(/^\d{6}$/).optional() }),
  response: z.object({ token: z.string(), operator: me }),
});

export const getMe = endpoint({
  method: 'GET', path: '/wps/ops/me', module: MODULES.common, auth: 'none',
  summary: 'The logged-in operator with its permissions.', response: me,
});

export const logout = endpoint({
  method: 'POST', path: '/wps/ops/logout', module: MODULES.common, auth: 'none',
  summary: 'Ends the console session.', response: z.null(),
});

// ---- operators and sessions -------------------------------------------------------------------

export const listOperators = endpoint({
  method: 'GET', path: '/wps/ops/operators', module: MODULES.common, auth: 'none',
  summary: 'Every operator (operators.manage).', response: z.array(operatorView),
});

const brandList = z.array(z.string().trim().min(1).max(32)).min(1).max(50).nullable();

export const createOperator = endpoint({
  method: 'POST', path: '/wps/ops/operators/create', module: MODULES.common, auth: 'none',
  summary: 'Adds an operator; it enrols TOTP at its first login (operators.manage).',
  body: z.object({ username: z.string().trim().regex(/^[A-Za-z0-9_.-]{3,32}$/), password: z.string().min(10).max(128), role: z.enum(ROLES), brands: brandList }),
  response: operatorView,
});

export const updateOperator = endpoint({
  method: 'POST', path: '/wps/ops/operators/update', module: MODULES.common, auth: 'none',
  summary: 'Changes an operator\'s role, brand scope or status; disabling ends its sessions (operators.manage).',
  body: z.object({ id, role: z.enum(ROLES).optional(), brands: brandList.optional(), status: z.enum(['active', 'disabled']).optional() }),
  response: operatorView,
});

export const sessionView = z.object({
  id: z.string(), ownerId: z.string(), ownerName: z.string(), ip: z.string(), userAgent: z.string(),
  createdAt: z.string(), lastSeenAt: z.string(), current: z.boolean(),
});
export type SessionView = z.infer<typeof sessionView>;

export const listOperatorSessions = endpoint({
  method: 'GET', path: '/wps/ops/sessions', module: MODULES.common, auth: 'none',
  summary: 'Live console sessions: all of them with sessions.manage, else the caller\'s own.',
  response: z.array(sessionView),
});

export const endOperatorSession = endpoint({
  method: 'POST', path: '/wps/ops/sessions/end', module: MODULES.common, auth: 'none',
  summary: 'Ends a console session (own ones always; others with sessions.manage).',
  body: z.object({ id }), response: z.null(),
});

// ---- audit ------------------------------------------------------------------------------------

export const auditRow = z.object({
  id: z.string(), at: z.string(), operatorName: z.string(), brand: z.string().nullable(), action: z.string(),
  target: z.string(), before: z.unknown(), after: z.unknown(), ip: z.string(),
});
export type AuditRow = z.infer<typeof auditRow>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d));

export const auditQuery = z.object({
  q: z.string().trim().max(100).optional(),
  action: z.string().trim().max(60).optional(),
  operator: z.string().trim().max(64).optional(),
  from: day.optional(),
  to: day.optional(),
  page,
});

export type AuditQueryInput = z.output<typeof auditQuery>;

export const listAudit = endpoint({
  method: 'GET', path: '/wps/ops/audit', module: MODULES.common, auth: 'none',
  summary: 'Audit log of the brand, newest first, searchable (audit.view). /wps/ops/audit.csv exports the same filter.',
  query: auditQuery, response: pageOf(auditRow),
});
export const AUDIT_CSV_PATH = '/wps/ops/audit.csv';

// ---- dashboard --------------------------------------------------------------------------------

export const dashboard = endpoint({
  method: 'GET', path: '/wps/ops/dashboard', module: MODULES.common, auth: 'none',
  summary: 'Today (brand day) at a glance and the last 7 days of deposits and withdrawals (dashboard.view).',
  response: z.object({
    day: z.string(),
    registrations: z.number().int(),
    deposits: z.object({ count: z.number().int(), amount }),
    withdrawals: z.object({ count: z.number().int(), amount }),
    bets: z.object({ count: z.number().int(), amount }),
    ggr: z.array(z.object({ category: z.string(), bets: amount, wins: amount, ggr: amount })),
    online: z.number().int(),
    pendingDeposits: z.number().int(),
    pendingWithdrawals: z.number().int(),
    series: z.array(z.object({ day: z.string(), deposits: amount, withdrawals: amount, registrations: z.number().int() })),
  }),
});

// ---- finance ----------------------------------------------------------------------------------

export const financeRules = endpoint({
  method: 'GET', path: '/wps/ops/finance/rules', module: MODULES.common, auth: 'none',
  summary: 'The brand\'s amount above which a withdrawal needs two operators (finance.view).',
  response: z.object({ dualApprovalAbove: amount }),
});

export const setFinanceRules = endpoint({
  method: 'POST', path: '/wps/ops/finance/rules', module: MODULES.common, auth: 'none',
  summary: 'Sets the two-person approval amount (finance.rules).',
  body: z.object({ dualApprovalAbove: z.union([z.string(), z.number()]) }),
  response: z.object({ dualApprovalAbove: amount }),
});

export const approveWithdrawal = endpoint({
  method: 'POST', path: '/wps/ops/finance/withdraw/approve', module: MODULES.common, auth: 'none',
  summary: 'Approves a pending withdrawal: paid at once up to the brand amount; above it, paid when a second, different operator approves (finance.withdraw).',
  body: z.object({ withdrawNo: z.string().trim().min(1).max(40), remark }),
  response: z.object({
    status: z.enum(['paid', 'awaiting_second']), approvals: z.array(z.string()), withdrawNo: z.string(),
    /** When a payment provider pays it out: the payout's state at that moment (issue 22). */
    payout: payoutStatus.optional(),
  }),
});

export const withdrawalApprovals = endpoint({
  method: 'GET', path: '/wps/ops/finance/withdraw/approvals', module: MODULES.common, auth: 'none',
  summary: 'Who approved each pending withdrawal so far (finance.view).',
  response: z.array(z.object({ withdrawNo: z.string(), approvals: z.array(z.string()) })),
});

export const adjust = endpoint({
  method: 'POST', path: '/wps/ops/finance/adjust', module: MODULES.common, auth: 'none',
  summary: 'Manual adjustment: a ledger posting house ↔ member main wallet with a reason; requestId makes a retry move nothing (finance.adjust).',
  body: z.object({
    username: z.string().trim().min(1).max(64),
    direction: z.enum(['credit', 'debit']),
    amount: z.union([z.string(), z.number()]),
    reason: z.string().trim().min(3).max(200),
    requestId: z.string().trim().regex(/^[A-Za-z0-9_-]{8,64}$/),
  }),
  response: z.object({ postingId: z.string(), applied: z.boolean(), balance: amount }),
});

export const reconcile = endpoint({
  method: 'GET', path: '/wps/ops/finance/reconcile', module: MODULES.common, auth: 'none',
  summary: 'Proof that the brand\'s ledger balances: entries sum to 0 and every balance equals its entries (finance.view).',
  response: z.object({
    balanced: z.boolean(), entrySum: amount, accounts: z.number().int(), mismatchedAccounts: z.number().int(),
    negativeMemberBalances: z.number().int(), postings: z.number().int(), memberTotal: amount,
    brandWallets: z.array(z.object({ wallet: z.string(), balance: amount })),
  }),
});

// ---- people -----------------------------------------------------------------------------------

export const personRow = z.object({
  id: z.string(), username: z.string(), nickname: z.string(), kind: z.enum(['member', 'agent', 'trial']),
  status: z.enum(['active', 'locked']), mobile: z.string().nullable(), createdAt: z.string(), lastLoginAt: z.string().nullable(),
  balance: amount,
});
export type PersonRow = z.infer<typeof personRow>;

export const searchPeople = endpoint({
  method: 'GET', path: '/wps/ops/people', module: MODULES.common, auth: 'none',
  summary: 'Members and agents by username, nickname or mobile (people.view).',
  query: z.object({ q: z.string().trim().max(64).optional(), kind: z.enum(['all', 'member', 'agent']).default('all'), page }),
  response: pageOf(personRow),
});

export const personDetail = endpoint({
  method: 'GET', path: '/wps/ops/people/detail', module: MODULES.common, auth: 'none',
  summary: 'A member\'s profile, wallet, latest records and sessions (people.view).',
  query: z.object({ id }),
  response: z.object({
    person: personRow.extend({ email: z.string().nullable(), language: z.string(), parent: z.string().nullable(), downlines: z.number().int() }),
    wallets: z.array(z.object({ wallet: z.string(), balance: amount })),
    records: z.array(z.object({ at: z.string(), kind: z.string(), amount, ref: z.string() })),
    sessions: z.array(z.object({ id: z.string(), ip: z.string(), userAgent: z.string(), createdAt: z.string(), lastSeenAt: z.string() })),
  }),
});

export const setPersonStatus = endpoint({
  method: 'POST', path: '/wps/ops/people/status', module: MODULES.common, auth: 'none',
  summary: 'Locks (ends its sessions) or unlocks a member (people.manage).',
  body: z.object({ id, status: z.enum(['active', 'locked']) }), response: personRow,
});

export const resetPersonPassword = endpoint({
  method: 'POST', path: '/wps/ops/people/reset-password', module: MODULES.common, auth: 'none',
  summary: 'Sets a one-time password the member must change at next login, ends its sessions (people.manage).',
  body: z.object({ id }), response: z.object({ temporaryPassword: z.string() }),
});

export const endPersonSessions = endpoint({
  method: 'POST', path: '/wps/ops/people/end-sessions', module: MODULES.common, auth: 'none',
  summary: 'Ends every session of a member (people.manage).',
  body: z.object({ id }), response: z.object({ ended: z.number().int() }),
});

/** A member of the brand in a downline tree view: its kind and team (every member below it, any depth). */
export const treeRow = z.object({
  id: z.string(), username: z.string(), nickname: z.string(), kind: z.enum(['member', 'agent', 'trial']), status: z.enum(['active', 'locked']),
  depth: z.number().int(), teamSize: z.number().int(), directSize: z.number().int(), createdAt: z.string(),
});
export type TreeRow = z.infer<typeof treeRow>;

export const personTree = endpoint({
  method: 'GET', path: '/wps/ops/people/tree', module: MODULES.common, auth: 'none',
  summary: 'A member with its team size, its upline chain (direct upline first) and its direct downline with team sizes, paged (people.view).',
  query: z.object({ id, page }),
  response: z.object({ self: treeRow, uplines: z.array(treeRow), downline: pageOf(treeRow) }),
});

/**
 * Moves a member, or an agent with its whole team, under another agent of the brand (people.manage).
 * Team rows of days before the move's brand day stay with the old upline; the move's day and later
 * count for the new one. Contracts (offers and contracts in force) between the moved member and its
 * old upline end with reason `moved`. Failures: operator.member.not.found, operator.move.target.invalid
 * (not a member of this brand), operator.move.not.agent, operator.move.cycle, operator.move.same,
 * operator.move.trial.
 */
export const movePerson = endpoint({
  method: 'POST', path: '/wps/ops/people/move', module: MODULES.common, auth: 'none',
  summary: 'Moves a member or an agent with its team under another agent of the brand (people.manage).',
  body: z.object({ id, toAgentId: id, reason: remark }),
  response: z.object({
    id: z.string(), username: z.string(), from: z.string().nullable(), to: z.string(),
    moved: z.number().int(), endedContracts: z.number().int(),
  }),
});

// ---- deposits and withdrawal rejection (lists: cashier.operatorListDeposits / operatorListWithdrawals with the session) ----

const orderAction = z.object({ orderNo: z.string().trim().min(1).max(40), remark });
const settled = z.object({ no: z.string(), status: z.string(), amount, username: z.string() });

export const confirmDeposit = endpoint({
  method: 'POST', path: '/wps/ops/finance/deposit/confirm', module: MODULES.common, auth: 'none',
  summary: 'Confirms a pending deposit order: the money arrived (finance.deposit). A retry moves nothing.',
  body: orderAction, response: settled,
});

export const rejectDeposit = endpoint({
  method: 'POST', path: '/wps/ops/finance/deposit/reject', module: MODULES.common, auth: 'none',
  summary: 'Rejects a pending deposit order (finance.deposit).',
  body: orderAction, response: settled,
});

export const rejectWithdrawal = endpoint({
  method: 'POST', path: '/wps/ops/finance/withdraw/reject', module: MODULES.common, auth: 'none',
  summary: 'Rejects a pending withdrawal: the hold returns to the member (finance.withdraw).',
  body: z.object({ withdrawNo: z.string().trim().min(1).max(40), remark }), response: settled,
});

export type DashboardValue = z.output<typeof dashboard.response>;
