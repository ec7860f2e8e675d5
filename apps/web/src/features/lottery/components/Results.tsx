/**
 * Results history (opened numeros), newest first and paged. VN games show the regional results
 * board of one issue (special prize, prizes 1–8; the last two digits, what lô and đề read, stand
 * out) above the list; fast games a table with the result, its sum, big/small and odd/even.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { lottery } from '@lobby/contract';
import { formatDateTime } from '@/lib/format';
import { EmptyState, ErrorState, Pager, SkeletonRows } from '@/components/ui/kit';
import { useResults } from '../api';
import { Balls, DrawChip } from './bits';
import { ResultFacts } from './IssueBar';

type OpenedDraw = lottery.OpenedDraw;

/** "12345" with its last two digits marked. */
function Tail({ n }: { n: string }) {
  return (
    <span className="lt-prize__n num" dir="ltr">
      {n.slice(0, -2)}
      <b className="lt-prize__tail">{n.slice(-2)}</b>
    </span>
  );
}

export function VnBoard({ draw, offset }: { draw: OpenedDraw; offset: number }) {
  const { t } = useTranslation();
  return (
    <div className="lt-vnboard" data-testid="vn-board">
      <div className="lt-vnboard__head">
        <h3 id="lt-board-title" className="lt-vnboard__title">{t('lottery.results.boardOf', { numero: draw.numero })}</h3>
        <span className="lt-muted lt-small num">{formatDateTime(draw.publishedAt ?? draw.drawAt, offset)}</span>
      </div>
      <table className="lt-vnboard__table" aria-labelledby="lt-board-title">
        <tbody>
          {draw.status === 'void' || !draw.prizes.length ? (
            <tr>
              <td colSpan={2}><DrawChip status="void" /> {t('lottery.results.voided')}</td>
            </tr>
          ) : (
            draw.prizes.map((p) => (
              <tr key={p.prize} className={p.prize === 'DB' ? 'is-special' : undefined} data-prize={p.prize}>
                <th scope="row">{t(`lottery.results.prize.${p.prize}`, { defaultValue: p.prize })}</th>
                <td>
                  <span className="lt-prize">
                    {p.numbers.map((n, i) => <Tail key={i} n={n} />)}
                  </span>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
      {draw.serverSeed && (
        <details className="lt-seed">
          <summary>{t('lottery.results.seed')}</summary>
          <code dir="ltr">{draw.serverSeed}</code>
          <p className="lt-muted lt-small">{t('lottery.issue.seedHash')}: <code dir="ltr">{draw.seedHash}</code></p>
        </details>
      )}
    </div>
  );
}

export function ResultsPanel({ gameCode, vn, offset }: { gameCode: string; vn: boolean; offset: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<string | null>(null);
  const q = useResults(gameCode, vn, page);
  if (q.isPending) return <SkeletonRows rows={5} cols={4} />;
  if (q.isError) return <ErrorState error={q.error} onRetry={() => q.refetch()} />;
  const list = q.data.list;
  if (!list.length) return <EmptyState icon="balls" title={t('lottery.results.empty')} />;
  const shown = list.find((d) => d.numero === chosen) ?? list[0]!;

  return (
    <div className="lt-results" data-testid="results">
      {vn && <VnBoard draw={shown} offset={offset} />}
      <div className="w-table-wrap">
        <table className="w-table lt-rtable">
          <thead>
            <tr>
              <th>{t('lottery.results.numero')}</th>
              <th>{t('lottery.results.time')}</th>
              <th>{t('lottery.results.result')}</th>
              {!vn && <th>{t('lottery.results.sum')}</th>}
              {vn && <th><span className="visually-hidden">{t('lottery.results.board')}</span></th>}
            </tr>
          </thead>
          <tbody>
            {list.map((d) => (
              <tr key={d.numero} data-numero={d.numero} className={vn && d.numero === shown.numero ? 'is-current' : undefined}>
                <td data-label={t('lottery.results.numero')} className="num" dir="ltr">{d.numero}</td>
                <td data-label={t('lottery.results.time')} className="num lt-small">{formatDateTime(d.publishedAt ?? d.drawAt, offset)}</td>
                <td data-label={t('lottery.results.result')}>
                  {d.special ? <Balls value={d.special} size="sm" /> : <DrawChip status={d.status} />}
                </td>
                {!vn && <td data-label={t('lottery.results.sum')}><ResultFacts draw={d} /></td>}
                {vn && (
                  <td>
                    <button
                      type="button"
                      className="btn btn--ghost btn--sm"
                      aria-pressed={d.numero === shown.numero}
                      aria-label={`${t('lottery.results.show')} ${d.numero}`}
                      onClick={() => setChosen(d.numero)}
                    >
                      {t('lottery.results.show')}
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={page} totalPages={q.data.totalPages} onChange={setPage} />
    </div>
  );
}
