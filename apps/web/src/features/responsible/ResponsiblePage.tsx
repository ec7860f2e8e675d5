/**
 * Member centre › Responsible gaming (issue 9 item 6): deposit, loss and session limits with the
 * reality-check interval (stricter at once, looser after 24 hours: the pending value and when it
 * applies are shown), and a cool-off or self-exclusion that logs the member out at once.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { responsible as R } from '@lobby/contract';
import { showToast } from '@/lib/toast';
import { useLogout } from '@/features/session';
import { apiErrorText, DateTime, ErrorState, FormNote, Money, Panel, SkeletonRows } from '@/components/ui/kit';
import { useLimits, useSetLimits, useTakeBreak } from './api';
import { draftOf, changesOf, type Draft } from './logic';
import './locale';
import './responsible.css';

const GROUPS: { key: 'deposit' | 'loss'; fields: R.Field[] }[] = [
  { key: 'deposit', fields: ['depositDay', 'depositWeek', 'depositMonth'] },
  { key: 'loss', fields: ['lossDay', 'lossWeek', 'lossMonth'] },
];

function LimitsForm({ v }: { v: R.LimitsView }) {
  const { t } = useTranslation();
  const save = useSetLimits();
  const [draft, setDraft] = useState<Draft>(() => draftOf(v));
  const [note, setNote] = useState<string | null>(null);
  const pending = new Map(v.pending.map((p) => [p.field, p]));
  const set = (f: R.Field, value: string) => setDraft((d) => ({ ...d, [f]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setNote(null);
    const r = changesOf(v, draft);
    if ('error' in r) return setNote(t(`responsible.errors.${r.error.kind}`, { field: t(`responsible.fields.${r.error.field}`) }));
    if (Object.keys(r.body).length === 0) return setNote(t('responsible.nothing'));
    save.mutate(r.body, {
      onSuccess: (nv) => {
        setDraft(draftOf(nv));
        showToast(nv.pending.length > v.pending.length ? t('responsible.savedPending') : t('responsible.saved'));
      },
    });
  };

  const row = (f: R.Field, usage?: string) => {
    const p = pending.get(f);
    const minutes = f === 'sessionMinutes' || f === 'realityMinutes';
    return (
      <div className="rg-row" key={f} data-field={f}>
        <label className="rg-row__label" htmlFor={`rg-${f}`}>{t(`responsible.fields.${f}`)}</label>
        <div className="rg-row__now">
          <span className="muted">{t('responsible.now')}</span>{' '}
          <strong data-testid={`rg-now-${f}`}>{v[f] === null ? t('responsible.none') : minutes ? t('responsible.minutes', { n: v[f] }) : <Money value={String(v[f])} />}</strong>
          {usage !== undefined && <span className="rg-row__used muted"> · {t('responsible.used')} <Money value={usage} /></span>}
          {p && (
            <span className="rg-pending" data-testid={`rg-pending-${f}`}>
              {t('responsible.pending', { value: p.value === null ? t('responsible.none') : minutes ? t('responsible.minutes', { n: p.value }) : p.value })}{' '}
              <DateTime value={p.appliesAt} />
            </span>
          )}
        </div>
        <input id={`rg-${f}`} className="input rg-row__input" inputMode={minutes ? 'numeric' : 'decimal'} value={draft[f]} placeholder={t('responsible.noLimit')}
          onChange={(e) => set(f, e.target.value)} aria-describedby="rg-rule" />
      </div>
    );
  };

  return (
    <form className="w-form rg-form" onSubmit={submit} noValidate data-testid="rg-limits">
      <p id="rg-rule" className="rg-rule">{t('responsible.rule', { hours: R.DELAY_HOURS })}</p>
      {GROUPS.map((g) => (
        <fieldset key={g.key} className="rg-group">
          <legend>{t(`responsible.groups.${g.key}`)} <span className="muted">({v.currency})</span></legend>
          {g.fields.map((f) => row(f, v.usage[f as keyof R.LimitsView['usage']]))}
        </fieldset>
      ))}
      <fieldset className="rg-group">
        <legend>{t('responsible.groups.time')}</legend>
        {row('sessionMinutes')}
        {row('realityMinutes')}
        <p className="field__hint muted">{t('responsible.minutesHint')}</p>
      </fieldset>
      {note && <FormNote>{note}</FormNote>}
      {save.isError && <FormNote>{apiErrorText(save.error)}</FormNote>}
      <button type="submit" className="btn btn--primary w-submit" disabled={save.isPending}>{save.isPending ? t('common.loading') : t('responsible.save')}</button>
    </form>
  );
}

function BreakForm() {
  const { t } = useTranslation();
  const take = useTakeBreak();
  const logout = useLogout();
  const [kind, setKind] = useState<R.BreakKind>('cooloff');
  const [days, setDays] = useState<number>(R.COOLOFF_CHOICES[0]);
  const [sure, setSure] = useState(false);
  const choices = kind === 'cooloff' ? R.COOLOFF_CHOICES : R.EXCLUSION_CHOICES;
  const pick = (k: R.BreakKind) => {
    setKind(k);
    setDays(k === 'cooloff' ? R.COOLOFF_CHOICES[0] : R.EXCLUSION_CHOICES[0]);
    setSure(false);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!sure || take.isPending) return;
    take.mutate({ kind, days }, {
      onSuccess: (r) => {
        showToast(t(`responsible.break.started.${r.kind}`, { until: new Date(r.until).toLocaleString() }));
        void logout();
      },
    });
  };
  return (
    <form className="w-form rg-form" onSubmit={submit} data-testid="rg-break">
      <div className="rg-kinds" role="radiogroup" aria-label={t('responsible.break.kind')}>
        {R.BREAK_KINDS.map((k) => (
          <label key={k} className={`rg-kind ${kind === k ? 'is-on' : ''}`}>
            <input type="radio" name="rg-kind" value={k} checked={kind === k} onChange={() => pick(k)} />
            <strong>{t(`responsible.break.${k}`)}</strong>
            <span className="muted">{t(`responsible.break.${k}Text`)}</span>
          </label>
        ))}
      </div>
      <div className="field">
        <label className="field__label" htmlFor="rg-days">{t('responsible.break.length')}</label>
        <select id="rg-days" className="input" value={days} onChange={(e) => setDays(Number(e.target.value))}>
          {choices.map((d) => <option key={d} value={d}>{t(`responsible.break.days.${d}`)}</option>)}
        </select>
      </div>
      <label className="rg-sure">
        <input type="checkbox" checked={sure} onChange={(e) => setSure(e.target.checked)} data-testid="rg-sure" />
        <span>{t(`responsible.break.sure.${kind}`)}</span>
      </label>
      {take.isError && <FormNote>{apiErrorText(take.error)}</FormNote>}
      <button type="submit" className="btn rg-danger w-submit" disabled={!sure || take.isPending}>{t(`responsible.break.start.${kind}`)}</button>
    </form>
  );
}

export default function ResponsiblePage() {
  const { t } = useTranslation();
  const q = useLimits();
  if (q.isPending) return <div className="w-panel"><SkeletonRows rows={6} cols={3} /></div>;
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  return (
    <div className="rg-page" data-testid="page-responsible">
      <Panel title={t('responsible.limitsTitle')}>
        <LimitsForm v={q.data} />
      </Panel>
      <Panel title={t('responsible.break.title')}>
        <p className="rg-rule">{t('responsible.break.intro')}</p>
        <BreakForm />
      </Panel>
    </div>
  );
}
