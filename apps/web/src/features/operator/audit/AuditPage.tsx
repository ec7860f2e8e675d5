/** Audit log: search by text, action, operator and dates; CSV export of the same filter. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadAuditCsv, operator, useOp } from '../api';
import { Card, errMsg, Notice, Pager, useOutcome, when } from '../ui';

const show = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));

export function AuditPage() {
  const { t } = useTranslation();
  const empty = { q: '', action: '', operator: '', from: '', to: '' };
  const [form, setForm] = useState(empty);
  const [filter, setFilter] = useState(empty);
  const [page, setPage] = useState(1);
  const clean = Object.fromEntries(Object.entries(filter).filter(([, v]) => v)) as Partial<typeof empty>;
  const q = useOp(operator.listAudit, { ...clean, page });
  const out = useOutcome();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFilter(form);
    setPage(1);
  };
  const set = (k: keyof typeof empty) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  return (
    <div className="oc-page">
      <h1>{t('console.menu.audit')}</h1>
      <form className="oc-filters" onSubmit={submit}>
        <input type="search" aria-label={t('console.aud.filter')} placeholder={t('console.aud.filter')} value={form.q} onChange={set('q')} />
        <input aria-label={t('console.aud.action')} placeholder={t('console.aud.action')} value={form.action} onChange={set('action')} />
        <input aria-label={t('console.aud.operator')} placeholder={t('console.aud.operator')} value={form.operator} onChange={set('operator')} />
        <label><span>{t('console.aud.from')}</span><input type="date" value={form.from} onChange={set('from')} /></label>
        <label><span>{t('console.aud.to')}</span><input type="date" value={form.to} onChange={set('to')} /></label>
        <button type="submit" className="oc-btn oc-primary">{t('console.search')}</button>
        <button type="button" className="oc-btn" onClick={() => out.run(() => downloadAuditCsv(clean))}>{t('console.aud.export')}</button>
      </form>
      {out.view}
      <Card>
        {q.isError ? <Notice kind="error">{errMsg(q.error)}</Notice> : !q.data ? <p>{t('console.loading')}</p> : q.data.list.length === 0 ? <p className="oc-muted">{t('console.empty')}</p> : (
          <div className="oc-table-wrap"><table className="oc-table oc-stack oc-audit">
            <thead><tr><th>{t('console.time')}</th><th>{t('console.aud.operator')}</th><th>{t('console.aud.action')}</th><th>{t('console.aud.target')}</th><th>{t('console.aud.before')}</th><th>{t('console.aud.after')}</th></tr></thead>
            <tbody>{q.data.list.map((r) => (
              <tr key={r.id} data-action={r.action}>
                <td data-label={t('console.time')}>{when(r.at)}</td>
                <td data-label={t('console.aud.operator')}>{r.operatorName}</td>
                <td data-label={t('console.aud.action')}><code>{r.action}</code></td>
                <td data-label={t('console.aud.target')}>{r.target}</td>
                <td data-label={t('console.aud.before')} className="oc-json">{show(r.before)}</td>
                <td data-label={t('console.aud.after')} className="oc-json">{show(r.after)}</td>
              </tr>
            ))}</tbody>
          </table></div>
        )}
        {q.data && <Pager page={page} total={q.data.total} pageSize={q.data.pageSize} onPage={setPage} />}
      </Card>
    </div>
  );
}
