/**
 * The trend of the last issues: fast games plot the digit sum per issue (with the big/small
 * run), VN games the đề (last two digits of the special prize); both show how often each digit
 * came out, and VN the hottest and the longest-missing two-digit endings.
 */
import { useTranslation } from 'react-i18next';
import { lottery } from '@lobby/contract';
import { EmptyState, ErrorState, SkeletonRows } from '@/components/ui/kit';
import { useTrend } from '../api';
import { digitCounts, lastTwo, trendPoints } from '../trend';
import { DigitBars, TrendLine } from './TrendChart';

const LIMIT = 30;
const TAILS_SHOWN = 10;

export function TrendPanel({ gameCode, vn }: { gameCode: string; vn: boolean }) {
  const { t } = useTranslation();
  const q = useTrend(gameCode, LIMIT);
  if (q.isPending) return <SkeletonRows rows={4} cols={3} />;
  if (q.isError) return <ErrorState error={q.error} onRetry={() => q.refetch()} />;
  const rows = q.data.rows.filter((r) => r.special);
  if (!rows.length) return <EmptyState icon="balls" title={t('lottery.trend.few')} />;

  const points = vn
    ? trendPoints(rows, (r) => r.numero, (r) => lastTwo(r.special))
    : trendPoints(rows, (r) => r.numero, (r) => r.sum ?? 0);
  const counts = digitCounts(rows.map((r) => (r.digits.length ? r.digits.join('') : r.special)));
  const hot = [...q.data.tails].filter((x) => x.count > 0).sort((a, b) => b.count - a.count || a.tail.localeCompare(b.tail)).slice(0, TAILS_SHOWN);
  const cold = [...q.data.tails].sort((a, b) => b.missing - a.missing || a.tail.localeCompare(b.tail)).slice(0, TAILS_SHOWN);

  return (
    <div className="lt-trend" data-testid="trend">
      <TrendLine points={points} max={vn ? 99 : lottery.FAST_DIGITS * 9} title={t(vn ? 'lottery.trend.de' : 'lottery.trend.sum')} />
      {!vn && (
        <div className="lt-run" role="list" aria-label={t('lottery.trend.bigSmall')}>
          {[...rows].reverse().map((r) => r.bigSmall && (
            <span key={r.numero} role="listitem" className={`lt-run__cell lt-run__cell--${r.bigSmall}`} title={`${r.numero}: ${t(`lottery.results.bigSmall.${r.bigSmall}`)}`}>
              {t(`lottery.results.bigSmall.${r.bigSmall}`).charAt(0)}
            </span>
          ))}
        </div>
      )}
      <DigitBars counts={counts} title={t('lottery.trend.digits', { count: rows.length })} />
      {vn && (
        <div className="lt-tails">
          <TailList title={t('lottery.trend.hot')} items={hot.map((x) => ({ tail: x.tail, note: t('lottery.trend.times', { count: x.count }) }))} tone="hot" />
          <TailList title={t('lottery.trend.cold')} items={cold.map((x) => ({ tail: x.tail, note: t('lottery.trend.missing', { count: x.missing }) }))} tone="cold" />
        </div>
      )}
    </div>
  );
}

function TailList({ title, items, tone }: { title: string; items: { tail: string; note: string }[]; tone: 'hot' | 'cold' }) {
  return (
    <section className={`lt-tails__box lt-tails__box--${tone}`}>
      <h3 className="lt-tails__title">{title}</h3>
      <ul className="lt-tails__list">
        {items.map((x) => (
          <li key={x.tail} className="lt-tails__item">
            <span className="lt-ball lt-ball--sm num" aria-hidden="true">{x.tail}</span>
            <span className="visually-hidden">{x.tail}: </span>
            <span className="lt-small lt-muted">{x.note}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
