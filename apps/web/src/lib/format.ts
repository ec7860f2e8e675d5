/**
 * Date helpers. Times travel in UTC (ISO strings); they are shown in the brand's GMT offset
 * (BrandPublic.gmtOffsetMinutes), as the original platform does, in the interface language's
 * order and digits (lib/intl.ts: 09/03/2025 in ES, PT-BR and VI; ISO in EN). Pass `lang` to fix it.
 */
import { localDate } from './intl';

const pad = (n: number, w = 2) => String(Math.abs(n)).padStart(w, '0');

function toDate(value: string | number | Date): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Shift to the brand offset and return the UTC parts of the shifted time. */
function parts(value: string | number | Date, offsetMinutes: number) {
  const d = toDate(value);
  if (!d) return null;
  const s = new Date(d.getTime() + offsetMinutes * 60_000);
  return {
    y: s.getUTCFullYear(), M: s.getUTCMonth() + 1, d: s.getUTCDate(),
    h: s.getUTCHours(), m: s.getUTCMinutes(), s: s.getUTCSeconds(),
  };
}

function shifted(p: NonNullable<ReturnType<typeof parts>>): Date {
  return new Date(Date.UTC(p.y, p.M - 1, p.d, p.h, p.m, p.s));
}

/** "2025-03-09" (EN), "09/03/2025" (ES) in the brand offset. */
export function formatDate(value: string | number | Date, offsetMinutes = 0, lang?: string): string {
  const p = parts(value, offsetMinutes);
  if (!p) return '';
  return localDate(shifted(p), 'date', lang) ?? `${p.y}-${pad(p.M)}-${pad(p.d)}`;
}

/** "2025-03-09 14:05:00" (EN), "09/03/2025 14:05:00" (ES) in the brand offset: date, one space, time. */
export function formatDateTime(value: string | number | Date, offsetMinutes = 0, lang?: string): string {
  const p = parts(value, offsetMinutes);
  return p ? `${formatDate(value, offsetMinutes, lang)} ${formatTime(value, offsetMinutes, lang)}` : '';
}

/** "14:05:00" in the brand offset (the agent centre clock), in the language's digits. */
export function formatTime(value: string | number | Date, offsetMinutes = 0, lang?: string): string {
  const p = parts(value, offsetMinutes);
  if (!p) return '';
  return localDate(shifted(p), 'time', lang) ?? `${pad(p.h)}:${pad(p.m)}:${pad(p.s)}`;
}

/** "GMT+08:00", "GMT-03:30". */
export function gmtLabel(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `GMT${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** Localised relative-free date, e.g. for footers: the current year in the brand offset. */
export function currentYear(offsetMinutes = 0, now: Date = new Date()): number {
  return parts(now, offsetMinutes)!.y;
}
