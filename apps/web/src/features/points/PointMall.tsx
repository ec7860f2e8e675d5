/**
 * /pointMall (§2, §3 points): the brand's rewards for everyone; a visitor is asked to log in to
 * redeem. A member sees the points balance, the rewards grid with the redeem popup, the redeem
 * history (§4 states in process / approved / rejected), points details and convert to balance.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/icons';
import { useLoginPopup } from '@/features/session';
import { ErrorState } from '@/components/ui/kit';
import { usePointSummary, usePointsMember } from './api';
import { ConvertPanel } from './ConvertPanel';
import { PointDetails, RedeemHistory } from './Records';
import { RewardsGrid } from './Rewards';
import '@/components/ui/locale';
import '@/components/ui/form.css';
import '@/components/ui/kit.css';
import './locale';
import './points.css';
import { formatPoints } from './logic';

const TABS = ['rewards', 'history', 'details', 'convert'] as const;
type Tab = (typeof TABS)[number];

function BalanceCard() {
  const { t } = useTranslation();
  const s = usePointSummary(true);
  if (s.isError) return <ErrorState error={s.error} onRetry={() => void s.refetch()} />;
  const v = s.data;
  return (
    <section className="pm-balance" data-testid="points-balance" aria-busy={!v}>
      <div className="pm-balance__main">
        <span className="pm-balance__label">{t('points.balance')}</span>
        <strong className="pm-balance__value num" data-testid="points-balance-value">{v ? formatPoints(v.balance) : '…'}</strong>
      </div>
      {v && (
        <dl className="pm-balance__facts">
          <div><dt>{t('points.earned')}</dt><dd className="num">{formatPoints(v.earned)}</dd></div>
          <div><dt>{t('points.ratio')}</dt><dd>{t('points.ratioValue', { amount: `${v.currencySymbol}${v.validBetPerPoint}` })}</dd></div>
          <div><dt>{t('points.carry')}</dt><dd className="num">{v.currencySymbol}{v.carry}</dd></div>
        </dl>
      )}
    </section>
  );
}

export default function PointMall() {
  const { t } = useTranslation();
  const who = usePointsMember();
  const login = useLoginPopup();
  const [tab, setTab] = useState<Tab>('rewards');
  const current = who.member ? tab : 'rewards';
  return (
    <div className="pm-page" data-testid="page-pointMall">
      <header className="pm-head">
        <h1 className="pm-title"><Icon name="crown" /> {t('points.title')}</h1>
        {who.member && (
          <div className="pm-tabs" role="tablist" aria-label={t('points.title')}>
            {TABS.map((k) => (
              <button key={k} type="button" role="tab" aria-selected={k === current} data-tab={k} className={`pm-tab ${k === current ? 'is-active' : ''}`} onClick={() => setTab(k)}>
                {t(`points.tab.${k}`)}
              </button>
            ))}
          </div>
        )}
      </header>
      {who.member ? <BalanceCard /> : !who.pending && (
        <section className="pm-visitor" data-testid="points-visitor">
          <p>{t(who.trial ? 'points.trial' : 'points.visitor')}</p>
          {!who.trial && (
            <button type="button" className="btn btn--primary" onClick={() => login.openLogin({ returnTo: '/pointMall' })} data-testid="points-login">
              <Icon name="user" size={16} /> {t('points.login')}
            </button>
          )}
        </section>
      )}
      {current === 'rewards' && <RewardsGrid canRedeem={who.member} />}
      {current === 'history' && <RedeemHistory />}
      {current === 'details' && <PointDetails />}
      {current === 'convert' && <ConvertPanel />}
    </div>
  );
}
