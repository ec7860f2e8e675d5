/**
 * A birth date in the page's language (issue 23 item 6): day, month and year chosen from lists in
 * the language's order (dd/mm/yyyy in ES, PT-BR and VI; ISO order in EN, as the interface shows
 * dates), month names and digits of the language, Gregorian years. A browser date input would
 * follow the browser's locale instead (mm/dd/yyyy on a Spanish page). The value is yyyy-MM-dd once
 * all three are chosen, '' before.
 */
import { useMemo, useState } from 'react';
import { getLanguage } from '@/lib/storage';
import { intlLocale } from '@/lib/intl';

type Part = 'day' | 'month' | 'year';
interface A11y { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string; 'aria-required'?: boolean }

/** The order of day, month and year in a language (EN: year first, as its dates read). */
export function dateOrder(code: string = getLanguage()): Part[] {
  if (code.toUpperCase() === 'EN') return ['year', 'month', 'day'];
  const parts = new Intl.DateTimeFormat(`${intlLocale(code)}-u-ca-gregory`, { day: 'numeric', month: 'numeric', year: 'numeric' })
    .formatToParts(new Date(Date.UTC(2000, 10, 22, 12)))
    .map((p) => p.type)
    .filter((t): t is Part => t === 'day' || t === 'month' || t === 'year');
  return parts.length === 3 ? parts : ['day', 'month', 'year'];
}

const pad = (n: number) => String(n).padStart(2, '0');

export function BirthdayInput({ value, onChange, onBlur, name, a11y, years = 100 }: {
  value: string; onChange: (v: string) => void; onBlur?: () => void; name: string; a11y: A11y; years?: number;
}) {
  const code = getLanguage();
  const locale = `${intlLocale(code)}-u-ca-gregory`;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const [draft, setDraft] = useState<Record<Part, string>>(() => ({ year: m?.[1] ?? '', month: m?.[2] ?? '', day: m?.[3] ?? '' }));
  const lists = useMemo(() => {
    const num = new Intl.NumberFormat(locale, { useGrouping: false });
    const monthName = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
    const thisYear = new Date().getUTCFullYear();
    return {
      day: Array.from({ length: 31 }, (_, i) => [pad(i + 1), num.format(i + 1)]),
      month: Array.from({ length: 12 }, (_, i) => [pad(i + 1), monthName.format(new Date(Date.UTC(2000, i, 1)))]),
      year: Array.from({ length: years }, (_, i) => [String(thisYear - i), num.format(thisYear - i)]),
    } as Record<Part, string[][]>;
  }, [locale, years]);
  const names = useMemo(() => {
    const dn = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames([intlLocale(code)], { type: 'dateTimeField' }) : null;
    const of = (p: Part) => { try { return dn?.of(p) ?? p; } catch { return p; } };
    return { day: of('day'), month: of('month'), year: of('year') } as Record<Part, string>;
  }, [code]);

  const set = (part: Part, v: string) => {
    const next = { ...draft, [part]: v };
    setDraft(next);
    onChange(next.year && next.month && next.day ? `${next.year}-${next.month}-${next.day}` : '');
  };
  return (
    <div className="birthday-input" role="group" aria-describedby={a11y['aria-describedby']} data-name={name}>
      {dateOrder(code).map((part, i) => (
        <select
          key={part}
          id={i === 0 ? a11y.id : undefined}
          name={`${name}-${part}`}
          className="input"
          value={draft[part]}
          aria-label={i === 0 ? undefined : names[part]}
          aria-invalid={a11y['aria-invalid']}
          aria-required={a11y['aria-required']}
          onChange={(e) => set(part, e.target.value)}
          onBlur={onBlur}
        >
          <option value="">{names[part]}</option>
          {lists[part].map(([v, label]) => <option key={v} value={v}>{label}</option>)}
        </select>
      ))}
    </div>
  );
}
