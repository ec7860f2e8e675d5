/**
 * Bind (or replace) the mobile number or e-mail with a code sent to it. With a contact already
 * bound, a code sent there comes first (ProofStep: an agent who knows the password cannot swap the
 * member's contact for its own). Replacing a bound contact also asks for the login password when
 * the member has one.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { memberProfile } from '@lobby/contract';
import { CodeButton, Field, FormError, PasswordInput, DialCodeSelect, useFieldRules, describeError, mobileDigits, validate, ProofStep, useProofGate, type ProofChannels } from '@/features/session';
import { isApiError } from '@/lib/api';
import { showToast } from '@/lib/toast';
import { sendBindCode, useBindContact, type SecurityProfile } from '../api';

export type BindChannel = 'sms' | 'email';

export function BindForm({ channel, profile, onDone }: { channel: BindChannel; profile: SecurityProfile; onDone: () => void }) {
  const { t } = useTranslation();
  const rules = useFieldRules();
  const bind = useBindContact();
  const replacing = channel === 'sms' ? !!profile.mobile : !!profile.email;
  const needPassword = replacing && profile.items.loginPassword;
  const [dial, setDial] = useState('');
  const [target, setTarget] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const gate = useProofGate();
  const bound: ProofChannels = { ...(profile.mobile ? { sms: profile.mobile } : {}), ...(profile.email ? { email: profile.email } : {}) };
  const [proved, setProved] = useState(() => !!profile.proofUntil && Date.parse(profile.proofUntil) > Date.now());
  const proofNeeded = gate.channels ?? (!proved && Object.keys(bound).length > 0 ? bound : null);

  const targetBody = () =>
    channel === 'sms' ? { channel, mobileNum: target.trim(), countryDialingCode: dial || undefined } : { channel, email: target.trim() };

  const checkTarget = (): boolean => {
    const msg = channel === 'sms'
      ? validate(t, rules?.mobileNum, mobileDigits(target), true)
      : validate(t, rules?.email ?? memberProfile.EMAIL_RULE, target, true);
    setErrors((x) => ({ ...x, target: msg }));
    return !msg;
  };

  const fail = (err: unknown) => {
    if (gate.catch(err)) return setProved(false);
    const code = isApiError(err) ? err.errorCode : '';
    const text = describeError(err);
    if (code === 'sms.code.invalid' || code === 'sms.code.expired') setErrors((x) => ({ ...x, code: text }));
    else if (code === 'password.old.invalid') setErrors((x) => ({ ...x, password: text }));
    else if (['sms.phone.invalid', 'field.invalid', 'register.mobile.exists', 'member.bind.same'].includes(code)) setErrors((x) => ({ ...x, target: text }));
    else setFormError(text);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const okTarget = checkTarget();
    const next = {
      code: /^\d{6}$/.test(code.trim()) ? null : code.trim() ? validate(t, rules?.verificationCode, code, true) ?? t('rules.not_empty') : t('rules.not_empty'),
      password: needPassword && !password ? t('rules.not_empty') : null,
    };
    setErrors((x) => ({ ...x, ...next }));
    if (!okTarget || next.code || next.password) return;
    bind.mutate(
      { ...targetBody(), verificationCode: code.trim(), ...(needPassword ? { password } : {}) },
      {
        onSuccess: () => {
          showToast(t('security.bindDone'));
          onDone();
        },
        onError: fail,
      },
    );
  };

  if (proofNeeded) return <ProofStep channels={proofNeeded} onProved={() => { gate.done(); setProved(true); }} />;

  return (
    <form className="sec-form sec-form--narrow" onSubmit={submit} noValidate data-testid={`bind-form-${channel}`}>
      {replacing && (
        <p className="notice">{t(`security.item.${channel === 'sms' ? 'mobile' : 'email'}`)}: <strong dir="ltr">{channel === 'sms' ? profile.mobile : profile.email}</strong></p>
      )}
      <Field label={channel === 'sms' ? t('security.newMobile') : t('security.newEmail')} error={errors.target} required icon={channel === 'sms' ? undefined : 'bell'}>
        {(a) => channel === 'sms' ? (
          <div className="mobile-input">
            <DialCodeSelect value={dial} onChange={setDial} />
            <input {...a} className="input" name="mobileNum" type="tel" inputMode="tel" autoComplete="tel-national" maxLength={32} dir="ltr"
              value={target} onChange={(e) => setTarget(e.target.value)} />
          </div>
        ) : (
          <input {...a} className="input" name="email" type="email" inputMode="email" autoComplete="email" maxLength={128} dir="ltr"
            value={target} onChange={(e) => setTarget(e.target.value)} />
        )}
      </Field>
      <Field label={t('security.code')} error={errors.code} required hint={sentTo ? t('security.codeSent', { to: sentTo }) : undefined}>
        {(a) => (
          <div className="code-input">
            <input {...a} className="input" name="verificationCode" inputMode="numeric" autoComplete="one-time-code" maxLength={6} dir="ltr"
              value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))} />
            <CodeButton
              validate={checkTarget}
              send={async () => {
                try {
                  const v = await sendBindCode(targetBody());
                  setSentTo(v.to);
                  return v;
                } catch (err) {
                  if (isApiError(err) && ['sms.phone.invalid', 'field.invalid', 'register.mobile.exists', 'member.bind.same'].includes(err.errorCode)) {
                    fail(err);
                  }
                  throw err;
                }
              }}
            />
          </div>
        )}
      </Field>
      {needPassword && (
        <Field label={t('security.password')} error={errors.password} required icon="lock" hint={t('security.passwordHint')}>
          {(a) => <PasswordInput {...a} name="password" autoComplete="current-password" maxLength={128} value={password} onChange={(e) => setPassword(e.target.value)} />}
        </Field>
      )}
      <FormError message={formError} />
      <button type="submit" className="btn btn--primary btn--block" disabled={bind.isPending} aria-busy={bind.isPending}>
        {bind.isPending && <span className="spinner spinner--sm" aria-hidden="true" />} {t('security.bindSubmit')}
      </button>
    </form>
  );
}
