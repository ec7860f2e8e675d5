/**
 * Proof from the bound contact (issue 18, agents' powers over members): before binding or changing
 * a mobile or e-mail, setting the withdrawal password or binding a payout account, a member with a
 * bound contact confirms with a code sent there. `useProofGate` turns a `member.proof.required`
 * answer into this step; after the code the form is sent again.
 */
import '@/locales/member';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { memberProfile } from '@lobby/contract';
import { CodeButton } from './CodeButton';
import { Field, FormError } from './Field';
import { describeError } from '../errors';
import { call, isApiError } from '@/lib/api';
import { memberKeys } from '../api';
import { useSecurityProfile } from '../profile';

export type ProofChannels = Partial<Record<'sms' | 'email', string>>;

/** `channels` from a member.proof.required error (null when the error is another one). */
export function proofChannelsOf(err: unknown): ProofChannels | null {
  if (!isApiError(err) || err.errorCode !== 'member.proof.required') return null;
  const v = (err.value ?? {}) as { channels?: ProofChannels };
  return v.channels ?? {};
}

/**
 * The proof step of a form: `needed()` before sending (from the security profile: a bound contact
 * and no live proof in this session) shows the step without a refused call; `catch(err)` does the
 * same for a member.proof.required answer; `done()` after the code.
 */
export function useProofGate() {
  const [channels, setChannels] = useState<ProofChannels | null>(null);
  const proved = useRef(false);
  const profile = useSecurityProfile().data;
  return {
    channels,
    /** True (and the step shown) when this session must prove its bound contact before sending. */
    needed: () => {
      if (proved.current || !profile) return false;
      if (profile.proofUntil && Date.parse(profile.proofUntil) > Date.now()) return false;
      const bound: ProofChannels = { ...(profile.mobile ? { sms: profile.mobile } : {}), ...(profile.email ? { email: profile.email } : {}) };
      if (!bound.sms && !bound.email) return false;
      setChannels(bound);
      return true;
    },
    /** True when the error asked for a proof (the step is then shown). */
    catch: (err: unknown) => {
      const c = proofChannelsOf(err);
      if (c) {
        proved.current = false;
        setChannels(c);
      }
      return !!c;
    },
    done: () => {
      proved.current = true;
      setChannels(null);
    },
  };
}

export function ProofStep({ channels, onProved }: { channels: ProofChannels; onProved: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const available = (['sms', 'email'] as const).filter((c) => channels[c]);
  const [channel, setChannel] = useState<'sms' | 'email'>(available[0] ?? 'sms');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    setFormError(null);
    if (!/^\d{6}$/.test(code)) {
      setError(t('security.proof.codeFormat'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await call(memberProfile.verifyProof, { body: { channel, verificationCode: code } });
      void qc.invalidateQueries({ queryKey: memberKeys.all });
      onProved();
    } catch (err) {
      const c = isApiError(err) ? err.errorCode : '';
      if (c.startsWith('sms.code')) setError(describeError(err));
      else setFormError(describeError(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="sec-form sec-form--narrow sec-proof" onSubmit={submit} noValidate data-testid="proof-step">
      <p className="notice" role="status">
        <strong>{t('security.proof.title')}</strong> {t('security.proof.lead', { to: channels[channel] ?? '' })}
      </p>
      {available.length > 1 && (
        <div className="sec-proof__channels" role="radiogroup" aria-label={t('security.proof.channel')}>
          {available.map((c) => (
            <label key={c} className="sec-proof__channel">
              <input type="radio" name="proofChannel" value={c} checked={channel === c} onChange={() => setChannel(c)} />
              <span>{t(`security.item.${c === 'sms' ? 'mobile' : 'email'}`)} <bdi dir="ltr">{channels[c]}</bdi></span>
            </label>
          ))}
        </div>
      )}
      <Field label={t('security.code')} error={error} required>
        {(a) => (
          <div className="code-input">
            <input {...a} className="input" name="proofCode" inputMode="numeric" autoComplete="one-time-code" maxLength={6} dir="ltr"
              value={code} onChange={(ev) => setCode(ev.target.value.replace(/\D/g, '').slice(0, 6))} />
            <CodeButton validate={() => true} send={() => call(memberProfile.sendProofCode, { body: { channel } })} />
          </div>
        )}
      </Field>
      <FormError message={formError} />
      <button type="submit" className="btn btn--primary btn--block" disabled={busy} aria-busy={busy}>
        {busy && <span className="spinner spinner--sm" aria-hidden="true" />} {t('security.proof.submit')}
      </button>
    </form>
  );
}
