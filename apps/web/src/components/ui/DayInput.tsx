/**
 * A day field that reads in the page's language (issue 23: dd/mm/yyyy on a Spanish page, the
 * language's digits in FA and AR, ISO in EN as the interface's dates). A browser date input shows
 * the browser's locale instead (mm/dd/yyyy in an English Chrome on a Spanish page), so the day is
 * drawn as text and the native input lies over it, transparent: a click opens its picker, the
 * keyboard edits it, forms and tests read and fill it as before.
 */
import { localDate } from '@/lib/intl';

/** yyyy-MM-dd in the page's language ('' stays ''). */
export function dayText(value: string, code?: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return value;
  return localDate(new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], 12)), 'date', code) ?? value;
}

export function DayInput({ value, onChange, min, max, label, className = '' }: {
  value: string; onChange: (v: string) => void; min?: string; max?: string; label: string; className?: string;
}) {
  return (
    <span className={`day-input ${className}`}>
      <span className="input input--sm day-input__text num" aria-hidden="true">{dayText(value)}</span>
      <input
        type="date"
        className="day-input__native"
        value={value}
        min={min}
        max={max}
        aria-label={label}
        onChange={(e) => onChange(e.target.value)}
        onClick={(e) => {
          try { e.currentTarget.showPicker?.(); } catch { /* not allowed here: the native field still works */ }
        }}
      />
    </span>
  );
}
