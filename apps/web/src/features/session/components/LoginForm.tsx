/**
 * The login form (§4, §5): tabs username and SMS (when SMSLOGIN3 is on), captcha when the brand
 * asks for it or a failed answer carries `value.captcha`, the new-IP verification step, and the
 * remember-me username (1 day, §9). Used by the login popup and by the agent login page.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS, MODULES, session } from '@lobby/contract';
import { call, isApiError } from '@/lib/api';
import { readLocal, writeLocal } from '@/lib/storage';
import { useBrand, useModuleEnabled } from '@/lib/system';
import { useFieldRules } from '../api';
import { useCompleteLogin } from '../actions';
import { describeError, waitText, wantsCaptcha } from '../errors';
import { mobileDigits, validate } from '../rules';
import { CaptchaField, useCaptcha } from './Captcha';
import { CodeButton } from './CodeButton';
import { AuthTabs, Field, FormError, PasswordInput, SubmitButton } from './Field';
import { DialCodeSelect } from './MobileInput';
import { VerificationStep } from './VerificationStep';

type Challenge = session.VerificationChallenge;

export const REMEMBER_KEY = 'rememberUser';

/** The remembered username, if saved less than a day ago (§9: 86 400 000 ms). */
export function rememberedUsername(now = Date.now()): string {
  try {
    const v = JSON.parse(readLocal(REMEMBER_KEY) ?? 'null') as { u?: string; at?: number } | null;
    if (v?.u && typeof v.at === 'number' && now - v.at < LIMITS.rememberMeMs) return v.u;
  } catch {
    /* bad value */
  }
  return '';
}
export function rememberUsername(username: string | null, now = Date.now()): void {
  if (username) writeLocal(REMEMBER_KEY, JSON.stringify({ u: username, at: now }));
  else {
    try {
      localStorage.removeItem(REMEMBER_KEY);
    } catch {
      /* storage unavailable */
    }
  }
}

/** Does the brand ask for a captcha on every login? (status.info.brand.captchaOnLogin): then the field shows from the start. */
export function useBrandLoginCaptcha(): boolean {
  return !!useBrand()?.captchaOnLogin;
}

export interface LoginFormProps {
  /** Agent back-office login (/wps/session/login/agent), username only. */
  agent?: boolean;
  /** Where to go after a successful login. */
  goTo?: string;
  onForgot?: () => void;
}

type Tab = 'username' | 'sms';

/** A wait of login.throttled: seconds left, counting down once a second from `start`. */
function useCountdown(): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(0);
  const [until, setUntil] = useState<number | null>(null);
  useEffect(() => {
    if (!until) return;
    const id = setInterval(() => {
      const l = Math.max(0, Math.ceil((until - Date.now()) / 1000));
      setLeft(l);
      if (l === 0) clearInterval(id);
    }, 1000);
    return () => clearInterval(id);
  }, [until]);
  const start = (seconds: number) => {
    setLeft(seconds);
    setUntil(Date.now() + seconds * 1000);
  };
  return [left, start];
}

export function LoginForm({ agent = false, goTo, onForgot }: LoginFormProps) {
  const { t } = useTranslation();
  const smsOn = useModuleEnabled(MODULES.smsLogin) && !agent;
  const rules = useFieldRules();
  const completeLogin = useCompleteLogin();
  const brandCaptcha = useBrandLoginCaptcha();

  const [tab, setTab] = useState<Tab>('username');
  const [username, setUsername] = useState(() => rememberedUsername());
  const [remember, setRemember] = useState(() => !!rememberedUsername());
  const [password, setPassword] = useState('');
  const [captchaText, setCaptchaText] = useState('');
  const [flagged, setFlagged] = useState(false);
  const [dial, setDial] = useState('');
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  /** login.throttled: when the password may be tried again (the SMS tab never waits). */
  const [waitLeft, startWait] = useCountdown();
  const waiting = tab === 'username' && waitLeft > 0;

  const needCaptcha = tab === 'username' && (brandCaptcha || flagged);
  const captcha = useCaptcha(needCaptcha);
  const kind = agent ? 'agent' : tab;

  const setError = (field: string, msg: string | null) => setErrors((e) => ({ ...e, [field]: msg }));
  const required = (v: string) => (v.trim() ? null : t('rules.not_empty'));
  const checkMobile = () => {
    const msg = validate(t, rules?.mobileNum, mobileDigits(mobile), true);
    setError('mobile', msg);
    return !msg;
  };

  const fail = (e: unknown) => {
    setBusy(false);
    if (isApiError(e) && e.errorCode === 'login.verification.required' && e.value) {
      setChallenge(e.value as Challenge);
      setFormError(null);
      return;
    }
    if (isApiError(e) && e.errorCode === 'login.throttled') {
      const v = (e.value ?? {}) as Partial<session.LoginThrottled>;
      startWait(v.retryAfterSeconds ?? 30);
    }
    // A wrong captcha is said once, under its field (not also above the form).
    const captchaWrong = isApiError(e) && e.errorCode === 'captcha.invalid' && needCaptcha;
    setFormError(captchaWrong ? null : describeError(e));
    if (wantsCaptcha(e)) {
      setCaptchaText('');
      if (needCaptcha) captcha.renew();
      setFlagged(true);
    }
    if (isApiError(e) && e.errorCode === 'captcha.invalid') setError('captcha', describeError(e));
    if (isApiError(e) && e.errorCode.startsWith('sms.code')) setError('code', describeError(e));
    if (isApiError(e) && e.errorCode === 'sms.phone.invalid') setError('mobile', describeError(e));
  };

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    if (busy || waiting) return;
    setFormError(null);
    let next: Record<string, string | null>;
    if (tab === 'username') {
      next = { username: required(username), password: required(password), captcha: needCaptcha ? required(captchaText) : null };
    } else {
      next = { mobile: validate(t, rules?.mobileNum, mobileDigits(mobile), true), code: required(code) };
    }
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    setBusy(true);
    try {
      const captchaId = tab === 'username' && needCaptcha ? await captcha.ready() : null;
      const body: session.LoginBody =
        tab === 'username'
          ? {
              type: 'username', username: username.trim(), password,
              ...(needCaptcha ? { captcha: captchaText.trim(), captchaId: captchaId ?? undefined } : {}),
            }
          : { type: 'sms', mobileNum: mobile.trim(), countryDialingCode: dial || undefined, verificationCode: code.trim() };
      const value = await call(agent ? session.loginAgent : session.login, { body });
      if (tab === 'username') rememberUsername(remember ? username.trim() : null);
      setBusy(false);
      completeLogin(value, { kind, goTo });
    } catch (e) {
      fail(e);
    }
  };

  if (challenge) {
    return (
      <VerificationStep
        challenge={challenge}
        onDone={(value) => {
          if (tab === 'username') rememberUsername(remember ? username.trim() : null);
          completeLogin(value, { kind: agent ? 'agent' : 'verification', goTo });
        }}
        onBack={() => {
          setChallenge(null);
          setPassword('');
        }}
      />
    );
  }

  return (
    <form className="auth-form" onSubmit={submit} noValidate data-testid={agent ? 'agent-login-form' : 'login-form'}>
      {smsOn && (
        <AuthTabs
          label={t('auth.loginWith')}
          value={tab}
          onChange={(k) => {
            setTab(k);
            setErrors({});
            setFormError(null);
          }}
          tabs={[
            { key: 'username', label: t('auth.tabUsername') },
            { key: 'sms', label: t('auth.tabSms') },
          ]}
        />
      )}
      {tab === 'username' ? (
        <>
          <Field label={t('auth.username')} error={errors.username} required icon="user">
            {(a11y) => (
              <input
                {...a11y}
                className="input"
                name="username"
                autoFocus={!agent && !username}
                autoComplete="username"
                autoCapitalize="off"
                spellCheck={false}
                maxLength={64}
                dir="ltr"
                value={username}
                onChange={(e) => setUsername(e.target.value)}
                placeholder={t('auth.usernamePlaceholder')}
              />
            )}
          </Field>
          <Field label={t('auth.password')} error={errors.password} required icon="lock">
            {(a11y) => (
              <PasswordInput
                {...a11y}
                name="password"
                autoComplete="current-password"
                maxLength={128}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                placeholder={t('auth.passwordPlaceholder')}
              />
            )}
          </Field>
          {needCaptcha && <CaptchaField captcha={captcha} value={captchaText} onChange={setCaptchaText} error={errors.captcha} />}
          <div className="auth-form__row">
            <label className="check">
              <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
              <span>{t('auth.remember')}</span>
            </label>
            {onForgot && (
              <button type="button" className="link-btn" onClick={onForgot}>
                {t('auth.forgotLink')}
              </button>
            )}
          </div>
        </>
      ) : (
        <>
          <Field label={t('auth.mobile')} error={errors.mobile} required>
            {(a11y) => (
              <div className="mobile-input">
                <DialCodeSelect value={dial} onChange={setDial} />
                <input
                  {...a11y}
                  className="input"
                  name="mobileNum"
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel-national"
                  maxLength={32}
                  dir="ltr"
                  value={mobile}
                  onChange={(e) => setMobile(e.target.value)}
                  onBlur={() => mobile && checkMobile()}
                  placeholder={t('auth.mobilePlaceholder')}
                />
              </div>
            )}
          </Field>
          <Field label={t('auth.smsCode')} error={errors.code} required>
            {(a11y) => (
              <div className="code-input">
                <input
                  {...a11y}
                  className="input"
                  name="verificationCode"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={8}
                  dir="ltr"
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  placeholder={t('auth.codePlaceholder')}
                />
                <CodeButton
                  validate={checkMobile}
                  send={() => call(session.smsNoLogin, { body: { mobileNum: mobile.trim(), countryDialingCode: dial || undefined } })}
                />
              </div>
            )}
          </Field>
        </>
      )}
      {waiting ? (
        <div className="auth-throttle" role="status" data-testid="login-throttled">
          <p className="auth-throttle__text">{t('auth.throttle.text', { time: waitText(waitLeft) })}</p>
          {smsOn && (
            <button type="button" className="btn btn--ghost btn--block" onClick={() => { setTab('sms'); setErrors({}); setFormError(null); }}>
              {t('auth.throttle.useSms')}
            </button>
          )}
          <p className="auth-throttle__hint">{t('auth.throttle.device')}</p>
        </div>
      ) : (
        <FormError message={formError} />
      )}
      <SubmitButton busy={busy} disabled={waiting}>
        {waiting ? t('auth.throttle.button', { time: waitText(waitLeft) }) : t('auth.loginButton')}
      </SubmitButton>
    </form>
  );
}
