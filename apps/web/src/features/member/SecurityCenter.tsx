/** securityCenter (default page): last login, bound contacts, withdrawal password, change password. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePopups } from '@/app/popups';
import { Icon } from '@/components/icons';
import { useSession } from '@/features/session/api';
import { usePaymentPassword } from '@/features/wallet/api';
import { PaymentPasswordForm } from '@/features/wallet/components/PaymentPasswordForm';
import { DateTime, ErrorState, Panel, SkeletonRows } from '@/features/wallet/components/ui';

export function SecurityCenter() {
  const { t } = useTranslation();
  const m = useSession().member;
  const popups = usePopups();
  const pwd = usePaymentPassword();
  const [editing, setEditing] = useState(false);
  const level = [m?.hasPassword, !!m?.mobile, !!m?.email, pwd.data?.isSet].filter(Boolean).length;
  const levelKey = level >= 4 ? 'high' : level >= 2 ? 'medium' : 'low';

  return (
    <div className="w-page" data-testid="page-securityCenter">
      <section className="w-stats">
        <div className="w-stat w-stat--main">
          <span className="w-stat__label">{t('member.security.level')}</span>
          <strong className={`w-stat__value w-stat__value--sm level--${levelKey}`}>{t(`member.security.levels.${levelKey}`)}</strong>
          <span className={`w-meter w-meter--${levelKey === 'high' ? 'ok' : 'warn'}`} aria-hidden="true"><span style={{ inlineSize: `${(level / 4) * 100}%` }} /></span>
        </div>
        <div className="w-stat">
          <span className="w-stat__label">{t('member.security.lastLogin')}</span>
          <strong className="w-stat__value w-stat__value--sm"><DateTime value={m?.lastLoginAt} /></strong>
          <small className="muted num" dir="ltr">{m?.lastLoginIp ?? '—'}</small>
        </div>
      </section>
      <Panel title={t('member.security.items')}>
        <ul className="w-sec-list">
          <li className="w-sec">
            <span className="w-sec__icon"><Icon name="lock" size={20} /></span>
            <span className="w-sec__main"><strong>{t('member.security.loginPassword')}</strong><small className="muted">{t('member.security.loginPasswordText')}</small></span>
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => popups.open('changePassword', undefined)}>{t('member.security.change')}</button>
          </li>
          <li className="w-sec">
            <span className="w-sec__icon"><Icon name="wallet" size={20} /></span>
            <span className="w-sec__main">
              <strong>{t('wallet.pwd.label')}</strong>
              <small className="muted">{pwd.data?.isSet ? t('member.security.paymentSet') : t('member.security.paymentNotSet')}</small>
            </span>
            {pwd.data && (
              <button type="button" className={`btn btn--sm ${pwd.data.isSet ? 'btn--ghost' : 'btn--primary'}`} onClick={() => setEditing((e) => !e)} aria-expanded={editing}>
                {pwd.data.isSet ? t('member.security.change') : t('member.security.setUp')}
              </button>
            )}
          </li>
          {editing && pwd.data && (
            <li className="w-sec w-sec--form">
              <PaymentPasswordForm isSet={pwd.data.isSet} onDone={() => setEditing(false)} />
            </li>
          )}
          {pwd.isPending && <li><SkeletonRows rows={1} cols={2} /></li>}
          {pwd.isError && <li><ErrorState error={pwd.error} onRetry={() => pwd.refetch()} /></li>}
          <li className="w-sec">
            <span className="w-sec__icon"><Icon name="chat" size={20} /></span>
            <span className="w-sec__main"><strong>{t('member.security.mobile')}</strong><small className="muted num" dir="ltr">{m?.mobile ?? t('member.security.notBound')}</small></span>
            <span className={`chip ${m?.mobile ? 'chip--ok' : 'chip--muted'}`}>{m?.mobile ? t('member.security.bound') : t('member.security.notBound')}</span>
          </li>
          <li className="w-sec">
            <span className="w-sec__icon"><Icon name="bell" size={20} /></span>
            <span className="w-sec__main"><strong>{t('member.security.email')}</strong><small className="muted" dir="ltr">{m?.email ?? t('member.security.notBound')}</small></span>
            <span className={`chip ${m?.email ? 'chip--ok' : 'chip--muted'}`}>{m?.email ? t('member.security.bound') : t('member.security.notBound')}</span>
          </li>
        </ul>
      </Panel>
    </div>
  );
}
