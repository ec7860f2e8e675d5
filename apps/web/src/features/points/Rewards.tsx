/** The rewards grid of the points mall and the redeem button of each card. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { points as P } from '@lobby/contract';
import { useLoginPopup } from '@/features/session';
import { EmptyState, ErrorState } from '@/components/ui/kit';
import { useRewards } from './api';
import { RedeemDialog } from './RedeemDialog';
import { formatPoints } from './logic';

/** Why a reward cannot be redeemed now (null = it can). */
export function blockedReason(r: P.Reward): 'soldOut' | 'limit' | null {
  if (r.stock <= 0) return 'soldOut';
  if (r.perMemberLimit !== null && r.redeemed >= r.perMemberLimit) return 'limit';
  return null;
}

function RewardCard({ r, canRedeem, onRedeem }: { r: P.Reward; canRedeem: boolean; onRedeem: () => void }) {
  const { t } = useTranslation();
  const blocked = blockedReason(r);
  return (
    <li className="pm-card" data-testid="reward-card" data-id={r.id} data-kind={r.kind}>
      <div className="pm-card__art">
        <img src={r.image} alt="" loading="lazy" />
        <span className={`pm-card__kind pm-card__kind--${r.kind}`}>{t(`points.kind.${r.kind}`)}</span>
      </div>
      <div className="pm-card__body">
        <h2 className="pm-card__name">{r.name}</h2>
        <p className="pm-card__desc muted">{r.description}</p>
        <p className="pm-card__cost"><strong className="num">{formatPoints(r.cost)}</strong> {t('points.unit')}</p>
        <p className="pm-card__meta muted">
          {t('points.stock', { count: r.stock })}
          {r.perMemberLimit !== null && <> · {t('points.limit', { count: r.perMemberLimit })}</>}
        </p>
        <button type="button" className="btn btn--primary btn--sm pm-card__btn" data-testid="reward-redeem" disabled={canRedeem && !!blocked} onClick={onRedeem}>
          {canRedeem ? (blocked ? t(`points.blocked.${blocked}`) : t('points.redeem')) : t('points.loginToRedeem')}
        </button>
      </div>
    </li>
  );
}

export function RewardsGrid({ canRedeem }: { canRedeem: boolean }) {
  const { t } = useTranslation();
  const q = useRewards();
  const [open, setOpen] = useState<P.Reward | null>(null);
  const login = useLoginPopup();
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <ul className="pm-grid" aria-busy="true">{[0, 1, 2].map((i) => <li key={i} className="pm-card pm-card--skeleton" />)}</ul>;
  if (q.data.list.length === 0) return <EmptyState icon="gift" title={t('points.empty')} />;
  return (
    <>
      <ul className="pm-grid">
        {q.data.list.map((r) => (
          <RewardCard key={r.id} r={r} canRedeem={canRedeem} onRedeem={() => (canRedeem ? setOpen(r) : login.openLogin({ returnTo: '/pointMall' }))} />
        ))}
      </ul>
      {open && <RedeemDialog reward={open} onClose={() => setOpen(null)} />}
    </>
  );
}

