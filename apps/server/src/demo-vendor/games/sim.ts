/** Helpers for the RTP simulation tests (mean / variance accumulation, tolerance). */

/** Streaming mean and variance (Welford) of per-round return (payout / totalBet). */
export class ReturnStats {
  n = 0;
  private mean = 0;
  private m2 = 0;
  totalBet = 0n;
  totalPayout = 0n;

  add(totalBet: bigint, payout: bigint): void {
    this.totalBet += totalBet;
    this.totalPayout += payout;
    const x = Number(payout) / Number(totalBet);
    this.n++;
    const d = x - this.mean;
    this.mean += d / this.n;
    this.m2 += d * (x - this.mean);
  }

  /** Measured RTP: total paid / total bet. */
  get rtp(): number {
    return Number(this.totalPayout) / Number(this.totalBet);
  }

  get sd(): number {
    return this.n > 1 ? Math.sqrt(this.m2 / (this.n - 1)) : 0;
  }
}

/** Four standard deviations of the mean of `n` rounds whose return has standard deviation `sd`. */
export function fourSigma(sd: number, n: number): number {
  return (4 * sd) / Math.sqrt(n);
}

/** Standard deviation of a discrete return distribution given as [return multiple, probability]. */
export function sdOf(dist: ReadonlyArray<readonly [number, number]>): number {
  let m = 0;
  let m2 = 0;
  for (const [x, p] of dist) {
    m += x * p;
    m2 += x * x * p;
  }
  return Math.sqrt(Math.max(0, m2 - m * m));
}

export const SIM_ROUNDS = 1_000_000;
export const FAIR_ROUNDS = 20_000;
