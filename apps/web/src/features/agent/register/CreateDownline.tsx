/** Create a direct downline account (agent or member) with the default password 123456, changed at its first login. */
import './locale';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS, agentRegister } from '@lobby/contract';
import { CopyButton, FormNote, apiErrorText } from '@/components/ui/kit';
import { useCreateDownline } from './api';

const USERNAME_MAX = 16;

export function CreateDownline() {
  const { t } = useTranslation();
  const create = useCreateDownline();
  const [username, setUsername] = useState('');
  const [accountType, setAccountType] = useState<agentRegister.AccountType>('member');
  const [touched, setTouched] = useState(false);
  const [created, setCreated] = useState<{ account: string; isAgent: boolean } | null>(null);
  const missing = !username.trim();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    setCreated(null);
    if (missing || create.isPending) return;
    create.mutate({ username: username.trim(), accountType }, {
      onSuccess: (r) => { setCreated({ account: r.account, isAgent: r.isAgent }); setUsername(''); setTouched(false); },
    });
  };

  return (
    <form className="ar-form" onSubmit={submit} noValidate data-testid="create-downline">
      <div className={`field ${touched && missing ? 'field--error' : ''}`}>
        <label className="field__label" htmlFor="ar-username">{t('agentRegister.create.username')}<span className="field__req" aria-hidden="true"> *</span></label>
        <div className="field__control">
          <input id="ar-username" className="input" name="username" autoComplete="off" dir="ltr" maxLength={USERNAME_MAX}
            value={username} aria-invalid={touched && missing} aria-required onChange={(e) => setUsername(e.target.value)} />
        </div>
        {touched && missing
          ? <p className="field__error" role="alert">{t('agentRegister.create.required')}</p>
          : <p className="field__hint">{t('agentRegister.create.usernameHint')}</p>}
      </div>
      <fieldset className="ar-fieldset">
        <legend className="ar-legend">{t('agentRegister.form.accountType')}</legend>
        <div className="ar-seg" role="radiogroup">
          {agentRegister.ACCOUNT_TYPES.map((v) => (
            <label key={v} className={`ar-seg__item ${accountType === v ? 'is-active' : ''}`}>
              <input type="radio" name="createType" value={v} checked={accountType === v} onChange={() => setAccountType(v)} />
              {t(`agentRegister.type.${v}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <p className="ar-note">
        {t('agentRegister.create.passwordNote', { password: LIMITS.defaultWeakPassword })}
      </p>
      {create.isError && <FormNote>{apiErrorText(create.error)}</FormNote>}
      {created && (
        <div className="ar-created" role="status" data-testid="created">
          <p>{t(created.isAgent ? 'agentRegister.create.doneAgent' : 'agentRegister.create.doneMember', { account: created.account })}</p>
          <p className="ar-created__row">
            <span>{t('agentRegister.create.account')}: <strong dir="ltr">{created.account}</strong></span>
            <CopyButton text={created.account} label={t('agentRegister.create.account')} />
          </p>
          <p className="ar-created__row">
            <span>{t('agentRegister.create.password')}: <strong dir="ltr">{LIMITS.defaultWeakPassword}</strong></span>
          </p>
        </div>
      )}
      <button type="submit" className="btn btn--primary btn--block" disabled={create.isPending}>
        {create.isPending ? t('agentRegister.create.creating') : t('agentRegister.create.submit')}
      </button>
    </form>
  );
}
