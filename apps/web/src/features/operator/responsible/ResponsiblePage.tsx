/**
 * Console › Responsible gaming (issue 9 item 6): find a member (or open /console/responsible?member=<id>),
 * see the limits in force with pending changes and usage, change them (same rules as the member:
 * stricter at once, looser after 24 h), set a cool-off or self-exclusion, lift a cool-off with a
 * reason, and read the member's responsible-gaming history (audit rows).
 */
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { responsible as R } from '@lobby/contract';
import { changesOf, draftOf, type Draft } from '@/features/responsible';
import { operator, useOp, useOpAction } from '../api';
import { Card, errMsg, money, Notice, Pager, useOutcome, when } from '../ui';
import './locale';

const minutes = (f: R.Field) => f === 'sessionMinutes' || f === 'realityMinutes';

function Limits({ id, v, canManage }: { id: string; v: R.LimitsView; canManage: boolean }) {
  const { t } = useTranslation();
  const save = useOpAction(R.opSetLimits);
  const out = useOutcome();
  const [draft, setDraft] = useState<Draft>(() => draftOf(v));
  const pending = new Map(v.pending.map((p) => [p.field, p]));
  const show = (f: R.Field, x: string | number | null) => (x === null ? t('console.rg.none') : minutes(f) ? `${x} min` : money(String(x)));
  const [bad, setBad] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = changesOf(v, draft);
    setBad('error' in r ? t('console.rg.bad', { field: t(`console.rg.fields.${r.error.field}`) }) : null);
    if ('error' in r) return;
    void out.run(async () => {
      if (Object.keys(r.body).length === 0) return t('console.rg.nothing');
      const nv = await save.mutateAsync({ id, ...r.body });
      setDraft(draftOf(nv));
      return t('console.done');
    });
  };
  return (
    <Card title={t('console.rg.limits')}>
      <p className="oc-muted">{t('console.rg.rule')}</p>
      <form onSubmit={submit}>
        <div className="oc-table-wrap"><table className="oc-table oc-stack">
          <thead><tr><th>{t('console.rg.limit')}</th><th>{t('console.rg.now')}</th><th>{t('console.rg.pending')}</th><th className="num">{t('console.rg.used')}</th>{canManage && <th>{t('console.rg.newValue')}</th>}</tr></thead>
          <tbody>{R.FIELDS.map((f) => {
            const p = pending.get(f);
            const used = (v.usage as Record<string, string>)[f];
            return (
              <tr key={f} data-field={f}>
                <td data-label={t('console.rg.limit')}>{t(`console.rg.fields.${f}`)}</td>
                <td data-label={t('console.rg.now')}><b>{show(f, v[f])}</b></td>
                <td data-label={t('console.rg.pending')}>{p ? <>{show(f, p.value)} <small className="oc-muted">{t('console.rg.from', { at: when(p.appliesAt) })}</small></> : '—'}</td>
                <td data-label={t('console.rg.used')} className="num">{used !== undefined ? money(used) : '—'}</td>
                {canManage && <td data-label={t('console.rg.newValue')}><input aria-label={t(`console.rg.fields.${f}`)} inputMode="decimal" value={draft[f]} placeholder={t('console.rg.none')}
                  onChange={(e) => setDraft((d) => ({ ...d, [f]: e.target.value }))} /></td>}
              </tr>
            );
          })}</tbody>
        </table></div>
        {canManage && <div className="oc-toolbar"><button type="submit" className="oc-btn oc-primary" disabled={save.isPending}>{t('console.rg.save')}</button></div>}
      </form>
      {bad && <Notice kind="error">{bad}</Notice>}
      {out.view}
    </Card>
  );
}

function Break({ id, v, canManage }: { id: string; v: R.LimitsView; canManage: boolean }) {
  const { t } = useTranslation();
  const set = useOpAction(R.opSetBreak);
  const lift = useOpAction(R.opLiftCooloff);
  const out = useOutcome();
  const [kind, setKind] = useState<R.BreakKind>('cooloff');
  const [days, setDays] = useState<number>(R.COOLOFF_CHOICES[0]);
  const [reason, setReason] = useState('');
  const b = v.break;
  const choices = kind === 'cooloff' ? R.COOLOFF_CHOICES : R.EXCLUSION_CHOICES;
  return (
    <Card title={t('console.rg.break')}>
      {b ? (
        <Notice kind="error">{t(`console.rg.on.${b.kind}`, { until: when(b.until), by: b.setBy === 'member' ? t('console.rg.byMember') : b.setBy })}</Notice>
      ) : <p className="oc-muted">{t('console.rg.noBreak')}</p>}
      {canManage && (
        <>
          <div className="oc-toolbar">
            <select aria-label={t('console.rg.kind')} value={kind} onChange={(e) => { const k = e.target.value as R.BreakKind; setKind(k); setDays(k === 'cooloff' ? R.COOLOFF_CHOICES[0] : R.EXCLUSION_CHOICES[0]); }}>
              {R.BREAK_KINDS.map((k) => <option key={k} value={k}>{t(`console.rg.kinds.${k}`)}</option>)}
            </select>
            <select aria-label={t('console.rg.length')} value={days} onChange={(e) => setDays(Number(e.target.value))}>
              {choices.map((d) => <option key={d} value={d}>{t('console.rg.days', { count: d })}</option>)}
            </select>
            <button type="button" className="oc-btn oc-danger" disabled={set.isPending} onClick={() => out.run(async () => {
              if (!window.confirm(t('console.rg.confirm'))) return;
              const r = await set.mutateAsync({ id, kind, days });
              return t(`console.rg.on.${r.kind}`, { until: when(r.until), by: '' });
            })}>{t('console.rg.start')}</button>
          </div>
          {b?.kind === 'cooloff' && (
            <form className="oc-toolbar" onSubmit={(e) => { e.preventDefault(); void out.run(async () => { await lift.mutateAsync({ id, reason: reason.trim() }); setReason(''); return t('console.rg.lifted'); }); }}>
              <input aria-label={t('console.rg.reason')} placeholder={t('console.rg.reason')} value={reason} onChange={(e) => setReason(e.target.value)} minLength={3} maxLength={200} required />
              <button type="submit" className="oc-btn" disabled={lift.isPending}>{t('console.rg.lift')}</button>
            </form>
          )}
          {b?.kind === 'exclusion' && <p className="oc-muted">{t('console.rg.final')}</p>}
        </>
      )}
      {out.view}
    </Card>
  );
}

const detail = (x: unknown) => (x === null || x === undefined ? '' : JSON.stringify(x).replace(/[{}"]/g, '').replace(/,/g, ', ').slice(0, 220));

function Member({ id, canManage }: { id: string; canManage: boolean }) {
  const { t } = useTranslation();
  const q = useOp(R.opGet, { id });
  if (q.isError) return <Notice kind="error">{errMsg(q.error)}</Notice>;
  if (!q.data) return <p>{t('console.loading')}</p>;
  const { member: m, limits: v, history } = q.data;
  return (
    <>
      <h1>{m.username} <span className={`oc-pill oc-pill-${m.status}`}>{t(`console.ppl.status.${m.status}`)}</span>{v.break && <span className="oc-pill oc-pill-locked" data-testid="rg-break-pill">{t(`console.rg.kinds.${v.break.kind}`)}</span>}</h1>
      <Break id={id} v={v} canManage={canManage} />
      <Limits key={JSON.stringify(v)} id={id} v={v} canManage={canManage} />
      <Card title={t('console.rg.history')}>
        {history.length === 0 ? <p className="oc-muted">{t('console.empty')}</p> : (
          <div className="oc-table-wrap"><table className="oc-table oc-stack">
            <thead><tr><th>{t('console.time')}</th><th>{t('console.rg.actor')}</th><th>{t('console.aud.action')}</th><th>{t('console.rg.change')}</th></tr></thead>
            <tbody>{history.map((h, i) => (
              <tr key={i}><td data-label={t('console.time')}>{when(h.at)}</td><td data-label={t('console.rg.actor')}>{h.actor}</td><td data-label={t('console.aud.action')}><code>{h.action}</code></td>
                <td data-label={t('console.rg.change')} className="oc-ua">{detail(h.after)}</td></tr>
            ))}</tbody>
          </table></div>
        )}
      </Card>
    </>
  );
}

export function ResponsiblePage({ me }: { me: operator.Me }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const id = params.get('member');
  const [text, setText] = useState('');
  const [search, setSearch] = useState({ q: '', page: 1 });
  const q = useOp(operator.searchPeople, { ...(search.q ? { q: search.q } : {}), kind: 'member', page: search.page }, !id);
  const open = (x: string | null) => setParams(x ? { member: x } : {});
  return (
    <div className="oc-page" data-testid="console-responsible">
      {id ? <button type="button" className="oc-link" onClick={() => open(null)}>← {t('console.rg.back')}</button> : <h1>{t('console.menu.responsible')}</h1>}
      {id && /^\d{1,18}$/.test(id) ? <Member key={id} id={id} canManage={me.permissions.includes('people.manage')} /> : (
        <>
          <form className="oc-toolbar" onSubmit={(e) => { e.preventDefault(); setSearch({ q: text.trim(), page: 1 }); }}>
            <input type="search" aria-label={t('console.search')} placeholder={t('console.ppl.placeholder')} value={text} onChange={(e) => setText(e.target.value)} />
            <button type="submit" className="oc-btn oc-primary">{t('console.search')}</button>
          </form>
          <Card>
            {q.isError ? <Notice kind="error">{errMsg(q.error)}</Notice> : !q.data ? <p>{t('console.loading')}</p> : q.data.list.length === 0 ? <p className="oc-muted">{t('console.empty')}</p> : (
              <div className="oc-table-wrap"><table className="oc-table oc-stack">
                <thead><tr><th>{t('console.ppl.username')}</th><th>{t('console.status')}</th><th>{t('console.ppl.lastLogin')}</th><th /></tr></thead>
                <tbody>{q.data.list.map((p) => (
                  <tr key={p.id}>
                    <td data-label={t('console.ppl.username')}><b>{p.username}</b>{p.nickname && <small className="oc-muted"> {p.nickname}</small>}</td>
                    <td data-label={t('console.status')}><span className={`oc-pill oc-pill-${p.status}`}>{t(`console.ppl.status.${p.status}`)}</span></td>
                    <td data-label={t('console.ppl.lastLogin')}>{when(p.lastLoginAt)}</td>
                    <td className="oc-actions"><button type="button" className="oc-btn" onClick={() => open(p.id)}>{t('console.rg.open')}</button></td>
                  </tr>
                ))}</tbody>
              </table></div>
            )}
            {q.data && <Pager page={q.data.page} total={q.data.total} pageSize={q.data.pageSize} onPage={(page) => setSearch((s) => ({ ...s, page }))} />}
          </Card>
        </>
      )}
    </div>
  );
}
