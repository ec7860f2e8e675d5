import { z } from 'zod';
import { MODULES } from './brand.ts';
import { endpoint } from './endpoint.ts';

/**
 * Payments through providers (issue 22): deposit channels served by a provider (the built-in
 * demo provider or Stripe) open a hosted checkout; the provider's signed webhooks credit the
 * order once. Withdrawals are paid out through the brand's payout provider. The console sets
 * the provider of each channel, reads the deposit history and reconciles settlement reports.
 * Amounts as in the cashier: decimal strings in major units.
 */

export const PROVIDERS = ['manual', 'demo', 'stripe'] as const;
export const provider = z.enum(PROVIDERS);
export type Provider = z.infer<typeof provider>;
export const PAYMENT_STATUSES = ['open', 'pending', 'paid', 'failed', 'expired', 'refunded', 'charged_back'] as const;
export const paymentStatus = z.enum(PAYMENT_STATUSES);
export const PAYOUT_STATUSES = ['queued', 'sent', 'paid', 'failed', 'bounced'] as const;
export const payoutStatus = z.enum(PAYOUT_STATUSES);
/** What a tester may choose on the demo checkout page. */
export const DEMO_OUTCOMES = ['paid', 'declined', 'pending_then_paid', 'expired', 'paid_twice', 'charged_back'] as const;
export const DEMO_METHODS = ['card', 'bank', 'ewallet'] as const;
const money = z.string();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const orderNo = z.string().trim().min(1).max(40);

// ---- member ---------------------------------------------------------------------------------

export const instantChannels = endpoint({
  method: 'GET', path: '/wps/payments/channels', module: MODULES.deposit, auth: 'member',
  summary: 'Deposit channels paid through a provider\'s hosted checkout (instant credit); the others are manual transfers.',
  response: z.object({ channels: z.array(z.object({ method: z.string(), channel: z.string(), provider })) }),
});

export const checkoutView = z.object({
  orderNo: z.string(), provider, checkoutUrl: z.string(), status: paymentStatus,
});

export const openCheckout = endpoint({
  method: 'POST', path: '/wps/payments/checkout', module: MODULES.deposit, auth: 'member',
  summary: 'Opens (or answers again) the provider checkout of a pending deposit order of an instant channel; redirect the member to checkoutUrl.',
  body: z.object({ orderNo }),
  response: checkoutView,
});

export const depositResult = endpoint({
  method: 'GET', path: '/wps/payments/result', module: MODULES.deposit, auth: 'member',
  summary: 'The state of a deposit after the checkout (the return page polls it): order status, provider status, amount, bonus.',
  query: z.object({ orderNo }),
  response: z.object({
    orderNo: z.string(), orderStatus: z.string(), paymentStatus: paymentStatus.nullable(), provider: z.string().nullable(),
    amount: money, bonusAmount: money, currency: z.string(),
  }),
});

// ---- console ----------------------------------------------------------------------------------

export const channelConfig = z.object({
  method: z.string(), methodName: z.object({ ES: z.string(), EN: z.string() }), kind: z.string(),
  channel: z.string(), channelName: z.string(), min: money, max: money, provider, enabled: z.boolean(),
});

export const channels = endpoint({
  method: 'GET', path: '/wps/ops/payments/channels', module: MODULES.common, auth: 'none',
  summary: 'The brand\'s deposit channels with the provider serving each (manual = confirmed by hand), the providers configured, and the payout provider (finance.view).',
  response: z.object({ channels: z.array(channelConfig), providers: z.array(provider), payoutProvider: provider.nullable(), webhookUrls: z.record(z.string(), z.string()) }),
});

export const setChannel = endpoint({
  method: 'POST', path: '/wps/ops/payments/channels', module: MODULES.common, auth: 'none',
  summary: 'Sets the provider of one deposit channel (finance.rules; audited).',
  body: z.object({ method: z.string().trim().min(1).max(32), channel: z.string().trim().min(1).max(32), provider, enabled: z.boolean().default(true) }),
  response: channelConfig,
});

export const setPayoutProvider = endpoint({
  method: 'POST', path: '/wps/ops/payments/payout-provider', module: MODULES.common, auth: 'none',
  summary: 'Sets the provider that pays approved withdrawals out (manual = paid by hand as before) (finance.rules; audited).',
  body: z.object({ provider }),
  response: z.object({ payoutProvider: provider.nullable() }),
});

export const HISTORY_PAGE_SIZE = 20;
export const historyQuery = z.object({
  status: z.string().trim().max(20).optional(),
  method: z.string().trim().max(32).optional(),
  provider: provider.optional(),
  username: z.string().trim().max(40).optional(),
  startDate: day.optional(), endDate: day.optional(),
  minAmount: z.string().trim().max(20).optional(), maxAmount: z.string().trim().max(20).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type HistoryQuery = z.infer<typeof historyQuery>;

export const depositRow = z.object({
  orderNo: z.string(), username: z.string(), method: z.string(), channel: z.string(), provider: z.string(),
  amount: money, bonusAmount: money, status: z.string(), paymentStatus: paymentStatus.nullable(), flag: z.string().nullable(),
  shortfall: money, createdAt: z.string(), closedAt: z.string().nullable(),
});

export const depositHistory = endpoint({
  method: 'GET', path: '/wps/ops/payments/deposits', module: MODULES.common, auth: 'none',
  summary: 'Deposit history of every state, filtered (status, method, provider, member, brand days, amounts), with totals; /wps/ops/payments/deposits.csv exports the same filter (finance.view).',
  query: historyQuery,
  response: z.object({
    list: z.array(depositRow), page: z.number().int(), pageSize: z.number().int(), total: z.number().int(),
    totals: z.object({ count: z.number().int(), amount: money, confirmedAmount: money }),
  }),
});
export const DEPOSITS_CSV_PATH = '/wps/ops/payments/deposits.csv';

export const withdrawalRow = z.object({
  withdrawNo: z.string(), username: z.string(),
  /** The receiving account's kind (bank, ewallet); the history's method filter. */
  method: z.string(),
  amount: money, fee: money, status: z.string(),
  payoutStatus: payoutStatus.nullable(),
  /** manual = paid by hand. */
  provider: z.string(),
  /** Why a payout failed or bounced (the provider's reason code), or a returned withdrawal's remark. */
  detail: z.string(),
  createdAt: z.string(), paidAt: z.string().nullable(), closedAt: z.string().nullable(),
});
export const withdrawalHistory = endpoint({
  method: 'GET', path: '/wps/ops/payments/withdrawals', module: MODULES.common, auth: 'none',
  summary: 'Withdrawal history of every state with its payout status, filtered like deposits (method = the account kind), with totals; /wps/ops/payments/withdrawals.csv exports the same filter (finance.view).',
  query: historyQuery,
  response: z.object({
    list: z.array(withdrawalRow), page: z.number().int(), pageSize: z.number().int(), total: z.number().int(),
    /** amount: all requested; paidOutAmount: sent to members (amount − fee) and not returned; feeAmount: kept as fees; returnedAmount: came back. */
    totals: z.object({ count: z.number().int(), amount: money, paidOutAmount: money, feeAmount: money, returnedAmount: money }),
  }),
});
export const WITHDRAWALS_CSV_PATH = '/wps/ops/payments/withdrawals.csv';

export const reconItem = z.object({
  id: z.string(), provider: z.string(), day: z.string(), ref: z.string(),
  kind: z.enum(['missing_in_ledger', 'missing_at_provider', 'amount_differs']),
  providerAmount: money.nullable(), ledgerAmount: money.nullable(),
  resolvedAt: z.string().nullable(), resolvedBy: z.string().nullable(), reason: z.string().nullable(),
});

export const runReconciliation = endpoint({
  method: 'POST', path: '/wps/ops/payments/reconcile', module: MODULES.common, auth: 'none',
  summary: 'Fetches the provider\'s settlement report of a UTC day and compares it with the ledger; answers every mismatch (finance.view; audited).',
  body: z.object({ provider: z.enum(['demo', 'stripe']), day }),
  response: z.object({ provider: z.string(), day: z.string(), providerCount: z.number().int(), ledgerCount: z.number().int(), clean: z.boolean(), items: z.array(reconItem) }),
});

export const reconciliationItems = endpoint({
  method: 'GET', path: '/wps/ops/payments/reconciliation', module: MODULES.common, auth: 'none',
  summary: 'Mismatches found so far, open first (finance.view).',
  query: z.object({ open: z.enum(['true', 'false']).optional() }),
  response: z.object({ items: z.array(reconItem) }),
});

export const resolveReconciliation = endpoint({
  method: 'POST', path: '/wps/ops/payments/reconciliation/resolve', module: MODULES.common, auth: 'none',
  summary: 'Marks a mismatch resolved with a reason (finance.adjust; audited).',
  body: z.object({ id: z.string().regex(/^\d{1,18}$/), reason: z.string().trim().min(3).max(500) }),
  response: reconItem,
});
