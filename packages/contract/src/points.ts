import { z } from 'zod';
import { MODULES, pointsRatio } from './brand.ts';
import { endpoint } from './endpoint.ts';
import { amountIn, requestId } from './cashier.ts';

/**
 * Points mall (/pointMall, §2, §3 points, §4 point redemption states, §5 redemption requirements,
 * issue 7 item 6).
 *
 * Points are earned from settled valid bets at the brand's ratio (`pointsConfig.validBetPerPoint`
 * minor units of valid bet = 1 point; the remainder carries over to the next bets), exactly once
 * per bet. They are their own ledger (point postings with the balance after each one), never
 * negative. A reward (a physical item or a balance voucher) costs points; redeeming it needs the
 * withdrawal password, and for an item a receiving address and a mobile number. A redemption is
 * `process` until the operator approves it (a voucher's amount is then credited to the main
 * wallet through the ledger) or rejects it (the points come back, once). Points convert to main
 * balance at `pointsConfig.convertValue` minor units per point; same requestId = same answer.
 *
 * Failures: request_param_err, customer.not.login, in_need_true_account (trial accounts),
 * function.not.available (POINTS3 off), cashier.payment.password.required/invalid/locked,
 * points.reward.not.found (404), points.reward.sold.out, points.reward.limit,
 * points.not.enough, points.address.required, points.mobile.invalid, points.convert.min,
 * points.redemption.not.found (404), points.redemption.reviewed, cashier.operator.unauthorized.
 */

export const PAGE_SIZE = 10;
export const ADDRESS_MAX = 200;
export const RECEIVER_MAX = 60;
/** A mobile number: optional +, 6 to 15 digits, spaces and dashes allowed between. */
export const MOBILE_PATTERN = /^\+?\d[\d\s-]{4,18}\d$/;
export const mobileDigits = (s: string) => s.replace(/[\s-]/g, '');

/** The brand's points settings (brand config `points`; absent = {@link DEFAULT_POINTS_CONFIG}). */
export const pointsConfig = pointsRatio;
export type PointsConfig = z.infer<typeof pointsConfig>;
export const DEFAULT_POINTS_CONFIG: PointsConfig = { validBetPerPoint: 10_000, convertValue: 10, convertMin: 100 };

export const REWARD_KINDS = ['item', 'voucher'] as const;
export const REDEMPTION_STATUSES = ['process', 'approved', 'rejected'] as const;
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number];
export const POSTING_KINDS = ['earn', 'redeem', 'refund', 'convert', 'adjust'] as const;

/** A point count in an answer (a decimal integer string: points may exceed 2^53 in theory). */
const points = z.string();

export const reward = z.object({
  id: z.string(),
  kind: z.enum(REWARD_KINDS),
  name: z.string(),
  description: z.string(),
  image: z.string(),
  /** Points one redemption costs. */
  cost: points,
  /** Left to redeem; 0 = sold out. */
  stock: z.number().int(),
  /** At most this many redemptions per member (not counting rejected ones); null = no limit. */
  perMemberLimit: z.number().int().nullable(),
  /** A voucher's amount credited to the main wallet on approval (major units); null for items. */
  voucherAmount: z.string().nullable(),
  /** The member's redemptions of it so far (0 for visitors). */
  redeemed: z.number().int(),
});
export type Reward = z.infer<typeof reward>;

export const summary = z.object({
  balance: points,
  /** Points ever earned from bets. */
  earned: points,
  /** Valid bet (major units) carried towards the next point. */
  carry: z.string(),
  validBetPerPoint: z.string(),
  convertValue: z.string(),
  convertMin: z.number().int(),
  currencySymbol: z.string(),
  hasPaymentPassword: z.boolean(),
});
export type Summary = z.infer<typeof summary>;

export const posting = z.object({
  id: z.string(),
  kind: z.enum(POSTING_KINDS),
  /** Signed: + earned or refunded, − spent. */
  points,
  balanceAfter: points,
  /** For redeem and refund the order number; for convert the amount credited (major units). */
  ref: z.string(),
  createdAt: z.string(),
});
export type Posting = z.infer<typeof posting>;

export const redemption = z.object({
  orderNo: z.string(),
  rewardId: z.string(),
  rewardName: z.string(),
  kind: z.enum(REWARD_KINDS),
  image: z.string(),
  points,
  status: z.enum(REDEMPTION_STATUSES),
  receiver: z.string(),
  address: z.string(),
  mobile: z.string(),
  voucherAmount: z.string().nullable(),
  remark: z.string(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type Redemption = z.infer<typeof redemption>;

const page = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), page: z.number().int(), pageSize: z.number().int(), total: z.number().int(), totalPages: z.number().int() });
const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
const idParam = z.string().trim().regex(/^\d{1,18}$/);

export const getSummary = endpoint({
  method: 'GET', path: '/wps/relay/MCSFE_getPoints', module: MODULES.points, auth: 'member',
  summary: 'The member\'s points balance, what was earned, the carry towards the next point and the brand\'s ratios.',
  response: summary,
});

export const listRewards = endpoint({
  method: 'GET', path: '/wps/relay/MCSFE_getPointRewards', module: MODULES.points, auth: 'optional',
  summary: 'The brand\'s rewards in the asked language (visitors too); with a session, how many of each the member redeemed.',
  response: z.object({ list: z.array(reward) }),
});

export const listPostings = endpoint({
  method: 'GET', path: '/wps/relay/MCSFE_getPointDetails', module: MODULES.points, auth: 'member',
  summary: 'Points details: the member\'s point postings, newest first, 10 a page.',
  query: pageQuery,
  response: page(posting),
});

export const listRedemptions = endpoint({
  method: 'GET', path: '/wps/relay/MCSFE_getRedeemHistory', module: MODULES.points, auth: 'member',
  summary: 'Redeem history: the member\'s redemptions, newest first, 10 a page.',
  query: pageQuery.extend({ status: z.enum(REDEMPTION_STATUSES).optional() }),
  response: page(redemption),
});

export const redeem = endpoint({
  method: 'POST', path: '/wps/relay/MCSFE_redeemPointReward', module: MODULES.points, auth: 'member', encrypted: true,
  summary: 'Redeem a reward: points are taken at once and the redemption waits for review (in process). Same requestId = same redemption.',
  body: z.object({
    rewardId: idParam,
    paymentPassword: z.string().max(64),
    receiver: z.string().trim().max(RECEIVER_MAX).optional(),
    address: z.string().trim().max(ADDRESS_MAX).optional(),
    mobile: z.string().trim().max(24).optional(),
    requestId,
  }),
  response: redemption,
});

export const convert = endpoint({
  method: 'POST', path: '/wps/relay/MCSFE_convertPoints', module: MODULES.points, auth: 'member', encrypted: true,
  summary: 'Convert points to main balance at the brand\'s rate. Same requestId = same conversion.',
  body: z.object({ points: amountIn, paymentPassword: z.string().max(64), requestId }),
  response: z.object({ points, amount: z.string(), balance: points }),
});

// ---- Operator API --------------------------------------------------------------------------

export const operatorRedemption = redemption.extend({ username: z.string() });

export const operatorListRedemptions = endpoint({
  method: 'GET', path: '/wps/operator/points/redemptions', module: MODULES.common, auth: 'none',
  summary: 'Operator: redemptions of the brand, newest first, 10 a page (default: in process).',
  query: pageQuery.extend({ status: z.enum(REDEMPTION_STATUSES).default('process') }),
  response: page(operatorRedemption),
});

export const operatorReview = endpoint({
  method: 'POST', path: '/wps/operator/points/review', module: MODULES.common, auth: 'none',
  summary: 'Operator: approve (a voucher credits its amount) or reject (the points come back once) a redemption in process.',
  body: z.object({ orderNo: z.string().trim().min(1).max(40), decision: z.enum(['approve', 'reject']), remark: z.string().trim().max(200).optional() }),
  response: operatorRedemption,
});

const texts = z.object({ ES: z.string().trim().min(1).max(80), EN: z.string().trim().min(1).max(80) });
export const operatorSaveReward = endpoint({
  method: 'POST', path: '/wps/operator/points/rewards', module: MODULES.common, auth: 'none',
  summary: 'Operator: add a reward (no id) or change one (id); stock is the count left to redeem.',
  body: z.object({
    id: idParam.optional(),
    kind: z.enum(REWARD_KINDS),
    name: texts,
    description: z.object({ ES: z.string().max(400), EN: z.string().max(400) }).optional(),
    image: z.string().max(300).optional(),
    cost: z.number().int().min(1).max(1_000_000_000),
    stock: z.number().int().min(0).max(1_000_000),
    perMemberLimit: z.number().int().min(1).max(1000).nullable().optional(),
    voucherAmount: amountIn.optional(),
    enabled: z.boolean().optional(),
    sort: z.number().int().min(0).max(10_000).optional(),
  }).refine((b) => (b.kind === 'voucher') === (b.voucherAmount !== undefined), { message: 'voucherAmount only and always for a voucher', path: ['voucherAmount'] }),
  response: z.object({ id: z.string() }),
});
