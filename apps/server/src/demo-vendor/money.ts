/**
 * Reads amounts of the demo vendor's wire ("12.50", major units with at most 2 decimals) and
 * the seamless wallet's balances. Unlike the platform's parseAmount (modules/wallet/money.ts,
 * which also formats for both) it accepts zero (an empty balance, a "0" baccarat spot) and
 * answers null instead of throwing, so each caller picks its own error.
 */
const DECIMAL = /^(0|[1-9][0-9]{0,12})(?:\.([0-9]{1,2}))?$/;

/** "12.5" / "12.50" / 12.5 -> 1250n; null when it is not such an amount. */
export function parseMinor(input: unknown): bigint | null {
  const text = typeof input === 'string' ? input : typeof input === 'number' && Number.isFinite(input) ? String(input) : null;
  const m = text === null ? null : DECIMAL.exec(text);
  if (!m) return null;
  return BigInt(m[1]) * 100n + BigInt((m[2] ?? '').padEnd(2, '0'));
}
