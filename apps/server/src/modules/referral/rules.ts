/** Referral income arithmetic (pure): what an invitee's deposits earn its referrer under a rule. */
import { referral, type ReferralRule } from '@lobby/contract';

export interface Reward { rule: referral.RuleName; basis: bigint; amount: bigint }

export const ruleOf = (config: { referral?: ReferralRule }): ReferralRule => config.referral ?? referral.DEFAULT_RULE;

/**
 * The rewards due for one invitee: `first_deposit` = bps of the first confirmed deposit (rounded
 * down, capped at firstDepositMax); `threshold` = thresholdReward once the confirmed total
 * reaches thresholdAmount. A part whose amount is zero earns nothing.
 */
export function rewardsDue(rule: ReferralRule, first: bigint | null, total: bigint): Reward[] {
  const out: Reward[] = [];
  if (first !== null && first > 0n && rule.firstDepositBps > 0) {
    let amount = (first * BigInt(rule.firstDepositBps)) / 10_000n;
    if (rule.firstDepositMax > 0 && amount > BigInt(rule.firstDepositMax)) amount = BigInt(rule.firstDepositMax);
    if (amount > 0n) out.push({ rule: 'first_deposit', basis: first, amount });
  }
  if (rule.thresholdReward > 0 && total > 0n && total >= BigInt(rule.thresholdAmount)) {
    out.push({ rule: 'threshold', basis: total, amount: BigInt(rule.thresholdReward) });
  }
  return out;
}
