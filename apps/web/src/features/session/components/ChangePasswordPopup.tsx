/**
 * Change password (§4, §5): from the member menu, or forced after a login with 123456 or an
 * expired password (then it cannot be dismissed). Old password unless the member has none;
 * new password by the brand rule; confirmation. Success stores the fresh token the server
 * answers, reloads login info, closes the popup and goes to /.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS, member } from '@lobby/contract';
import type { PopupBodyProps } from '@/components/popups';
import { call, isApiError } from '@/lib/api';
import { showToast } from '@/lib/toast';
import { useFieldRules, useMember } from '../api';
import { setForcedChange, useCompleteLogin, useLogout } from '../actions';
import { describeError } from '../errors';
import { ruleMessage, validate } from '../rules';
import { Field, FormError, PasswordInput, SubmitButton } from './Field';
import '@/components/ui/form.css';
import './auth.css';

export default function ChangePasswordPopup({ props }: PopupBodyProps<'changePassword'>) {
  const { t } = useTranslation();
  const rules = useFieldRules();
  const info = useMember().data;
  const completeLogin = useCompleteLogin();
  const logout = useLogout();
  const forced = !!props?.forced;
  const needOld = info?.hasPassword !== false;
  const [v, setV] = useState({ oldPassword: '', newPassword: '', confirmNewPassword: '' });
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof v) => (e: React.ChangeEvent<HTMLInputElement>) => setV((s) => ({ ...s, [k]: e.target.value }));

  const checkNew = (value: string) => {
    const msg = validate(t, rules?.password, value, true);
    if (msg) return msg;
    if (value === LIMITS.defaultWeakPassword) return t('auth.change.weak');
    if (needOld && value === v.oldPassword) return errorSame();
    return null;
  };
  const errorSame = () => t('auth.change.same');

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    if (busy) return;
    setFormError(null);
    const next = {
      oldPassword: needOld && !v.oldPassword ? t('rules.not_empty') : null,
      newPassword: checkNew(v.newPassword),
      confirmNewPassword: !v.confirmNewPassword ? t('rules.not_empty') : v.confirmNewPassword !== v.newPassword ? t('auth.confirmMismatch') : null,
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    setBusy(true);
    try {
      const value = await call(member.changePassword, {
        body: { ...(needOld ? { oldPassword: v.oldPassword } : {}), newPassword: v.newPassword, confirmNewPassword: v.confirmNewPassword },
      });
      setBusy(false);
      setForcedChange(false);
      completeLogin(value, { kind: 'password', goTo: '/' });
      showToast(t('auth.change.done'));
    } catch (e) {
      setBusy(false);
      if (!isApiError(e)) return setFormError(describeError(e));
      const fe = (e.value ?? {}) as Partial<member.FieldError>;
      if (e.errorCode === 'password.old.invalid') setErrors((x) => ({ ...x, oldPassword: describeError(e) }));
      else if (e.errorCode === 'password.same') setErrors((x) => ({ ...x, newPassword: describeError(e) }));
      else if (e.errorCode === 'inconsistent_twice') setErrors((x) => ({ ...x, confirmNewPassword: t('auth.confirmMismatch') }));
      else if (e.errorCode === 'field.invalid' && fe.field && fe.reason) {
        const rule = { patternId: fe.patternId ?? 'length', minLength: fe.minLength ?? 0, maxLength: fe.maxLength ?? 0 };
        setErrors((x) => ({ ...x, [fe.field === 'password' ? 'newPassword' : fe.field!]: ruleMessage(t, rule, fe.reason!) }));
      } else setFormError(describeError(e));
    }
  };

  return (
    <div className="auth">
      <form className="auth-form" onSubmit={submit} noValidate data-testid="change-password-form">
        {forced && (
          <p className="notice notice--warning" role="status">
            {t(props?.reason === 'expired' ? 'auth.change.expired' : 'auth.change.forced')}
          </p>
        )}
        {needOld && (
          <Field label={t('auth.oldPassword')} error={errors.oldPassword} required icon="lock">
            {(a) => <PasswordInput {...a} name="oldPassword" autoComplete="current-password" maxLength={128} value={v.oldPassword} onChange={set('oldPassword')} />}
          </Field>
        )}
        <Field label={t('auth.newPassword')} error={errors.newPassword} required icon="lock" hint={rules?.password ? ruleMessage(t, rules.password, 'pattern') : undefined}>
          {(a) => <PasswordInput {...a} name="newPassword" autoComplete="new-password" maxLength={128} value={v.newPassword} onChange={set('newPassword')} />}
        </Field>
        <Field label={t('auth.confirmNewPassword')} error={errors.confirmNewPassword} required icon="lock">
          {(a) => <PasswordInput {...a} name="confirmNewPassword" autoComplete="new-password" maxLength={128} value={v.confirmNewPassword} onChange={set('confirmNewPassword')} />}
        </Field>
        <FormError message={formError} />
        <SubmitButton busy={busy}>{t('auth.change.submit')}</SubmitButton>
        {forced && (
          <p className="auth__links">
            <button type="button" className="link-btn" onClick={() => void logout()}>
              {t('auth.logout')}
            </button>
          </p>
        )}
      </form>
    </div>
  );
}
