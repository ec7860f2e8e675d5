/**
 * Console › Verification and risk › AML report (issue 26 item 4): flags of single and daily
 * amounts above the brand's thresholds and of structuring just under them, filtered by status and
 * days, exported as CSV (the server audits the export), reported or dismissed with a note
 * (finance.withdraw). AmlRules edits the thresholds inside the KYC rules form.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { aml, type aml as A, type operator as Op } from '@lobby/contract';
import { buildUrl, requestHeaders } from '@/lib/api';
import { operator, useConsoleToken, useOp, useOpAction } from '../api';
import { Card, errMsg, money, Notice, Pager, Tabs, useOutcome, when } from '../ui';
import { memberLink } from './WithdrawalRisk';
import './locale';
import './kyc.css';

type Status = A.FlagQuery['status'];

function Decide({ flag }: { flag: A.FlagView }) {
  const { t } = useTranslation();
  const act = useOpAction(aml.decide);
  const out = useOutcome();
  const [note, setNote] = useState('');
  return (
    <>
      <form className="okyc-actions" onSubmit={(e) => e.preventDefault()}>
        <input aria-label={t('console.kyc.note')} placeholder={t('console.kyc.note')} value={note} maxLength={300} onChange={(e) => setNote(e.target.value)} />
        {(['reported', 'dismissed'] as const).map((d) => (
          <button key={d} type="button" className={`oc-btn ${d === 'reported' ? 'oc-primary' : ''}`} disabled={act.isPending || note.trim().length < 3} data-testid={`aml-${d}`}
            onClick={() => out.run(async () => { await act.mutateAsync({ id: flag.id, decision: d, note: note.trim() }); return t('console.done'); })}>
            {t(`console.aml.do.${d}`)}
          </button>
        ))}
      </form>
      {out.view}
    </>
  );
}

/** Downloads the CSV of the filter through the console session (the server records the export). */
function useCsv() {
  const token = useConsoleToken();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (q: Omit<A.FlagQuery, 'page'>) => {
    setBusy(true);
    setError(null);
    try {
      const headers = requestHeaders();
      delete headers.Authorization;
      if (token) headers[operator.SESSION_HEADER] = token;
      const params = new URLSearchParams(Object.entries(q).filter(([, v]) => v) as [string, string][]);
      const r = await fetch(buildUrl(`${aml.CSV_PATH}?${params}`), { headers });
      if (!r.ok) throw new Error(String(r.status));
      const url = URL.createObjectURL(await r.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = 'aml-report.csv';
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return { run, busy, error };
}

export function AmlReport({ me }: { me: Op.Me }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<{ status: Status; from: string; to: string }>({ status: 'open', from: '', to: '' });
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const query = { status: filter.status, ...(filter.from ? { from: filter.from } : {}), ...(filter.to ? { to: filter.to } : {}) };
  const q = useOp(aml.flags, { ...query, page });
  const csv = useCsv();
  const canDecide = me.permissions.includes('finance.withdraw');
  const list = q.data?.list ?? [];
  const r = q.data?.rules;
  return (
    <div data-testid="aml-report">
      {r && <p className="oc-muted">{t('console.aml.rulesLine', { single: r.singleAbove ? money(r.singleAbove) : t('console.kyc.noRule'), daily: r.dailyAbove ? money(r.dailyAbove) : t('console.kyc.noRule'), count: r.structuringCount, pct: r.structuringPct })}</p>}
      <div className="oc-toolbar">
        <Tabs value={filter.status} onChange={(status) => { setFilter({ ...filter, status }); setPage(1); }} options={([...aml.STATUSES, 'all'] as const).map((s) => [s, t(`console.aml.status.${s}`)])} />
        <label>{t('console.aml.from')} <input type="date" value={filter.from} onChange={(e) => { setFilter({ ...filter, from: e.target.value }); setPage(1); }} /></label>
        <label>{t('console.aml.to')} <input type="date" value={filter.to} onChange={(e) => { setFilter({ ...filter, to: e.target.value }); setPage(1); }} /></label>
        <button type="button" className="oc-btn" disabled={csv.busy} data-testid="aml-csv" onClick={() => void csv.run(query)}>{t('console.aml.csv')}</button>
      </div>
      {csv.error && <Notice kind="error">{t('console.aml.csvFailed')}</Notice>}
      {q.isError && <Notice kind="error">{errMsg(q.error)}</Notice>}
      {!list.length ? <p className="oc-muted">{q.data ? t('console.aml.empty') : t('console.loading')}</p> : (
        <div className="oc-table-wrap"><table className="oc-table oc-stack">
          <thead><tr><th>{t('console.aml.day')}</th><th>{t('console.kyc.username')}</th><th>{t('console.aml.kind')}</th><th className="num">{t('console.kyc.amount')}</th><th>{t('console.aml.refs')}</th><th>{t('console.status')}</th><th /></tr></thead>
          <tbody>{list.map((f) => (
            <tr key={f.id} data-flag={f.kind} data-username={f.username}>
              <td data-label={t('console.aml.day')}>{f.day}</td>
              <td data-label={t('console.kyc.username')}><Link className="oc-link" to={memberLink(f.memberId)}>{f.username}</Link></td>
              <td data-label={t('console.aml.kind')}>{t(`console.aml.kinds.${f.kind}`)} · {t(`console.aml.directions.${f.direction}`)}</td>
              <td data-label={t('console.kyc.amount')} className="num">{money(f.amount)}{f.count > 1 && <small className="oc-muted"> ({f.count})</small>}</td>
              <td data-label={t('console.aml.refs')} className="okyc-refs">{f.refs.slice(0, 6).join(' · ')}{f.refs.length > 6 ? ' …' : ''}</td>
              <td data-label={t('console.status')}>{t(`console.aml.status.${f.status}`)}{f.decidedBy && <small className="oc-muted"> · {f.decidedBy} {when(f.decidedAt)}</small>}{f.note && <div className="oc-muted">{f.note}</div>}</td>
              <td>{canDecide && f.status === 'open' && <button type="button" className="oc-btn" onClick={() => setOpen(open === f.id ? null : f.id)}>{t('console.kyc.open')}</button>}</td>
            </tr>
          ))}</tbody>
        </table></div>
      )}
      {q.data && <Pager page={page} total={q.data.total} pageSize={q.data.pageSize} onPage={setPage} />}
      {(() => {
        const f = list.find((x) => x.id === open);
        return f && f.status === 'open' ? <Card title={`${t(`console.aml.kinds.${f.kind}`)} · ${f.username} · ${money(f.amount)}`}><Decide key={f.id} flag={f} /></Card> : null;
      })()}
    </div>
  );
}

/** The AML thresholds inside the KYC rules form. */
export function AmlRules({ value, onChange }: { value: A.Rules; onChange: (v: A.Rules) => void }) {
  const { t } = useTranslation();
  const amount = (v: string) => (v.trim() === '' ? null : v.trim());
  return (
    <>
      <label>{t('console.aml.singleAbove')} <input inputMode="decimal" value={value.singleAbove ?? ''} placeholder={t('console.kyc.noRule')} onChange={(e) => onChange({ ...value, singleAbove: amount(e.target.value) })} /></label>
      <label>{t('console.aml.dailyAbove')} <input inputMode="decimal" value={value.dailyAbove ?? ''} placeholder={t('console.kyc.noRule')} onChange={(e) => onChange({ ...value, dailyAbove: amount(e.target.value) })} /></label>
      <label>{t('console.aml.structuringCount')} <input type="number" min={2} max={50} value={value.structuringCount} onChange={(e) => onChange({ ...value, structuringCount: Number(e.target.value) })} /></label>
      <label>{t('console.aml.structuringPct')} <input type="number" min={1} max={50} value={value.structuringPct} onChange={(e) => onChange({ ...value, structuringPct: Number(e.target.value) })} /></label>
    </>
  );
}
