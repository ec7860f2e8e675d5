/** The new-IP verification step (§6, issue 3 item 8): pick a check, get or type the code, finish the login. */
import '@/features/session/locale';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { session } from '@lobby/contract';
import { Icon } from '@/components/icons';
import { call, isApiError } from '@/lib/api';
import { describeError } from '../errors';
import { CodeButton } from './CodeButton';
import { AuthTabs, Field, FormError, SubmitButton } from './Field';

export function VerificationStep({ challenge, onDone, onBack }: {
  challenge: session.VerificationChallenge;
  onDone: (value: session.LoginValue) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const [method, setMethod] = useState<session.LoginMethod>(challenge.methods[0] ?? 'sms');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    if (busy) return;
    setFormError(null);
    if (!code.trim()) {
      setError(t('rules.not_empty'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const value = await call(session.loginVerification, { body: { verificationToken: challenge.verificationToken, method, code: code.trim() } });
      setBusy(false);
      onDone(value);
    } catch (e) {
      setBusy(false);
      if (isApiError(e) && e.errorCode === 'login.challenge.invalid') setExpired(true);
      if (isApiError(e) && (e.errorCode === 'login.verification.failed' || e.errorCode.startsWith('sms.code'))) setError(describeError(e));
      else setFormError(describeError(e));
    }
  };

  const destination = challenge.destinations[method];
  return (
    <form className="auth-form" onSubmit={submit} noValidate data-testid="verification-step">
      <div className="auth-verify__head">
        <span className="auth-verify__badge" aria-hidden="true"><Icon name="shield" size={22} /></span>
        <div>
          <h3 className="auth-verify__title">{t('auth.verify.title')}</h3>
          <p className="muted">{t('auth.verify.text')}</p>
        </div>
      </div>
      <AuthTabs
        label={t('auth.verify.methods')}
        value={method}
        onChange={(m) => {
          setMethod(m);
          setCode('');
          setError(null);
          setSent(false);
        }}
        tabs={challenge.methods.map((m) => ({ key: m, label: t(`auth.verify.method.${m}`) }))}
      />
      {method === 'otp' ? (
        <p className="auth-verify__dest">{t('auth.verify.otpText')}</p>
      ) : (
        <p className="auth-verify__dest">
          {t(sent ? 'auth.verify.sentTo' : 'auth.verify.sendTo')} <strong dir="ltr">{destination}</strong>
        </p>
      )}
      <Field label={t(method === 'otp' ? 'auth.verify.otpCode' : 'auth.verify.code')} error={error} required>
        {(a11y) => (
          <div className={method === 'otp' ? undefined : 'code-input'}>
            <input
              {...a11y}
              className="input"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={12}
              dir="auto"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              placeholder={t('auth.codePlaceholder')}
            />
            {(method === 'sms' || method === 'email') && (
              <CodeButton
                key={method}
                validate={() => true}
                send={() => call(session.sendLoginVerificationCode, { body: { verificationToken: challenge.verificationToken, method } })}
                onSent={() => setSent(true)}
              />
            )}
          </div>
        )}
      </Field>
      <FormError message={formError} />
      {expired ? (
        <button type="button" className="btn btn--primary btn--lg btn--block" onClick={onBack}>
          {t('auth.verify.again')}
        </button>
      ) : (
        <SubmitButton busy={busy}>{t('auth.verify.submit')}</SubmitButton>
      )}
      <button type="button" className="link-btn auth-form__back" onClick={onBack}>
        ← {t('auth.verify.back')}
      </button>
    </form>
  );
}
