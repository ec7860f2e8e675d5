/**
 * Pure form logic shared by the money screens of every feature (no React): amount checks, fee and received amount, countdowns,
 * date presets and the 30-day limit, and the idempotency key of a submit (requestId).
 * Amounts are decimal strings in major units; arithmetic is done in integer minor units (bigint).
 */
import { cashier } from '@lobby/contract';

export const MAX_RANGE_DAYS = 30;

/** "12.5" -> 1250n; null when the text is not a valid amount (≤ 2 decimals, no sign). */
export function toMinor(text: string | null | undefined): bigint | null {
  const s = String(text ?? '').trim().replace(/,/g, '');
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  return BigInt(m[1]) * 100n + BigInt((m[2] ?? '').padEnd(2, '0') || '0');
}

/** 1250n -> "12.50" */
export function fromMinor(minor: bigint): string {
  const neg = minor < 0n;
  const abs = (neg ? -minor : minor).toString().padStart(3, '0');
  return `${neg ? '-' : ''}${abs.slice(0, -2)}.${abs.slice(-2)}`;
}

export type AmountError =
  | { key: 'required' }
  | { key: 'invalid' }
  | { key: 'decimals' }
  | { key: 'positive' }
  | { key: 'min'; min: string }
  | { key: 'max'; max: string }
  | { key: 'fixed' }
  | { key: 'balance' };

export interface AmountRules {
  min?: string;
  max?: string;
  /** When not empty, only these amounts are accepted (deposit channels with fixed amounts). */
  fixed?: readonly string[];
  /** The amount may not exceed this (the member's balance). */
  available?: string;
}

/** Check an amount typed by the member: positive, at most 2 decimals, within min/max. null = fine. */
export function validateAmount(text: string, rules: AmountRules = {}): AmountError | null {
  const s = text.trim().replace(/,/g, '');
  if (!s) return { key: 'required' };
  if (/^\d+\.\d{3,}$/.test(s)) return { key: 'decimals' };
  if (/^-/.test(s)) return { key: 'positive' };
  if (!cashier.AMOUNT_PATTERN.test(s)) return { key: 'invalid' };
  const v = toMinor(s)!;
  if (v <= 0n) return { key: 'positive' };
  if (rules.fixed && rules.fixed.length > 0 && !rules.fixed.some((f) => toMinor(f) === v)) return { key: 'fixed' };
  const min = toMinor(rules.min);
  if (min !== null && v < min) return { key: 'min', min: rules.min! };
  const max = toMinor(rules.max);
  if (max !== null && max > 0n && v > max) return { key: 'max', max: rules.max! };
  const avail = toMinor(rules.available);
  if (avail !== null && v > avail) return { key: 'balance' };
  return null;
}

/** Withdrawal fee = amount × feeBps / 10000 (rounded down to the cent) + feeFixed; and what arrives. */
export function withdrawFee(amount: string, feeBps: number, feeFixed: string): { fee: string; received: string } | null {
  const a = toMinor(amount);
  if (a === null || a <= 0n) return null;
  const fixed = toMinor(feeFixed) ?? 0n;
  const fee = (a * BigInt(feeBps)) / 10000n + fixed;
  const received = a - fee;
  return { fee: fromMinor(fee), received: fromMinor(received > 0n ? received : 0n) };
}

/** Bonus of a deposit: amount × bps / 10000, capped at maxBonus; "0.00" below minDeposit. */
export function depositBonus(amount: string, bonus: { bps: number; maxBonus: string; minDeposit: string }): string {
  const a = toMinor(amount);
  if (a === null || a < (toMinor(bonus.minDeposit) ?? 0n)) return '0.00';
  const v = (a * BigInt(bonus.bps)) / 10000n;
  const cap = toMinor(bonus.maxBonus) ?? v;
  return fromMinor(v > cap ? cap : v);
}

/** Whole seconds left until `expiresAt` (never negative). */
export function secondsLeft(expiresAt: string | number | Date, now: number = Date.now()): number {
  const end = new Date(expiresAt).getTime();
  if (Number.isNaN(end)) return 0;
  return Math.max(0, Math.ceil((end - now) / 1000));
}

/** 1799 -> "29:59"; 3725 -> "1:02:05". */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = s % 60;
  const p = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${p(m)}:${p(r)}` : `${p(m)}:${p(r)}`;
}

// ---- Dates -------------------------------------------------------------------------------

const DAY = 86_400_000;

/** yyyy-MM-dd of `now` in the brand offset. */
export function today(offsetMinutes = 0, now: number = Date.now()): string {
  return new Date(now + offsetMinutes * 60_000).toISOString().slice(0, 10);
}

function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
}

/** Days between two yyyy-MM-dd dates (end - start). */
export function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY);
}

export interface DayRange { startDate: string; endDate: string }
export type Preset = 'today' | 'prev7' | 'prev30' | 'next7' | 'next30';

/**
 * Date-picker presets (§9: next or previous 7 and 30 days). Previous N: from N days before today
 * to today (end - start = N, within the 30-day limit). Next N: N days forward from the start of
 * the current range, not past today.
 */
export function presetRange(preset: Preset, offsetMinutes = 0, now: number = Date.now(), current?: DayRange): DayRange {
  const t = today(offsetMinutes, now);
  switch (preset) {
    case 'today':
      return { startDate: t, endDate: t };
    case 'prev7':
      return { startDate: addDays(t, -7), endDate: t };
    case 'prev30':
      return { startDate: addDays(t, -MAX_RANGE_DAYS), endDate: t };
    case 'next7':
    case 'next30': {
      const n = preset === 'next7' ? 7 : MAX_RANGE_DAYS;
      const start = current?.startDate ?? addDays(t, -n);
      const end = addDays(start, n);
      return { startDate: start, endDate: end > t ? t : end };
    }
  }
}

/** Move a range by its own length earlier (-1) or later (+1), never past today. */
export function shiftRange(range: DayRange, direction: -1 | 1, offsetMinutes = 0, now: number = Date.now()): DayRange {
  const len = daysBetween(range.startDate, range.endDate) + 1;
  const t = today(offsetMinutes, now);
  let startDate = addDays(range.startDate, direction * len);
  let endDate = addDays(range.endDate, direction * len);
  if (endDate > t) {
    endDate = t;
    startDate = addDays(t, -(len - 1));
  }
  return { startDate, endDate };
}

export type RangeError = 'required' | 'order' | 'tooLong';

/** A range is valid when both days are set, start ≤ end and end - start ≤ 30 days. */
export function validateRange(range: DayRange, maxDays = MAX_RANGE_DAYS): RangeError | null {
  if (!range.startDate || !range.endDate) return 'required';
  if (range.startDate > range.endDate) return 'order';
  if (daysBetween(range.startDate, range.endDate) > maxDays) return 'tooLong';
  return null;
}

// ---- Idempotency -------------------------------------------------------------------------

export function newRequestId(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return `r${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * The requestId of a submit. A retry of the same intent (same form values, the last attempt did
 * not finish with an answer) reuses the id, so a double click or a retry after a network error
 * is one order; a new intent (values changed, or the last attempt was answered) gets a new id.
 */
export class SubmitKey {
  private id: string | null = null;
  private fingerprint: string | null = null;
  constructor(private readonly make: () => string = newRequestId) {}

  /** The id for an attempt with these values. */
  forAttempt(fingerprint: string): string {
    if (this.id === null || this.fingerprint !== fingerprint) {
      this.id = this.make();
      this.fingerprint = fingerprint;
    }
    return this.id;
  }

  /** The server answered (success or a definite refusal): the next submit is a new intent. */
  settle(): void {
    this.id = null;
    this.fingerprint = null;
  }
}
