/**
 * Edit the profile fields of §3 with the brand's rules (the same messages as registration).
 * Real name, birthday and bank account are shown masked and read-only once set; while unset they
 * carry a warning that saving fixes them. Only changed fields are sent.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS, memberProfile, type member } from '@lobby/contract';
import { Icon } from '@/components/icons';
import { useCountries } from '@/lib/system';
import { Field, FormError, describeError, ageOn, ruleMessage, validate } from '@/features/session';
import { isApiError } from '@/lib/api';
import { showToast } from '@/lib/toast';
import { useUpdateProfile, type SecurityProfile } from '../api';

type FieldName = memberProfile.ProfileField;

/** What the server will store, so the client checks the same string. */
export function normalizeField(f: FieldName, v: string): string {
  const s = v.trim();
  if (f === 'bankAccount' || f === 'zalo') return s.replace(/[\s-]/g, '');
  if (f === 'nationality') return s.toUpperCase();
  if (f === 'realName') return s.replace(/\s+/g, ' ');
  return s;
}

export function ProfileForm({ profile, onDone }: { profile: SecurityProfile; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useUpdateProfile();
  const countries = useCountries().data ?? [];
  const initial = Object.fromEntries(profile.fields.map((f) => [f.field, f.editable ? (f.value ?? '') : ''])) as Record<FieldName, string>;
  const [v, setV] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string | null>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const check = (f: FieldName, value: string): string | null => {
    const msg = validate(t, profile.rules[f], value, false);
    if (msg || f !== 'birthday' || !value) return msg;
    const age = ageOn(value);
    if (age === null) return ruleMessage(t, profile.rules.birthday, 'pattern');
    return age < LIMITS.minimumAge ? t('security.underAge', { age: LIMITS.minimumAge }) : null;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const body: Partial<Record<FieldName, string>> = {};
    const next: Partial<Record<FieldName, string | null>> = {};
    for (const f of profile.fields) {
      if (!f.editable || v[f.field] === initial[f.field]) continue;
      const value = normalizeField(f.field, v[f.field]);
      next[f.field] = check(f.field, value);
      body[f.field] = value;
    }
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    if (!Object.keys(body).length) return setFormError(t('security.nothingChanged'));
    save.mutate(body, {
      onSuccess: () => {
        showToast(t('security.saved'));
        onDone();
      },
      onError: (err) => {
        const fe = (isApiError(err) ? err.value ?? {} : {}) as Partial<member.FieldError>;
        if (isApiError(err) && err.errorCode === 'field.invalid' && fe.field && fe.reason) {
          const rule = { patternId: fe.patternId ?? 'length', minLength: fe.minLength ?? 0, maxLength: fe.maxLength ?? 0 };
          setErrors((x) => ({ ...x, [fe.field as FieldName]: ruleMessage(t, rule, fe.reason!) }));
        } else if (isApiError(err) && err.errorCode === 'register.age.under') {
          setErrors((x) => ({ ...x, birthday: describeError(err) }));
        } else setFormError(describeError(err));
      },
    });
  };

  const control = (f: FieldName, a: Parameters<Parameters<typeof Field>[0]['children']>[0]): ReactNode => {
    const common = { ...a, name: f, value: v[f], className: 'input' };
    const onChange = (e: { target: { value: string } }) => setV((s) => ({ ...s, [f]: e.target.value }));
    if (f === 'nationality') {
      return (
        <select {...common} onChange={onChange}>
          <option value="">{t('security.choose')}</option>
          {countries.map((c) => <option key={c.countryCode} value={c.countryCode}>{c.name}</option>)}
          {v.nationality && !countries.some((c) => c.countryCode === v.nationality) && <option value={v.nationality}>{v.nationality}</option>}
        </select>
      );
    }
    if (f === 'sourceOfIncome') {
      return (
        <select {...common} onChange={onChange}>
          <option value="">{t('security.choose')}</option>
          {memberProfile.INCOME_SOURCES.map((s) => <option key={s} value={s}>{t(`security.income.${s}`)}</option>)}
        </select>
      );
    }
    const type = f === 'birthday' ? 'date' : f === 'zalo' ? 'tel' : 'text';
    const numeric = f === 'zalo' || f === 'bankAccount';
    const placeholder = f === 'telegram' || f === 'zalo' || f === 'bankAccount' ? t(`security.placeholders.${f}`) : undefined;
    return (
      <input {...common} type={type} inputMode={numeric ? 'numeric' : undefined} maxLength={200} placeholder={placeholder}
        autoComplete={f === 'realName' ? 'name' : f === 'address' ? 'street-address' : f === 'birthday' ? 'bday' : 'off'}
        dir={numeric || f === 'telegram' ? 'ltr' : undefined} onChange={onChange} />
    );
  };

  return (
    <form className="sec-form" onSubmit={submit} noValidate data-testid="profile-form">
      <p className="notice">{t('security.profileHint')}</p>
      <div className="sec-form__grid">
        {profile.fields.map((f) => {
          const lockable = memberProfile.LOCKED_ONCE_SET.includes(f.field);
          if (!f.editable) {
            return (
              <Field key={f.field} label={t(`security.fields.${f.field}`)} hint={t('security.locked')} icon="lock">
                {(a) => <input {...a} className="input" value={f.value ?? ''} readOnly aria-readonly="true" name={f.field} dir="ltr" />}
              </Field>
            );
          }
          return (
            <Field key={f.field} label={t(`security.fields.${f.field}`)} error={errors[f.field]} hint={lockable ? t('security.lockedSoon') : undefined} optional>
              {(a) => control(f.field, a)}
            </Field>
          );
        })}
      </div>
      <FormError message={formError} />
      <div className="sec-form__actions">
        <button type="button" className="btn btn--ghost" onClick={onDone}>{t('common.cancel')}</button>
        <button type="submit" className="btn btn--primary" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? <span className="spinner spinner--sm" aria-hidden="true" /> : <Icon name="shield" size={16} />} {t('security.save')}
        </button>
      </div>
    </form>
  );
}
