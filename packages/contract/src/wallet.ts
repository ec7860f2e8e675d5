import { z } from 'zod';
import { MODULES } from './brand.ts';
import { endpoint } from './endpoint.ts';

/**
 * Wallet: balance, merchant wallet, consolidated funds, transfers, records and the balance
 * push (§2 member centre, §4, §7, issue 4).
 *
 * Money on the wire is a decimal string in major units with exactly 2 decimals in answers
 * ("1234.50", "-20.00"). Amounts sent by the client are strings (a JSON number is read the
 * same way) with at most 2 decimals, greater than zero, at most 10,000,000,000,000; anything
 * else answers `wallet.amount.invalid`.
 *
 * Failures of this domain (besides request_param_err, customer.not.login, in_need_true_account,
 * function.not.available):
 * - `wallet.amount.invalid` (400) bad amount; `wallet.insufficient.funds` (400);
 * - `wallet.single` (400) transfers between wallets on a single-wallet brand;
 * - `wallet.account.invalid` (400) unknown wallet name, or from = to;
 * - `wallet.duplicate.reference` (409) a requestId already used for a different operation;
 * - `wallet.upline.none` (400) the member has no upline; `wallet.downline.invalid` (403)
 *   the member is not in the agent's team; `login.non.agent` (403);
 * - `wallet.range.invalid` (400) start after end; `wallet.range.too.long` (400) over 30 days.
 */

/** A money value in major units, e.g. "1234.50". */
export const money = z.string();
/** An amount the client sends: "100", "100.5", "100.50" (a JSON number is read as its text). */
export const amountInput = z.union([z.string().max(40), z.number()]);
/** A client-made id (UUID or similar) that makes a transfer safe to retry: the same id returns the first result. */
export const requestId = z.string().trim().min(8).max(64).regex(/^[A-Za-z0-9_.:-]+$/);

/** `accountTypeId` of a wallet: 2 main (the one the header shows), 3 bonus, 4 game wallet of one vendor. */
export const ACCOUNT_TYPE = { main: 2, bonus: 3, game: 4 } as const;
/** Wallet names: `main`, `bonus`, or `game:<VENDOR>` (e.g. `game:RNG-AURORA`). */
export const MAIN_WALLET = 'main';
export const GAME_WALLET_PREFIX = 'game:';
/** Vendor codes accepted for game wallets until the games issue provides the real list. */
export const VENDOR_CODE = /^(RNG|LIVE|FISH|PVP|SPORTS|ESPORTS|LOTT|ELOTT|COCKFIGHT)-[A-Z0-9]{2,20}$/;

export const walletBalance = z.object({
  accountTypeId: z.number().int(),
  availBalance: money,
  /** `main`, `bonus` or `game:<VENDOR>`: what transfers name as from / to. */
  wallet: z.string(),
  /** Display name: "main", "bonus", or the vendor code. */
  name: z.string(),
});
export type WalletBalance = z.infer<typeof walletBalance>;

export const balanceValue = z.object({
  /** Sum of all the member's wallets. */
  sumBalance: money,
  currency: z.string(),
  currencySymbol: z.string(),
  /** Main wallet first, then bonus, then game wallets by vendor code. Game wallets only on multi-wallet brands. */
  balance: z.array(walletBalance),
});
export type BalanceValue = z.infer<typeof balanceValue>;

export const getBalance = endpoint({
  method: 'GET', path: '/wps/v2/wallets/balance', module: MODULES.wallet, auth: 'member',
  summary: 'The member\'s wallets and their total (trial accounts see their play money).',
  response: balanceValue,
});

export const merchantWallet = endpoint({
  method: 'GET', path: '/wps/relay/GCS_merchantWallet', module: MODULES.wallet, auth: 'none',
  summary: 'Whether the brand is single-wallet (no transfers between game wallets). Cache it for the session.',
  response: z.object({ isSingle: z.boolean() }),
});

/** Game types contract offers are keyed by (wire reference). */
export const CONTRACT_GAME_TYPES = ['LIVE', 'RNG', 'SPORTS', 'LOTT', 'FISH', 'ELOTT', 'PVP'] as const;
const gameTypes = z.array(z.enum(CONTRACT_GAME_TYPES));

/**
 * The consolidated contract flags (§3): the game types with an offer waiting (`…req…`) or a
 * contract in force (`…info…`), per kind. Contracts cover every game type, so a flag is either
 * empty or every game type. On the login answer (`contractFlags`), the contracts' flags call
 * and the consolidated funds.
 */
export const contractFlags = z.object({
  dailysalreqtype: gameTypes,
  divtypereq: gameTypes,
  contracthoursalreq: gameTypes,
  realtimesalreqtype: gameTypes,
  dailysalinfotype: gameTypes,
  divtypeinfo: gameTypes,
  contracthoursalinfo: gameTypes,
  realtimesalinfotype: gameTypes,
  /** Offers waiting for the caller's answer (open the contract popup when > 0). */
  pendingOffers: z.number().int(),
});

export const consolidatedValue = contractFlags.extend({
  funds: z.object({ main: money, games: z.array(walletBalance), total: money }),
});
export type ConsolidatedValue = z.infer<typeof consolidatedValue>;

export const consolidatedFunds = endpoint({
  method: 'GET', path: '/wps/member/info/funds/consolidated', module: MODULES.agentPolicy, auth: 'member',
  summary: 'Pending and existing contracts (agent issue) plus the member\'s funds. Real accounts only.',
  response: consolidatedValue,
});

// ---- Transfers --------------------------------------------------------------------------

/** The result of a transfer; a retry with the same requestId answers the same value. */
export const transferResult = z.object({
  /** The ledger posting id. */
  txId: z.string(),
  requestId: z.string(),
  from: z.string(),
  to: z.string(),
  amount: money,
  /** Balance of the `from` and `to` wallets right after this transfer. */
  fromBalance: money,
  toBalance: money,
});
export type TransferResult = z.infer<typeof transferResult>;

export const transferBody = z.object({
  /** `main` or `game:<VENDOR>`; one side must be `main`. */
  from: z.string().max(40),
  to: z.string().max(40),
  amount: amountInput,
  requestId,
});
export type TransferBody = z.infer<typeof transferBody>;

export const walletTransfer = endpoint({
  method: 'POST', path: '/wps/relay/GCS_walletTransfer', module: MODULES.transfer, auth: 'member',
  summary: 'Move money between the main wallet and a vendor game wallet (multi-wallet brands).',
  body: transferBody,
  response: transferResult,
});

export const recallResult = z.object({
  /** null when every game wallet was already empty (nothing moved). */
  txId: z.string().nullable(),
  requestId: z.string(),
  /** Total brought back to the main wallet. */
  amount: money,
  mainBalance: money,
  /** What came back from each game wallet. */
  wallets: z.array(z.object({ wallet: z.string(), amount: money })),
});
export type RecallResult = z.infer<typeof recallResult>;

export const recallAll = endpoint({
  method: 'POST', path: '/wps/relay/GCS_walletRecallAll', module: MODULES.transfer, auth: 'member',
  summary: 'Bring every game wallet back to the main wallet in one movement.',
  body: z.object({ requestId }),
  response: recallResult,
});

/**
 * Encrypted (it carries the withdrawal password). The password is checked like a withdrawal's:
 * `cashier.payment.password.required` (not set yet), `.invalid` (value.attemptsLeft), `.locked`.
 */
export const transferUpline = endpoint({
  method: 'POST', path: '/wps/relay/GCS_transferUpline', module: MODULES.transferUpline, auth: 'member', encrypted: true,
  summary: 'Move money from the member\'s main wallet to the direct upline\'s main wallet (needs the withdrawal password).',
  body: z.object({ amount: amountInput, requestId, paymentPassword: z.string().max(64).optional() }),
  response: transferResult,
});

export const agentTransfer = endpoint({
  method: 'POST', path: '/wps/agent/transfer', module: MODULES.agent, auth: 'member',
  summary: 'An agent moves money from its main wallet to a member of its team (direct or deeper).',
  body: z.object({ downlineId: z.string().regex(/^\d{1,19}$/), amount: amountInput, requestId }),
  response: transferResult,
});

// ---- Records ----------------------------------------------------------------------------

/** Code types of the transaction history (`ODSFE2_MemTransDet`). */
export const CODE_TYPES = [
  'deposit', 'withdraw', 'betting', 'winning', 'dividend', 'betting_rebate', 'agent_rebate',
  'share_bonus', 'daily_wage', 'hour_wage', 'referral_rebate', 'transfer', 'other',
] as const;
export type CodeType = (typeof CODE_TYPES)[number];
/** Code types shown in bonus details. */
export const BONUS_CODE_TYPES = ['share_bonus', 'dividend', 'betting_rebate', 'agent_rebate', 'daily_wage', 'hour_wage', 'referral_rebate'] as const satisfies readonly CodeType[];

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** Days in the brand's time zone (gmtOffsetMinutes), both included; end - start at most 30 days. */
export const dateRange = z.object({ startDate: day, endDate: day });
/** Rows per page of the records. */
export const RECORDS_PAGE_SIZE = 10;
export const MAX_RANGE_DAYS = 30;
const page = z.coerce.number().int().min(1).max(100_000).default(1);

export const transactionRow = z.object({
  txId: z.string(),
  /** The code type (translate it on the client). */
  txTypeName: z.enum(CODE_TYPES),
  /** External reference: deposit order, withdrawal, transfer requestId, bet round… */
  orderNo: z.string(),
  remark: z.string(),
  /** ISO time (UTC). */
  txTime: z.string(),
  /** Signed: credits positive, debits negative. */
  amount: money,
  /** Main wallet balance right after this row. */
  balance: money,
});
export type TransactionRow = z.infer<typeof transactionRow>;

const paged = <T extends z.ZodType>(row: T) => z.object({ list: z.array(row), page: z.number().int(), total: z.number().int(), totalPages: z.number().int() });

export const transactionHistory = endpoint({
  method: 'GET', path: '/wps/relay/ODSFE2_MemTransDet', module: MODULES.wallet, auth: 'member',
  summary: 'Main wallet statement: 10 a page, newest first, with the balance after each row.',
  query: dateRange.extend({
    /** Comma list of code types; empty or absent = all. */
    codeTypes: z.string().max(400).optional(),
    page,
  }),
  response: paged(transactionRow),
});

const pl = { bet: money, win: money, profit: money };
export const personalProfitValue = z.object({
  /** Per day (brand time zone) and game category; only days with play. */
  days: z.array(z.object({ date: z.string(), gameType: z.string(), ...pl })),
  /** Per game category over the range. */
  categories: z.array(z.object({ gameType: z.string(), ...pl })),
  totals: z.object({ ...pl, deposit: money, withdraw: money, bonus: money }),
});
export type PersonalProfitValue = z.infer<typeof personalProfitValue>;

export const personalProfit = endpoint({
  method: 'GET', path: '/wps/relay/ODSFE2_personalProfit', module: MODULES.wallet, auth: 'member',
  summary: 'Personal profit and loss by day and game category, with deposit, withdraw and bonus totals.',
  query: dateRange,
  response: personalProfitValue,
});

export const bonusDetails = endpoint({
  method: 'GET', path: '/wps/relay/ODSFE2_bonusDetails', module: MODULES.wallet, auth: 'member',
  summary: 'Bonuses, rebates, wages and dividends credited to the member, 10 a page.',
  query: dateRange.extend({ page }),
  response: paged(transactionRow).extend({ totalAmount: money }),
});

// ---- Realtime ---------------------------------------------------------------------------

/**
 * socket.io on the site's origin, path `/socket.io`. Connect with
 * `io(origin, { path: SOCKET_PATH, auth: { token, merchant } })`; a bad or missing token is
 * refused with a connect_error whose message is `customer.not.login`. The server emits
 * {@link SOCKET_EVENTS.balance} to the member's open pages after every movement of money.
 */
export const SOCKET_PATH = '/socket.io';
export const SOCKET_EVENTS = { balance: 'balance' } as const;
export const balancePush = balanceValue.pick({ sumBalance: true, balance: true });
export type BalancePush = z.infer<typeof balancePush>;
