import { z } from 'zod';
import { MODULES } from './brand.ts';
import { endpoint } from './endpoint.ts';
import { payoutStatus } from './payments.ts';

/**
 * The cashier (issue 4): deposits, withdrawals, withdrawal password, withdraw accounts, and the
 * operator API that confirms deposits and pays withdrawals.
 *
 * Amounts travel as decimal strings in major units ("150.50"): requests may send a string
 * (or a JSON number), the server parses it strictly (positive, at most 2 decimals, no
 * exponent) and answers `wallet.amount.invalid` otherwise. Answers always give strings with
 * exactly 2 decimals. Dates are ISO-8601 UTC strings; record filters take `yyyy-MM-dd` days
 * cut by the brand's GMT offset, at most 30 days apart (`cashier.range.invalid`).
 */

/** What a valid amount looks like (the server is the judge; use it for instant form checks). */
export const AMOUNT_PATTERN = /^(?:0|[1-9]\d{0,15})(?:\.\d{1,2})?$/;
/** An amount in a request: "150.50" (a JSON number is accepted too). */
export const amountIn = z.union([z.string().max(40), z.number()]);
/** An amount in an answer: major units, 2 decimals, e.g. "1500.00". */
export const money = z.string();
/** Client idempotency key: send the same one on a retry or double click, a new one per intent. */
export const requestId = z.string().trim().regex(/^[A-Za-z0-9_-]{8,64}$/);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const localText = z.object({ ES: z.string(), EN: z.string() });
export const RECORDS_PAGE_SIZE = 10;
export const RECORDS_MAX_DAYS = 30;

/** A page of records (10 a page). */
const page = <T extends z.ZodType>(item: T) => z.object({
  list: z.array(item), page: z.number().int(), pageSize: z.number().int(), total: z.number().int(), totalPages: z.number().int(),
});
/** Filters of the record lists: days (yyyy-MM-dd, brand time), default the last 7 days. */
const recordQuery = <S extends z.ZodType>(status: S) => z.object({
  startDate: day.optional(),
  endDate: day.optional(),
  status: status.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

// ---- Deposit (DEPOSIT3) ---------------------------------------------------------------------

export const depositChannelView = z.object({
  code: z.string(), name: z.string(), min: money, max: money,
  /** Quick-pick amounts; any amount between min and max is accepted (issue 22). */
  fixedAmounts: z.array(money),
});
export const depositMethodView = z.object({
  code: z.string(), name: localText, kind: z.enum(['bank', 'ewallet', 'crypto', 'card']),
  channels: z.array(depositChannelView),
});
export const depositBonusView = z.object({
  code: z.string(), name: localText,
  /** Percent of the deposit in basis points (10000 = 100%). */
  bps: z.number().int(), maxBonus: money, minDeposit: money,
  /** Valid bets needed before withdrawing = (deposit + bonus) × turnoverMultiple. */
  turnoverMultiple: z.number().int(),
});

export const getDepositMethods = endpoint({
  method: 'GET', path: '/wps/deposit/methods', module: MODULES.deposit, auth: 'member',
  summary: 'Deposit methods and channels of the brand (min, max, fixed amounts) and the bonuses a member may attach.',
  response: z.object({
    methods: z.array(depositMethodView),
    bonuses: z.array(depositBonusView),
    expiryMinutes: z.number().int(),
    currency: z.string(), currencySymbol: z.string(),
  }),
});

export const DEPOSIT_STATUSES = ['pending', 'confirmed', 'cancelled', 'expired', 'rejected'] as const;
export const depositStatus = z.enum(DEPOSIT_STATUSES);

export const depositOrder = z.object({
  orderNo: z.string(),
  method: z.string(), channel: z.string(),
  amount: money,
  bonusCode: z.string().nullable(),
  /** Bonus credited with the deposit when it is confirmed ("0.00" without a bonus). */
  bonusAmount: money,
  status: depositStatus,
  /** Where to pay: bank, account name, CLABE, wallet address… (keys per channel). */
  payee: z.record(z.string(), z.string()),
  remark: z.string(),
  createdAt: z.string(), expiresAt: z.string(),
  /** When it left `pending` (confirmed, cancelled, expired or rejected). */
  closedAt: z.string().nullable(),
});
export type DepositOrder = z.infer<typeof depositOrder>;

export const createDepositOrder = endpoint({
  method: 'POST', path: '/wps/deposit/orders', module: MODULES.deposit, auth: 'member',
  summary: 'Create a pending deposit order; the same requestId answers the same order. Show payee and countdown to expiresAt.',
  body: z.object({
    method: z.string().trim().min(1).max(32),
    channel: z.string().trim().min(1).max(32),
    amount: amountIn,
    bonusCode: z.string().trim().max(32).optional(),
    requestId,
  }),
  response: depositOrder,
});

export const listDepositOrders = endpoint({
  method: 'GET', path: '/wps/deposit/orders', module: MODULES.deposit, auth: 'member',
  summary: 'The member\'s deposit records, newest first, 10 a page, at most 30 days.',
  query: recordQuery(depositStatus),
  response: page(depositOrder),
});

export const cancelDepositOrder = endpoint({
  method: 'POST', path: '/wps/deposit/orders/cancel', module: MODULES.deposit, auth: 'member',
  summary: 'Cancel a pending deposit order (cancelling a cancelled one answers it again).',
  body: z.object({ orderNo: z.string().trim().min(1).max(40) }),
  response: depositOrder,
});

// ---- Withdrawal password (security centre) -----------------------------------------------------

/** Withdrawal (payment) password: exactly 6 digits. */
export const PAYMENT_PASSWORD_PATTERN = /^\d{6}$/;

export const getPaymentPassword = endpoint({
  method: 'GET', path: '/wps/member/password/payment', module: MODULES.member, auth: 'member',
  summary: 'Whether the member has set a withdrawal password, and whether it is locked after wrong tries.',
  response: z.object({ isSet: z.boolean(), lockedUntil: z.string().nullable() }),
});

export const setPaymentPassword = endpoint({
  method: 'POST', path: '/wps/member/password/payment', module: MODULES.member, auth: 'member', encrypted: true,
  summary: 'Set the withdrawal password (first time: new + confirm; afterwards oldPassword too).',
  body: z.object({
    oldPassword: z.string().max(64).optional(),
    newPassword: z.string().max(64),
    confirmPassword: z.string().max(64),
  }),
  response: z.object({ isSet: z.literal(true) }),
});

// ---- Withdraw accounts and withdrawals (WITHDRAW3) ---------------------------------------------

export const WITHDRAW_ACCOUNT_LIMIT = 5;
/** Account number rules per kind: bank = 10–20 digits (CLABE is 18); e-wallet = phone, e-mail or id. */
export const ACCOUNT_NO_PATTERNS = {
  bank: /^\d{10,20}$/,
  ewallet: /^(?:\+?\d{8,15}|[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}|[A-Za-z0-9_-]{6,40})$/,
} as const;
export const withdrawKind = z.enum(['bank', 'ewallet']);

export const withdrawAccount = z.object({
  id: z.string(),
  kind: withdrawKind,
  /** Bank name, or the e-wallet provider. */
  bankName: z.string(),
  /** Masked: "************7891". */
  accountNo: z.string(),
  payeeName: z.string(),
  createdAt: z.string(),
});
export type WithdrawAccount = z.infer<typeof withdrawAccount>;

export const listWithdrawAccounts = endpoint({
  method: 'GET', path: '/wps/withdraw/accounts', module: MODULES.withdraw, auth: 'member',
  summary: 'The member\'s withdraw accounts, the bound payee name (null before the first account) and the limits.',
  response: z.object({
    list: z.array(withdrawAccount),
    payeeName: z.string().nullable(),
    max: z.number().int(),
    kinds: z.array(withdrawKind),
  }),
});

export const bindWithdrawAccount = endpoint({
  method: 'POST', path: '/wps/withdraw/accounts', module: MODULES.withdraw, auth: 'member',
  summary: 'Bind a bank or e-wallet account. The first account binds the payee name; later ones must use it. No edits.',
  body: z.object({
    kind: withdrawKind,
    bankName: z.string().trim().min(2).max(60),
    accountNo: z.string().trim().min(1).max(64),
    payeeName: z.string().trim().min(2).max(60),
  }),
  response: withdrawAccount,
});

export const withdrawSettings = z.object({
  allowed: z.boolean(),
  min: money, max: money,
  /** Fee = amount × feeBps / 10000 + feeFixed (rounded down to the cent). */
  feeBps: z.number().int(), feeFixed: money,
  dailyCount: z.number().int(), remainingToday: z.number().int(),
  /** Valid bets still needed (bonuses) before a withdrawal is possible; "0.00" = none. */
  turnoverRequired: money,
  /** Main wallet balance. */
  balance: money,
  hasPaymentPassword: z.boolean(),
  accounts: z.number().int(),
  currency: z.string(), currencySymbol: z.string(),
});

export const getWithdrawSettings = endpoint({
  method: 'GET', path: '/wps/withdraw/settings', module: MODULES.withdraw, auth: 'member',
  summary: 'Withdraw settings: allowed, min/max, charges, daily count left, turnover still required, balance.',
  response: withdrawSettings,
});

/** `returned`: a provider payout failed or bounced and the amount went back to the member (issue 22). */
export const WITHDRAW_STATUSES = ['pending', 'paid', 'rejected', 'received', 'disputed', 'auto_received', 'returned'] as const;
export const withdrawStatus = z.enum(WITHDRAW_STATUSES);
export const receiptResult = z.enum(['received', 'not_received', 'partial']);

export const withdrawal = z.object({
  withdrawNo: z.string(),
  amount: money, fee: money,
  /** What is paid out: amount − fee. */
  netAmount: money,
  status: withdrawStatus,
  account: withdrawAccount.omit({ createdAt: true }),
  /** The member's answer after payment (auto = taken as received after the brand's minutes). */
  receipt: z.enum(['received', 'not_received', 'partial', 'auto']).nullable(),
  receivedAmount: money.nullable(),
  remark: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** Rejected, or receipt confirmed (by the member or automatically). */
  closedAt: z.string().nullable(),
  /** When an unconfirmed payment will be taken as received (status paid only). */
  autoReceiptAt: z.string().nullable(),
  /**
   * Paid out through a payment provider (issue 22): queued/sent = being paid, paid = the provider
   * paid it, failed/bounced = the money came back (status returned; detail = the provider's reason
   * code, e.g. account_closed). Null: paid by hand, or not approved yet.
   */
  payout: z.object({ status: payoutStatus, detail: z.string(), updatedAt: z.string() }).nullable(),
});
export type Withdrawal = z.infer<typeof withdrawal>;

export const requestWithdrawal = endpoint({
  method: 'POST', path: '/wps/withdraw', module: MODULES.withdraw, auth: 'member', encrypted: true,
  summary: 'Request a withdrawal: the amount is held from the main wallet at once. Same requestId = same withdrawal.',
  body: z.object({
    amount: amountIn,
    accountId: z.string().trim().regex(/^\d{1,19}$/),
    paymentPassword: z.string().max(64),
    requestId,
  }),
  response: withdrawal,
});

export const listWithdrawals = endpoint({
  method: 'GET', path: '/wps/withdraw/records', module: MODULES.withdraw, auth: 'member',
  summary: 'The member\'s withdraw records, newest first, 10 a page, at most 30 days.',
  query: recordQuery(withdrawStatus),
  response: page(withdrawal),
});

export const confirmWithdrawal = endpoint({
  method: 'POST', path: '/wps/withdraw/confirm', module: MODULES.withdraw, auth: 'member',
  summary: 'After payment: received, not_received or partial (the last two open a dispute; no money moves).',
  body: z.object({
    withdrawNo: z.string().trim().min(1).max(40),
    result: receiptResult,
    /** partial only: how much arrived. */
    receivedAmount: amountIn.optional(),
    remark: z.string().trim().max(140).optional(),
  }),
  response: withdrawal,
});

// ---- Operator API (header X-Operator-Key; brand from Merchant) -----------------------------------

const operatorDeposit = depositOrder.extend({ memberId: z.string(), username: z.string() });
const operatorWithdrawal = withdrawal.extend({
  memberId: z.string(), username: z.string(),
  /** The full account number, for paying. */
  accountNoFull: z.string(),
});
const operatorQuery = <S extends z.ZodType>(status: S) => recordQuery(status).extend({ username: z.string().trim().max(64).optional() });
const operatorAction = z.object({ remark: z.string().trim().max(200).optional() });

export const operatorListDeposits = endpoint({
  method: 'GET', path: '/wps/operator/deposit/orders', module: MODULES.common, auth: 'none',
  summary: 'Operator: deposit orders of the brand (filters: days, status, username), 10 a page.',
  query: operatorQuery(depositStatus),
  response: page(operatorDeposit),
});
export const operatorConfirmDeposit = endpoint({
  method: 'POST', path: '/wps/operator/deposit/confirm', module: MODULES.common, auth: 'none',
  summary: 'Operator: the money arrived — credit the member (and the bonus) exactly once. Idempotent.',
  body: operatorAction.extend({ orderNo: z.string().trim().min(1).max(40) }),
  response: operatorDeposit,
});
export const operatorRejectDeposit = endpoint({
  method: 'POST', path: '/wps/operator/deposit/reject', module: MODULES.common, auth: 'none',
  summary: 'Operator: refuse a pending deposit order (no money moves).',
  body: operatorAction.extend({ orderNo: z.string().trim().min(1).max(40) }),
  response: operatorDeposit,
});
export const operatorListWithdrawals = endpoint({
  method: 'GET', path: '/wps/operator/withdraw/list', module: MODULES.common, auth: 'none',
  summary: 'Operator: withdrawals of the brand (filters: days, status, username), 10 a page.',
  query: operatorQuery(withdrawStatus),
  response: page(operatorWithdrawal),
});
export const operatorPayWithdrawal = endpoint({
  method: 'POST', path: '/wps/operator/withdraw/pay', module: MODULES.common, auth: 'none',
  summary: 'Operator: the payout was sent — the hold goes to payout (amount − fee) and house (fee). Idempotent.',
  body: operatorAction.extend({ withdrawNo: z.string().trim().min(1).max(40) }),
  response: operatorWithdrawal,
});
export const operatorRejectWithdrawal = endpoint({
  method: 'POST', path: '/wps/operator/withdraw/reject', module: MODULES.common, auth: 'none',
  summary: 'Operator: refuse a pending withdrawal — the full hold returns to the member. Idempotent.',
  body: operatorAction.extend({ withdrawNo: z.string().trim().min(1).max(40) }),
  response: operatorWithdrawal,
});
