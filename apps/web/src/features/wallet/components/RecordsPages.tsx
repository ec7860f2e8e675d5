/** transactionHistory, personalProfit and bonusDetails: range-limited (≤ 30 days) statements. */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { wallet } from '@lobby/contract';
import { useSession } from '@/features/session';
import { useBonusDetails, usePersonalProfit, useTransactions } from '../api';
import { presetRange, type DayRange } from '@/lib/amounts';
import { readableRef } from '@/lib/reference';
import { DateRangeBar, DateTime, EmptyState, ErrorState, Money, Pager, Panel, SkeletonRows, useOffset } from '@/components/ui/kit';
import './wallet.css';

type Row = wallet.TransactionRow;

/** A game type as the category words know it: lottery bets come as `lottery`, the category is LOTT. */
const categoryKey = (g: string) => (g.toLowerCase() === 'lottery' ? 'LOTT' : g.toUpperCase());

function useSymbol(): string {
  return useSession().member?.currencySymbol ?? '';
}

function useInitialRange(): DayRange {
  const offset = useOffset();
  return useMemo(() => presetRange('prev7', offset), [offset]);
}

function TxTable({ rows, symbol, withBalance = true }: { rows: Row[]; symbol: string; withBalance?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="w-table-wrap">
      <table className="w-table" data-testid="tx-table">
        <thead>
          <tr>
            <th>{t('wallet.col.time')}</th>
            <th>{t('wallet.col.type')}</th>
            <th>{t('wallet.col.orderNo')}</th>
            <th className="num-col">{t('wallet.col.amount')}</th>
            {withBalance && <th className="num-col">{t('wallet.col.balance')}</th>}
            <th>{t('wallet.col.remark')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.txId} data-type={r.txTypeName}>
              <td data-label={t('wallet.col.time')}><DateTime value={r.txTime} /></td>
              <td data-label={t('wallet.col.type')}><span className="chip chip--muted">{t(`wallet.code.${r.txTypeName}`)}</span></td>
              <td data-label={t('wallet.col.orderNo')} className="num w-ellipsis" dir="ltr" title={readableRef(r.orderNo)}>{readableRef(r.orderNo) || '—'}</td>
              <td data-label={t('wallet.col.amount')} className="num-col"><Money value={r.amount} symbol={symbol} signed /></td>
              {withBalance && <td data-label={t('wallet.col.balance')} className="num-col"><Money value={r.balance} symbol={symbol} /></td>}
              <td data-label={t('wallet.col.remark')} className="w-remark">{r.remark || '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function TransactionHistoryPage() {
  const { t } = useTranslation();
  const symbol = useSymbol();
  const [range, setRange] = useState<DayRange>(useInitialRange());
  const [codes, setCodes] = useState<string[]>([]);
  const [page, setPage] = useState(1);
  const q = useTransactions({ ...range, codeTypes: codes, page });
  const toggle = (c: string) => {
    setCodes((cs) => (cs.includes(c) ? cs.filter((x) => x !== c) : [...cs, c]));
    setPage(1);
  };
  return (
    <div className="w-page" data-testid="page-transactionHistory">
      <Panel title={t('wallet.history.title')}>
        <div className="w-filters">
          <div className="w-chips w-chips--scroll" role="group" aria-label={t('wallet.history.types')}>
            <button type="button" className={`pill ${codes.length === 0 ? 'is-active' : ''}`} aria-pressed={codes.length === 0} onClick={() => { setCodes([]); setPage(1); }}>
              {t('wallet.all')}
            </button>
            {wallet.CODE_TYPES.map((c) => (
              <button key={c} type="button" className={`pill ${codes.includes(c) ? 'is-active' : ''}`} aria-pressed={codes.includes(c)} onClick={() => toggle(c)}>
                {t(`wallet.code.${c}`)}
              </button>
            ))}
          </div>
          <DateRangeBar value={range} onChange={(r) => { setRange(r); setPage(1); }} />
        </div>
        {q.isPending ? (
          <SkeletonRows rows={6} cols={6} />
        ) : q.isError ? (
          <ErrorState error={q.error} onRetry={() => q.refetch()} />
        ) : q.data.list.length === 0 ? (
          <EmptyState icon="receipt" title={t('wallet.history.empty')} text={t('wallet.emptyRange')} />
        ) : (
          <>
            <TxTable rows={q.data.list} symbol={symbol} />
            <p className="muted w-small w-total-line">{t('wallet.totalRows', { count: q.data.total })}</p>
            <Pager page={page} totalPages={q.data.totalPages} onChange={setPage} />
          </>
        )}
      </Panel>
    </div>
  );
}

export function PersonalProfitPage() {
  const { t } = useTranslation();
  const symbol = useSymbol();
  const [range, setRange] = useState<DayRange>(useInitialRange());
  const q = usePersonalProfit(range);
  const cat = (g: string) => t(`categories.${categoryKey(g)}`, { defaultValue: g });
  return (
    <div className="w-page" data-testid="page-personalProfit">
      <Panel title={t('wallet.profit.title')}>
        <div className="w-filters"><DateRangeBar value={range} onChange={setRange} /></div>
        {q.isPending ? (
          <SkeletonRows rows={4} cols={4} />
        ) : q.isError ? (
          <ErrorState error={q.error} onRetry={() => q.refetch()} />
        ) : (
          <>
            <section className="w-stats w-stats--compact" aria-label={t('wallet.profit.totals')}>
              {(['bet', 'win', 'profit', 'deposit', 'withdraw', 'bonus'] as const).map((k) => (
                <div key={k} className="w-stat">
                  <span className="w-stat__label">{t(`wallet.profit.${k}`)}</span>
                  <strong className="w-stat__value w-stat__value--sm"><Money value={q.data.totals[k]} symbol={symbol} signed={k === 'profit'} /></strong>
                </div>
              ))}
            </section>
            {q.data.categories.length === 0 ? (
              <EmptyState icon="trophy" title={t('wallet.profit.empty')} text={t('wallet.profit.emptyText')} />
            ) : (
              <>
                <h3 className="w-subtitle">{t('wallet.profit.byCategory')}</h3>
                <div className="w-table-wrap">
                  <table className="w-table">
                    <thead><tr><th>{t('wallet.profit.category')}</th><th className="num-col">{t('wallet.profit.bet')}</th><th className="num-col">{t('wallet.profit.win')}</th><th className="num-col">{t('wallet.profit.profit')}</th></tr></thead>
                    <tbody>
                      {q.data.categories.map((c) => (
                        <tr key={c.gameType}>
                          <td data-label={t('wallet.profit.category')}>{cat(c.gameType)}</td>
                          <td data-label={t('wallet.profit.bet')} className="num-col"><Money value={c.bet} symbol={symbol} /></td>
                          <td data-label={t('wallet.profit.win')} className="num-col"><Money value={c.win} symbol={symbol} /></td>
                          <td data-label={t('wallet.profit.profit')} className="num-col"><Money value={c.profit} symbol={symbol} signed /></td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
                <h3 className="w-subtitle">{t('wallet.profit.byDay')}</h3>
                <div className="w-table-wrap">
                  <table className="w-table">
                    <thead><tr><th>{t('wallet.profit.date')}</th><th>{t('wallet.profit.category')}</th><th className="num-col">{t('wallet.profit.bet')}</th><th className="num-col">{t('wallet.profit.win')}</th><th className="num-col">{t('wallet.profit.profit')}</th></tr></thead>
                    <tbody>
                      {q.data.days.map((d) => (
                        <tr key={`${d.date}-${d.gameType}`}>
                          <td data-label={t('wallet.profit.date')} className="num">{d.date}</td>
                          <td data-label={t('wallet.profit.category')}>{cat(d.gameType)}</td>
                          <td data-label={t('wallet.profit.bet')} className="num-col"><Money value={d.bet} symbol={symbol} /></td>
                          <td data-label={t('wallet.profit.win')} className="num-col"><Money value={d.win} symbol={symbol} /></td>
                          <td data-label={t('wallet.profit.profit')} className="num-col"><Money value={d.profit} symbol={symbol} signed /></td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </>
            )}
          </>
        )}
      </Panel>
    </div>
  );
}

export function BonusDetailsPage() {
  const { t } = useTranslation();
  const symbol = useSymbol();
  const [range, setRange] = useState<DayRange>(useInitialRange());
  const [page, setPage] = useState(1);
  const q = useBonusDetails({ ...range, page });
  return (
    <div className="w-page" data-testid="page-bonusDetails">
      <Panel
        title={t('wallet.bonus.title')}
        actions={q.data && (
          <span className="w-total">{t('wallet.bonus.total')} <Money value={q.data.totalAmount} symbol={symbol} signed /></span>
        )}
      >
        <div className="w-filters"><DateRangeBar value={range} onChange={(r) => { setRange(r); setPage(1); }} /></div>
        {q.isPending ? (
          <SkeletonRows rows={4} cols={5} />
        ) : q.isError ? (
          <ErrorState error={q.error} onRetry={() => q.refetch()} />
        ) : q.data.list.length === 0 ? (
          <EmptyState icon="gift" title={t('wallet.bonus.empty')} text={t('wallet.emptyRange')} />
        ) : (
          <>
            <TxTable rows={q.data.list} symbol={symbol} withBalance={false} />
            <Pager page={page} totalPages={q.data.totalPages} onChange={setPage} />
          </>
        )}
      </Panel>
    </div>
  );
}
