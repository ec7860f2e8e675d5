/**
 * Pure agent-centre logic (no React): the downline filters to the list query, the nickname rule,
 * and the scale of the daily charts.
 */
import type { DownlineQuery } from './api';

/** The server's nickname limit (agent.nickname.invalid). */
export const NICKNAME_MAX = 32;

export interface DownlineFilters {
  scope: 'direct' | 'all';
  account: string;
  type: '' | 'agent' | 'member';
  registeredFrom: string;
  registeredTo: string;
}

export const NO_FILTERS: DownlineFilters = { scope: 'direct', account: '', type: '', registeredFrom: '', registeredTo: '' };

/** Filters to the list query: empty fields are left out, the account is trimmed. */
export function downlineQuery(f: DownlineFilters, pageNo: number): DownlineQuery {
  const account = f.account.trim();
  return {
    scope: f.scope,
    ...(account ? { account } : {}),
    ...(f.type ? { type: f.type } : {}),
    ...(f.registeredFrom ? { registeredFrom: f.registeredFrom } : {}),
    ...(f.registeredTo ? { registeredTo: f.registeredTo } : {}),
    pageNo,
  };
}

/** A registration range is refused (no call) when the start is after the end. */
export function filtersError(f: DownlineFilters): 'order' | null {
  return f.registeredFrom && f.registeredTo && f.registeredFrom > f.registeredTo ? 'order' : null;
}

export function hasFilters(f: DownlineFilters): boolean {
  return !!(f.account.trim() || f.type || f.registeredFrom || f.registeredTo);
}

/** null = fine; the count is in characters (code points), as the server counts. */
export function nicknameError(text: string): 'required' | 'tooLong' | null {
  const v = text.trim();
  if (!v) return 'required';
  if ([...v].length > NICKNAME_MAX) return 'tooLong';
  return null;
}

/** A money string to a number, for chart heights only (display keeps the string). */
export function chartValue(money: string | number): number {
  const n = typeof money === 'number' ? money : Number(String(money).replace(/,/g, ''));
  return Number.isFinite(n) ? n : 0;
}

/**
 * A "nice" top for a chart axis and its ticks: 0, step, …, max with 4 steps of 1, 2, 2.5 or 5 × 10^n.
 * All zero (or empty) gives max 1 so bars stay flat.
 */
export function niceScale(values: readonly number[], steps = 4): { max: number; ticks: number[] } {
  const top = Math.max(0, ...values.map((v) => Math.abs(v)));
  if (top === 0) return { max: 1, ticks: [0, 1] };
  const raw = top / steps;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw)!;
  const max = step * steps;
  return { max, ticks: Array.from({ length: steps + 1 }, (_, i) => +(i * step).toPrecision(12)) };
}
