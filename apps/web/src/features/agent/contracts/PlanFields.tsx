/**
 * The plan of a dividend offer (issue 25): revenue share (the tiers), CPA (a fixed amount per
 * qualified player, no tiers) or hybrid (both), the negative carry-over, and the CPA terms (unset
 * ones follow the brand's rule).
 */
import { useTranslation } from 'react-i18next';
import { contracts } from '@lobby/contract';

export interface PlanDraft { plan: contracts.Plan; negativeCarry: contracts.NegativeCarry; amount: string; minDeposit: string; minValidBet: string; days: string }
export const emptyPlan = (): PlanDraft => ({ plan: 'revshare', negativeCarry: 'off', amount: '', minDeposit: '', minValidBet: '', days: '' });

const DECIMAL = /^(0|[1-9][0-9]{0,12})(\.[0-9]{1,2})?$/;

/** The first field in error (CPA terms), or null. */
export function planError(p: PlanDraft): 'amount' | 'minDeposit' | 'minValidBet' | 'days' | null {
  if (p.plan === 'revshare') return null;
  if (!DECIMAL.test(p.amount.trim()) || Number(p.amount) <= 0) return 'amount';
  if (p.minDeposit.trim() && !DECIMAL.test(p.minDeposit.trim())) return 'minDeposit';
  if (p.minValidBet.trim() && !DECIMAL.test(p.minValidBet.trim())) return 'minValidBet';
  if (p.days.trim() && !(/^\d{1,2}$/.test(p.days.trim()) && Number(p.days) >= 1 && Number(p.days) <= 90)) return 'days';
  return null;
}

/** The offer's plan fields (dividends only). */
export function toPlanInput(p: PlanDraft) {
  const cpa = p.plan === 'revshare' ? undefined : {
    amount: p.amount.trim(),
    ...(p.minDeposit.trim() ? { minDeposit: p.minDeposit.trim() } : {}),
    ...(p.minValidBet.trim() ? { minValidBet: p.minValidBet.trim() } : {}),
    ...(p.days.trim() ? { days: Number(p.days) } : {}),
  };
  return { plan: p.plan, negativeCarry: p.negativeCarry, ...(cpa ? { cpa } : {}) };
}

export function PlanFields({ value, onChange, error }: { value: PlanDraft; onChange: (p: PlanDraft) => void; error: ReturnType<typeof planError> }) {
  const { t } = useTranslation();
  const set = (patch: Partial<PlanDraft>) => onChange({ ...value, ...patch });
  const cpaField = (field: 'amount' | 'minDeposit' | 'minValidBet' | 'days') => (
    <label className={`field ${error === field ? 'field--error' : ''}`}>
      <span className="field__label">{t(`agent.contracts.plan.${field}`)}</span>
      <input className="input" name={`cpa.${field}`} dir="ltr" inputMode={field === 'days' ? 'numeric' : 'decimal'} autoComplete="off"
        aria-invalid={error === field || undefined} value={value[field]} onChange={(e) => set({ [field]: e.target.value })} />
    </label>
  );
  return (
    <div className="ac-plan" data-testid="offer-plan">
      <div className="ac-plan__grid">
        <label className="field">
          <span className="field__label">{t('agent.contracts.plan.label')}</span>
          <select className="input select" name="plan" value={value.plan} onChange={(e) => set({ plan: e.target.value as contracts.Plan })}>
            {contracts.PLANS.map((p) => <option key={p} value={p}>{t(`agent.contracts.plan.${p}`)}</option>)}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t('agent.contracts.plan.carry')}</span>
          <select className="input select" name="negativeCarry" value={value.negativeCarry} onChange={(e) => set({ negativeCarry: e.target.value as contracts.NegativeCarry })}>
            {contracts.NEGATIVE_CARRY.map((c) => <option key={c} value={c}>{t(`agent.contracts.plan.carry_${c}`)}</option>)}
          </select>
        </label>
      </div>
      {value.plan !== 'revshare' && (
        <>
          <div className="ac-plan__grid">{cpaField('amount')}{cpaField('minDeposit')}{cpaField('minValidBet')}{cpaField('days')}</div>
          <p className="muted w-small">{t('agent.contracts.plan.hint')}</p>
        </>
      )}
    </div>
  );
}
