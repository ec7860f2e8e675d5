/**
 * My lottery bets, newest first, 20 a page: this game or all games, by status (pending, won, lost,
 * void). Open bets are read again until they settle (api.ts useMyBets), so a draw shows up here
 * and in the header balance without a reload. A table on desktop, cards on phones (components/ui/kit.css).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lottery } from '@lobby/contract';
import { EmptyState, ErrorState, Money, Pager, SkeletonRows } from '@/components/ui/kit';
import { formatDateTime } from '@/lib/format';
import { useMyBets } from '../api';
import { BetChip, useBetLabel } from './bits';

export function MyBets({ gameCode, symbol, offset }: { gameCode: string; symbol: string; offset: number }) {
  const { t } = useTranslation();
  const label = useBetLabel();
  const [status, setStatus] = useState<lottery.BetStatus | ''>('');
  const [onlyThis, setOnlyThis] = useState(true);
  const [page, setPage] = useState(1);
  const q = useMyBets({ gameCode: onlyThis ? gameCode : undefined, status: status || undefined, pageNo: page });
  const col = (k: string) => t(`lottery.bets.col.${k}`);

  return (
    <div className="lt-bets" data-testid="my-bets">
      <div className="lt-bets__filters">
        <div className="w-chips" role="group" aria-label={t('lottery.bets.filter')}>
          {(['', ...lottery.BET_STATUSES] as const).map((st) => (
            <button key={st || 'all'} type="button" className={`pill${status === st ? ' is-active' : ''}`} aria-pressed={status === st} onClick={() => { setStatus(st); setPage(1); }}>
              {st ? t(`lottery.betStatus.${st}`) : t('lottery.bets.all')}
            </button>
          ))}
        </div>
        <label className="lt-check">
          <input type="checkbox" checked={onlyThis} onChange={(e) => { setOnlyThis(e.target.checked); setPage(1); }} />
          <span>{t('lottery.bets.thisGame')}</span>
        </label>
      </div>
      {q.isPending ? (
        <SkeletonRows rows={4} cols={5} />
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => q.refetch()} />
      ) : q.data.list.length === 0 ? (
        <EmptyState icon="receipt" title={t('lottery.bets.empty')} />
      ) : (
        <>
          <div className="w-table-wrap">
            <table className="w-table lt-btable">
              <thead>
                <tr>
                  <th>{col('bet')}</th>
                  <th>{col('numero')}</th>
                  <th className="num-col">{col('amount')}</th>
                  <th className="num-col">{col('odds')}</th>
                  <th className="num-col">{col('win')}</th>
                  <th>{col('status')}</th>
                  <th>{col('time')}</th>
                </tr>
              </thead>
              <tbody>
                {q.data.list.map((b) => (
                  <tr key={b.orderNo} data-status={b.status} data-testid="bet-row">
                    <td data-label={col('bet')}>
                      <strong>{label(b.betType, b.numbers)}</strong>
                      <span className="lt-sub">{b.gameName}</span>
                      <span className="lt-sub num" dir="ltr">{b.orderNo}</span>
                    </td>
                    <td data-label={col('numero')} className="num" dir="ltr">{b.numero}</td>
                    <td data-label={col('amount')} className="num-col"><Money value={b.amount} symbol={symbol} /></td>
                    <td data-label={col('odds')} className="num-col num">×{b.odds}</td>
                    <td data-label={col('win')} className="num-col"><Money value={b.win} symbol={symbol} signed={b.status === 'won'} /></td>
                    <td data-label={col('status')}><BetChip status={b.status} /></td>
                    <td data-label={col('time')} className="num lt-small">{formatDateTime(b.betAt, offset)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} totalPages={q.data.totalPages} onChange={setPage} />
        </>
      )}
    </div>
  );
}
