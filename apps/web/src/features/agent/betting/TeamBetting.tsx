/**
 * Team betting: per-member betting totals of the whole team over a period (brand days, at most
 * 30), biggest bettors first, 20 a page, searchable by account, with the footer totals of the
 * whole period (all pages). A table on desktop, cards on phones.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { agent } from '@lobby/contract';
import { useSession } from '@/features/session';
import { DateRangeBar, Money, Panel, RecordsList, useOffset } from '@/components/ui/kit';
import { presetRange, type DayRange } from '@/lib/amounts';
import { useTeamBetting } from '../api';

type Row = agent.BettingRow;
type Footer = Omit<Row, 'memberId' | 'account' | 'directAgent'>;
const MONEY = ['betAmount', 'validBet', 'win', 'profit'] as const;

function BettingTable({ rows, footer, symbol }: { rows: Row[]; footer: Footer; symbol: string }) {
  const { t } = useTranslation();
  const col = (k: string) => t(`agent.betting.col.${k}`);
  return (
    <div className="w-table-wrap">
      <table className="w-table ac-betting" data-testid="betting-table">
        <thead>
          <tr>
            <th>{col('account')}</th>
            <th>{col('directAgent')}</th>
            <th className="num-col">{col('bets')}</th>
            {MONEY.map((k) => <th key={k} className="num-col">{col(k)}</th>)}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.memberId} data-account={r.account}>
              <td data-label={col('account')}><strong dir="ltr">{r.account}</strong></td>
              <td data-label={col('directAgent')} dir="ltr">{r.directAgent || '—'}</td>
              <td data-label={col('bets')} className="num-col num">{r.bets}</td>
              {MONEY.map((k) => <td key={k} data-label={col(k)} className="num-col"><Money value={r[k]} symbol={symbol} signed={k === 'profit'} /></td>)}
            </tr>
          ))}
        </tbody>
        <tfoot className="ac-foot" data-testid="betting-footer">
          <tr>
            <th scope="row" colSpan={2}>{t('agent.betting.totals')}</th>
            <td data-label={col('bets')} className="num-col num">{footer.bets}</td>
            {MONEY.map((k) => <td key={k} data-label={col(k)} className="num-col"><Money value={footer[k]} symbol={symbol} signed={k === 'profit'} /></td>)}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

export default function TeamBetting() {
  const { t } = useTranslation();
  const offset = useOffset();
  const symbol = useSession().member?.currencySymbol ?? '';
  const initial = useMemo(() => presetRange('prev7', offset), [offset]);
  const [range, setRange] = useState<DayRange>(initial);
  const [draft, setDraft] = useState('');
  const [account, setAccount] = useState('');
  const [page, setPage] = useState(1);
  const q = useTeamBetting({ ...range, ...(account ? { account } : {}), pageNo: page });
  const search = (e: FormEvent) => { e.preventDefault(); setAccount(draft.trim()); setPage(1); };

  return (
    <div className="w-page" data-testid="page-teamBetting">
      <Panel
        title={t('agent.betting.title')}
        actions={q.data && q.data.total > 0 && <span className="muted w-small">{t('agent.betting.count', { count: q.data.total })}</span>}
      >
        <div className="w-filters">
          <DateRangeBar value={range} onChange={(r) => { setRange(r); setPage(1); }} />
          <form className="ac-search" role="search" onSubmit={search}>
            <label className="visually-hidden" htmlFor="betting-search">{t('agent.betting.search')}</label>
            <input id="betting-search" type="search" className="input input--sm" placeholder={t('agent.downlines.searchPlaceholder')} maxLength={32} value={draft} onChange={(e) => setDraft(e.target.value)} autoComplete="off" dir="ltr" />
            <button type="submit" className="btn btn--primary btn--sm">{t('agent.downlines.searchButton')}</button>
          </form>
        </div>
        <RecordsList q={q} page={page} setPage={setPage} emptyTitle={t('agent.betting.empty')}>
          {(rows) => <BettingTable rows={rows} footer={q.data!.footer} symbol={symbol} />}
        </RecordsList>
      </Panel>
    </div>
  );
}
