/**
 * missionLeaderboard (member centre, §2): the daily and weekly missions and the milestones with
 * their progress bars and claim buttons, the VIP strip, and the valid-bet leaderboard of today or
 * this week with the member's own rank. Its menu badge is the count of claimable missions.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { missions as M } from '@lobby/contract';
import { Icon } from '@/components/icons';
import { formatMoney } from '@/lib/money';
import { showToast } from '@/lib/toast';
import { useSession } from '@/features/session';
import { apiErrorText, DateTime, EmptyState, ErrorState, FormNote, Money, Panel, SkeletonRows } from '@/components/ui/kit';
import { VipStrip } from '@/features/vip';
import { useClaimMission, useLeaderboard, useMissionSummary } from './api';
import '@/locales/missions';
import '@/components/ui/progress.css';
import './missions.css';

export function ProgressBar({ percent, label, tone = 'gold' }: { percent: number; label: string; tone?: 'gold' | 'done' }) {
  return (
    <div className={`m-bar m-bar--${tone}`} role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={label}>
      <span className="m-bar__fill" style={{ inlineSize: `${percent}%` }} />
    </div>
  );
}

function MissionCard({ m }: { m: M.Mission }) {
  const { t } = useTranslation();
  const symbol = useSession().member?.currencySymbol;
  const claim = useClaimMission();
  const busy = useRef(false);
  const money = m.kind === 'validBet' || m.kind === 'depositAmount';
  const fmt = (v: string) => (money ? formatMoney(v, { symbol }) : v);
  const progressText = t('missions.progress', { progress: fmt(m.progress), target: fmt(m.target) });
  const onClaim = () => {
    if (busy.current) return;
    busy.current = true;
    claim.mutate(m.id, {
      onSuccess: (r) => showToast(t('missions.claimedToast', { amount: formatMoney(r.reward, { symbol }) })),
      onSettled: () => { busy.current = false; },
    });
  };
  return (
    <li className={`m-card is-${m.status}`} data-testid="mission" data-id={m.id} data-kind={m.kind} data-period={m.period} data-status={m.status}>
      <span className="m-card__icon" aria-hidden="true"><Icon name={m.status === 'claimed' ? 'star' : m.kind.startsWith('deposit') ? 'wallet' : m.kind === 'games' ? 'gamepad' : 'flame'} size={20} /></span>
      <div className="m-card__main">
        <p className="m-card__title">{m.title}</p>
        <ProgressBar percent={m.percent} label={progressText} tone={m.status === 'progress' ? 'gold' : 'done'} />
        <p className="m-card__facts">
          <span className="num" data-testid="mission-progress">{progressText}</span>
          <span className="m-card__reward">{t('missions.reward')}: <Money value={m.reward} symbol={symbol} /></span>
        </p>
      </div>
      <div className="m-card__action">
        {m.status === 'claimable' ? (
          <button type="button" className="btn btn--primary btn--sm" onClick={onClaim} disabled={claim.isPending} data-testid="mission-claim">
            <Icon name="gift" size={16} /> {t('missions.claim')}
          </button>
        ) : (
          <span className={`m-label m-label--${m.status}`}>{t(`missions.status.${m.status}`)}</span>
        )}
        {claim.isError && <FormNote>{apiErrorText(claim.error)}</FormNote>}
      </div>
    </li>
  );
}

function Missions() {
  const { t } = useTranslation();
  const q = useMissionSummary();
  if (q.isError) return <Panel><ErrorState error={q.error} onRetry={() => void q.refetch()} /></Panel>;
  if (!q.data) return <Panel><SkeletonRows rows={5} cols={3} /></Panel>;
  if (!q.data.list.length) return <Panel><EmptyState icon="flame" title={t('missions.empty')} /></Panel>;
  return (
    <>
      {(['daily', 'weekly', 'milestone'] as const).map((period) => {
        const list = q.data.list.filter((m) => m.period === period);
        if (!list.length) return null;
        const endsAt = list[0].endsAt;
        return (
          <Panel
            key={period}
            testId={`missions-${period}`}
            title={t(`missions.periods.${period}`)}
            actions={endsAt && <span className="muted m-reset">{t('missions.endsIn')} <DateTime value={endsAt} /></span>}
          >
            <ul className="m-list">{list.map((m) => <MissionCard key={m.id} m={m} />)}</ul>
          </Panel>
        );
      })}
      <p className="muted m-hint"><Icon name="info" size={14} /> {t('missions.hint')}</p>
    </>
  );
}

function Leaderboard() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<(typeof M.LEADERBOARD_PERIODS)[number]>('daily');
  const q = useLeaderboard(period);
  const symbol = useSession().member?.currencySymbol;
  return (
    <Panel
      testId="leaderboard"
      title={<span className="m-board-title"><Icon name="trophy" size={18} /> {t('missions.board.title')}</span>}
      actions={
        <div className="m-tabs" role="tablist">
          {(['daily', 'weekly'] as const).map((p) => (
            <button key={p} type="button" role="tab" aria-selected={p === period} className={`m-chip ${p === period ? 'is-active' : ''}`} onClick={() => setPeriod(p)}>
              {t(`missions.board.${p}`)}
            </button>
          ))}
        </div>
      }
    >
      {q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <SkeletonRows rows={5} cols={3} />
      ) : (
        <>
          <div className="m-mine" data-testid="leaderboard-mine">
            <span className="muted">{t('missions.board.mine')}</span>
            {q.data.mine.rank ? (
              <>
                <strong className="m-mine__rank num">#{q.data.mine.rank}</strong>
                <Money value={q.data.mine.validBet} symbol={symbol} />
              </>
            ) : (
              <span>{t('missions.board.unranked')}</span>
            )}
          </div>
          {!q.data.list.length ? (
            <EmptyState icon="trophy" title={t('missions.board.empty')} />
          ) : (
            <table className="m-board">
              <thead>
                <tr><th scope="col">{t('missions.board.rank')}</th><th scope="col">{t('missions.board.player')}</th><th scope="col" className="num">{t('missions.board.validBet')}</th></tr>
              </thead>
              <tbody>
                {q.data.list.map((e) => (
                  <tr key={e.rank} className={e.me ? 'is-me' : ''} data-testid="leaderboard-row" data-me={e.me || undefined}>
                    <td><span className={`m-rank m-rank--${e.rank <= 3 ? e.rank : 'n'}`}>{e.rank}</span></td>
                    <td>{e.name}{e.me && <span className="tag tag--gold m-you">{t('missions.board.you')}</span>}</td>
                    <td className="num"><Money value={e.validBet} symbol={symbol} /></td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </Panel>
  );
}

export default function MissionLeaderboard() {
  return (
    <div className="missions-page" data-testid="page-missionLeaderboard">
      <VipStrip />
      <div className="missions-page__grid">
        <div className="missions-page__col"><Missions /></div>
        <div className="missions-page__col"><Leaderboard /></div>
      </div>
    </div>
  );
}
