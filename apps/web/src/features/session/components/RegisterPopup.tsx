/**
 * The register popup (§2, §4, §5; also /register?referralCode=): username or mobile registration,
 * fields and required / enabled flags from the brand's register settings, every value checked
 * with the same rule code (rules.ts), terms, confirmation, affiliate code, SMS code, minimum age.
 * Progressive (issue 23 item 6): the required fields first, the optional ones behind "More
 * details"; a referral link's code sits in the invitation field, filled in and read-only; the
 * birth date is chosen in the page's language (BirthdayInput).
 */
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS, MODULES, member, session, type FieldRule, type RegisterField } from '@lobby/contract';
import type { PopupBodyProps } from '@/components/popups';
import { usePopups } from '@/components/popups';
import { call, isApiError } from '@/lib/api';
import { errorText } from '@/lib/i18n';
import { useModuleEnabled } from '@/lib/system';
import { useFieldRules } from '../api';
import { SectionSpinner } from '@/lib/lazy';
import { useCompleteLogin } from '../actions';
import { describeError, wantsCaptcha } from '../errors';
import { ageOn, mobileDigits, ruleMessage, validate } from '../rules';
import { CaptchaField, useCaptcha } from './Captcha';
import { CodeButton } from './CodeButton';
import { AuthTabs, Field, FormError, PasswordInput, SubmitButton } from './Field';
import { DialCodeSelect } from './MobileInput';
import { BirthdayInput } from './BirthdayInput';
import { storedAttribution } from '@/lib/attribution';
import '@/components/ui/form.css';
import './auth.css';

type Settings = Record<string, FieldRule>;
type Mode = 'username' | 'mobile';

/** Optional profile fields shown when the brand enables them, in this order. */
const OPTIONAL_FIELDS: RegisterField[] = [
  'payeeName', 'mobileNum', 'email', 'birthday', 'qqNum', 'line', 'whatsapp', 'facebook', 'wechat', 'idNumber',
  'recommenderId', 'paymentPassword', 'affiliateCode',
];
const PASSWORD_FIELDS = new Set<string>(['password', 'confirmPassword', 'paymentPassword']);
/** Fields that take the whole row of the two-column desktop form. */
const WIDE = new Set<string>(['mobileNum', 'verificationCode']);

export interface RegisterPlan {
  fields: RegisterField[];
  required: Set<RegisterField>;
}

/** Which fields a registration shows and which it requires (brand settings + module switches). */
export function registerPlan(mode: Mode, settings: Settings, mods: { mobileVerify: boolean; mobilePassword: boolean }): RegisterPlan {
  const on = (f: RegisterField) => settings[f]?.enabled === true;
  const req = (f: RegisterField) => settings[f]?.enabled === true && settings[f]?.required === true;
  const fields: RegisterField[] = [];
  const required = new Set<RegisterField>();
  const add = (f: RegisterField, force = false) => {
    if (!fields.includes(f)) fields.push(f);
    if (force || req(f)) required.add(f);
  };
  if (mode === 'username') {
    add('username', true);
    add('password', true);
    add('confirmPassword', true);
    for (const f of OPTIONAL_FIELDS) if (on(f)) add(f);
    if (fields.includes('mobileNum') && req('verificationCode')) add('verificationCode', true);
  } else {
    add('mobileNum', true);
    if (mods.mobileVerify) add('verificationCode', true);
    if (mods.mobilePassword) {
      add('password', true);
      add('confirmPassword', true);
    }
    if (on('affiliateCode')) add('affiliateCode');
  }
  // Issue 18: the server answers "already exists" only behind a captcha, so username registration
  // always shows one; by mobile the SMS code to that number is the proof, unless the code is off.
  if (mode === 'username' || !mods.mobileVerify || req('captcha')) add('captcha', true);
  return { fields, required };
}

/** The error of one field with the brand rule, confirmation and age checks; null when fine. */
export function checkRegisterField(
  t: (k: string) => string,
  field: RegisterField,
  values: Record<string, string>,
  settings: Settings,
  required: boolean,
  today = new Date(),
): string | null {
  const raw = values[field] ?? '';
  const value = field === 'mobileNum' ? mobileDigits(raw) : raw;
  const msg = validate(t, settings[field], value, required);
  if (msg) return msg;
  if (field === 'confirmPassword' && raw !== (values.password ?? '')) return t('auth.confirmMismatch');
  if (field === 'birthday' && raw.trim()) {
    const age = ageOn(raw, today);
    if (age === null) return ruleMessage(t, settings.birthday, 'pattern');
    if (age < LIMITS.minimumAge) return errorText('register.age.under', undefined, { age: LIMITS.minimumAge });
  }
  return null;
}

const INPUT_PROPS: Partial<Record<RegisterField, { type?: string; inputMode?: 'numeric' | 'tel' | 'email'; autoComplete?: string }>> = {
  username: { autoComplete: 'username' },
  password: { autoComplete: 'new-password' },
  confirmPassword: { autoComplete: 'new-password' },
  paymentPassword: { autoComplete: 'off', inputMode: 'numeric' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  mobileNum: { type: 'tel', inputMode: 'tel', autoComplete: 'tel-national' },
  verificationCode: { inputMode: 'numeric', autoComplete: 'one-time-code' },
  payeeName: { autoComplete: 'name' },
  qqNum: { inputMode: 'numeric' },
  whatsapp: { inputMode: 'tel' },
};

export default function RegisterPopup({ props }: PopupBodyProps<'register'>) {
  const settings = useFieldRules();
  if (!settings) return <SectionSpinner />;
  // a tracked link the visitor came through earlier, on any page (lib/attribution.ts)
  const kept = storedAttribution();
  return <RegisterForm settings={settings} referralCode={props?.referralCode ?? kept?.code} clickId={kept?.clickId ?? undefined} />;
}

function RegisterForm({ settings, referralCode, clickId }: { settings: Settings; referralCode?: string; clickId?: string }) {
  const { t } = useTranslation();
  const popups = usePopups();
  const completeLogin = useCompleteLogin();
  const usernameOn = useModuleEnabled(MODULES.registerUsername);
  const mobileOn = useModuleEnabled(MODULES.registerMobile);
  const mobileVerify = useModuleEnabled(MODULES.registerMobileVerify);
  const mobilePassword = useModuleEnabled(MODULES.registerMobilePassword);

  const [mode, setMode] = useState<Mode>(usernameOn || !mobileOn ? 'username' : 'mobile');
  const [values, setValues] = useState<Record<string, string>>({});
  const [dial, setDial] = useState('');
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [terms, setTerms] = useState(false);
  const [termsError, setTermsError] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [captchaFlag, setCaptchaFlag] = useState(false);
  const [more, setMore] = useState(false);

  const plan = useMemo(() => {
    const p = registerPlan(mode, settings, { mobileVerify, mobilePassword });
    if (captchaFlag && !p.fields.includes('captcha')) {
      p.fields.push('captcha');
      p.required.add('captcha');
    }
    return p;
  }, [mode, settings, mobileVerify, mobilePassword, captchaFlag]);
  const showCaptcha = plan.fields.includes('captcha');
  // the referral link's code fills the invitation field (sent as referralCode), shown even when the brand hides the field
  const fromLink = (f: RegisterField) => f === 'affiliateCode' && !!referralCode;
  const essential = plan.fields.filter((f) => f !== 'captcha' && (plan.required.has(f) || fromLink(f)));
  if (referralCode && !essential.includes('affiliateCode')) essential.push('affiliateCode');
  const extra = plan.fields.filter((f) => f !== 'captcha' && !essential.includes(f));
  const showExtra = more || extra.some((f) => errors[f]);
  const captcha = useCaptcha(showCaptcha);

  const set = (f: string, v: string) => {
    setValues((s) => ({ ...s, [f]: v }));
    // typing clears the field's error at once (the layout does not jump under the next click)
    setErrors((e) => (e[f] ? { ...e, [f]: null } : e));
  };
  const check = useCallback(
    (f: RegisterField, vals = values) => {
      const msg = checkRegisterField(t, f, vals, settings, plan.required.has(f));
      setErrors((e) => ({ ...e, [f]: msg }));
      return msg;
    },
    [t, values, settings, plan],
  );

  const warnAffiliate = () => {
    setErrors((e) => ({ ...e, affiliateCode: errorText('invitation_code_error') }));
    popups.open('alert', { message: errorText('invitation_code_error') });
  };
  const checkAffiliate = async () => {
    const code = (values.affiliateCode ?? '').trim();
    if (!code || check('affiliateCode')) return;
    try {
      await call(member.affiliate, { query: { code, domain: window.location.hostname } });
    } catch (e) {
      if (isApiError(e) && e.errorCode === 'invitation_code_error') warnAffiliate();
    }
  };

  const serverFieldError = (e: unknown): boolean => {
    if (!isApiError(e)) return false;
    const v = (e.value ?? {}) as Partial<member.FieldError> & { fields?: string[] };
    switch (e.errorCode) {
      case 'field.invalid':
        if (v.field && v.reason) {
          const rule = { patternId: v.patternId ?? 'length', minLength: v.minLength ?? 0, maxLength: v.maxLength ?? 0 };
          setErrors((x) => ({ ...x, [v.field!]: ruleMessage(t, rule, v.reason!) }));
          return plan.fields.includes(v.field as RegisterField);
        }
        return false;
      case 'request_param_err': {
        const names = (v.fields ?? []).map((f) => f.replace(/^body\./, ''));
        setErrors((x) => ({ ...x, ...Object.fromEntries(names.map((n) => [n, t('rules.not_empty')])) }));
        return names.some((n) => plan.fields.includes(n as RegisterField));
      }
      case 'inconsistent_twice':
        setErrors((x) => ({ ...x, confirmPassword: t('auth.confirmMismatch') }));
        return true;
      case 'register.username.exists':
        setErrors((x) => ({ ...x, username: describeError(e) }));
        return true;
      case 'register.mobile.exists':
      case 'sms.phone.invalid':
        setErrors((x) => ({ ...x, mobileNum: describeError(e) }));
        return true;
      case 'sms.code.invalid':
      case 'sms.code.expired':
        setErrors((x) => ({ ...x, verificationCode: describeError(e) }));
        return true;
      case 'register.age.under':
        setErrors((x) => ({ ...x, birthday: describeError(e) }));
        return true;
      case 'captcha.invalid':
        setErrors((x) => ({ ...x, captcha: describeError(e) }));
        return showCaptcha;
      case 'register.terms.required':
        setTermsError(true);
        return true;
      case 'invitation_code_error':
        warnAffiliate();
        return true;
      default:
        return false;
    }
  };

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    if (busy) return;
    setFormError(null);
    const next: Record<string, string | null> = {};
    for (const f of plan.fields) {
      if (fromLink(f)) continue;
      next[f] = f === 'captcha' ? (values.captcha?.trim() ? null : t('rules.not_empty')) : checkRegisterField(t, f, values, settings, plan.required.has(f));
    }
    setErrors(next);
    if (extra.some((f) => next[f])) setMore(true);
    setTermsError(!terms);
    if (Object.values(next).some(Boolean) || !terms) return;

    const body: member.RegisterBody = {
      terms: true, login: true, registerMethod: 'WEB',
      registerUrl: window.location.href, domain: window.location.hostname,
      referralCode: referralCode || undefined,
      clickId,
    };
    const b = body as Record<string, unknown>;
    for (const f of plan.fields) {
      if (fromLink(f)) continue;
      const v = values[f] ?? '';
      if (!v.trim()) continue;
      b[f] = PASSWORD_FIELDS.has(f) ? v : v.trim();
    }
    if (plan.fields.includes('mobileNum') && values.mobileNum?.trim()) body.countryDialingCode = dial || undefined;
    setBusy(true);
    try {
      if (showCaptcha) body.captchaId = (await captcha.ready()) ?? undefined;
      const value = await call(mode === 'username' ? member.register : member.registerMobile, { body });
      setBusy(false);
      completeLogin(value, { kind: 'register', goTo: '/' });
    } catch (e) {
      setBusy(false);
      if (wantsCaptcha(e)) {
        setCaptchaFlag(true);
        set('captcha', '');
        if (showCaptcha) captcha.renew();
      }
      if (!serverFieldError(e)) setFormError(describeError(e));
    }
  };

  const sendCode = () =>
    call(session.smsRegister, { body: { mobileNo: (values.mobileNum ?? '').trim(), countryDialingCode: dial || undefined } });

  const renderField = (f: RegisterField) => {
    if (f === 'captcha') {
      return <CaptchaField key={f} captcha={captcha} value={values.captcha ?? ''} onChange={(v) => set('captcha', v)} error={errors.captcha} />;
    }
    if (fromLink(f)) {
      return (
        <Field key={f} label={t('auth.fields.affiliateCode')} hint={t('auth.fromLink')}>
          {(a11y) => <input {...a11y} name={f} className="input" value={referralCode} readOnly dir="ltr" />}
        </Field>
      );
    }
    const rule = settings[f];
    const required = plan.required.has(f);
    const common = {
      name: f,
      value: values[f] ?? '',
      maxLength: rule?.maxLength || 128,
      onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(f, e.target.value),
      onBlur: () => {
        if (f === 'affiliateCode') void checkAffiliate();
        else if (values[f]?.trim() || errors[f]) check(f);
      },
      placeholder: t(`auth.placeholders.${f}`, { defaultValue: '' }) || undefined,
      ...INPUT_PROPS[f],
    };
    return (
      <Field key={f} className={WIDE.has(f) ? 'field--wide' : ''} label={t(`auth.fields.${f}`)} error={errors[f]} required={required} optional={!required} hint={f === 'password' && rule ? ruleMessage(t, rule, 'pattern') : undefined}>
        {(a11y) =>
          PASSWORD_FIELDS.has(f) ? (
            <PasswordInput {...a11y} {...common} />
          ) : f === 'mobileNum' ? (
            <div className="mobile-input">
              <DialCodeSelect value={dial} onChange={setDial} />
              <input {...a11y} {...common} className="input" dir="ltr" />
            </div>
          ) : f === 'birthday' ? (
            <BirthdayInput name={f} a11y={a11y} value={values[f] ?? ''} onChange={(v) => set(f, v)} onBlur={() => { if (values[f]?.trim() || errors[f]) check(f); }} />
          ) : f === 'verificationCode' ? (
            <div className="code-input">
              <input {...a11y} {...common} className="input" dir="ltr" />
              <CodeButton validate={() => !check('mobileNum')} send={sendCode} />
            </div>
          ) : (
            <input {...a11y} {...common} className="input" dir={f === 'payeeName' ? undefined : 'ltr'} spellCheck={false} autoCapitalize="off" />
          )
        }
      </Field>
    );
  };

  const tabs: Array<{ key: Mode; label: string }> = [
    ...(usernameOn ? [{ key: 'username' as const, label: t('auth.tabRegisterUsername') }] : []),
    ...(mobileOn ? [{ key: 'mobile' as const, label: t('auth.tabRegisterMobile') }] : []),
  ];

  return (
    <div className="auth">
      <form className="auth-form" onSubmit={submit} noValidate data-testid="register-form">
        <AuthTabs
          label={t('auth.registerWith')}
          value={mode}
          onChange={(m) => {
            setMode(m);
            setErrors({});
            setTermsError(false);
            setFormError(null);
          }}
          tabs={tabs}
        />
        <div className="auth-form__grid">{essential.map(renderField)}</div>
        {extra.length > 0 && (
          <button type="button" className="link-btn auth-form__more" aria-expanded={showExtra} aria-controls="register-extra" onClick={() => setMore(!showExtra)}>
            {showExtra ? t('auth.fewerDetails') : t('auth.moreDetails')}
          </button>
        )}
        {extra.length > 0 && showExtra && <div className="auth-form__grid" id="register-extra">{extra.map(renderField)}</div>}
        {showCaptcha && <div className="auth-form__grid">{renderField('captcha')}</div>}
        <div className={`field field--terms ${termsError ? 'field--error' : ''}`}>
          <label className="check">
            <input
              type="checkbox"
              name="terms"
              checked={terms}
              onChange={(e) => {
                setTerms(e.target.checked);
                if (e.target.checked) setTermsError(false);
              }}
              aria-invalid={termsError}
            />
            <span>{t('auth.terms')}</span>
          </label>
          {/* The terms and the privacy policy are one click away (a new tab keeps the form). */}
          <p className="auth__terms-links w-small">
            <a href="/help#term" target="_blank" rel="noopener">{t('auth.termsLink')}</a>
            {' · '}
            <a href="/help#privacy" target="_blank" rel="noopener">{t('auth.privacyLink')}</a>
          </p>
          {termsError && <p className="field__error" role="alert">{t('auth.termsRequired')}</p>}
        </div>
        <FormError message={formError} />
        <SubmitButton busy={busy}>{t('auth.registerButton')}</SubmitButton>
        <p className="auth__links">
          {t('auth.haveAccount')}{' '}
          <button type="button" className="link-btn" onClick={() => {
              popups.close('register');
              popups.open('login', undefined);
            }}>
            {t('auth.loginLink')}
          </button>
        </p>
      </form>
    </div>
  );
}
