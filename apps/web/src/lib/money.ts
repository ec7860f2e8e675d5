/**
 * Money display (§9: 2 decimals and thousands separators; hideable as ***). Works on decimal
 * strings and integer minor units without floats, so large balances never lose cents.
 */
import { LIMITS } from '@lobby/contract';
import { localDigits, numberStyle } from './intl';

export const HIDDEN_MONEY = '***';

export interface MoneyFormat {
  decimals?: number;
  /** Show *** instead of the amount. */
  hidden?: boolean;
  /** Prefix such as a currency symbol ("$", "R$"). */
  symbol?: string;
  /** Separators; by default the interface language's (lib/intl.ts: 1,234.56 in ES and EN, 1.234,56 in PT-BR). */
  thousands?: string;
  decimal?: string;
  /** Language whose separators and digits to use (default: the interface language). */
  lang?: string;
}

function groupThousands(int: string, sep: string): string {
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
}

/** Round a non-negative decimal string half-up to `decimals` places: ["123", "46"]. */
function roundDecimal(intPart: string, frac: string, decimals: number): [string, string] {
  if (frac.length <= decimals) return [intPart, frac.padEnd(decimals, '0')];
  const keep = frac.slice(0, decimals);
  const roundUp = frac.charCodeAt(decimals) - 48 >= 5;
  if (!roundUp) return [intPart, keep];
  const digits = BigInt(intPart + keep) + 1n;
  const s = digits.toString().padStart(intPart.length + decimals, '0');
  return [s.slice(0, s.length - decimals) || '0', decimals ? s.slice(s.length - decimals) : ''];
}

/** Format a major-unit amount ("1234.5", 1234.5, 12n) as "1,234.50". */
export function formatMoney(amount: string | number | bigint | null | undefined, opts: MoneyFormat = {}): string {
  const style = numberStyle(opts.lang);
  const { decimals = LIMITS.moneyDecimals, hidden = false, symbol = '', thousands = style.thousands, decimal = style.decimal } = opts;
  if (hidden) return symbol ? `${symbol} ${HIDDEN_MONEY}` : HIDDEN_MONEY;
  let raw = amount === null || amount === undefined || amount === '' ? '0' : String(amount).trim();
  if (typeof amount === 'number' && !Number.isFinite(amount)) raw = '0';
  if (/e/i.test(raw)) raw = Number(raw).toFixed(Math.max(decimals, 8));
  const m = /^([+-])?(\d*)(?:\.(\d*))?$/.exec(raw.replace(/,/g, ''));
  if (!m) return symbol ? `${symbol} ${raw}` : raw;
  const negative = m[1] === '-';
  const intRaw = (m[2] || '0').replace(/^0+(?=\d)/, '');
  const [intPart, frac] = roundDecimal(intRaw, m[3] ?? '', decimals);
  const isZero = /^0*$/.test(intPart + frac);
  const body = groupThousands(intPart, thousands) + (decimals > 0 ? decimal + frac : '');
  const sign = negative && !isZero ? '-' : '';
  const text = localDigits(body, style);
  return symbol ? `${sign}${symbol} ${text}` : sign + text;
}

/** Format integer minor units (cents) as a major amount: 123456n -> "1,234.56". */
export function formatMinor(minor: string | number | bigint, opts: MoneyFormat & { scale?: number } = {}): string {
  const scale = opts.scale ?? LIMITS.moneyDecimals;
  const v = BigInt(typeof minor === 'number' ? Math.trunc(minor) : minor);
  const negative = v < 0n;
  const abs = (negative ? -v : v).toString().padStart(scale + 1, '0');
  const major = scale ? `${abs.slice(0, abs.length - scale)}.${abs.slice(abs.length - scale)}` : abs;
  return formatMoney((negative ? '-' : '') + major, opts);
}
