/** Forgot the withdrawal password: a code to the bound mobile or e-mail, then a new 6-digit password. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { cashier, memberProfile } from '@lobby/contract';
import { CodeButton, AuthTabs, Field, FormError, PasswordInput, describeError } from '@/features/session';
import { cashierKeys } from '@/features/wallet';
import { call, isApiError } from '@/lib/api';
import { errorText } from '@/lib/i18n';
import { showToast } from '@/lib/toast';
import { profileKeys, type SecurityProfile } from '../api';

type Channel = 'sms' | 'email';

export function ResetPaymentForm({ profile, onDone }: { profile: SecurityProfile; onDone: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const channels = ([['sms', profile.mobile], ['email', profile.email]] as const).filter(([, to]) => !!to);
  const [channel, setChannel] = useState<Channel>(channels[0]?.[0] ?? 'sms');
  const [v, setV] = useState({ code: '', newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const to = channel === 'sms' ? profile.mobile : profile.email;
  const digits = (k: keyof typeof v) => (e: { target: { value: string } }) => setV((s) => ({ ...s, [k]: e.target.value.replace(/\D/g, '').slice(0, 6) }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const next = {
      code: /^\d{6}$/.test(v.code) ? null : t('rules.not_empty'),
      newPassword: cashier.PAYMENT_PASSWORD_PATTERN.test(v.newPassword) ? null : t('wallet.pwd.format'),
      confirmPassword: v.confirmPassword === v.newPassword ? null : t('wallet.pwd.mismatch'),
    };
    setErrors(next);
    if (Object.values(next).some(Boolean) || busy) return;
    setBusy(true);
    try {
      await call(memberProfile.resetPaymentPassword, { body: { channel, verificationCode: v.code, newPassword: v.newPassword, confirmPassword: v.confirmPassword } });
      void qc.invalidateQueries({ queryKey: cashierKeys.paymentPassword() });
      void qc.invalidateQueries({ queryKey: profileKeys.profile() });
      showToast(t('security.reset.done'));
      onDone();
    } catch (err) {
      const code = isApiError(err) ? err.errorCode : '';
      if (code === 'sms.code.invalid' || code === 'sms.code.expired') setErrors((x) => ({ ...x, code: describeError(err) }));
      else setFormError(describeError(err));
    } finally {
      setBusy(false);
    }
  };

  if (!channels.length) return <FormError message={errorText('member.contact.unbound')} />;
  return (
    <form className="sec-form sec-form--narrow" onSubmit={submit} noValidate data-testid="reset-payment-form">
      <AuthTabs label={t('security.reset.via')} value={channel} onChange={setChannel}
        tabs={channels.map(([c]) => ({ key: c, label: t(`security.item.${c === 'sms' ? 'mobile' : 'email'}`) }))} />
      <p className="muted">{t('security.reset.via')} <strong dir="ltr">{to}</strong></p>
      <Field label={t('security.code')} error={errors.code} required>
        {(a) => (
          <div className="code-input">
            <input {...a} className="input" name="verificationCode" inputMode="numeric" autoComplete="one-time-code" maxLength={6} dir="ltr" value={v.code} onChange={digits('code')} />
            <CodeButton validate={() => true} send={() => call(memberProfile.sendPaymentResetCode, { body: { channel } })} />
          </div>
        )}
      </Field>
      <Field label={t('wallet.pwd.new')} error={errors.newPassword} hint={t('wallet.pwd.hint')} required>
        {(a) => <PasswordInput {...a} name="newPaymentPassword" inputMode="numeric" autoComplete="new-password" value={v.newPassword} onChange={digits('newPassword')} />}
      </Field>
      <Field label={t('wallet.pwd.confirm')} error={errors.confirmPassword} required>
        {(a) => <PasswordInput {...a} name="confirmPaymentPassword" inputMode="numeric" autoComplete="new-password" value={v.confirmPassword} onChange={digits('confirmPassword')} />}
      </Field>
      <FormError message={formError} />
      <button type="submit" className="btn btn--primary btn--block" disabled={busy} aria-busy={busy}>
        {busy && <span className="spinner spinner--sm" aria-hidden="true" />} {t('security.reset.submit')}
      </button>
    </form>
  );
}
