/**
 * rewardCenter (member centre): running promotions with the member's label, reward and button
 * (join, claim…), how many can be claimed now, and the claim list.
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { wallet } from '@lobby/contract';
import { useBrand } from '@/lib/system';
import { useBalance } from '@/features/wallet';
import { Icon } from '@/components/icons';
import { DateTime, EmptyState, ErrorState, Money, Panel, SkeletonRows } from '@/components/ui/kit';
import { ActivityAction, LabelChip } from './ActivityAction';
import { useClaimList, useRewardCenter } from './api';
import './locale';
import './promotions.css';

function ClaimList() {
  const { t } = useTranslation();
  const q = useClaimList();
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <SkeletonRows rows={3} />;
  if (!q.data.list.length) return <EmptyState icon="receipt" title={t('promotions.center.noClaims')} />;
  return (
    <ul className="reward-claims" data-testid="reward-claims">
      {q.data.list.map((c) => (
        <li key={c.id} className="reward-claims__row">
          <span className="reward-claims__title">{c.title}</span>
          <LabelChip label={c.status} />
          {c.status === 'claimed' || c.amount !== '0.00' ? <Money value={c.amount} /> : <span className="muted">—</span>}
          <span className="muted"><DateTime value={c.claimedAt ?? c.createdAt} /></span>
        </li>
      ))}
    </ul>
  );
}

/** The bonus wallet, where claimed rewards land (moves live with the balance push). */
function BonusWallet() {
  const { t } = useTranslation();
  const balance = useBalance();
  const brand = useBrand();
  const bonus = balance.data?.balance.find((b) => b.accountTypeId === wallet.ACCOUNT_TYPE.bonus)?.availBalance ?? '0.00';
  return (
    <div className="reward-wallet">
      <Icon name="wallet" size={22} />
      <span className="muted">{t('promotions.center.bonusWallet')}</span>
      <span data-testid="bonus-wallet">
        <Money value={bonus} symbol={balance.data?.currencySymbol ?? brand?.currency.symbol} className="reward-wallet__amount" />
      </span>
    </div>
  );
}

export default function RewardCenter() {
  const { t } = useTranslation();
  const q = useRewardCenter();
  return (
    <div className="reward-center" data-testid="page-rewardCenter">
      <BonusWallet />
      <Panel
        title={t('promotions.center.running')}
        actions={q.data && <span className="promo-label promo-label--action" data-testid="reward-available">{t('promotions.center.available', { count: q.data.availableCount })}</span>}
      >
        {q.isError ? (
          <ErrorState error={q.error} onRetry={() => void q.refetch()} />
        ) : !q.data ? (
          <SkeletonRows rows={4} />
        ) : !q.data.list.length ? (
          <EmptyState icon="gift" title={t('promotions.empty')} />
        ) : (
          <ul className="reward-list">
            {q.data.list.map((p) => (
              <li key={p.id} className="reward-item" data-testid="reward-item" data-id={p.id} data-category={p.category}>
                <img className="reward-item__art" src={p.image} alt="" loading="lazy" />
                <div className="reward-item__main">
                  <Link to={`/promotions#${p.id}`} className="reward-item__title">{p.title}</Link>
                  <p className="muted reward-item__summary">{p.summary}</p>
                  {p.mine && p.mine.amount !== '0.00' && (
                    <p className="reward-item__amount">
                      {t(p.mine.label === 'claimed' ? 'promotions.mine.claimed' : 'promotions.mine.amount')}: <Money value={p.mine.amount} />
                    </p>
                  )}
                </div>
                <ActivityAction promotion={p} size="sm" />
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel title={t('promotions.center.claims')}>
        <ClaimList />
      </Panel>
    </div>
  );
}
