/**
 * Finance → Withdrawal history (issue 22): every withdrawal of the brand with its payout (paid by
 * hand, or through a provider: paying, paid, failed or bounced with the provider's reason),
 * filtered like the deposit history, with totals (requested, paid out, fees, returned) and CSV.
 * The pending-withdrawal review rows stay in FinancePage (Withdrawals).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cashier, payments } from '@lobby/contract';
import { useOp } from '../api';
import { errMsg, ListTable, money, Notice, Pager, when } from '../ui';
import { clean, HistoryFilters, type Filter } from './history-filters';

/** The withdrawal's own states and the payout's (the filter matches either). */
const STATUSES = [...cashier.WITHDRAW_STATUSES, 'queued', 'sent', 'failed', 'bounced'];
const KINDS = ['bank', 'ewallet'];

export function WithdrawalHistory() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>({});
  const [page, setPage] = useState(1);
  const q = useOp(payments.withdrawalHistory, { ...clean(filter), page } as never);
  const list = q.data?.list ?? [];
  const tot = q.data?.totals;
  return (
    <>
      <HistoryFilters statuses={STATUSES} methods={KINDS} csvPath={payments.WITHDRAWALS_CSV_PATH} csvName="withdrawals.csv" prefix="whist" applied={filter}
        onApply={(f) => { setPage(1); setFilter(f); }} />
      {q.isError && <Notice kind="error">{errMsg(q.error)}</Notice>}
      {tot && (
        <p className="oc-muted" data-testid="whist-totals">
          {t('console.pay.wtotals', { count: tot.count, amount: money(tot.amount), paid: money(tot.paidOutAmount), fee: money(tot.feeAmount), returned: money(tot.returnedAmount) })}
        </p>
      )}
      <ListTable loaded={!!q.data} empty={list.length === 0} testId="whist-table" head={<><th>{t('console.fin.order')}</th><th>{t('console.member')}</th><th>{t('console.pay.method')}</th><th>{t('console.pay.provider')}</th><th className="num">{t('console.amount')}</th><th>{t('console.pay.status')}</th><th>{t('console.pay.payout')}</th><th>{t('console.time')}</th></>}>
        {list.map((w) => (
          <tr key={w.withdrawNo} data-withdraw={w.withdrawNo} data-status={w.status} data-payout={w.payoutStatus ?? ''}>
            <td data-label={t('console.fin.order')}><code>{w.withdrawNo}</code></td>
            <td data-label={t('console.member')}>{w.username}</td>
            <td data-label={t('console.pay.method')}>{t(`console.pay.accountKinds.${w.method}`, { defaultValue: w.method })}</td>
            <td data-label={t('console.pay.provider')}>{t(`console.pay.providers.${w.provider}`, { defaultValue: w.provider })}</td>
            <td data-label={t('console.amount')} className="num">{money(w.amount)}{w.fee !== '0.00' && <small className="oc-muted"> ({t('console.pay.fee')} {money(w.fee)})</small>}</td>
            <td data-label={t('console.pay.status')}>{t(`console.pay.st.${w.status}`, { defaultValue: w.status })}</td>
            <td data-label={t('console.pay.payout')}>
              {w.payoutStatus ? t(`console.pay.st.${w.payoutStatus}`, { defaultValue: w.payoutStatus }) : '—'}
              {w.detail && <small className={w.payoutStatus === 'failed' || w.payoutStatus === 'bounced' ? 'oc-danger-text' : 'oc-muted'}> · {t(`console.pay.reasons.${w.detail}`, { defaultValue: w.detail })}</small>}
            </td>
            <td data-label={t('console.time')}>{when(w.createdAt)}{w.paidAt && <small className="oc-muted"> → {when(w.paidAt)}</small>}</td>
          </tr>
        ))}
      </ListTable>
      {q.data && <Pager page={page} total={q.data.total} pageSize={q.data.pageSize} onPage={setPage} />}
    </>
  );
}
