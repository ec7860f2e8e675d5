/**
 * Amounts of the demo vendor's wire ("12.50", major units with at most 2 decimals) and of the
 * seamless wallet. The vendor keeps its own helpers: it is a separate party from the platform.
 */
const DECIMAL = /^(0|[1-9][0-9]{0,12})(?:\.([0-9]{1,2}))?$/;

/** "12.5" / "12.50" / 12.5 -> 1250n; null when it is not such an amount. */
export function parseMinor(input: unknown): bigint | null {
  const text = typeof input === 'string' ? input : typeof input === 'number' && Number.isFinite(input) ? String(input) : null;
  const m = text === null ? null : DECIMAL.exec(text);
  if (!m) return null;
  return BigInt(m[1]) * 100n + BigInt((m[2] ?? '').padEnd(2, '0'));
}

/** 1250n -> "12.50", -5n -> "-0.05". */
export function formatMinor(minor: bigint): string {
  const neg = minor < 0n;
  const abs = neg ? -minor : minor;
  return `${neg ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}
