/**
 * Brand time: the brand's local day, week and periods, cut at the brand's midnight (its
 * `gmtOffsetMinutes`). Instants are UTC `Date`s; "local" numbers are UTC milliseconds shifted by
 * the offset.
 */
import type { Brand } from '../../plugins/merchant.ts';

/** One day in milliseconds. */
export const DAY_MS = 86_400_000;

const offsetMs = (brand: Brand) => (brand.config.gmtOffsetMinutes ?? 0) * 60_000;

/** Start (UTC instant) of the brand's local day that contains `at`. */
export function brandDayStart(brand: Brand, at: Date): Date {
  const off = offsetMs(brand);
  return new Date(Math.floor((at.getTime() + off) / DAY_MS) * DAY_MS - off);
}

/** The brand-local date (yyyy-mm-dd) of an instant. */
export const brandDate = (brand: Brand, at = new Date()) => new Date(at.getTime() + offsetMs(brand)).toISOString().slice(0, 10);

/** "2026-05-02 14:30 GMT+8": a time as the brand's players read it. */
export function brandTimeLabel(brand: Brand, d: Date): string {
  const off = brand.config.gmtOffsetMinutes ?? 0;
  const local = new Date(d.getTime() + off * 60_000).toISOString().slice(0, 16).replace('T', ' ');
  const h = Math.trunc(Math.abs(off) / 60);
  const m = Math.abs(off) % 60;
  return `${local} GMT${off < 0 ? '-' : '+'}${h}${m ? `:${String(m).padStart(2, '0')}` : ''}`;
}

/** Starts of the brand's local day, week (Monday) and month containing `now`. */
export function brandPeriodStarts(brand: Brand, now: Date): { Day: Date; Week: Date; Month: Date } {
  const off = offsetMs(brand);
  const day = brandDayStart(brand, now);
  const local = new Date(day.getTime() + off);
  const week = new Date(day.getTime() - ((local.getUTCDay() + 6) % 7) * DAY_MS);
  const month = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - off);
  return { Day: day, Week: week, Month: month };
}

/** A reward period: `key` names it (D2026-05-02, W2026-04-27, once), [start, end) in UTC. */
export interface Period {
  key: string;
  start: Date;
  end: Date;
}

export type PeriodKind = 'once' | 'daily' | 'weekly';

const dateKey = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The period containing `at` (daily: the brand day; weekly: Monday to Monday; once: forever). */
export function periodAt(period: PeriodKind, at: Date, gmtOffsetMinutes: number): Period {
  if (period === 'once') return { key: 'once', start: new Date(0), end: new Date(8.64e15) };
  const off = gmtOffsetMinutes * 60_000;
  const local = at.getTime() + off;
  let dayStart = Math.floor(local / DAY_MS) * DAY_MS;
  let len = DAY_MS;
  if (period === 'weekly') {
    const weekday = (new Date(dayStart).getUTCDay() + 6) % 7; // Monday 0
    dayStart -= weekday * DAY_MS;
    len = 7 * DAY_MS;
  }
  return { key: `${period === 'weekly' ? 'W' : 'D'}${dateKey(dayStart)}`, start: new Date(dayStart - off), end: new Date(dayStart - off + len) };
}

/** The period before the one containing `at` (a rebate pays the previous day's valid bet). */
export function previousPeriod(period: PeriodKind, at: Date, gmtOffsetMinutes: number): Period {
  const cur = periodAt(period, at, gmtOffsetMinutes);
  return period === 'once' ? cur : periodAt(period, new Date(cur.start.getTime() - 1), gmtOffsetMinutes);
}
