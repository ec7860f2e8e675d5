/**
 * Forgot password (§2, §4, §5): banner w_forget; by e-mail (username + e-mail; success shows
 * in_been_out and closes) or by phone (mobile, SMS code, new password; success logs in).
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MODULES, member, session } from '@lobby/contract';
import type { PopupBodyProps } from '@/components/popups';
import { usePopups } from '@/components/popups';
import { call, isApiError } from '@/lib/api';
import { useModuleEnabled } from '@/lib/system';
import { useFieldRules } from '../api';
import { useCompleteLogin } from '../actions';
import { describeError } from '../errors';
import { mobileDigits, ruleMessage, validate } from '../rules';
import { AuthBanner } from './AuthBanner';
import { CodeButton } from './CodeButton';
import { AuthTabs, Field, FormError, PasswordInput, SubmitButton } from './Field';
import { DialCodeSelect } from './MobileInput';
import '@/components/ui/form.css';
import './auth.css';

type Tab = 'email' | 'phone';
const MAILBOX = { acceptedPattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]{2,}$', minLength: 3, maxLength: 128, patternId: 'mailbox' };

export default function ForgotPasswordPopup({ close }: PopupBodyProps<'forgotPassword'>) {
  const { t } = useTranslation();
  const popups = usePopups();
  const completeLogin = useCompleteLogin();
  const rules = useFieldRules();
  const byMail = useModuleEnabled(MODULES.passwordByMail);
  const byPhone = useModuleEnabled(MODULES.passwordByPhone);
  const [tab, setTab] = useState<Tab>(byMail || !byPhone ? 'email' : 'phone');
  const [v, setV] = useState<Record<string, string>>({});
  const [dial, setDial] = useState('');
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: string) => (e: React.ChangeEvent<HTMLInputElement>) => setV((s) => ({ ...s, [k]: e.target.value }));
  const empty = (k: string) => ((v[k] ?? '').trim() ? null : t('rules.not_empty'));
  const checkMobile = () => {
    const msg = validate(t, rules?.mobileNum, mobileDigits(v.mobileNum ?? ''), true);
    setErrors((e) => ({ ...e, mobileNum: msg }));
    return !msg;
  };

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    if (busy) return;
    setFormError(null);
    const next: Record<string, string | null> =
      tab === 'email'
        ? { username: empty('username'), email: validate(t, rules?.email?.enabled ? { ...rules.email } : MAILBOX, v.email, true) }
        : {
            mobileNum: validate(t, rules?.mobileNum, mobileDigits(v.mobileNum ?? ''), true),
            verificationCode: empty('verificationCode'),
            newPassword: validate(t, rules?.password, v.newPassword, true),
            confirmNewPassword: empty('confirmNewPassword') ?? (v.confirmNewPassword !== v.newPassword ? t('auth.confirmMismatch') : null),
          };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    setBusy(true);
    try {
      if (tab === 'email') {
        await call(member.passwordByEmail, { body: { username: v.username.trim(), email: v.email.trim() } });
        setBusy(false);
        close();
        popups.open('alert', { title: t('auth.forgot.title'), message: t('auth.forgot.in_been_out') });
      } else {
        const value = await call(member.passwordByPhone, {
          body: {
            mobileNum: v.mobileNum.trim(), countryDialingCode: dial || undefined, verificationCode: v.verificationCode.trim(),
            newPassword: v.newPassword, confirmNewPassword: v.confirmNewPassword,
          },
        });
        setBusy(false);
        completeLogin(value, { kind: 'reset', goTo: '/' });
      }
    } catch (e) {
      setBusy(false);
      const fe = isApiError(e) ? ((e.value ?? {}) as Partial<member.FieldError>) : {};
      if (isApiError(e) && e.errorCode === 'field.invalid' && fe.field && fe.reason) {
        const rule = { patternId: fe.patternId ?? 'length', minLength: fe.minLength ?? 0, maxLength: fe.maxLength ?? 0 };
        setErrors((x) => ({ ...x, [fe.field!]: ruleMessage(t, rule, fe.reason!) }));
      } else if (isApiError(e) && e.errorCode.startsWith('sms.code')) {
        setErrors((x) => ({ ...x, verificationCode: describeError(e) }));
      } else if (isApiError(e) && e.errorCode === 'inconsistent_twice') {
        setErrors((x) => ({ ...x, confirmNewPassword: t('auth.confirmMismatch') }));
      } else setFormError(describeError(e));
    }
  };

  return (
    <div className="auth">
      <AuthBanner group="w_forget" />
      <form className="auth-form" onSubmit={submit} noValidate data-testid="forgot-form">
        <AuthTabs
          label={t('auth.forgot.with')}
          value={tab}
          onChange={(k) => {
            setTab(k);
            setErrors({});
            setFormError(null);
          }}
          tabs={[
            ...(byMail ? [{ key: 'email' as const, label: t('auth.forgot.byEmail') }] : []),
            ...(byPhone ? [{ key: 'phone' as const, label: t('auth.forgot.byPhone') }] : []),
          ]}
        />
        <p className="muted auth-form__intro">{t(tab === 'email' ? 'auth.forgot.emailText' : 'auth.forgot.phoneText')}</p>
        {tab === 'email' ? (
          <>
            <Field label={t('auth.username')} error={errors.username} required icon="user">
              {(a) => <input {...a} className="input" name="username" autoComplete="username" dir="ltr" maxLength={64} value={v.username ?? ''} onChange={set('username')} />}
            </Field>
            <Field label={t('auth.fields.email')} error={errors.email} required>
              {(a) => <input {...a} className="input" name="email" type="email" inputMode="email" autoComplete="email" dir="ltr" maxLength={128} value={v.email ?? ''} onChange={set('email')} />}
            </Field>
          </>
        ) : (
          <>
            <Field label={t('auth.mobile')} error={errors.mobileNum} required>
              {(a) => (
                <div className="mobile-input">
                  <DialCodeSelect value={dial} onChange={setDial} />
                  <input {...a} className="input" name="mobileNum" type="tel" inputMode="tel" dir="ltr" maxLength={32} value={v.mobileNum ?? ''} onChange={set('mobileNum')} />
                </div>
              )}
            </Field>
            <Field label={t('auth.smsCode')} error={errors.verificationCode} required>
              {(a) => (
                <div className="code-input">
                  <input {...a} className="input" name="verificationCode" inputMode="numeric" autoComplete="one-time-code" dir="ltr" maxLength={8} value={v.verificationCode ?? ''} onChange={set('verificationCode')} />
                  <CodeButton validate={checkMobile} send={() => call(session.smsNoLogin, { body: { mobileNum: (v.mobileNum ?? '').trim(), countryDialingCode: dial || undefined } })} />
                </div>
              )}
            </Field>
            <Field label={t('auth.newPassword')} error={errors.newPassword} required hint={rules?.password ? ruleMessage(t, rules.password, 'pattern') : undefined}>
              {(a) => <PasswordInput {...a} name="newPassword" autoComplete="new-password" maxLength={128} value={v.newPassword ?? ''} onChange={set('newPassword')} />}
            </Field>
            <Field label={t('auth.confirmNewPassword')} error={errors.confirmNewPassword} required>
              {(a) => <PasswordInput {...a} name="confirmNewPassword" autoComplete="new-password" maxLength={128} value={v.confirmNewPassword ?? ''} onChange={set('confirmNewPassword')} />}
            </Field>
          </>
        )}
        <FormError message={formError} />
        <SubmitButton busy={busy}>{t(tab === 'email' ? 'auth.forgot.sendLink' : 'auth.forgot.reset')}</SubmitButton>
        <p className="auth__links">
          <button type="button" className="link-btn" onClick={() => (close(), popups.open('login', undefined))}>
            ← {t('auth.backToLogin')}
          </button>
          <button type="button" className="link-btn" data-testid="have-reset-code" onClick={() => (close(), popups.open('resetPassword', {}))}>
            {t('auth.resetCode.link')}
          </button>
        </p>
      </form>
    </div>
  );
}
