/**
 * personalHistoryCopy — the betting record (§5): the member's bets in a date range (brand days,
 * at most 30), by category and status, 10 a page, with the range's totals. A table on desktop
 * (the game cell carries category and order no, the time cell bet and settle time); the same rows
 * become cards on phones (components/ui/kit.css).
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountGames, games, type GameType } from '@lobby/contract';
import { useSession } from '@/features/session';
import { formatDateTime } from '@/lib/format';
import { useBetRecords, type BetStatus } from '../betRecords';
import { readableRef } from '@/lib/reference';
import { presetRange, type DayRange } from '@/lib/amounts';
import { DateRangeBar, Money, Panel, RecordsList, useOffset } from '@/components/ui/kit';
import './betting.css';
import './wallet.css';

type Row = accountGames.BetRecordRow;
type Totals = { bet: string; validBet: string; win: string; profit: string };

const STATUS_TONE: Record<BetStatus, string> = { open: 'warn', settled: 'ok', refunded: 'muted' };

/** A time in the brand's zone that may break between the day and the time, not inside them. */
function Stamp({ value }: { value: string | null }) {
  const offset = useOffset();
  if (!value) return <span>—</span>;
  const [day, time] = formatDateTime(value, offset).split(' ');
  return (
    <span className="w-bets__stamp num" dir="ltr">
      <span>{day}</span> <span>{time}</span>
    </span>
  );
}

function BetTable({ rows, totals, symbol }: { rows: Row[]; totals: Totals; symbol: string }) {
  const { t } = useTranslation();
  const col = (k: string) => t(`wallet.bets.col.${k}`);
  return (
    <div className="w-table-wrap">
      <table className="w-table w-bets" data-testid="bets-table">
        <thead>
          <tr>
            <th>{col('game')}</th>
            <th className="num-col">{col('bet')}</th>
            <th className="num-col">{col('validBet')}</th>
            <th className="num-col">{col('win')}</th>
            <th className="num-col">{col('profit')}</th>
            <th>{col('status')}</th>
            <th>{col('time')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.orderNo} data-status={r.status}>
              <td data-label={col('game')} className="w-bets__game">
                <strong>{r.gameName}</strong>
                <span className="w-bets__sub">{t(`categories.${r.gameType.toLowerCase() === 'lottery' ? 'LOTT' : r.gameType.toUpperCase()}`, { defaultValue: r.gameType })}</span>
                <span className="w-bets__sub num" dir="ltr" title={col('orderNo')}>{readableRef(r.orderNo)}</span>
              </td>
              <td data-label={col('bet')} className="num-col"><Money value={r.bet} symbol={symbol} /></td>
              <td data-label={col('validBet')} className="num-col"><Money value={r.validBet} symbol={symbol} /></td>
              <td data-label={col('win')} className="num-col"><Money value={r.win} symbol={symbol} /></td>
              <td data-label={col('profit')} className="num-col"><Money value={r.profit} symbol={symbol} signed /></td>
              <td data-label={col('status')}>
                <span className={`chip chip--${STATUS_TONE[r.status]}`} data-status={r.status}>{t(`wallet.bets.status.${r.status}`)}</span>
              </td>
              <td data-label={col('time')} className="w-bets__time">
                <Stamp value={r.betTime} />
                <span className="w-bets__sub">{col('settleTime')}: <Stamp value={r.settleTime} /></span>
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot className="w-bets__totals" data-testid="bets-totals">
          <tr>
            <th scope="row">{t('wallet.bets.totals')}</th>
            <td data-label={col('bet')} className="num-col"><Money value={totals.bet} symbol={symbol} /></td>
            <td data-label={col('validBet')} className="num-col"><Money value={totals.validBet} symbol={symbol} /></td>
            <td data-label={col('win')} className="num-col"><Money value={totals.win} symbol={symbol} /></td>
            <td data-label={col('profit')} className="num-col"><Money value={totals.profit} symbol={symbol} signed /></td>
            <td colSpan={2} aria-hidden="true" className="w-bets__pad" />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

export default function BettingRecordPage() {
  const { t } = useTranslation();
  const symbol = useSession().member?.currencySymbol ?? '';
  const offset = useOffset();
  const initial = useMemo(() => presetRange('prev7', offset), [offset]);
  const [range, setRange] = useState<DayRange>(initial);
  const [gameType, setGameType] = useState<GameType | ''>('');
  const [status, setStatus] = useState<BetStatus | ''>('');
  const [page, setPage] = useState(1);
  const q = useBetRecords({ ...range, page, gameType: gameType || undefined, status: status || undefined });

  return (
    <div className="w-page" data-testid="page-personalHistoryCopy">
      <Panel
        title={t('wallet.bets.title')}
        actions={q.data && q.data.total > 0 && <span className="muted w-small">{t('wallet.bets.count', { count: q.data.total })}</span>}
      >
        <div className="w-filters">
          <DateRangeBar value={range} onChange={(r) => { setRange(r); setPage(1); }} />
          <label className="w-bets__category">
            <span className="w-bets__label">{t('wallet.bets.category')}</span>
            <select
              className="input input--sm"
              value={gameType}
              onChange={(e) => { setGameType(e.target.value as GameType | ''); setPage(1); }}
            >
              <option value="">{t('wallet.bets.allCategories')}</option>
              {games.CATEGORY_ORDER.map((c) => (
                <option key={c} value={c}>{t(`categories.${c}`)}</option>
              ))}
            </select>
          </label>
          <div className="w-chips" role="group" aria-label={t('wallet.filterStatus')}>
            {(['', ...accountGames.BET_STATUSES] as const).map((st) => (
              <button
                key={st || 'all'}
                type="button"
                className={`pill ${status === st ? 'is-active' : ''}`}
                aria-pressed={status === st}
                onClick={() => { setStatus(st); setPage(1); }}
              >
                {st ? t(`wallet.bets.status.${st}`) : t('wallet.all')}
              </button>
            ))}
          </div>
        </div>
        <RecordsList q={q} page={page} setPage={setPage} emptyTitle={t('wallet.bets.empty')}>
          {(rows) => <BetTable rows={rows} totals={q.data!.totals} symbol={symbol} />}
        </RecordsList>
      </Panel>
    </div>
  );
}
