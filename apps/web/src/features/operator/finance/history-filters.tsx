/**
 * The filter bar of the console's payment history tabs (deposits and withdrawals, issue 22):
 * status, provider, method, member, brand days and amounts, applied on submit, and the CSV export
 * of the same filter (the console session header; the file is built by the server).
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { operator, payments } from '@lobby/contract';
import { ApiError, buildUrl, requestHeaders } from '@/lib/api';
import { useConsoleToken } from '../api';
import { useOutcome } from '../ui';

export type Filter = { status?: string; method?: string; provider?: payments.Provider; username?: string; startDate?: string; endDate?: string; minAmount?: string; maxAmount?: string };
export const clean = (f: Filter) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== '')) as Filter;

async function downloadCsv(token: string | null, path: string, filename: string, filter: Filter) {
  const headers = requestHeaders();
  delete headers.Authorization;
  if (token) headers[operator.SESSION_HEADER] = token;
  const res = await fetch(buildUrl(path, clean(filter)), { headers });
  if (!res.ok) throw new ApiError('unknown.error', res.statusText, res.status);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  URL.revokeObjectURL(url);
}

interface Props {
  /** Status options (labels: console.pay.st.<status>). */
  statuses: readonly string[];
  /** Method options; absent = a free text field. */
  methods?: readonly string[];
  csvPath: string;
  csvName: string;
  /** The test ids' prefix (hist, whist). */
  prefix: string;
  onApply: (f: Filter) => void;
  /** The filter in force (the CSV exports it). */
  applied: Filter;
}

export function HistoryFilters({ statuses, methods, csvPath, csvName, prefix, onApply, applied }: Props) {
  const { t } = useTranslation();
  const token = useConsoleToken();
  const [draft, setDraft] = useState<Filter>({});
  const out = useOutcome();
  const field = (k: keyof Filter, label: string, type = 'text') => (
    <label className="oc-field"><span>{label}</span>
      <input type={type} value={draft[k] ?? ''} onChange={(e) => setDraft({ ...draft, [k]: e.target.value })} data-testid={`${prefix}-${k}`} />
    </label>
  );
  const apply = (e: FormEvent) => { e.preventDefault(); onApply(draft); };
  return (
    <>
      <form className="oc-filters" onSubmit={apply}>
        <label className="oc-field"><span>{t('console.pay.status')}</span>
          <select value={draft.status ?? ''} onChange={(e) => setDraft({ ...draft, status: e.target.value || undefined })} data-testid={`${prefix}-status`}>
            <option value="">{t('console.pay.any')}</option>
            {statuses.map((s) => <option key={s} value={s}>{t(`console.pay.st.${s}`)}</option>)}
          </select>
        </label>
        <label className="oc-field"><span>{t('console.pay.provider')}</span>
          <select value={draft.provider ?? ''} onChange={(e) => setDraft({ ...draft, provider: (e.target.value || undefined) as payments.Provider })} data-testid={`${prefix}-provider`}>
            <option value="">{t('console.pay.any')}</option>
            {payments.PROVIDERS.map((p) => <option key={p} value={p}>{t(`console.pay.providers.${p}`)}</option>)}
          </select>
        </label>
        {methods ? (
          <label className="oc-field"><span>{t('console.pay.method')}</span>
            <select value={draft.method ?? ''} onChange={(e) => setDraft({ ...draft, method: e.target.value || undefined })} data-testid={`${prefix}-method`}>
              <option value="">{t('console.pay.any')}</option>
              {methods.map((m) => <option key={m} value={m}>{t(`console.pay.accountKinds.${m}`, { defaultValue: m })}</option>)}
            </select>
          </label>
        ) : field('method', t('console.pay.method'))}
        {field('username', t('console.member'))}
        {field('startDate', t('console.pay.from'), 'date')}
        {field('endDate', t('console.pay.to'), 'date')}
        {field('minAmount', t('console.pay.min'))}
        {field('maxAmount', t('console.pay.max'))}
        <div className="oc-actions">
          <button type="submit" className="oc-btn oc-primary" data-testid={`${prefix}-apply`}>{t('console.pay.filter')}</button>
          <button type="button" className="oc-btn" onClick={() => out.run(async () => { await downloadCsv(token, csvPath, csvName, applied); })} data-testid={`${prefix}-csv`}>CSV</button>
        </div>
      </form>
      {out.view}
    </>
  );
}
