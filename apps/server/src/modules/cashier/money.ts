import { AppError } from '../../plugins/errors.ts';

/** Minor units per major unit (2 decimals for every brand currency today). */
const MINOR = 100n;
/** The largest amount a client may send: Number.MAX_SAFE_INTEGER minor units. */
export const MAX_AMOUNT_MINOR = BigInt(Number.MAX_SAFE_INTEGER);
const DECIMAL = /^(0|[1-9][0-9]{0,15})(?:\.([0-9]{1,2}))?$/;

/**
 * Reads an amount the client sent ("100", "100.5", "100.50"; a JSON number is read as its
 * text) into minor units. Strict: no sign, exponent, space, separator or third decimal;
 * above zero and at most {@link MAX_AMOUNT_MINOR}. Anything else is `wallet.amount.invalid`.
 */
export function parseAmount(input: unknown): bigint {
  const text = typeof input === 'string' ? input : typeof input === 'number' && Number.isFinite(input) ? String(input) : null;
  const m = text === null ? null : DECIMAL.exec(text);
  if (!m) throw new AppError('wallet.amount.invalid');
  const minor = BigInt(m[1]) * MINOR + BigInt((m[2] ?? '').padEnd(2, '0'));
  if (minor <= 0n || minor > MAX_AMOUNT_MINOR) throw new AppError('wallet.amount.invalid');
  return minor;
}

/** Minor units to the wire's major-unit string: 123450n -> "1234.50". */
export function formatAmount(minor: bigint | number | string): string {
  const v = BigInt(minor);
  const abs = v < 0n ? -v : v;
  return `${v < 0n ? '-' : ''}${abs / MINOR}.${(abs % MINOR).toString().padStart(2, '0')}`;
}
