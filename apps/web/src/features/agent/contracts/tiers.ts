/**
 * The tiers of a contract offer as typed in the form, checked like the server checks them
 * (contract.tiers.invalid): amounts with at most 2 decimals, whole active members, a rate above
 * zero (a percent at most 100; dividends and real-time salary are percent only), and each tier
 * at or above the previous one on every threshold without repeating it.
 */
import { contracts } from '@lobby/contract';

type Kind = contracts.ContractKind;

export interface TierDraft {
  minimumBet: string;
  netLoss: string;
  activeMember: string;
  rateType: 'P' | 'F';
  rate: string;
}

export type TierField = 'minimumBet' | 'netLoss' | 'activeMember' | 'rate';
export type TierErrorKey = 'amount' | 'members' | 'rate' | 'percentMax' | 'order';
export interface TierError { index: number; field: TierField; key: TierErrorKey }

const DECIMAL = /^(0|[1-9]\d{0,12})(\.\d{1,2})?$/;
const hundredths = (s: string) => {
  const [i, f = ''] = s.trim().split('.');
  return BigInt(i) * 100n + BigInt(f.padEnd(2, '0'));
};

export const percentOnly = (kind: Kind) => kind === 'dividend' || kind === 'realtime';

export const emptyTier = (): TierDraft => ({ minimumBet: '', netLoss: '0', activeMember: '0', rateType: 'P', rate: '' });

/** The first problem of the tiers, or null. */
export function tiersError(kind: Kind, tiers: readonly TierDraft[]): TierError | null {
  const parsed: { bet: bigint; loss: bigint; active: number }[] = [];
  for (const [index, t] of tiers.entries()) {
    if (!DECIMAL.test(t.minimumBet.trim())) return { index, field: 'minimumBet', key: 'amount' };
    if (kind === 'dividend' && !DECIMAL.test(t.netLoss.trim())) return { index, field: 'netLoss', key: 'amount' };
    if (!/^\d{1,7}$/.test(t.activeMember.trim()) || Number(t.activeMember) > 1_000_000) return { index, field: 'activeMember', key: 'members' };
    if (!DECIMAL.test(t.rate.trim()) || hundredths(t.rate) <= 0n) return { index, field: 'rate', key: 'rate' };
    const type = percentOnly(kind) ? 'P' : t.rateType;
    if (type === 'P' && hundredths(t.rate) > 10_000n) return { index, field: 'rate', key: 'percentMax' };
    const cur = { bet: hundredths(t.minimumBet), loss: kind === 'dividend' ? hundredths(t.netLoss) : 0n, active: Number(t.activeMember) };
    const prev = parsed.at(-1);
    if (prev && (cur.bet < prev.bet || cur.loss < prev.loss || cur.active < prev.active || (cur.bet === prev.bet && cur.loss === prev.loss && cur.active === prev.active))) {
      return { index, field: 'minimumBet', key: 'order' };
    }
    parsed.push(cur);
  }
  return null;
}

/** The offer body's tiers (trimmed; net loss only for dividends; percent where only percent is allowed). */
export function toTierInputs(kind: Kind, tiers: readonly TierDraft[]): contracts.TierInput[] {
  return tiers.map((t) => ({
    minimumBet: t.minimumBet.trim(),
    ...(kind === 'dividend' ? { netLoss: t.netLoss.trim() } : {}),
    activeMember: Number(t.activeMember),
    rateType: percentOnly(kind) ? 'P' : t.rateType,
    rate: t.rate.trim(),
  }));
}

export const MAX_TIERS = contracts.MAX_TIERS;
