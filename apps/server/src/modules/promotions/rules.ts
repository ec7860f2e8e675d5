/**
 * The arithmetic of promotions, without the database: reward amounts and turnover requirements
 * (periods are brand time: kernel/brand-time). Amounts in minor units.
 */
import type { RuleRow } from '../../db/promotions-schema.ts';

const minor = (s: string | undefined) => (s ? BigInt(s) : 0n);

/** basis × bps, capped by maxBonus when it is set (0 = no cap). */
export function percentReward(rule: RuleRow, basis: bigint): bigint {
  const raw = (basis * BigInt(rule.bps ?? 0)) / 10_000n;
  const cap = minor(rule.maxBonus);
  return cap > 0n && raw > cap ? cap : raw;
}

/** The valid bet required before withdrawing: deposit promotions count the deposit too, like the cashier's bonuses. */
export function turnoverFor(rule: RuleRow, basis: bigint, reward: bigint): bigint {
  const multiple = BigInt(rule.turnoverMultiple ?? 0);
  return (rule.kind === 'deposit' || rule.kind === 'newbie' ? basis + reward : reward) * multiple;
}

export const minDeposit = (rule: RuleRow) => minor(rule.minDeposit);
export const minValidBet = (rule: RuleRow) => minor(rule.minValidBet);
export const fixedAmount = (rule: RuleRow) => minor(rule.fixedAmount);
export const needsJoin = (rule: RuleRow) => rule.kind === 'deposit' || rule.kind === 'appDownload';
