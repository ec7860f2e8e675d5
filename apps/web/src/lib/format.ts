/**
 * Date helpers. Times travel in UTC (ISO strings); they are shown in the brand's GMT offset
 * (BrandPublic.gmtOffsetMinutes), as the original platform does.
 */

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

/** "2025-03-09" in the brand offset. */
export function formatDate(value: string | number | Date, offsetMinutes = 0): string {
  const p = parts(value, offsetMinutes);
  return p ? `${p.y}-${pad(p.M)}-${pad(p.d)}` : '';
}

/** "2025-03-09 14:05:00" in the brand offset. */
export function formatDateTime(value: string | number | Date, offsetMinutes = 0): string {
  const p = parts(value, offsetMinutes);
  return p ? `${p.y}-${pad(p.M)}-${pad(p.d)} ${pad(p.h)}:${pad(p.m)}:${pad(p.s)}` : '';
}

/** "14:05:00" in the brand offset (the agent centre clock). */
export function formatTime(value: string | number | Date, offsetMinutes = 0): string {
  const p = parts(value, offsetMinutes);
  return p ? `${pad(p.h)}:${pad(p.m)}:${pad(p.s)}` : '';
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
