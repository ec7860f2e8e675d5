/** Convert points to main balance at the brand's rate, with the withdrawal password; one requestId per intent. */
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api';
import { showToast } from '@/lib/toast';
import { Field, PasswordInput } from '@/features/session';
import { PaymentPasswordForm } from '@/features/wallet';
import { FormNote, Panel, apiErrorText } from '@/components/ui/kit';
import { SubmitKey } from '@/lib/amounts';
import { useConvert, usePointSummary } from './api';
import { convertAmount, convertError, pinError } from './logic';

export function ConvertPanel() {
  const { t } = useTranslation();
  const summary = usePointSummary(true);
  const convert = useConvert();
  const key = useRef(new SubmitKey());
  const [n, setN] = useState('');
  const [pin, setPin] = useState('');
  const [touched, setTouched] = useState(false);
  const s = summary.data;
  if (!s) return <Panel title={t('points.tab.convert')}><p className="muted">{t('common.loading')}</p></Panel>;
  const err = convertError(n, s.convertMin, s.balance);
  const amount = convertAmount(n, s.convertValue);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (err || pinError(pin) || convert.isPending) return;
    const requestId = key.current.forAttempt(n.trim());
    convert.mutate({ points: n.trim(), paymentPassword: pin, requestId }, {
      onSuccess: (r) => {
        key.current.settle();
        showToast(t('points.converted', { points: r.points, amount: `${s.currencySymbol}${r.amount}` }));
        setN('');
        setPin('');
        setTouched(false);
      },
      onError: (e2) => { if (isApiError(e2) && e2.status > 0) key.current.settle(); },
    });
  };
  return (
    <Panel title={t('points.tab.convert')} testId="points-convert">
      <p className="w-lead w-small">{t('points.convertLead', { value: `${s.currencySymbol}${s.convertValue}`, min: s.convertMin })}</p>
      {!s.hasPaymentPassword ? (
        <PaymentPasswordForm isSet={false} onDone={() => void summary.refetch()} />
      ) : (
        <form className="w-form pm-convert" onSubmit={submit} noValidate data-testid="convert-form">
          <Field label={t('points.convertPoints')} error={touched && err ? t(`points.err.convert.${err}`, { min: s.convertMin }) : null} required>
            {(a) => (
              <div className="field__control w-amount">
                <input {...a} className="input w-amount__input" name="points" inputMode="numeric" dir="ltr" autoComplete="off" value={n} onChange={(e) => setN(e.target.value.replace(/\D/g, '').slice(0, 15))} />
                <button type="button" className="w-amount__max" onClick={() => setN(s.balance)}>{t('points.all')}</button>
              </div>
            )}
          </Field>
          <Field label={t('wallet.pwd.label')} error={touched && pinError(pin) ? t('wallet.pwd.format') : null} required>
            {(a) => <PasswordInput {...a} name="paymentPassword" inputMode="numeric" autoComplete="off" value={pin} onChange={(e) => setPin(e.target.value.replace(/\D/g, '').slice(0, 6))} />}
          </Field>
          <p className="pm-convert__get" data-testid="convert-amount">{t('points.convertGet')} <strong className="num">{s.currencySymbol}{amount && !err ? amount : '0.00'}</strong></p>
          {convert.isError && <FormNote>{apiErrorText(convert.error)}</FormNote>}
          <button type="submit" className="btn btn--primary btn--lg" disabled={convert.isPending} data-testid="convert-submit">
            {convert.isPending ? t('common.loading') : t('points.convertSubmit')}
          </button>
        </form>
      )}
    </Panel>
  );
}
