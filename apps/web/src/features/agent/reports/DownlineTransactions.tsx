/**
 * agentDownlineTransactionDetailsCopy (menu "account details"): a team member's main wallet
 * statement, like the member's own transaction history with its account: pick the member by
 * account (or come from the P&L statement with ?account=), filter by code types and a period of
 * brand days (at most 30 apart); 10 a page, newest first.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { wallet, type agent } from '@lobby/contract';
import { useSession } from '@/features/session';
import { DateRangeBar, DateTime, EmptyState, ErrorState, Money, Pager, Panel, SkeletonRows, useOffset } from '@/components/ui/kit';
import { presetRange, type DayRange } from '@/lib/amounts';
import { useDownlineTransactions } from '../api';

function TxTable({ rows, symbol }: { rows: agent.DownlineTransactionRow[]; symbol: string }) {
  const { t } = useTranslation();
  return (
    <div className="w-table-wrap">
      <table className="w-table" data-testid="dtx-table">
        <thead>
          <tr>
            <th>{t('wallet.col.time')}</th>
            <th>{t('agent.tx.account')}</th>
            <th>{t('wallet.col.type')}</th>
            <th>{t('wallet.col.orderNo')}</th>
            <th className="num-col">{t('wallet.col.amount')}</th>
            <th className="num-col">{t('wallet.col.balance')}</th>
            <th>{t('wallet.col.remark')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.txId} data-type={r.txTypeName}>
              <td data-label={t('wallet.col.time')}><DateTime value={r.txTime} /></td>
              <td data-label={t('agent.tx.account')} dir="ltr">{r.account}</td>
              <td data-label={t('wallet.col.type')}><span className="chip chip--muted">{t(`wallet.code.${r.txTypeName}`, { defaultValue: r.txTypeName })}</span></td>
              <td data-label={t('wallet.col.orderNo')} className="num w-ellipsis" dir="ltr" title={r.orderNo}>{r.orderNo || '—'}</td>
              <td data-label={t('wallet.col.amount')} className="num-col"><Money value={r.amount} symbol={symbol} signed /></td>
              <td data-label={t('wallet.col.balance')} className="num-col"><Money value={r.balance} symbol={symbol} /></td>
              <td data-label={t('wallet.col.remark')} className="w-remark">{r.remark || '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function DownlineTransactions() {
  const { t } = useTranslation();
  const offset = useOffset();
  const symbol = useSession().member?.currencySymbol ?? '';
  const [params, setParams] = useSearchParams();
  const account = params.get('account')?.trim() ?? '';
  const initial = useMemo(() => presetRange('prev7', offset), [offset]);
  const [range, setRange] = useState<DayRange>(initial);
  const [draft, setDraft] = useState(account);
  const [codes, setCodes] = useState<string[]>([]);
  const [page, setPage] = useState(1);
  const q = useDownlineTransactions(account ? { ...range, account, codeTypes: codes.join(',') || undefined, page } : null);
  const search = (e: FormEvent) => {
    e.preventDefault();
    const next = new URLSearchParams(params);
    if (draft.trim()) next.set('account', draft.trim()); else next.delete('account');
    setParams(next);
    setPage(1);
  };
  const toggle = (c: string) => { setCodes((cs) => (cs.includes(c) ? cs.filter((x) => x !== c) : [...cs, c])); setPage(1); };

  return (
    <div className="w-page" data-testid="page-agentDownlineTransactionDetailsCopy">
      <Panel title={t('agent.tx.title')} actions={q.data && <span className="muted w-small" dir="ltr">{q.data.member.account}</span>}>
        <div className="w-filters">
          <form className="ac-search" role="search" onSubmit={search}>
            <label className="visually-hidden" htmlFor="dtx-account">{t('agent.tx.account')}</label>
            <input id="dtx-account" type="search" className="input input--sm" placeholder={t('agent.tx.placeholder')} maxLength={32} value={draft} onChange={(e) => setDraft(e.target.value)} autoComplete="off" dir="ltr" />
            <button type="submit" className="btn btn--primary btn--sm">{t('agent.downlines.searchButton')}</button>
          </form>
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
        {!account ? (
          <EmptyState icon="user" title={t('agent.tx.pick')} text={t('agent.tx.pickText')} />
        ) : q.isPending ? (
          <SkeletonRows rows={6} cols={6} />
        ) : q.isError ? (
          <ErrorState error={q.error} onRetry={() => q.refetch()} />
        ) : q.data.list.length === 0 ? (
          <EmptyState icon="receipt" title={t('agent.tx.empty')} text={t('wallet.emptyRange')} />
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
