/**
 * Set (or change) the withdrawal password: exactly 6 digits, typed twice (security centre, withdraw).
 * A member with a bound contact confirms with a code sent there first (ProofStep), then it is sent again.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cashier } from '@lobby/contract';
import { Field, PasswordInput, ProofStep, useProofGate } from '@/features/session';
import { useSetPaymentPassword } from '../api';
import { FormNote, apiErrorText } from '@/components/ui/kit';
import './wallet.css';

export function PaymentPasswordForm({ isSet, onDone }: { isSet: boolean; onDone?: () => void }) {
  const { t } = useTranslation();
  const save = useSetPaymentPassword();
  const [oldPassword, setOld] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirmPassword, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const gate = useProofGate();

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const errs: Record<string, string> = {};
    if (isSet && !oldPassword) errs.old = t('wallet.pwd.required');
    if (!cashier.PAYMENT_PASSWORD_PATTERN.test(newPassword)) errs.new = t('wallet.pwd.format');
    if (confirmPassword !== newPassword) errs.confirm = t('wallet.pwd.mismatch');
    setErrors(errs);
    if (Object.keys(errs).length || gate.needed()) return;
    save.mutate(
      { oldPassword: isSet ? oldPassword : undefined, newPassword, confirmPassword },
      {
        onSuccess: () => {
          setSaved(true);
          setOld('');
          setNew('');
          setConfirm('');
          onDone?.();
        },
        onError: (err) => { gate.catch(err); },
      },
    );
  };
  const digits = (v: string) => v.replace(/\D/g, '').slice(0, 6);

  if (gate.channels) return <ProofStep channels={gate.channels} onProved={() => { gate.done(); save.reset(); submit(); }} />;

  return (
    <form className="w-form w-form--narrow" onSubmit={submit} noValidate data-testid="payment-password-form">
      {isSet && (
        <Field label={t('wallet.pwd.old')} error={errors.old} required>
          {(a) => <PasswordInput {...a} name="oldPaymentPassword" inputMode="numeric" autoComplete="off" value={oldPassword} onChange={(e) => setOld(digits(e.target.value))} />}
        </Field>
      )}
      <Field label={t('wallet.pwd.new')} error={errors.new} hint={t('wallet.pwd.hint')} required>
        {(a) => <PasswordInput {...a} name="newPaymentPassword" inputMode="numeric" autoComplete="new-password" value={newPassword} onChange={(e) => setNew(digits(e.target.value))} />}
      </Field>
      <Field label={t('wallet.pwd.confirm')} error={errors.confirm} required>
        {(a) => <PasswordInput {...a} name="confirmPaymentPassword" inputMode="numeric" autoComplete="new-password" value={confirmPassword} onChange={(e) => setConfirm(digits(e.target.value))} />}
      </Field>
      {save.isError && <FormNote>{apiErrorText(save.error)}</FormNote>}
      {saved && !save.isError && <FormNote tone="success">{t('wallet.pwd.saved')}</FormNote>}
      <button type="submit" className="btn btn--primary" disabled={save.isPending}>
        {save.isPending ? t('common.loading') : isSet ? t('wallet.pwd.change') : t('wallet.pwd.set')}
      </button>
    </form>
  );
}
