import { z } from 'zod';
import { MODULES } from './brand.ts';
import { endpoint } from './endpoint.ts';

/**
 * VIP (§3 VIP level, member info VIP flag, label and rank level; issue 7 item 7).
 *
 * A brand has levels VIP0..VIPn; a member is at the highest level whose thresholds on both
 * cumulative confirmed deposits and cumulative valid bet they meet. Each level above 0 has a
 * one-time reward the member claims into the main wallet (ledger posting kind `bonus`, key
 * `vip:<member>:<level>`): a retry or a concurrent claim pays once.
 * Failures: `vip.level.not.found` (404), `vip.level.not.reached` (409), request_param_err.
 */

export const vipLevel = z.object({
  level: z.number().int(),
  label: z.string(),
  /** Thresholds and reward in major units. */
  minDeposit: z.string(),
  minValidBet: z.string(),
  reward: z.string(),
  rewardStatus: z.enum(['none', 'locked', 'claimable', 'claimed']),
});
export type VipLevel = z.infer<typeof vipLevel>;

export const vipStatus = z.object({
  level: z.number().int(),
  label: z.string(),
  totals: z.object({ deposit: z.string(), validBet: z.string() }),
  /** The next level and how far the member is (0–100 per threshold); null at the top. */
  next: z.object({
    level: z.number().int(),
    label: z.string(),
    depositPercent: z.number().int().min(0).max(100),
    validBetPercent: z.number().int().min(0).max(100),
    depositNeeded: z.string(),
    validBetNeeded: z.string(),
  }).nullable(),
  levels: z.array(vipLevel),
  claimableCount: z.number().int(),
});
export type VipStatus = z.infer<typeof vipStatus>;

export const getVip = endpoint({
  method: 'GET', path: '/wps/relay/VIPFE_getVip', module: MODULES.vip, auth: 'member',
  summary: 'The member VIP level, totals, progress to the next level and the level rewards.',
  query: z.object({}),
  response: vipStatus,
});

export const claimVipReward = endpoint({
  method: 'POST', path: '/wps/relay/VIPFE_claimReward', module: MODULES.vip, auth: 'member',
  summary: 'Claim the one-time reward of a reached level. A retry answers the same state.',
  body: z.object({ level: z.number().int().min(1).max(100) }),
  response: vipStatus,
});
