/**
 * Finishes a password reset sent to the member's own contact: the e-mail or SMS links to
 * `/?resetPassword=<token>`; without a token (login → forgot password → "I have a code") the member
 * types its username and the code it received (forgot password by e-mail, or its agent's reset).
 * The member sets a new password here and is logged in (§4 forgot password).
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { member } from '@lobby/contract';
import type { PopupBodyProps } from '@/components/popups';
import { call, isApiError } from '@/lib/api';
import { useFieldRules } from '../api';
import { useCompleteLogin } from '../actions';
import { describeError } from '../errors';
import { ruleMessage, validate } from '../rules';
import { Field, FormError, PasswordInput, SubmitButton } from './Field';
import '@/components/ui/form.css';
import './auth.css';

export default function ResetPasswordPopup({ props }: PopupBodyProps<'resetPassword'>) {
  const { t } = useTranslation();
  const rules = useFieldRules();
  const completeLogin = useCompleteLogin();
  const [username, setUsername] = useState('');
  const [code, setCode] = useState('');
  const [pw, setPw] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ username?: string | null; code?: string | null; newPassword?: string | null; confirmNewPassword?: string | null }>({});
  const withCode = !props.token;
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    if (busy) return;
    setFormError(null);
    const next = {
      username: withCode && !username.trim() ? t('rules.not_empty') : null,
      code: withCode && !/^\d{6}$/.test(code) ? t('auth.codeFormat') : null,
      newPassword: validate(t, rules?.password, pw, true),
      confirmNewPassword: confirm ? (confirm !== pw ? t('auth.confirmMismatch') : null) : t('rules.not_empty'),
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    setBusy(true);
    try {
      const who = withCode ? { username: username.trim(), code } : { resetToken: props.token };
      const value = await call(member.finishPasswordReset, { body: { ...who, newPassword: pw, confirmNewPassword: confirm } });
      setBusy(false);
      completeLogin(value, { kind: 'reset', goTo: '/' });
    } catch (e) {
      setBusy(false);
      if (isApiError(e) && e.errorCode === 'inconsistent_twice') setErrors({ confirmNewPassword: t('auth.confirmMismatch') });
      else if (withCode && isApiError(e) && (e.errorCode.startsWith('sms.code') || e.errorCode === 'password.reset.invalid')) setErrors({ code: describeError(e) });
      else setFormError(describeError(e));
    }
  };

  return (
    <div className="auth">
      <form className="auth-form" onSubmit={submit} noValidate data-testid="reset-form">
        <p className="muted auth-form__intro">{withCode ? t('auth.resetCode.text') : t('auth.reset.text')}</p>
        {withCode && (
          <>
            <Field label={t('auth.username')} error={errors.username} required icon="user">
              {(a) => <input {...a} className="input" name="username" autoComplete="username" dir="ltr" maxLength={64} value={username} onChange={(e) => setUsername(e.target.value)} />}
            </Field>
            <Field label={t('auth.resetCode.code')} error={errors.code} required>
              {(a) => <input {...a} className="input" name="code" inputMode="numeric" autoComplete="one-time-code" dir="ltr" maxLength={6} value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))} />}
            </Field>
          </>
        )}
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
