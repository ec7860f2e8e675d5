/**
 * The arithmetic of promotions, without the database: periods cut at the brand's midnight (GMT
 * offset), reward amounts and turnover requirements. Amounts in minor units.
 */
import type { RuleRow } from '../../db/promotions-schema.ts';

const DAY = 86_400_000;

export interface Period {
  key: string;
  start: Date;
  end: Date;
}

const dateKey = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The period containing `at` (daily: the brand day; weekly: Monday to Monday; once: forever). */
export function periodAt(period: RuleRow['period'], at: Date, gmtOffsetMinutes: number): Period {
  if (period === 'once') return { key: 'once', start: new Date(0), end: new Date(8.64e15) };
  const off = gmtOffsetMinutes * 60_000;
  const local = at.getTime() + off;
  let dayStart = Math.floor(local / DAY) * DAY;
  let len = DAY;
  if (period === 'weekly') {
    const weekday = (new Date(dayStart).getUTCDay() + 6) % 7; // Monday 0
    dayStart -= weekday * DAY;
    len = 7 * DAY;
  }
  return { key: `${period === 'weekly' ? 'W' : 'D'}${dateKey(dayStart)}`, start: new Date(dayStart - off), end: new Date(dayStart - off + len) };
}

/** The period before the one containing `at` (a rebate pays the previous day's valid bet). */
export function previousPeriod(period: RuleRow['period'], at: Date, gmtOffsetMinutes: number): Period {
  const cur = periodAt(period, at, gmtOffsetMinutes);
  return period === 'once' ? cur : periodAt(period, new Date(cur.start.getTime() - 1), gmtOffsetMinutes);
}

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
