import { z } from 'zod';
import { MODULES } from './brand.ts';
import { endpoint } from './endpoint.ts';
import { MISSION_KINDS, MISSION_PERIODS } from './missions.ts';
import { REDEMPTION_STATUSES, REWARD_KINDS, operatorRedemption } from './points.ts';

/**
 * Operator console, rewards (issue 9 item 3; permission `content.manage`): missions, the points
 * mall's rewards and its redemption review, VIP levels. Every change is audited with before and
 * after and is seen by members at once (VIP levels are forgotten by every instance's cache).
 * Money is entered in major units ("12.50") and stored in minor units.
 *
 * Failures: request_param_err, operator.forbidden, operator.not.session, wallet.amount.invalid
 * (a money field that is not a positive amount), `operator.rewards.mission.claimed` (kind or
 * period of a mission that has claims), `operator.rewards.mission.target` (a count target that is
 * not a whole number ≥ 1), `operator.rewards.vip.order` (thresholds not increasing with the level),
 * `operator.rewards.vip.gap` (a new level that is not the next one), mission.not.found,
 * points.reward.not.found, points.redemption.not.found, points.redemption.reviewed.
 */

const id = z.string().regex(/^[1-9]\d{0,17}$/);
/** Money in major units, or a count for count kinds: "12.50", 12.5, "3". */
const amountIn = z.union([z.string().trim().max(24), z.number()]);
const texts = (max: number) => z.object({ ES: z.string().trim().min(1).max(max), EN: z.string().trim().min(1).max(max) });
export type Texts = { ES: string; EN: string };

// ---- missions ---------------------------------------------------------------------------------

export const missionRow = z.object({
  id: z.string(),
  kind: z.enum(MISSION_KINDS),
  period: z.enum(MISSION_PERIODS),
  title: z.object({ ES: z.string(), EN: z.string() }),
  /** Money kinds: major units ("100.00"); count kinds: an integer ("3"). */
  target: z.string(),
  reward: z.string(),
  enabled: z.boolean(),
  sort: z.number().int(),
  /** Claims paid so far (all periods); kind and period are fixed once there is one. */
  claims: z.number().int(),
});
export type MissionRow = z.infer<typeof missionRow>;

export const listMissions = endpoint({
  method: 'GET', path: '/wps/ops/rewards/missions', module: MODULES.common, auth: 'none',
  summary: 'Every mission of the brand, enabled or not, in the members\' order (content.manage).',
  response: z.array(missionRow),
});

export const saveMission = endpoint({
  method: 'POST', path: '/wps/ops/rewards/missions', module: MODULES.common, auth: 'none',
  summary: 'Adds a mission (no id) or changes one. Claims already paid keep their reward; kind and period cannot change after the first claim.',
  body: z.object({
    id: id.optional(),
    kind: z.enum(MISSION_KINDS),
    period: z.enum(MISSION_PERIODS),
    title: texts(120),
    target: amountIn,
    reward: amountIn,
    enabled: z.boolean().default(true),
    sort: z.number().int().min(0).max(10_000).default(0),
  }),
  response: missionRow,
});

export const setMissionEnabled = endpoint({
  method: 'POST', path: '/wps/ops/rewards/missions/enabled', module: MODULES.common, auth: 'none',
  summary: 'Shows (enabled) or hides a mission from members at once.',
  body: z.object({ id, enabled: z.boolean() }),
  response: missionRow,
});

// ---- points mall ------------------------------------------------------------------------------

export const pointRewardRow = z.object({
  id: z.string(),
  kind: z.enum(REWARD_KINDS),
  name: z.object({ ES: z.string(), EN: z.string() }),
  description: z.object({ ES: z.string(), EN: z.string() }),
  image: z.string(),
  cost: z.number().int(),
  stock: z.number().int(),
  perMemberLimit: z.number().int().nullable(),
  /** A voucher's amount (major units); null for items. */
  voucherAmount: z.string().nullable(),
  enabled: z.boolean(),
  sort: z.number().int(),
  /** Redemptions not rejected. */
  redeemed: z.number().int(),
});
export type PointRewardRow = z.infer<typeof pointRewardRow>;

export const listPointRewards = endpoint({
  method: 'GET', path: '/wps/ops/rewards/points', module: MODULES.common, auth: 'none',
  summary: 'Every points-mall reward of the brand, enabled or not (content.manage).',
  response: z.array(pointRewardRow),
});

export const savePointReward = endpoint({
  method: 'POST', path: '/wps/ops/rewards/points', module: MODULES.common, auth: 'none',
  summary: 'Adds a reward (no id) or changes one; stock is the count left to redeem.',
  body: z.object({
    id: id.optional(),
    kind: z.enum(REWARD_KINDS),
    name: texts(80),
    description: z.object({ ES: z.string().trim().max(400), EN: z.string().trim().max(400) }).default({ ES: '', EN: '' }),
    image: z.string().trim().max(300).default(''),
    cost: z.number().int().min(1).max(1_000_000_000),
    stock: z.number().int().min(0).max(1_000_000),
    perMemberLimit: z.number().int().min(1).max(1000).nullable().default(null),
    /** Only and always for a voucher. */
    voucherAmount: amountIn.nullable().default(null),
    enabled: z.boolean().default(true),
    sort: z.number().int().min(0).max(10_000).default(0),
  }),
  response: pointRewardRow,
});

export const setPointRewardEnabled = endpoint({
  method: 'POST', path: '/wps/ops/rewards/points/enabled', module: MODULES.common, auth: 'none',
  summary: 'Shows (enabled) or hides a reward in the points mall at once.',
  body: z.object({ id, enabled: z.boolean() }),
  response: pointRewardRow,
});

export const listRedemptions = endpoint({
  method: 'GET', path: '/wps/ops/rewards/redemptions', module: MODULES.common, auth: 'none',
  summary: 'The redemption review queue: redemptions by status, newest first, 10 a page (default: in process).',
  query: z.object({ status: z.enum(REDEMPTION_STATUSES).default('process'), page: z.coerce.number().int().min(1).max(10_000).default(1) }),
  response: z.object({ list: z.array(operatorRedemption), page: z.number().int(), pageSize: z.number().int(), total: z.number().int(), totalPages: z.number().int() }),
});

export const reviewRedemption = endpoint({
  method: 'POST', path: '/wps/ops/rewards/redemptions/review', module: MODULES.common, auth: 'none',
  summary: 'Approves (a voucher credits its amount through the ledger) or rejects (points and stock come back once) a redemption in process.',
  body: z.object({ orderNo: z.string().trim().min(1).max(40), decision: z.enum(['approve', 'reject']), remark: z.string().trim().max(200).optional() }),
  response: operatorRedemption,
});

// ---- VIP levels -------------------------------------------------------------------------------

export const vipLevelRow = z.object({
  level: z.number().int(),
  labels: z.object({ ES: z.string(), EN: z.string() }),
  /** Thresholds (cumulative confirmed deposits, cumulative valid bet) and the one-time reward, major units. */
  minDeposit: z.string(),
  minValidBet: z.string(),
  reward: z.string(),
  /** Rewards of this level already paid (they keep the amount they were paid). */
  paid: z.number().int(),
});
export type VipLevelRow = z.infer<typeof vipLevelRow>;

export const listVipLevels = endpoint({
  method: 'GET', path: '/wps/ops/rewards/vip', module: MODULES.common, auth: 'none',
  summary: 'The brand\'s VIP levels, lowest first (content.manage).',
  response: z.array(vipLevelRow),
});

export const saveVipLevel = endpoint({
  method: 'POST', path: '/wps/ops/rewards/vip', module: MODULES.common, auth: 'none',
  summary: 'Changes a level, or adds the next one: both thresholds must be above the level below and under the level above.',
  body: z.object({
    level: z.number().int().min(0).max(100),
    labels: texts(40),
    minDeposit: amountIn,
    minValidBet: amountIn,
    reward: amountIn,
  }),
  response: vipLevelRow,
});
