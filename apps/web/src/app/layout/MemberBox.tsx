/** Member info in the header: name, VIP label, balance (2 decimals, eye toggle to hide as ***). */
import { useState } from 'react';
import { usePopups } from '@/components/popups';
import { LogoutConfirm, useMember, useSession } from '@/features/session';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/icons';
import { formatMoney } from '@/lib/money';
import { useHiddenBalance } from '@/lib/hidden-balance';
import { Dropdown } from './Dropdown';
import './member-box.css';

export function MemberBox() {
  const { t } = useTranslation();
  const session = useSession();
  const memberQuery = useMember();
  const [hidden, toggle] = useHiddenBalance();
  const popups = usePopups();
  const [confirmLogout, setConfirmLogout] = useState(false);
  const m = session.member;
  const name = m?.nickname || m?.userName || m?.account || '';

  return (
    <div className="member-box">
      <div className="member-box__balance" aria-live="polite">
        <Icon name="wallet" size={18} className="member-box__wallet" />
        <span className="member-box__amount" dir="ltr" data-testid="balance">
          {m ? formatMoney(m.balance, { hidden, symbol: m.currencySymbol }) : '—'}
        </span>
        <button type="button" className="icon-btn icon-btn--sm" onClick={toggle} aria-pressed={hidden} aria-label={hidden ? t('header.showBalance') : t('header.hideBalance')}>
          <Icon name={hidden ? 'eyeOff' : 'eye'} size={18} />
        </button>
        <button
          type="button"
          className={`icon-btn icon-btn--sm ${memberQuery.isFetching ? 'is-spinning' : ''}`}
          onClick={() => memberQuery.refetch()}
          aria-label={t('header.refreshBalance')}
        >
          <Icon name="refresh" size={16} />
        </button>
      </div>
      <Dropdown
        label={name || t('header.account')}
        icon={<span className="avatar" aria-hidden="true">{name.slice(0, 1).toUpperCase() || '?'}</span>}
        buttonClassName="member-box__who"
        showLabel
        badge={session.trial ? <span className="tag tag--trial" data-testid="trial-badge">{t('header.trial')}</span> : undefined}
      >
        {(close) => (
          <>
            <div className="dropdown__head">
              <strong>{name}</strong>
              {m?.vip && <span className="tag tag--gold">{m.vipLabel || 'VIP'}</span>}
              {session.trial && <span className="tag">{t('header.trial')}</span>}
            </div>
            {session.agent && (
              <Link to="/agentHome" className="dropdown__item" onClick={close}>
                <Icon name="crown" size={18} /> {t('memberMenu.agent')}
              </Link>
            )}
            <Link to="/member?tab=personalHistoryCopy" className="dropdown__item" onClick={close}>
              <Icon name="receipt" size={18} /> {t('memberMenu.bettingRecord')}
            </Link>
            <Link to="/member?tab=transactionHistory" className="dropdown__item" onClick={close}>
              <Icon name="wallet" size={18} /> {t('memberMenu.accountRecord')}
            </Link>
            <Link to="/member?tab=personalProfit" className="dropdown__item" onClick={close}>
              <Icon name="trophy" size={18} /> {t('memberMenu.personalLoss')}
            </Link>
            <Link to="/member?tab=rewardCenter" className="dropdown__item" onClick={close}>
              <Icon name="gift" size={18} /> {t('memberMenu.rewardCenter')}
              {m && m.availablePromoCount > 0 && <span className="badge badge--inline">{m.availablePromoCount}</span>}
            </Link>
            <Link to="/member" className="dropdown__item" onClick={close}>
              <Icon name="user" size={18} /> {t('memberMenu.myAccount')}
            </Link>
            {!session.trial && (
              <button
                type="button"
                className="dropdown__item"
                onClick={() => {
                  close();
                  popups.open('changePassword', undefined);
                }}
              >
                <Icon name="lock" size={18} /> {t('memberMenu.changePassword')}
              </button>
            )}
            <button
              type="button"
              className="dropdown__item dropdown__item--danger"
              onClick={() => {
                close();
                setConfirmLogout(true);
              }}
            >
              <Icon name="logout" size={18} /> {t('memberMenu.logout')}
            </button>
          </>
        )}
      </Dropdown>
      {confirmLogout && <LogoutConfirm onClose={() => setConfirmLogout(false)} />}
    </div>
  );
}
