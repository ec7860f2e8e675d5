/**
 * vip (member centre): the member's level, totals, progress to the next level and every level with
 * its thresholds and one-time reward (claim when reached).
 */
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { vip as V } from '@lobby/contract';
import { Icon } from '@/components/icons';
import { formatMoney } from '@/lib/money';
import { showToast } from '@/lib/toast';
import { useSession } from '@/features/session';
import { apiErrorText, EmptyState, ErrorState, FormNote, Money, Panel, SkeletonRows } from '@/components/ui/kit';
import { useClaimVipReward, useVip } from './api';
import { VipProgress } from './VipStrip';
import '@/locales/missions';
import '@/components/ui/progress.css';
import './vip.css';

function RewardCell({ l }: { l: V.VipLevel }) {
  const { t } = useTranslation();
  const symbol = useSession().member?.currencySymbol;
  const claim = useClaimVipReward();
  const busy = useRef(false);
  if (l.rewardStatus === 'none') return <span className="muted">{t('vip.none')}</span>;
  const onClaim = () => {
    if (busy.current) return;
    busy.current = true;
    claim.mutate(l.level, {
      onSuccess: () => showToast(t('vip.claimedToast', { amount: formatMoney(l.reward, { symbol }) })),
      onSettled: () => { busy.current = false; },
    });
  };
  return (
    <div className="vip-reward">
      <Money value={l.reward} symbol={symbol} />
      {l.rewardStatus === 'claimable' ? (
        <button type="button" className="btn btn--primary btn--sm" onClick={onClaim} disabled={claim.isPending} data-testid="vip-claim">
          <Icon name="gift" size={14} /> {t('vip.claim')}
        </button>
      ) : (
        <span className={`m-label m-label--${l.rewardStatus === 'claimed' ? 'claimed' : 'progress'}`}>{t(`vip.${l.rewardStatus}`)}</span>
      )}
      {claim.isError && <FormNote>{apiErrorText(claim.error)}</FormNote>}
    </div>
  );
}

export default function VipPage() {
  const { t } = useTranslation();
  const q = useVip();
  const symbol = useSession().member?.currencySymbol;
  if (q.isError) return <Panel><ErrorState error={q.error} onRetry={() => void q.refetch()} /></Panel>;
  if (!q.data) return <Panel><SkeletonRows rows={6} cols={4} /></Panel>;
  const s = q.data;
  return (
    <div className="vip-page" data-testid="page-vip" data-level={s.level}>
      <section className="vip-hero">
        <div className="vip-hero__level">
          <span className="muted">{t('vip.current')}</span>
          <span className="vip-badge vip-badge--lg" data-testid="vip-label"><Icon name="crown" size={24} /> {s.label}</span>
          <dl className="vip-totals">
            <div><dt className="muted">{t('vip.deposit')}</dt><dd><Money value={s.totals.deposit} symbol={symbol} /></dd></div>
            <div><dt className="muted">{t('vip.validBet')}</dt><dd><Money value={s.totals.validBet} symbol={symbol} /></dd></div>
          </dl>
        </div>
        <VipProgress s={s} />
      </section>
      <Panel title={t('vip.levels')}>
        {!s.levels.length ? <EmptyState icon="crown" title={t('vip.none')} /> : (
          <div className="vip-table-wrap">
            <table className="m-board vip-table">
              <thead>
                <tr>
                  <th scope="col">{t('vip.level')}</th>
                  <th scope="col" className="num">{t('vip.minDeposit')}</th>
                  <th scope="col" className="num">{t('vip.minValidBet')}</th>
                  <th scope="col">{t('vip.reward')}</th>
                </tr>
              </thead>
              <tbody>
                {s.levels.map((l) => (
                  <tr key={l.level} className={l.level === s.level ? 'is-me' : ''} data-testid="vip-level" data-level={l.level} data-reward={l.rewardStatus}>
                    <td><span className="vip-badge" data-level={l.level}>{l.label}</span></td>
                    <td className="num" data-label={t('vip.minDeposit')}><Money value={l.minDeposit} symbol={symbol} /></td>
                    <td className="num" data-label={t('vip.minValidBet')}><Money value={l.minValidBet} symbol={symbol} /></td>
                    <td data-label={t('vip.reward')}><RewardCell l={l} /></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <p className="muted m-hint"><Icon name="info" size={14} /> {t('vip.rules')}</p>
      </Panel>
    </div>
  );
}
