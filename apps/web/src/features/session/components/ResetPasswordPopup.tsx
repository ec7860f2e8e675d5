/**
 * Finishes a password reset by e-mail: the mail links to `/?resetPassword=<token>`; the member
 * sets a new password here and is logged in (§4 forgot password).
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { member } from '@lobby/contract';
import type { PopupBodyProps } from '@/app/popups';
import { call, isApiError } from '@/lib/api';
import { useFieldRules } from '../api';
import { useCompleteLogin } from '../actions';
import { describeError } from '../errors';
import { ruleMessage, validate } from '../rules';
import { Field, FormError, PasswordInput, SubmitButton } from './Field';
import './auth.css';

export default function ResetPasswordPopup({ props }: PopupBodyProps<'resetPassword'>) {
  const { t } = useTranslation();
  const rules = useFieldRules();
  const completeLogin = useCompleteLogin();
  const [pw, setPw] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ newPassword?: string | null; confirmNewPassword?: string | null }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    if (busy) return;
    setFormError(null);
    const next = {
      newPassword: validate(t, rules?.password, pw, true),
      confirmNewPassword: confirm ? (confirm !== pw ? t('auth.confirmMismatch') : null) : t('rules.not_empty'),
    };
    setErrors(next);
    if (next.newPassword || next.confirmNewPassword) return;
    setBusy(true);
    try {
      const value = await call(member.passwordByEmailReset, { body: { resetToken: props.token, newPassword: pw, confirmNewPassword: confirm } });
      setBusy(false);
      completeLogin(value, { kind: 'reset', goTo: '/' });
    } catch (e) {
      setBusy(false);
      if (isApiError(e) && e.errorCode === 'inconsistent_twice') setErrors({ confirmNewPassword: t('auth.confirmMismatch') });
      else setFormError(describeError(e));
    }
  };

  return (
    <div className="auth">
      <form className="auth-form" onSubmit={submit} noValidate data-testid="reset-form">
        <p className="muted auth-form__intro">{t('auth.reset.text')}</p>
        <Field label={t('auth.newPassword')} error={errors.newPassword} required hint={rules?.password ? ruleMessage(t, rules.password, 'pattern') : undefined}>
          {(a) => <PasswordInput {...a} name="newPassword" autoComplete="new-password" maxLength={128} value={pw} onChange={(e) => setPw(e.target.value)} />}
        </Field>
        <Field label={t('auth.confirmNewPassword')} error={errors.confirmNewPassword} required>
          {(a) => <PasswordInput {...a} name="confirmNewPassword" autoComplete="new-password" maxLength={128} value={confirm} onChange={(e) => setConfirm(e.target.value)} />}
        </Field>
        <FormError message={formError} />
        <SubmitButton busy={busy}>{t('auth.forgot.reset')}</SubmitButton>
      </form>
    </div>
  );
}
