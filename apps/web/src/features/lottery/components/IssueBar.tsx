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

/** Picks every province of the draw time at once (the slip goes on each). */
export const ALL_PROVINCES = '*';

/** The provinces drawing at the current draw time (VN south and centre: 2-4 issues): one to pick, or all of them. */
function Provinces({ issues, issue, all, onPick }: { issues: lottery.Draw[]; issue: lottery.Draw; all: boolean; onPick: (numero: string) => void }) {
  const { t } = useTranslation();
  if (issues.length < 2) return null;
  const pill = (numero: string, label: string, on: boolean) => (
    <button key={numero} type="button" role="radio" aria-checked={on} className={`pill${on ? ' is-active' : ''}`} data-numero={numero} onClick={() => onPick(numero)}>
      {label}
    </button>
  );
  return (
    <div className="lt-provinces" role="radiogroup" aria-label={t('lottery.issue.province')} data-testid="provinces">
      {issues.map((i) => pill(i.numero, i.province?.name ?? i.numero, !all && i.numero === issue.numero))}
      {pill(ALL_PROVINCES, t('lottery.issue.allProvinces', { count: issues.length }), all)}
    </div>
  );
}

export function IssueBar({ data, now, issue, issues, all = false, onPick }: {
  data: CurrentIssue; now: number; issue: lottery.Draw | null; issues: lottery.Draw[]; all?: boolean; onPick: (numero: string) => void;
}) {
  const { t } = useTranslation();
  const { last, gmtOffsetMinutes: offset } = data;
  const current = issue;
  const open = current?.status === 'open' && Date.parse(current.closesAt) > now;
  return (
    <div className="lt-issue" data-testid="issue-bar">
      <div className="lt-issue__now">
        {current ? (
          <>
            <p className="lt-issue__label">{t('lottery.issue.current')}</p>
            <p className="lt-issue__numero num" data-testid="numero" dir="ltr">{current.numero}</p>
            {current.province && (
              <p className="lt-issue__province" data-testid="province">
                {all ? issues.map((i) => i.province?.name ?? i.numero).join(' · ') : current.province.name}
              </p>
            )}
            <Provinces issues={issues} issue={current} all={all} onPick={onPick} />
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
          {current.seedHash ? (
            <p className="lt-issue__hash" title={t('lottery.issue.seedHash')}>
              <span className="visually-hidden">{t('lottery.issue.seedHash')}: </span>
              <code dir="ltr">{current.seedHash.slice(0, 16)}…</code>
            </p>
          ) : (
            <p className="lt-muted lt-small" data-testid="official-note">{t('lottery.issue.official')}</p>
          )}
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
