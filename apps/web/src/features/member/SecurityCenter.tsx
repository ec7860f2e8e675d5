/**
 * securityCenter (§2 default member page): avatar, security level, previous login, the security
 * items (login password, withdrawal password, mobile, e-mail, real name) each with its popup, and
 * the personal information of §3. Values the server masks stay masked.
 */
import '../../locales/member';
import './security.css';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Modal } from '@/components/Modal';
import { usePopups } from '@/components/popups';
import { Icon, type IconName } from '@/components/icons';
import { useSession } from '@/features/session';
import { useCountries } from '@/lib/system';
import { PaymentPasswordForm, usePaymentPassword } from '@/features/wallet';
import { DateTime, ErrorState, Panel, SkeletonRows } from '@/components/ui/kit';
import { profileKeys, useSecurityProfile, type SecurityProfile } from './api';
import { AvatarPicker } from './components/AvatarPicker';
import { BindForm, type BindChannel } from './components/BindForm';
import { ProfileForm } from './components/ProfileForm';
import { ResetPaymentForm } from './components/ResetPaymentForm';

type Dialog = null | 'profile' | 'payment' | BindChannel;

export function SecurityCenter() {
  const { t } = useTranslation();
  const q = useSecurityProfile();
  const [dialog, setDialog] = useState<Dialog>(null);
  if (q.isPending) return <div className="w-panel" data-testid="page-securityCenter"><SkeletonRows rows={6} cols={2} /></div>;
  if (q.isError) return <div data-testid="page-securityCenter"><ErrorState error={q.error} onRetry={() => q.refetch()} /></div>;
  const p = q.data;
  const close = () => setDialog(null);
  return (
    <div className="w-page sec-page" data-testid="page-securityCenter">
      <Overview profile={p} />
      <SecurityItems profile={p} open={setDialog} />
      <ProfilePanel profile={p} onEdit={() => setDialog('profile')} />
      {dialog === 'profile' && (
        <Modal title={t('security.profile')} onClose={close} size="lg">
          <ProfileForm profile={p} onDone={close} />
        </Modal>
      )}
      {(dialog === 'sms' || dialog === 'email') && (
        <Modal title={t(`security.${(dialog === 'sms' ? p.mobile : p.email) ? 'changeTitle' : 'bindTitle'}.${dialog}`)} onClose={close} size="sm">
          <BindForm channel={dialog} profile={p} onDone={close} />
        </Modal>
      )}
      {dialog === 'payment' && <PaymentDialog profile={p} onClose={close} />}
    </div>
  );
}

function Overview({ profile: p }: { profile: SecurityProfile }) {
  const { t } = useTranslation();
  const m = useSession().member;
  const name = m?.nickname || m?.userName || '';
  const countries = useCountries().data;
  const country = p.lastLogin?.country ? countries?.find((c) => c.countryCode === p.lastLogin!.country)?.name ?? p.lastLogin.country : null;
  return (
    <section className="w-panel sec-overview" aria-label={t('security.overview')}>
      <AvatarPicker url={p.avatarUrl} name={name} />
      <div className="sec-level" data-testid="security-level" data-level={p.level}>
        <span className="w-stat__label">{t('security.level')}</span>
        <strong className={`sec-level__value level--${p.level}`}>{t(`security.levels.${p.level}`)}</strong>
        <span className={`w-meter w-meter--${p.level === 'high' ? 'ok' : 'warn'}`} role="meter" aria-valuemin={0} aria-valuemax={p.maxScore} aria-valuenow={p.score} aria-label={t('security.level')}>
          <span style={{ inlineSize: `${(p.score / p.maxScore) * 100}%` }} />
        </span>
        <small className="muted">{t('security.score', { score: p.score, max: p.maxScore })} · {t(`security.levelHint.${p.level}`)}</small>
      </div>
      <div className="sec-login">
        <span className="w-stat__label">{t('security.lastLogin')}</span>
        {p.lastLogin ? (
          <>
            <strong className="sec-login__time"><DateTime value={p.lastLogin.at} /></strong>
            <small className="muted num" dir="ltr">{p.lastLogin.ip}{country ? ` · ${country}` : ''}</small>
          </>
        ) : (
          <small className="muted">{t('security.firstLogin')}</small>
        )}
      </div>
    </section>
  );
}

function Item({ icon, title, text, done, action, testId, contact = false }: { icon: IconName; title: string; text: ReactNode; done: boolean; action: ReactNode; testId: string; contact?: boolean }) {
  const { t } = useTranslation();
  const chip = contact ? (done ? t('security.bound') : t('security.notBound')) : done ? t('security.set') : t('security.notSet');
  return (
    <li className="w-sec" data-testid={testId}>
      <span className={`w-sec__icon ${done ? 'is-done' : ''}`}><Icon name={icon} size={20} /></span>
      <span className="w-sec__main">
        <strong>{title} <span className={`chip ${done ? 'chip--ok' : 'chip--muted'}`}>{chip}</span></strong>
        <small className="muted">{text}</small>
      </span>
      {action}
    </li>
  );
}

function SecurityItems({ profile: p, open }: { profile: SecurityProfile; open: (d: Dialog) => void }) {
  const { t } = useTranslation();
  const popups = usePopups();
  const btn = (done: boolean, onClick: () => void, label?: string) => (
    <button type="button" className={`btn btn--sm ${done ? 'btn--ghost' : 'btn--primary'}`} onClick={onClick}>
      {label ?? (done ? t('security.change') : t('security.bind'))}
    </button>
  );
  return (
    <Panel title={t('security.items')}>
      <ul className="w-sec-list">
        <Item icon="lock" testId="sec-loginPassword" title={t('security.item.loginPassword')} done={p.items.loginPassword}
          text={p.items.loginPassword ? t('security.item.loginPasswordText') : t('security.item.loginPasswordNone')}
          action={btn(p.items.loginPassword, () => popups.open('changePassword', undefined), p.items.loginPassword ? t('security.change') : t('security.setUp'))} />
        <Item icon="wallet" testId="sec-paymentPassword" title={t('security.item.paymentPassword')} done={p.items.paymentPassword}
          text={p.items.paymentPassword ? t('security.item.paymentSet') : t('security.item.paymentNotSet')}
          action={btn(p.items.paymentPassword, () => open('payment'), p.items.paymentPassword ? t('security.change') : t('security.setUp'))} />
        <Item icon="chat" testId="sec-mobile" contact title={t('security.item.mobile')} done={p.items.mobile}
          text={<span dir="ltr" className="num">{p.mobile ?? t('security.notBound')}</span>} action={btn(p.items.mobile, () => open('sms'))} />
        <Item icon="bell" testId="sec-email" contact title={t('security.item.email')} done={p.items.email}
          text={<span dir="ltr">{p.email ?? t('security.notBound')}</span>} action={btn(p.items.email, () => open('email'))} />
        <Item icon="user" testId="sec-realName" title={t('security.item.realName')} done={p.items.realName}
          text={p.items.realName ? `${p.fields.find((f) => f.field === 'realName')?.value ?? ''} · ${t('security.item.realNameText')}` : t('security.item.realNameText')}
          action={p.items.realName ? <Icon name="lock" size={18} className="muted" aria-label={t('security.locked')} /> : btn(false, () => open('profile'), t('security.setUp'))} />
      </ul>
    </Panel>
  );
}

function ProfilePanel({ profile: p, onEdit }: { profile: SecurityProfile; onEdit: () => void }) {
  const { t } = useTranslation();
  const countries = useCountries().data;
  const shown = (f: SecurityProfile['fields'][number]) => {
    if (!f.value) return <span className="muted">{t('security.notSet')}</span>;
    if (f.field === 'sourceOfIncome') return t(`security.income.${f.value}`);
    if (f.field === 'nationality') return countries?.find((c) => c.countryCode === f.value)?.name ?? f.value;
    return <span dir="auto">{f.value}</span>;
  };
  return (
    <Panel title={t('security.profile')} testId="profile-panel"
      actions={<button type="button" className="btn btn--ghost btn--sm" onClick={onEdit}><Icon name="user" size={16} /> {t('security.edit')}</button>}>
      <dl className="sec-fields">
        {p.fields.map((f) => (
          <div key={f.field} className="sec-fields__row" data-field={f.field}>
            <dt>{t(`security.fields.${f.field}`)}</dt>
            <dd>{shown(f)} {!f.editable && <Icon name="lock" size={14} className="muted" aria-label={t('security.locked')} />}</dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}

function PaymentDialog({ profile, onClose }: { profile: SecurityProfile; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const state = usePaymentPassword();
  const [resetting, setResetting] = useState(false);
  const isSet = state.data?.isSet ?? profile.items.paymentPassword;
  return (
    <Modal title={resetting ? t('security.reset.title') : t('security.paymentTitle')} onClose={onClose} size="sm">
      {resetting ? (
        <ResetPaymentForm profile={profile} onDone={onClose} />
      ) : (
        <PaymentPasswordForm
          isSet={isSet}
          onDone={() => {
            void qc.invalidateQueries({ queryKey: profileKeys.profile() });
            onClose();
          }}
        />
      )}
      {isSet && (profile.mobile || profile.email) && (
        <p className="sec-form__switch">
          <button type="button" className="link-btn" onClick={() => setResetting((r) => !r)} data-testid="payment-reset-toggle">
            {resetting ? t('security.reset.back') : t('security.reset.link')}
          </button>
        </p>
      )}
    </Modal>
  );
}
