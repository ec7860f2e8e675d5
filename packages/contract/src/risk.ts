import { z } from 'zod';
import { MODULES } from './brand.ts';
import { endpoint } from './endpoint.ts';

/**
 * Risk signals (issue 26 item 3), computed from what the product records, each with its
 * evidence (the other accounts, the transactions):
 * - `device`: another account of the brand used the same device (the fingerprint the web app sends);
 * - `ip`: another account logged in from the same address or the same IPv4 /24 range;
 * - `payee`: another account bound the same bank account number or the same payee name;
 * - `rapid`: a withdrawal soon after a deposit with little play between them (valid bet under
 *   {@link RAPID_PLAY_RATIO} of the deposit within {@link RAPID_HOURS} hours);
 * - `bonus`: a bonus claimed and then a withdrawal, the turnover met with bets that were each small
 *   against the bonus or in low-risk games (the share of valid bet on `LOW_RISK_TYPES`);
 * - `agentBurst`: {@link AGENT_BURST_COUNT}+ accounts registered under the same agent within {@link AGENT_BURST_HOURS} hours.
 * The member's score is the sum of the brand's weights of the signals present (kyc settings);
 * a withdrawal of a member at or above the brand's review score must be cleared in the risk
 * review before it can be paid (`risk.review.required`).
 */

export const SIGNALS = ['device', 'ip', 'payee', 'rapid', 'bonus', 'agentBurst'] as const;
export type Signal = (typeof SIGNALS)[number];
export const RAPID_HOURS = 24;
export const RAPID_PLAY_RATIO = 0.3;
export const AGENT_BURST_HOURS = 24;
export const AGENT_BURST_COUNT = 3;
/** Game types counted as low-risk (their outcomes barely move the balance): live tables and lottery. */
export const LOW_RISK_TYPES = ['LIVE', 'LOTT'] as const;
export const LOW_RISK_SHARE = 0.8;
export const FINGERPRINT_HEADER = 'x-device-fingerprint';

export const evidence = z.object({
  /** Other accounts involved (username). */
  accounts: z.array(z.string()),
  /** References: withdrawal, deposit or claim numbers, the shared value (masked when personal). */
  refs: z.array(z.string()),
  detail: z.string(),
});

export const signalView = z.object({ signal: z.enum(SIGNALS), weight: z.number().int(), evidence });
export type SignalView = z.infer<typeof signalView>;

export const memberRisk = z.object({
  memberId: z.string(), username: z.string(), score: z.number().int(), reviewScore: z.number().int(), signals: z.array(signalView),
});
export type MemberRisk = z.infer<typeof memberRisk>;

export const device = endpoint({
  method: 'POST', path: '/wps/kyc/device', module: MODULES.member, auth: 'member',
  summary: 'The web app\'s device fingerprint for this session (a hash; kept hashed again with the address range).',
  body: z.object({ fingerprint: z.string().regex(/^[0-9a-f]{32,128}$/) }),
  response: z.null(),
});

const id = z.string().regex(/^\d{1,18}$/);

export const member = endpoint({
  method: 'GET', path: '/wps/ops/risk/member', module: MODULES.common, auth: 'none',
  summary: 'A member\'s risk score and signals with their evidence.',
  query: z.object({ memberId: id }), response: memberRisk,
});

export const reviewItem = z.object({
  withdrawNo: z.string(), memberId: z.string(), username: z.string(), amount: z.string(), createdAt: z.string(),
  withdrawalStatus: z.string(),
  review: z.enum(['none', 'pending', 'cleared', 'held']),
  kyc: z.object({ identity: z.string(), address: z.string() }),
  risk: memberRisk,
});
export type ReviewItem = z.infer<typeof reviewItem>;

export const withdrawals = endpoint({
  method: 'GET', path: '/wps/ops/risk/withdrawals', module: MODULES.common, auth: 'none',
  summary: 'Pending withdrawals with the member\'s verification and risk (`review=pending`: those held for the risk review).',
  query: z.object({ review: z.enum(['all', 'pending']).default('all') }),
  response: z.object({ list: z.array(reviewItem) }),
});

export const review = endpoint({
  method: 'POST', path: '/wps/ops/risk/review', module: MODULES.common, auth: 'none',
  summary: 'Clear a withdrawal held for risk review (it can then be paid as usual) or keep holding it (audited with a note).',
  body: z.object({ withdrawNo: z.string().min(1).max(40), decision: z.enum(['clear', 'hold']), note: z.string().trim().min(1).max(300) }),
  response: reviewItem,
});
