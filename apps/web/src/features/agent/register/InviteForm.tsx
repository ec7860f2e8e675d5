/** The new-link form: account type (agent or member), expiry (1 / 7 / 30 days, permanent, custom) and a remark. */
import './locale';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { agentRegister } from '@lobby/contract';
import { FormNote, apiErrorText, useOffset } from '@/components/ui/kit';
import { useCreateInvite } from './api';
import { brandLocalIn, brandLocalToIso, customExpiryError } from './logic';

type Props = { onCreated?: (invite: agentRegister.Invite) => void };

export function InviteForm({ onCreated }: Props) {
  const { t } = useTranslation();
  const offset = useOffset();
  const create = useCreateInvite();
  const [accountType, setAccountType] = useState<agentRegister.AccountType>('member');
  const [expiry, setExpiry] = useState<agentRegister.Expiry>('7d');
  const [custom, setCustom] = useState(() => brandLocalIn(3, offset));
  const [remark, setRemark] = useState('');
  const [campaign, setCampaign] = useState('');
  const [subId, setSubId] = useState('');
  const [note, setNote] = useState<string | null>(null);

  const customError = expiry === 'custom' ? customExpiryError(custom, offset) : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setNote(null);
    if (customError || create.isPending) return;
    create.mutate(
      {
        accountType, expiry, remark: remark.trim() || undefined, campaign: campaign.trim() || undefined, subId: subId.trim() || undefined,
        expiresAt: expiry === 'custom' ? brandLocalToIso(custom, offset)! : undefined,
      },
      {
        onSuccess: (invite) => { setRemark(''); setNote(t('agentRegister.form.created')); onCreated?.(invite); },
      },
    );
  };

  return (
    <form className="ar-form" onSubmit={submit} noValidate data-testid="invite-form">
      <fieldset className="ar-fieldset">
        <legend className="ar-legend">{t('agentRegister.form.accountType')}</legend>
        <div className="ar-seg" role="radiogroup">
          {agentRegister.ACCOUNT_TYPES.map((v) => (
            <label key={v} className={`ar-seg__item ${accountType === v ? 'is-active' : ''}`}>
              <input type="radio" name="accountType" value={v} checked={accountType === v} onChange={() => setAccountType(v)} />
              {t(`agentRegister.type.${v}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="ar-fieldset">
        <legend className="ar-legend">{t('agentRegister.form.expiry')}</legend>
        <div className="ar-chips" role="radiogroup">
          {agentRegister.EXPIRY_OPTIONS.map((v) => (
            <label key={v} className={`ar-chip ${expiry === v ? 'is-active' : ''}`}>
              <input type="radio" name="expiry" value={v} checked={expiry === v} onChange={() => setExpiry(v)} />
              {t(`agentRegister.expiry.${v}`)}
            </label>
          ))}
        </div>
        {expiry === 'custom' && (
          <div className={`field ar-custom ${customError ? 'field--error' : ''}`}>
            <label className="field__label" htmlFor="ar-custom">{t('agentRegister.form.customLabel')}</label>
            <div className="field__control">
              <input id="ar-custom" className="input" type="datetime-local" value={custom} dir="ltr"
                aria-invalid={!!customError} aria-describedby="ar-custom-msg" onChange={(e) => setCustom(e.target.value)} />
            </div>
            <p id="ar-custom-msg" className={customError ? 'field__error' : 'field__hint'} role={customError ? 'alert' : undefined}>
              {customError
                ? t(`agentRegister.form.customError.${customError}`, { max: agentRegister.CUSTOM_EXPIRY_MAX_DAYS })
                : t('agentRegister.form.customHint', { max: agentRegister.CUSTOM_EXPIRY_MAX_DAYS })}
            </p>
          </div>
        )}
      </fieldset>
      <div className="field">
        <label className="field__label" htmlFor="ar-remark">
          {t('agentRegister.form.remark')} <span className="field__opt">({t('agentRegister.optional')})</span>
        </label>
        <div className="field__control">
          <input id="ar-remark" className="input" value={remark} maxLength={agentRegister.REMARK_MAX}
            placeholder={t('agentRegister.form.remarkPlaceholder')} onChange={(e) => setRemark(e.target.value)} />
        </div>
      </div>
      <div className="ar-tags">
        {([['campaign', campaign, setCampaign], ['subId', subId, setSubId]] as const).map(([k, v, set]) => (
          <div className="field" key={k}>
            <label className="field__label" htmlFor={`ar-${k}`}>
              {t(`agentRegister.form.${k}`)} <span className="field__opt">({t('agentRegister.optional')})</span>
            </label>
            <div className="field__control">
              <input id={`ar-${k}`} className="input" value={v} maxLength={40} dir="ltr" pattern="[A-Za-z0-9._\-]*"
                placeholder={t(`agentRegister.form.${k}Placeholder`)} onChange={(e) => set(e.target.value.replace(/[^A-Za-z0-9._-]/g, ''))} />
            </div>
          </div>
        ))}
      </div>
      {create.isError && <FormNote>{apiErrorText(create.error)}</FormNote>}
      {note && !create.isError && <FormNote tone="success">{note}</FormNote>}
      <button type="submit" className="btn btn--primary btn--block" disabled={create.isPending || !!customError}>
        {create.isPending ? t('agentRegister.form.creating') : t('agentRegister.form.submit')}
      </button>
    </form>
  );
}
