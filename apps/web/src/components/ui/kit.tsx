/** The shared UI kit: small building blocks of every feature's pages (styles in ./kit.css, strings in ./locale). */
import './kit.css';
import './locale';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertDialog } from '@/components/Modal';
import { Icon, type IconName } from '@/components/icons';
import { isApiError } from '@/lib/api';
import { errorText } from '@/lib/i18n';
import { formatMoney } from '@/lib/money';
import { formatDateTime } from '@/lib/format';
import { useBrand } from '@/lib/system';
import { DayInput } from './DayInput';
import { formatCountdown, presetRange, secondsLeft, shiftRange, validateRange, type AmountError, type DayRange, type Preset } from '@/lib/amounts';

/** The brand's GMT offset in minutes (display and day cuts). */
export function useOffset(): number {
  return useBrand()?.gmtOffsetMinutes ?? 0;
}

/** "2025-03-09 14:05:00" in the brand's time zone. */
export function DateTime({ value }: { value: string | null | undefined }) {
  const offset = useOffset();
  return <span dir="ltr" className="num">{value ? formatDateTime(value, offset) : '—'}</span>;
}

/** The translated text of a failed call (server params such as {min} come in its own message). */
export function apiErrorText(error: unknown): string {
  if (!error) return '';
  if (isApiError(error)) {
    const params = (error.value && typeof error.value === 'object' ? error.value : undefined) as Record<string, string | number> | undefined;
    const text = errorText(error.errorCode, error.message, params);
    return /\{\w+\}/.test(text) && error.message ? error.message : text;
  }
  return errorText('unknown.error');
}

export function amountErrorText(t: (k: string, o?: Record<string, unknown>) => string, err: AmountError | null, symbol = ''): string | null {
  if (!err) return null;
  if (err.key === 'min') return t('wallet.amount.min', { min: formatMoney(err.min, { symbol }) });
  if (err.key === 'max') return t('wallet.amount.max', { max: formatMoney(err.max, { symbol }) });
  return t(`wallet.amount.${err.key}`);
}

export function Money({ value, symbol, signed = false, hidden = false, className = '' }: { value: string | null | undefined; symbol?: string; signed?: boolean; hidden?: boolean; className?: string }) {
  const v = value ?? '0';
  const negative = v.trim().startsWith('-');
  const zero = /^-?0*(\.0*)?$/.test(v.trim());
  const tone = signed && !zero ? (negative ? 'money--neg' : 'money--pos') : '';
  const text = formatMoney(v, { symbol, hidden });
  return (
    <span className={`money num ${tone} ${className}`} dir="ltr">
      {signed && !negative && !zero && !hidden ? '+' : ''}
      {text}
    </span>
  );
}

export function SkeletonRows({ rows = 5, cols = 4 }: { rows?: number; cols?: number }) {
  return (
    <div className="w-skeleton" aria-busy="true" aria-live="polite" data-testid="skeleton">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="w-skeleton__row" style={{ gridTemplateColumns: `repeat(${cols}, 1fr)` }}>
          {Array.from({ length: cols }, (_, j) => (
            <span key={j} className="skeleton-line" />
          ))}
        </div>
      ))}
    </div>
  );
}

export function EmptyState({ icon = 'receipt', title, text, children }: { icon?: IconName; title: string; text?: string; children?: ReactNode }) {
  return (
    <div className="w-empty" data-testid="empty">
      <span className="w-empty__icon" aria-hidden="true">
        <Icon name={icon} size={28} />
      </span>
      <p className="w-empty__title">{title}</p>
      {text && <p className="w-empty__text">{text}</p>}
      {children}
    </div>
  );
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="w-error" role="alert">
      <Icon name="info" size={20} />
      <span>{apiErrorText(error)}</span>
      {onRetry && (
        <button type="button" className="btn btn--ghost btn--sm" onClick={onRetry}>
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}

/** A form-level message (error or success). */
export function FormNote({ tone = 'error', children }: { tone?: 'error' | 'success' | 'info'; children: ReactNode }) {
  if (!children) return null;
  return (
    <p className={`w-note w-note--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}

const STATUS_TONE: Record<string, string> = {
  pending: 'warn',
  paid: 'info',
  confirmed: 'ok',
  received: 'ok',
  auto_received: 'ok',
  cancelled: 'muted',
  expired: 'muted',
  rejected: 'bad',
  disputed: 'bad',
};

export function StatusChip({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <span className={`chip chip--${STATUS_TONE[status] ?? 'muted'}`} data-status={status}>
      {t(`wallet.status.${status}`, { defaultValue: status })}
    </span>
  );
}

export function Pager({ page, totalPages, onChange }: { page: number; totalPages: number; onChange: (p: number) => void }) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <nav className="w-pager" aria-label={t('wallet.pager.label')}>
      <button type="button" className="btn btn--ghost btn--sm" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        {t('wallet.pager.prev')}
      </button>
      <span className="w-pager__info num">{t('wallet.pager.info', { page, total: totalPages })}</span>
      <button type="button" className="btn btn--ghost btn--sm" disabled={page >= totalPages} onClick={() => onChange(page + 1)}>
        {t('wallet.pager.next')}
      </button>
    </nav>
  );
}

const PRESETS: Preset[] = ['today', 'prev7', 'prev30', 'next7', 'next30'];

/**
 * Date range with the §9 presets (previous / next 7 and 30 days), manual days, and ‹ › to move
 * by the range's length. Ranges over 30 days are refused with a message (onChange not called).
 */
export function DateRangeBar({ value, onChange }: { value: DayRange; onChange: (r: DayRange) => void }) {
  const { t } = useTranslation();
  const offset = useOffset();
  const [draft, setDraft] = useState(value);
  const [active, setActive] = useState<Preset | null>('prev7');
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setDraft(value);
  }
  const error = validateRange(draft);
  const apply = (r: DayRange, preset: Preset | null = null) => {
    setDraft(r);
    setActive(preset);
    if (!validateRange(r)) onChange(r);
  };
  return (
    <div className="w-range" data-testid="date-range">
      <div className="w-range__presets" role="group" aria-label={t('wallet.range.presets')}>
        {PRESETS.map((p) => (
          <button key={p} type="button" className={`pill ${active === p ? 'is-active' : ''}`} aria-pressed={active === p} onClick={() => apply(presetRange(p, offset, Date.now(), value), p)}>
            {t(`wallet.range.${p}`)}
          </button>
        ))}
      </div>
      <div className="w-range__inputs">
        <button type="button" className="icon-btn icon-btn--sm w-range__shift" aria-label={t('wallet.range.earlier')} onClick={() => apply(shiftRange(value, -1, offset))}>
          <Icon name="chevronRight" size={18} className="flip" />
        </button>
        <label className="w-range__day">
          <span className="visually-hidden">{t('wallet.range.from')}</span>
          <DayInput value={draft.startDate} max={draft.endDate} onChange={(v) => apply({ ...draft, startDate: v })} label={t('wallet.range.from')} />
        </label>
        <span aria-hidden="true" className="w-range__dash">–</span>
        <label className="w-range__day">
          <span className="visually-hidden">{t('wallet.range.to')}</span>
          <DayInput value={draft.endDate} min={draft.startDate} onChange={(v) => apply({ ...draft, endDate: v })} label={t('wallet.range.to')} />
        </label>
        <button type="button" className="icon-btn icon-btn--sm w-range__shift" aria-label={t('wallet.range.later')} onClick={() => apply(shiftRange(value, 1, offset))}>
          <Icon name="chevronRight" size={18} />
        </button>
      </div>
      {error && (
        <p className="field__error w-range__error" role="alert">
          {t(`wallet.range.error.${error}`, { days: 30 })}
        </p>
      )}
    </div>
  );
}

/** A live countdown to `expiresAt` ("29:59"); calls onExpire once at zero. */
export function useCountdownTo(expiresAt: string | null | undefined): number {
  const [left, setLeft] = useState(() => (expiresAt ? secondsLeft(expiresAt) : 0));
  useEffect(() => {
    if (!expiresAt) return;
    const tick = () => setLeft(secondsLeft(expiresAt));
    tick();
    const id = setInterval(tick, 1000);
    return () => clearInterval(id);
  }, [expiresAt]);
  return left;
}

export function Countdown({ expiresAt }: { expiresAt: string }) {
  const { t } = useTranslation();
  const left = useCountdownTo(expiresAt);
  return (
    <span className={`w-countdown num ${left < 120 ? 'is-urgent' : ''}`} role="timer" aria-label={t('wallet.deposit.expiresIn')} data-testid="countdown">
      <Icon name="clock" size={16} /> {left > 0 ? formatCountdown(left) : t('wallet.status.expired')}
    </span>
  );
}

/** Copy a value; a dialog confirms it (§8 "Copy success shows a dialog"). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const [done, setDone] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      const ta = document.createElement('textarea');
      ta.value = text;
      document.body.appendChild(ta);
      ta.select();
      try {
        document.execCommand('copy');
      } catch {
        /* nothing else to try */
      }
      ta.remove();
    }
    setDone(true);
  };
  return (
    <>
      <button type="button" className="btn btn--ghost btn--sm w-copy" onClick={copy} aria-label={t('wallet.copy.label', { what: label })}>
        {t('wallet.copy.button')}
      </button>
      {done && <AlertDialog tone="info" title={t('wallet.copy.title')} message={t('wallet.copy.done', { what: label })} confirmLabel={t('common.gotIt')} onConfirm={() => setDone(false)} />}
    </>
  );
}

/** A card with a heading, used for each block of a page. */
export function Panel({ title, actions, children, className = '', testId }: { title?: ReactNode; actions?: ReactNode; children: ReactNode; className?: string; testId?: string }) {
  return (
    <section className={`w-panel ${className}`} data-testid={testId}>
      {(title || actions) && (
        <header className="w-panel__head">
          {title && <h2 className="w-panel__title">{title}</h2>}
          {actions && <div className="w-panel__actions">{actions}</div>}
        </header>
      )}
      {children}
    </section>
  );
}

/**
 * The filters of a records panel (date range and status chips; either change goes back to
 * page 1) and the paging state. `statuses` lists the status codes; '' (all) comes first.
 */
export function useRecordFilters(statuses: readonly string[]) {
  const { t } = useTranslation();
  const offset = useOffset();
  const initial = useMemo(() => presetRange('prev7', offset), [offset]);
  const [range, setRange] = useState<DayRange>(initial);
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const filters = (
    <div className="w-filters">
      <DateRangeBar value={range} onChange={(r) => { setRange(r); setPage(1); }} />
      <div className="w-chips" role="group" aria-label={t('wallet.filterStatus')}>
        {['', ...statuses].map((st) => (
          <button key={st || 'all'} type="button" className={`pill ${status === st ? 'is-active' : ''}`} aria-pressed={status === st} onClick={() => { setStatus(st); setPage(1); }}>
            {st ? t(`wallet.status.${st}`) : t('wallet.all')}
          </button>
        ))}
      </div>
    </div>
  );
  return { query: { ...range, page, status: status || undefined }, page, setPage, filters };
}

interface PagedQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
  data?: { list: T[]; totalPages: number };
}

/** Loading, error and empty states of a paged records list, then its rows and pager. */
export function RecordsList<T>({ q, page, setPage, emptyTitle, children }: {
  q: PagedQuery<T>; page: number; setPage: (p: number) => void; emptyTitle: string; children: (list: T[]) => ReactNode;
}) {
  const { t } = useTranslation();
  if (q.isPending) return <SkeletonRows rows={4} cols={5} />;
  if (q.isError || !q.data) return <ErrorState error={q.error} onRetry={() => q.refetch()} />;
  if (q.data.list.length === 0) return <EmptyState icon="receipt" title={emptyTitle} text={t('wallet.emptyRange')} />;
  return (
    <>
      {children(q.data.list)}
      <Pager page={page} totalPages={q.data.totalPages} onChange={setPage} />
    </>
  );
}
