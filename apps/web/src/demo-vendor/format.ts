/**
 * Amounts on the demo vendor's wire are decimal strings in major units ("1.00"). The pages do
 * their sums in integer minor units (bigint) and never with floats. Display goes through the
 * lobby's pure formatters (lib/money, lib/format: no framework, only the contract's constants).
 */
import { formatTime } from '@/lib/format';
import { formatMinor, formatMoney } from '@/lib/money';

const AMOUNT = /^(\d{1,12})(?:\.(\d{1,2}))?$/;

/** "1.5" -> 150n; null when the text is not a non-negative amount with at most 2 decimals. */
export function parseMinor(text: string): bigint | null {
  const m = AMOUNT.exec(text.trim().replace(/,/g, ''));
  if (!m) return null;
  return BigInt(m[1]) * 100n + BigInt((m[2] ?? '').padEnd(2, '0'));
}

/** Minor units -> wire decimal: 150n -> "1.50". */
export function toDecimal(minor: bigint): string {
  const neg = minor < 0n;
  const abs = (neg ? -minor : minor).toString().padStart(3, '0');
  return `${neg ? '-' : ''}${abs.slice(0, -2)}.${abs.slice(-2)}`;
}

/** Wire decimal (possibly signed, any number of decimals) -> minor units, truncated. */
export function decimalToMinor(text: string): bigint {
  const m = /^([+-])?(\d+)(?:\.(\d*))?$/.exec(text.trim());
  if (!m) return 0n;
  const v = BigInt(m[2]) * 100n + BigInt((m[3] ?? '').slice(0, 2).padEnd(2, '0'));
  return m[1] === '-' ? -v : v;
}

/** Display: thousands separators and 2 decimals ("1,234.50"); accepts a decimal string or minor bigint. */
export function money(amount: string | bigint): string {
  return typeof amount === 'bigint' ? formatMinor(amount) : formatMoney(amount);
}

/** 2.5 -> "2.50×". */
export function multiplier(x: number): string {
  return `${x.toFixed(2)}×`;
}

/** 0.9606 -> "96.06 %" (a no-break space: the sign never wraps alone onto the next line). */
export function percent(fraction: number, decimals = 2): string {
  return `${(fraction * 100).toFixed(decimals)}\u00a0%`;
}

/** Local clock time of an ISO instant: "21:04:05". */
export function clock(iso: string): string {
  return formatTime(iso, -new Date(iso).getTimezoneOffset());
}

/** Checks a bet typed by the player against the session's limits. */
export function checkAmount(text: string, min: string, max: string): { minor: bigint } | { error: 'invalid' | 'min' | 'max' } {
  const minor = parseMinor(text);
  if (minor === null || minor === 0n) return { error: 'invalid' };
  if (minor < decimalToMinor(min)) return { error: 'min' };
  if (minor > decimalToMinor(max)) return { error: 'max' };
  return { minor };
}

/** Doubles or halves a bet within the limits (the ×2 and ½ buttons). */
export function stepAmount(current: string, factor: 2 | 0.5, min: string, max: string): string {
  const lo = decimalToMinor(min);
  const hi = decimalToMinor(max);
  const cur = parseMinor(current) ?? lo;
  let next = factor === 2 ? cur * 2n : cur / 2n;
  if (next < lo) next = lo;
  if (next > hi) next = hi;
  return toDecimal(next);
}

/** The bet a screen starts with: 1.00 within the limits. */
export function defaultBet(min: string, max: string): string {
  const lo = decimalToMinor(min);
  const hi = decimalToMinor(max);
  return toDecimal(100n < lo ? lo : 100n > hi ? hi : 100n);
}
