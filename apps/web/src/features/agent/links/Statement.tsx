/** The revenue behind the dividend (issue 25): GGR per product, fees, NGR, the tier reached, the plan with its carry-over and the CPA earned, with the definitions. */
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { affiliate } from '@lobby/contract';
import { Money, SkeletonRows } from '@/components/ui/kit';
import { call } from '@/lib/api';
import type { DayRange } from '@/lib/amounts';

export function Statement({ range, symbol }: { range: DayRange; symbol: string }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ['agent', 'statement', range],
    queryFn: ({ signal }) => call(affiliate.statement, { signal, query: range }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const v = q.data;
  if (!v) return <SkeletonRows rows={4} />;
  const s = (k: string) => t(`agent.links.st.${k}`);
  const line = (k: string, value: string, minus = false) => (
    <tr key={k} data-line={k}><th scope="row">{minus ? `− ${s(k)}` : s(k)}</th><td className="num-col"><Money value={value} symbol={symbol} /></td></tr>
  );
  return (
    <div className="al-st" data-testid="statement">
      <div className="w-table-wrap">
        <table className="w-table">
          <thead><tr><th>{s('product')}</th><th className="num-col">{s('validBet')}</th><th className="num-col">GGR</th><th className="num-col">{s('adminFee')}</th></tr></thead>
          <tbody>
            {v.products.length === 0 && <tr><td colSpan={4} className="muted">{s('noBets')}</td></tr>}
            {v.products.map((p) => (
              <tr key={p.product} data-product={p.product}>
                <td data-label={s('product')}>{t(`categories.${p.product}`, { defaultValue: p.product })}</td>
                <td data-label={s('validBet')} className="num-col"><Money value={p.validBet} symbol={symbol} /></td>
                <td data-label="GGR" className="num-col"><Money value={p.ggr} symbol={symbol} signed /></td>
                <td data-label={s('adminFee')} className="num-col"><Money value={p.adminFee} symbol={symbol} /> <span className="muted w-small">({(p.adminFeeBps / 100).toFixed(2)}%)</span></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <table className="w-table al-st__sum">
        <tbody>
          {line('ggr', v.ggr)}
          {line('bonus', v.bonus, true)}
          {line('paymentFees', v.paymentFees, true)}
          {line('adminFees', v.adminFees, true)}
          <tr data-line="ngr" className="al-st__net"><th scope="row">NGR</th><td className="num-col"><Money value={v.ngr} symbol={symbol} signed /></td></tr>
        </tbody>
      </table>
      {v.contract ? (
        <div className="al-st__tiers">
          <p className="w-small">{t('agent.links.st.tier', { tier: v.contract.reachedIdx === null ? '—' : v.contract.reachedIdx + 1 })} · {s('estimate')} <Money value={v.contract.estimate} symbol={symbol} /></p>
          <ul className="al-st__why">
            {v.contract.tiers.map((tier) => (
              <li key={tier.idx} className={tier.reached ? 'is-met' : ''}>
                <strong>{t('agent.links.st.tierN', { n: tier.idx + 1 })} · {tier.rate}</strong>{' '}
                {tier.why.map((w) => <span key={w.rule} className={`chip ${w.met ? 'chip--ok' : 'chip--bad'}`}>{s(`rule.${w.rule}`)}: {w.have} / {w.need}</span>)}
              </li>
            ))}
          </ul>
        </div>
      ) : <p className="muted w-small">{s('noContract')}</p>}
      {v.contract?.plan && (
        <table className="w-table al-st__sum" data-testid="statement-plan">
          <tbody>
            <tr data-line="plan"><th scope="row">{s('plan')}</th><td>{s(`planName.${v.contract.plan}`)} · {s(`carry.${v.contract.negativeCarry ?? 'off'}`)}</td></tr>
            {line('carryIn', v.contract.carryIn ?? '0.00')}
            {line('carryOut', v.contract.carryOut ?? '0.00')}
          </tbody>
        </table>
      )}
      {v.cpa && (v.cpa.qualified > 0 || v.contract?.plan === 'cpa' || v.contract?.plan === 'hybrid') && (
        <div className="al-st__cpa" data-testid="statement-cpa">
          <p className="w-small"><strong>{t('agent.links.st.cpaLine', { n: v.cpa.qualified })}</strong> · <Money value={v.cpa.amount} symbol={symbol} /></p>
          {v.cpa.lines.length > 0 && (
            <div className="w-table-wrap">
              <table className="w-table">
                <thead><tr><th>{s('cpaPlayer')}</th><th>{s('cpaFtd')}</th><th className="num-col">{s('cpaDeposit')}</th><th className="num-col">{s('validBet')}</th><th className="num-col">CPA</th></tr></thead>
                <tbody>
                  {v.cpa.lines.map((l) => (
                    <tr key={`${l.account}:${l.at}`} data-status={l.status}>
                      <td data-label={s('cpaPlayer')}>{l.account}</td>
                      <td data-label={s('cpaFtd')} dir="ltr">{l.ftdDay}</td>
                      <td data-label={s('cpaDeposit')} className="num-col"><Money value={l.firstDeposit} symbol={symbol} /></td>
                      <td data-label={s('validBet')} className="num-col"><Money value={l.validBet} symbol={symbol} /></td>
                      <td data-label="CPA" className="num-col"><Money value={l.amount} symbol={symbol} /></td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
      <p className="muted w-small">{s('definitions')}</p>
    </div>
  );
}
