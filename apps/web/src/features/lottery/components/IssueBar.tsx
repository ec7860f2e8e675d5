/**
 * The head of a game page: the current issue (numero) with a live countdown to the cut-off (or
 * "closed, waiting for the draw"), the draw time, the seed hash published before the draw, and
 * the last result.
 */
import { useTranslation } from 'react-i18next';
import type { lottery } from '@lobby/contract';
import { formatDateTime } from '@/lib/format';
import type { CurrentIssue } from '../api';
import { Balls, Countdown, DrawChip } from './bits';

export function ResultFacts({ draw }: { draw: lottery.OpenedDraw }) {
  const { t } = useTranslation();
  if (draw.sum === null) return null;
  return (
    <span className="lt-facts">
      <span className="chip chip--muted num">{t('lottery.issue.sumLine', { sum: draw.sum })}</span>
      {draw.bigSmall && <span className={`chip chip--${draw.bigSmall === 'big' ? 'warn' : 'info'}`}>{t(`lottery.results.bigSmall.${draw.bigSmall}`)}</span>}
      {draw.oddEven && <span className="chip chip--muted">{t(`lottery.results.oddEven.${draw.oddEven}`)}</span>}
    </span>
  );
}

export function IssueBar({ data, now }: { data: CurrentIssue; now: number }) {
  const { t } = useTranslation();
  const { current, last, gmtOffsetMinutes: offset } = data;
  const open = current?.status === 'open' && Date.parse(current.closesAt) > now;
  return (
    <div className="lt-issue" data-testid="issue-bar">
      <div className="lt-issue__now">
        {current ? (
          <>
            <p className="lt-issue__label">{t('lottery.issue.current')}</p>
            <p className="lt-issue__numero num" data-testid="numero" dir="ltr">{current.numero}</p>
            <p className="lt-muted lt-small">{t('lottery.issue.drawAt', { time: formatDateTime(current.drawAt, offset) })}</p>
          </>
        ) : (
          <p className="lt-muted">{t('lottery.issue.none')}</p>
        )}
      </div>
      {current && (
        <div className="lt-issue__clock">
          {open ? (
            <>
              <p className="lt-issue__label">{t('lottery.issue.closesIn')}</p>
              <Countdown to={current.closesAt} now={now} label={t('lottery.issue.closesIn')} />
            </>
          ) : (
            <>
              <DrawChip status={current.status === 'open' ? 'closed' : current.status} />
              <p className="lt-muted lt-small">{t('lottery.issue.closed')}</p>
            </>
          )}
          <p className="lt-issue__hash" title={t('lottery.issue.seedHash')}>
            <span className="visually-hidden">{t('lottery.issue.seedHash')}: </span>
            <code dir="ltr">{current.seedHash.slice(0, 16)}…</code>
          </p>
        </div>
      )}
      <div className="lt-issue__last">
        <p className="lt-issue__label">
          {t('lottery.issue.last')}
          {last && <span className="num lt-muted" dir="ltr"> · {last.numero}</span>}
        </p>
        {last && last.special ? (
          <>
            <Balls value={last.special} size="lg" label={`${t('lottery.issue.last')}: ${last.special}`} />
            <ResultFacts draw={last} />
          </>
        ) : last?.status === 'void' ? (
          <DrawChip status="void" />
        ) : (
          <p className="lt-muted">{t('lottery.issue.noLast')}</p>
        )}
      </div>
    </div>
  );
}
