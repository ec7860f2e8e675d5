/**
 * Offer a direct downline agent a contract (state new; the downline accepts or rejects it on its
 * contract page): the kind (those switched on for the brand), the period of a dividend, and up to
 * 10 ascending tiers. The tiers are checked like the server checks them before the call; the
 * server's refusals (above the caller's own rate, an offer already waiting) show in the form.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { contracts, type agent } from '@lobby/contract';
import { Modal } from '@/components/Modal';
import { Icon } from '@/components/icons';
import { showToast } from '@/lib/toast';
import { FormNote, apiErrorText } from '@/components/ui/kit';
import { useOfferContract } from './api';
import { PlanFields, emptyPlan, planError, toPlanInput, type PlanDraft } from './PlanFields';
import { MAX_TIERS, emptyTier, percentOnly, tiersError, toTierInputs, type TierDraft } from './tiers';

type Kind = contracts.ContractKind;
type Period = contracts.DividendPeriod;

const BET_LABEL: Record<Kind, string> = { dividend: 'minimumBet', daily: 'betVolume', hourly: 'hourBet', realtime: 'minimumBet' };

export function OfferDialog({ downline, kinds, onClose }: { downline: agent.Downline; kinds: readonly Kind[]; onClose: () => void }) {
  const { t } = useTranslation();
  const offer = useOfferContract();
  const [kind, setKind] = useState<Kind>(kinds[0] ?? 'daily');
  const [period, setPeriod] = useState<Period>('weekly');
  const [tiers, setTiers] = useState<TierDraft[]>([emptyTier()]);
  const [plan, setPlan] = useState<PlanDraft>(emptyPlan());
  const [touched, setTouched] = useState(false);
  const dividend = kind === 'dividend';
  const noTiers = dividend && plan.plan === 'cpa';
  const error = noTiers ? null : tiersError(kind, tiers);
  const pError = dividend ? planError(plan) : null;
  const set = (i: number, patch: Partial<TierDraft>) => setTiers((ts) => ts.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  const col = (k: string) => t(`agent.contracts.tier.${k}`);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (error || pError || offer.isPending) return;
    offer.mutate(
      { downlineId: downline.memberId, kind, ...(dividend ? { period, ...toPlanInput(plan) } : {}), tiers: noTiers ? [] : toTierInputs(kind, tiers) },
      { onSuccess: () => { showToast(t('agent.contracts.offer.done', { account: downline.account })); onClose(); } },
    );
  };
  const cell = (i: number, field: 'minimumBet' | 'netLoss' | 'activeMember' | 'rate', label: string) => {
    const bad = touched && error?.index === i && error.field === field;
    return (
      <label className={`ac-tier__cell ${bad ? 'field--error' : ''}`}>
        <span className="ac-date__label">{label}</span>
        <input
          className="input input--sm"
          name={`tiers.${i}.${field}`}
          inputMode={field === 'activeMember' ? 'numeric' : 'decimal'}
          dir="ltr"
          autoComplete="off"
          aria-invalid={bad || undefined}
          value={tiers[i][field]}
          onChange={(e) => set(i, { [field]: e.target.value })}
        />
      </label>
    );
  };

  return (
    <Modal title={t('agent.contracts.offer.title', { account: downline.account })} onClose={onClose} size="lg">
      <form className="w-form" onSubmit={submit} noValidate data-testid="offer-form">
        <div className="w-seg ac-seg" role="group" aria-label={t('agent.contracts.offer.kind')}>
          {kinds.map((k) => (
            <button key={k} type="button" className={`w-seg__btn ${kind === k ? 'is-active' : ''}`} aria-pressed={kind === k} onClick={() => setKind(k)}>
              {t(`agent.contracts.kind.${k}`)}
            </button>
          ))}
        </div>
        {kind === 'dividend' && (
          <label className="field">
            <span className="field__label">{t('agent.contracts.periodLabel')}</span>
            <select className="input select" name="period" value={period} onChange={(e) => setPeriod(e.target.value as Period)}>
              {contracts.DIVIDEND_PERIODS.map((p) => <option key={p} value={p}>{t(`agent.contracts.period.${p}`)}</option>)}
            </select>
          </label>
        )}
        {dividend && <PlanFields value={plan} onChange={setPlan} error={touched ? pError : null} />}
        {touched && pError && <p className="field__error" role="alert">{t('agent.contracts.plan.error')}</p>}
        {!noTiers && <>
        <p className="w-subtitle">{t('agent.contracts.tiers')}</p>
        <p className="muted w-small">{t('agent.contracts.offer.lead')}</p>
        <ol className="ac-tierlist">
          {tiers.map((tr, i) => (
            <li key={i} className="ac-tier" data-testid="offer-tier">
              <span className="ac-tier__n num" aria-hidden="true">{i + 1}</span>
              {cell(i, 'minimumBet', col(BET_LABEL[kind]))}
              {kind === 'dividend' && cell(i, 'netLoss', col('netLoss'))}
              {cell(i, 'activeMember', col('activeMember'))}
              {cell(i, 'rate', `${col('rate')} ${percentOnly(kind) || tr.rateType === 'P' ? '(%)' : ''}`)}
              {!percentOnly(kind) && (
                <label className="ac-tier__cell">
                  <span className="ac-date__label">{t('agent.contracts.offer.rateType')}</span>
                  <select className="input input--sm" name={`tiers.${i}.rateType`} value={tr.rateType} onChange={(e) => set(i, { rateType: e.target.value as 'P' | 'F' })}>
                    <option value="P">{t('agent.contracts.offer.percent')}</option>
                    <option value="F">{t('agent.contracts.offer.fixedAmount')}</option>
                  </select>
                </label>
              )}
              {tiers.length > 1 && (
                <button type="button" className="icon-btn icon-btn--sm ac-tier__remove" aria-label={t('agent.contracts.offer.remove', { n: i + 1 })} onClick={() => setTiers((ts) => ts.filter((_, j) => j !== i))}>
                  <Icon name="close" size={16} />
                </button>
              )}
            </li>
          ))}
        </ol>
        {tiers.length < MAX_TIERS && (
          <button type="button" className="btn btn--ghost btn--sm ac-tier__add" onClick={() => setTiers((ts) => [...ts, { ...emptyTier(), rateType: ts.at(-1)?.rateType ?? 'P' }])}>
            + {t('agent.contracts.offer.add')}
          </button>
        )}
        </>}
        {touched && error && <p className="field__error" role="alert">{t(`agent.contracts.offer.error.${error.key}`, { n: error.index + 1 })}</p>}
        {offer.isError && <FormNote>{apiErrorText(offer.error)}</FormNote>}
        <button type="submit" className="btn btn--primary btn--lg" disabled={offer.isPending}>{offer.isPending ? t('common.loading') : t('agent.contracts.offer.submit')}</button>
      </form>
    </Modal>
  );
}
