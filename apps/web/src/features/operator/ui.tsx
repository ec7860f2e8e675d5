/** Small building blocks of the console pages. */
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api';
import { errorText } from '@/lib/i18n';
import { formatMoney } from '@/lib/money';

export const money = (v: string | null | undefined) => formatMoney(v ?? '0');
export const when = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' }) : '—');

export function errMsg(e: unknown): string {
  return isApiError(e) ? errorText(e.errorCode, e.message) : errorText('unknown.error');
}

export function Notice({ kind = 'info', children }: { kind?: 'info' | 'error' | 'ok'; children: ReactNode }) {
  return <div className={`oc-notice oc-notice-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>{children}</div>;
}

export function Card({ title, children, actions }: { title?: ReactNode; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="oc-card">
      {(title || actions) && <header className="oc-card-head">{title && <h2>{title}</h2>}{actions}</header>}
      {children}
    </section>
  );
}

export function Pager({ page, total, pageSize, onPage }: { page: number; total: number; pageSize: number; onPage: (p: number) => void }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <div className="oc-pager">
      <button type="button" className="oc-btn" disabled={page <= 1} onClick={() => onPage(page - 1)}>{t('console.prev')}</button>
      <span>{t('console.page', { page, pages })}</span>
      <button type="button" className="oc-btn" disabled={page >= pages} onClick={() => onPage(page + 1)}>{t('console.next')}</button>
    </div>
  );
}

/**
 * A console list table: "loading…" until the data comes, "nothing here" when it has no rows, else
 * the stacked table (cards on phones) with `head` (the <th> cells) and `children` (the <tr> rows).
 */
export function ListTable({ loaded, empty, head, testId, children }: { loaded: boolean; empty: boolean; head: ReactNode; testId?: string; children: ReactNode }) {
  const { t } = useTranslation();
  if (empty) return <p className="oc-muted">{loaded ? t('console.empty') : t('console.loading')}</p>;
  return (
    <div className="oc-table-wrap">
      <table className="oc-table oc-stack" data-testid={testId}>
        <thead><tr>{head}</tr></thead>
        <tbody>
          {children}
        </tbody>
      </table>
    </div>
  );
}

export function Tabs<T extends string>({ value, options, onChange }: { value: T; options: [T, string][]; onChange: (v: T) => void }) {
  return (
    <div className="oc-tabs" role="tablist">
      {options.map(([v, label]) => (
        <button key={v} type="button" role="tab" aria-selected={v === value} className={v === value ? 'on' : ''} onClick={() => onChange(v)}>{label}</button>
      ))}
    </div>
  );
}

/** Runs an action and shows its outcome (message or error) next to the buttons. */
export function useOutcome() {
  const [msg, setMsg] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const run = async (fn: () => Promise<string | void>) => {
    setMsg(null);
    try {
      const text = await fn();
      if (text) setMsg({ kind: 'ok', text });
    } catch (e) {
      setMsg({ kind: 'error', text: errMsg(e) });
    }
  };
  const view = msg ? <Notice kind={msg.kind}>{msg.text}</Notice> : null;
  return { run, view, clear: () => setMsg(null) };
}

/**
 * A console dialog over the page (a sheet from the bottom on phones): its title, then `children`
 * and `buttons` (a row at the end). Escape or a click beside it closes it, unless `busy`.
 */
export function Dialog({ title, onClose, busy = false, buttons, children }: { title: ReactNode; onClose: () => void; busy?: boolean; buttons: ReactNode; children: ReactNode }) {
  const id = useId();
  useEffect(() => {
    const esc = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !busy) onClose();
    };
    window.addEventListener('keydown', esc);
    return () => window.removeEventListener('keydown', esc);
  }, [busy, onClose]);
  return (
    <div className="oc-overlay" onClick={(e) => { if (e.target === e.currentTarget && !busy) onClose(); }}>
      <div className="oc-dialog" role="dialog" aria-modal="true" aria-labelledby={id}>
        <h2 id={id}>{title}</h2>
        {children}
        <div className="oc-dialog-buttons">{buttons}</div>
      </div>
    </div>
  );
}
