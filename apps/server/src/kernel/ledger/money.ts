import { AppError } from '../../plugins/errors.ts';

/** Minor units per major unit (2 decimals for every brand currency today). */
export const MINOR_PER_MAJOR = 100n;
/** The largest amount a client may send: 10,000,000,000,000.00 in major units. */
export const MAX_AMOUNT_MINOR = 10n ** 15n;

const DECIMAL = /^(0|[1-9][0-9]{0,15})(?:\.([0-9]{1,2}))?$/;

/**
 * Reads an amount the client sent ("100", "100.5", "100.50"; a JSON number is read as its
 * text) into minor units. Strict: no signs, exponents, spaces, separators or more than 2
 * decimals; greater than zero and at most {@link MAX_AMOUNT_MINOR}. Else `wallet.amount.invalid`.
 */
export function parseAmount(input: unknown): bigint {
  const text = typeof input === 'string' ? input : typeof input === 'number' && Number.isFinite(input) ? String(input) : null;
  const m = text === null ? null : DECIMAL.exec(text);
  if (!m) throw new AppError('wallet.amount.invalid');
  const minor = BigInt(m[1]) * MINOR_PER_MAJOR + BigInt((m[2] ?? '').padEnd(2, '0'));
  if (minor <= 0n || minor > MAX_AMOUNT_MINOR) throw new AppError('wallet.amount.invalid');
  return minor;
}

/** Minor units to the wire's major-unit string: 123450n -> "1234.50", -5n -> "-0.05". */
export function formatAmount(minor: bigint | number | string): string {
  const v = BigInt(minor);
  const neg = v < 0n;
  const abs = neg ? -v : v;
  const cents = (abs % MINOR_PER_MAJOR).toString().padStart(2, '0');
  return `${neg ? '-' : ''}${abs / MINOR_PER_MAJOR}.${cents}`;
}
