/** Agent: send a red envelope to the direct members or the whole team, paid from the main balance. */
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { redEnvelope } from '@lobby/contract';
import { showToast } from '@/lib/toast';
import { FormNote, Panel, apiErrorText } from '@/components/ui/kit';
import { SubmitKey } from '@/lib/amounts';
import { useSendEnvelope } from './api';

const HOURS = [1, 6, 24, 72] as const;
const AMOUNT = /^(0|[1-9]\d{0,12})(\.\d{1,2})?$/;

/** A problem with the form values, or null (the server checks again). */
export function sendProblem(total: string, count: string): 'total' | 'count' | 'split' | null {
  if (!AMOUNT.test(total) || Number(total) <= 0) return 'total';
  const n = Number(count);
  if (!Number.isInteger(n) || n < 1 || n > redEnvelope.MAX_COUNT) return 'count';
  if (Math.round(Number(total) * 100) < n) return 'split';
  return null;
}

export function SendForm() {
  const { t } = useTranslation();
  const send = useSendEnvelope();
  const key = useRef(new SubmitKey());
  const [total, setTotal] = useState('');
  const [count, setCount] = useState('5');
  const [split, setSplit] = useState<'random' | 'equal'>('random');
  const [scope, setScope] = useState<'direct' | 'team'>('direct');
  const [title, setTitle] = useState('');
  const [hours, setHours] = useState<number>(24);
  const [touched, setTouched] = useState(false);
  const problem = sendProblem(total, count);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (problem || send.isPending) return;
    const body = { total, count: Number(count), split, scope, title: title.trim() || undefined, expiresInMinutes: hours * 60 };
    const requestId = key.current.forAttempt(JSON.stringify(body));
    send.mutate({ ...body, requestId }, {
      onSuccess: (v) => {
        key.current.settle();
        showToast(t('redEnvelope.send.sent', { total: v.total, count: v.count }));
        setTotal('');
        setTitle('');
        setTouched(false);
      },
      onError: () => key.current.settle(),
    });
  };
  const note = touched && problem ? t(`redEnvelope.send.bad.${problem}`, { max: redEnvelope.MAX_COUNT }) : null;
  return (
    <Panel title={t('redEnvelope.send.title')} testId="red-envelope-send">
      <form className="w-form renv-send" onSubmit={submit} noValidate>
        <div className="renv-send__row">
          <label className="field">
            <span className="field__label">{t('redEnvelope.send.total')}</span>
            <input className="input num" inputMode="decimal" value={total} placeholder="100.00" onChange={(e) => setTotal(e.target.value.trim())} data-testid="red-envelope-total" />
          </label>
          <label className="field">
            <span className="field__label">{t('redEnvelope.send.count')}</span>
            <input className="input num" inputMode="numeric" value={count} onChange={(e) => setCount(e.target.value.replace(/\D/g, ''))} data-testid="red-envelope-count" />
          </label>
        </div>
        <div className="renv-send__row">
          <fieldset className="renv-chips">
            <legend className="field__label">{t('redEnvelope.send.split')}</legend>
            {(['random', 'equal'] as const).map((k) => (
              <label key={k} className={`chip-radio ${split === k ? 'is-on' : ''}`}>
                <input type="radio" name="renv-split" checked={split === k} onChange={() => setSplit(k)} /> {t(`redEnvelope.send.${k}`)}
              </label>
            ))}
          </fieldset>
          <fieldset className="renv-chips">
            <legend className="field__label">{t('redEnvelope.send.scope')}</legend>
            {(['direct', 'team'] as const).map((k) => (
              <label key={k} className={`chip-radio ${scope === k ? 'is-on' : ''}`}>
                <input type="radio" name="renv-scope" checked={scope === k} onChange={() => setScope(k)} /> {t(`redEnvelope.send.${k}`)}
              </label>
            ))}
          </fieldset>
        </div>
        <div className="renv-send__row">
          <label className="field">
            <span className="field__label">{t('redEnvelope.send.titleLabel')}</span>
            <input className="input" value={title} maxLength={redEnvelope.TITLE_MAX} placeholder={t('redEnvelope.send.titlePlaceholder')} onChange={(e) => setTitle(e.target.value)} />
          </label>
          <label className="field">
            <span className="field__label">{t('redEnvelope.send.hours')}</span>
            <select className="input" value={hours} onChange={(e) => setHours(Number(e.target.value))}>
              {HOURS.map((h) => <option key={h} value={h}>{t('redEnvelope.send.hoursValue', { count: h })}</option>)}
            </select>
          </label>
        </div>
        <p className="muted renv-send__note">{t('redEnvelope.send.note')}</p>
        {note && <FormNote>{note}</FormNote>}
        {send.isError && <FormNote>{apiErrorText(send.error)}</FormNote>}
        <button type="submit" className="btn btn--primary w-submit" disabled={send.isPending}>
          {send.isPending ? t('common.loading') : t('redEnvelope.send.submit')}
        </button>
      </form>
    </Panel>
  );
}
