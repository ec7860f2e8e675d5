/**
 * palStatementsAgentCopy (menu "user loss"): the team's P&L statement over a period (brand days,
 * at most 30 apart). Direct: one row per direct downline with everyone below it; all: one row per
 * team member with its own figures (members with activity, biggest valid bet first). Columns:
 * deposits, withdrawals, valid bet, members' win/loss, bonuses and rebates, salaries, dividends
 * and the net; the footer is the whole team's. An account opens its account details.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { agent } from '@lobby/contract';
import { useSession } from '@/features/session';
import { DateRangeBar, Money, Panel, RecordsList, useOffset } from '@/components/ui/kit';
import { presetRange, type DayRange } from '@/lib/amounts';
import { useProfitLoss } from '../api';

type Row = agent.ProfitLossRow;
type Footer = Omit<Row, 'memberId' | 'account' | 'isAgent' | 'level' | 'members'>;
const MONEY = ['deposits', 'withdrawals', 'validBet', 'profit', 'bonus', 'salary', 'dividend', 'net'] as const;
const SIGNED = new Set<string>(['profit', 'net']);

function PLTable({ rows, footer, symbol, scope }: { rows: Row[]; footer: Footer; symbol: string; scope: 'direct' | 'all' }) {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  const col = (k: string) => t(`agent.pl.col.${k}`);
  const details = (account: string) => setParams({ page: 'agentDownlineTransactionDetailsCopy', account });
  return (
    <div className="w-table-wrap">
      <table className="w-table ac-pl" data-testid="pl-table">
        <thead>
          <tr>
            <th>{col('account')}</th>
            <th className="num-col">{col(scope === 'direct' ? 'members' : 'level')}</th>
            {MONEY.map((k) => <th key={k} className="num-col">{col(k)}</th>)}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.memberId} data-account={r.account}>
              <td data-label={col('account')} className="ac-who">
                <button type="button" className="link-btn" onClick={() => details(r.account)} title={t('agent.pl.details')}>
                  <strong dir="ltr">{r.account}</strong>
                </button>
                {r.isAgent && <span className="chip chip--muted">{t('agent.pl.agent')}</span>}
              </td>
              <td data-label={col(scope === 'direct' ? 'members' : 'level')} className="num-col num">{scope === 'direct' ? r.members : r.level}</td>
              {MONEY.map((k) => <td key={k} data-label={col(k)} className="num-col"><Money value={r[k]} symbol={symbol} signed={SIGNED.has(k)} /></td>)}
            </tr>
          ))}
        </tbody>
        <tfoot className="ac-foot" data-testid="pl-footer">
          <tr>
            <th scope="row" colSpan={2}>{t('agent.pl.totals')}</th>
            {MONEY.map((k) => <td key={k} data-label={col(k)} className="num-col"><Money value={footer[k]} symbol={symbol} signed={SIGNED.has(k)} /></td>)}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

export default function ProfitLoss() {
  const { t } = useTranslation();
  const offset = useOffset();
  const symbol = useSession().member?.currencySymbol ?? '';
  const initial = useMemo(() => presetRange('prev7', offset), [offset]);
  const [range, setRange] = useState<DayRange>(initial);
  const [scope, setScope] = useState<'direct' | 'all'>('direct');
  const [page, setPage] = useState(1);
  const q = useProfitLoss({ ...range, scope, pageNo: page });
  return (
    <div className="w-page" data-testid="page-palStatementsAgentCopy">
      <Panel
        title={t('agent.pl.title')}
        actions={q.data && q.data.total > 0 && <span className="muted w-small">{t(`agent.pl.count.${scope}`, { count: q.data.total })}</span>}
      >
        <div className="w-filters">
          <div className="w-chips" role="group" aria-label={t('agent.pl.scope')}>
            {(['direct', 'all'] as const).map((s) => (
              <button key={s} type="button" className={`pill ${scope === s ? 'is-active' : ''}`} aria-pressed={scope === s} onClick={() => { setScope(s); setPage(1); }}>
                {t(`agent.pl.scopes.${s}`)}
              </button>
            ))}
          </div>
          <DateRangeBar value={range} onChange={(r) => { setRange(r); setPage(1); }} />
        </div>
        <p className="muted w-small">{t('agent.pl.note')}</p>
        <RecordsList q={q} page={page} setPage={setPage} emptyTitle={t(`agent.pl.empty.${scope}`)}>
          {(rows) => <PLTable rows={rows} footer={q.data!.footer} symbol={symbol} scope={scope} />}
        </RecordsList>
      </Panel>
    </div>
  );
}
