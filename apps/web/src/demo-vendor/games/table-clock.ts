/**
 * The baccarat table's clock: the server sends its time with every table answer; the page keeps
 * the offset to its own clock (taken at the middle of the request) so countdowns are right even
 * when the device's clock is off.
 */
export function clockOffset(serverTime: string, sentAt: number, receivedAt: number): number {
  const server = Date.parse(serverTime);
  if (Number.isNaN(server)) return 0;
  return server - (sentAt + receivedAt) / 2;
}

/** Whole seconds left until `iso` (server time), never negative. */
export function secondsLeft(iso: string, localNow: number, offset: number): number {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return 0;
  return Math.max(0, Math.ceil((at - (localNow + offset)) / 1000));
}

/**
 * Fraction of the betting phase still open (for the countdown bar), 0..1. `opensAt` is the
 * previous round's nextAt (or, for the first round the page sees, when it first saw it).
 */
export function phaseLeft(opensAt: number, closesAt: string, localNow: number, offset: number): number {
  const close = Date.parse(closesAt);
  if (Number.isNaN(close) || close <= opensAt) return 0;
  return Math.min(1, Math.max(0, (close - (localNow + offset)) / (close - opensAt)));
}

/** Chip values (minor units) for the per-spot limits: 1, 5, 25, 100, 500 × the minimum, within the maximum. */
export function chipValues(minMinor: bigint, maxMinor: bigint): bigint[] {
  const base = minMinor > 0n ? minMinor : 100n;
  return [1n, 5n, 25n, 100n, 500n].map((k) => k * base).filter((v) => v <= maxMinor);
}

/** Adds a chip to a spot, capped at the per-spot maximum. */
export function addChip(bets: Record<string, bigint>, spot: string, chip: bigint, maxMinor: bigint): Record<string, bigint> {
  const next = { ...bets };
  const v = (next[spot] ?? 0n) + chip;
  next[spot] = v > maxMinor ? maxMinor : v;
  return next;
}

/** The road in columns of 6, oldest first (bead plate), from results newest first. */
export function beadColumns<T>(newestFirst: readonly T[], rows = 6): T[][] {
  const oldest = [...newestFirst].reverse();
  const cols: T[][] = [];
  for (let i = 0; i < oldest.length; i += rows) cols.push(oldest.slice(i, i + rows));
  return cols;
}
