/** Contract terms without the database: amounts in hundredths, tiers, the wire view of a contract. */
import { contracts as C, type contracts } from '@lobby/contract';
import { formatAmount, parseAmount } from '../../kernel/ledger/index.ts';
import { pgError } from '../../lib/pg-error.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import type * as q from './queries.ts';

type Kind = contracts.ContractKind;
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** Hundredths (percent rates and money): "1.5" -> 150n; "0" -> 0n. */
export const hundredths = (s: string) => (/^0(\.0{1,2})?$/.test(s) ? 0n : parseAmount(s));

export function requireKind(brand: Brand, kind: Kind) {
  if (!brand.modules.has(C.CONTRACT_MODULE[kind])) throw new AppError('function.not.available');
}

/** Validated tiers in integer units; thresholds never go down, rates above 0, percent at most 100. */
export function parseTiers(kind: Kind, input: contracts.TierInput[]): q.NewTier[] {
  const tiers = input.map((t, i) => {
    const rateType = t.rateType ?? 'P';
    const out = { minBet: hundredths(t.minimumBet), netLoss: kind === 'dividend' ? hundredths(t.netLoss ?? '0') : 0n, active: t.activeMember, rateType, rate: hundredths(t.rate) };
    const bad = out.rate <= 0n || (rateType === 'P' && out.rate > 10_000n) || (rateType === 'F' && (kind === 'dividend' || kind === 'realtime'));
    if (bad) throw new AppError('contract.tiers.invalid', { tier: i + 1 });
    return out;
  });
  tiers.forEach((t, i) => {
    const p = tiers[i - 1];
    if (p && (t.minBet < p.minBet || t.netLoss < p.netLoss || t.active < p.active || (t.minBet === p.minBet && t.netLoss === p.netLoss && t.active === p.active))) {
      throw new AppError('contract.tiers.invalid', { tier: i + 1 });
    }
  });
  return tiers;
}

/** A contract's plan terms (dividend plans, issue 25): CPA amounts in minor units, null terms from the brand's rule. */
interface PlanTerms {
  plan: contracts.Plan; negativeCarry: contracts.NegativeCarry;
  cpa: { amount: bigint; minDeposit: bigint | null; minValidBet: bigint | null; days: number | null } | null;
}

/** Validates an offer's plan fields against its kind and tiers (contract.plan.invalid). */
export function parsePlan(kind: Kind, tiers: q.NewTier[], body: { plan?: contracts.Plan; negativeCarry?: contracts.NegativeCarry; cpa?: contracts.CpaInput }): PlanTerms {
  const plan = body.plan ?? 'revshare';
  const negativeCarry = body.negativeCarry ?? 'off';
  const bad = (kind !== 'dividend' && (plan !== 'revshare' || negativeCarry !== 'off'))
    || ((plan === 'revshare') !== (body.cpa === undefined))
    || ((plan === 'cpa') !== (tiers.length === 0));
  if (bad) throw new AppError('contract.plan.invalid');
  const c = body.cpa;
  const cpa = c ? {
    amount: hundredths(c.amount), minDeposit: c.minDeposit === undefined ? null : hundredths(c.minDeposit),
    minValidBet: c.minValidBet === undefined ? null : hundredths(c.minValidBet), days: c.days ?? null,
  } : null;
  if (cpa && cpa.amount <= 0n) throw new AppError('contract.plan.invalid');
  return { plan, negativeCarry, cpa };
}

/** The brand's CPA rule (affiliate settings) over the product default, in minor units. */
export function cpaRuleOf(rule: { minDeposit?: string; minValidBet?: string; days?: number } | undefined) {
  const d = C.CPA_DEFAULT_RULE;
  return { minDeposit: hundredths(rule?.minDeposit ?? d.minDeposit), minValidBet: hundredths(rule?.minValidBet ?? d.minValidBet), days: rule?.days ?? d.days };
}

export const maxOf = (tiers: q.NewTier[], type: 'P' | 'F') => tiers.filter((t) => t.rateType === type).reduce((m, t) => (t.rate > m ? t.rate : m), 0n);

type Rule = ReturnType<typeof cpaRuleOf>;

export function toContract(r: q.ContractRow, tiers: q.TierRow[], me: bigint | null, cpa?: q.CpaRow, rule?: Rule): contracts.Contract {
  const isDown = me !== null && BigInt(r.downline_id) === me;
  // the platform (operator) is the upline party of a contract without an upline member
  const isUp = r.upline_id === null ? me === null : me !== null && BigInt(r.upline_id) === me;
  return {
    contractId: r.id, kind: r.kind, status: r.status, endReason: r.end_reason as contracts.EndReason | null,
    period: r.period as contracts.DividendPeriod | null,
    uplineId: r.upline_id ?? '', uplineAccount: r.upline_account ?? '', fromPlatform: r.upline_id === null, downlineId: r.downline_id, downlineAccount: r.downline_account,
    tiers: tiers.map((t) => ({
      minimumBet: formatAmount(t.min_bet), netLoss: formatAmount(t.net_loss), activeMember: t.active_members, rateType: t.rate_type, rate: formatAmount(t.rate),
    })),
    plan: r.plan, negativeCarry: r.negative_carry,
    cpa: cpa ? {
      amount: formatAmount(cpa.amount), minDeposit: formatAmount(cpa.min_deposit ?? rule?.minDeposit ?? 0n),
      minValidBet: formatAmount(cpa.min_valid_bet ?? rule?.minValidBet ?? 0n), days: cpa.days ?? rule?.days ?? C.CPA_DEFAULT_RULE.days,
    } : null,
    createdAt: iso(r.created_at)!, acceptedAt: iso(r.accepted_at), endedAt: iso(r.ended_at),
    canAccept: isDown && r.status === 'new',
    canReject: isDown && r.status === 'new',
    canTerminate: r.status === 'success' ? isDown || isUp : isUp && r.status === 'new',
  };
}

const UNIQUE_VIOLATION = '23505';
export const isUnique = (err: unknown) => pgError(err).code === UNIQUE_VIOLATION;

/** Posting kinds (kernel/ledger/kinds.ts maps them to the history's code types). */
export const POSTING_KIND: Record<Kind, string> = { dividend: 'dividend', daily: 'daily_wage', hourly: 'hour_wage', realtime: 'realtime_wage' };
