/**
 * agentRevenueReport ("my income"): over a period (brand days, at most 30), the contract payouts
 * the agent received from its upline and paid to its downlines per kind (disbursed), the net,
 * what is calculated but not yet paid to it, and the team's valid bet and members' P&L.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contracts } from '@lobby/contract';
import { useSession } from '@/features/session';
import { DateRangeBar, ErrorState, Money, Panel, SkeletonRows, useOffset } from '@/components/ui/kit';
import { presetRange, type DayRange } from '@/lib/amounts';
import { useIncome } from '../contracts/api';

export default function RevenueReport() {
  const { t } = useTranslation();
  const offset = useOffset();
  const symbol = useSession().member?.currencySymbol ?? '';
  const initial = useMemo(() => presetRange('prev7', offset), [offset]);
  const [range, setRange] = useState<DayRange>(initial);
  const q = useIncome(range);
  const v = q.data;
  return (
    <div className="w-page" data-testid="page-agentRevenueReport">
      <Panel title={t('agent.overview.period')}>
        <DateRangeBar value={range} onChange={setRange} />
      </Panel>
      {q.isPending ? (
        <div className="w-panel"><SkeletonRows rows={3} cols={4} /></div>
      ) : q.isError || !v ? (
        <div className="w-panel"><ErrorState error={q.error} onRetry={() => q.refetch()} /></div>
      ) : (
        <div className={`ac-stack ${q.isPlaceholderData ? 'is-stale' : ''}`}>
          <div className="w-stats ac-income" data-testid="income-kpis">
            <div className="w-stat w-stat--main" data-testid="income-net">
              <span className="w-stat__label">{t('agent.income.net')}</span>
              <strong className="w-stat__value"><Money value={v.net} symbol={symbol} signed /></strong>
            </div>
            <div className="w-stat">
              <span className="w-stat__label">{t('agent.income.received')}</span>
              <strong className="w-stat__value"><Money value={v.received.total} symbol={symbol} /></strong>
            </div>
            <div className="w-stat">
              <span className="w-stat__label">{t('agent.income.paid')}</span>
              <strong className="w-stat__value"><Money value={v.paid.total} symbol={symbol} /></strong>
            </div>
            <div className="w-stat">
              <span className="w-stat__label">{t('agent.income.pending')}</span>
              <strong className="w-stat__value"><Money value={v.pending} symbol={symbol} /></strong>
            </div>
            <div className="w-stat">
              <span className="w-stat__label">{t('agent.income.teamValidBet')}</span>
              <strong className="w-stat__value"><Money value={v.team.validBet} symbol={symbol} /></strong>
            </div>
            <div className="w-stat">
              <span className="w-stat__label">{t('agent.income.teamProfit')}</span>
              <strong className="w-stat__value"><Money value={v.team.profit} symbol={symbol} signed /></strong>
            </div>
          </div>
          <Panel title={t('agent.income.byKind')}>
            <div className="w-table-wrap">
              <table className="w-table" data-testid="income-table">
                <thead>
                  <tr>
                    <th>{t('agent.income.kind')}</th>
                    <th className="num-col">{t('agent.income.received')}</th>
                    <th className="num-col">{t('agent.income.paid')}</th>
                  </tr>
                </thead>
                <tbody>
                  {contracts.CONTRACT_KINDS.map((k) => (
                    <tr key={k} data-kind={k}>
                      <td data-label={t('agent.income.kind')}><strong>{t(`agent.contracts.kind.${k}`)}</strong></td>
                      <td data-label={t('agent.income.received')} className="num-col"><Money value={v.received[k]} symbol={symbol} /></td>
                      <td data-label={t('agent.income.paid')} className="num-col"><Money value={v.paid[k]} symbol={symbol} /></td>
                    </tr>
                  ))}
                </tbody>
                <tfoot className="ac-foot">
                  <tr>
                    <th scope="row">{t('agent.contracts.totals')}</th>
                    <td data-label={t('agent.income.received')} className="num-col"><Money value={v.received.total} symbol={symbol} /></td>
                    <td data-label={t('agent.income.paid')} className="num-col"><Money value={v.paid.total} symbol={symbol} /></td>
                  </tr>
                </tfoot>
              </table>
            </div>
          </Panel>
        </div>
      )}
    </div>
  );
}
