import type { Dist, Final, Params, Sport } from './model.ts';

/**
 * Markets, prices and settlement rules. A market is `<type>` or `<type>:<line>`:
 * - `1x2` (football): home / draw / away at full time (90 minutes);
 * - `ml` (match winner: basketball incl. overtime, tennis, e-sports): home / away;
 * - `ou:<line>` over / under the total (goals, regulation points, sets, maps);
 * - `ah:<line>` handicap: the line is added to home's score (away gets its opposite).
 * A whole line can tie: the stake comes back (push). Every price carries the book's margin:
 * decimal odds = (1 − MARGIN − P(push)) / P(win), rounded to 2 decimals, so a bet returns
 * 1 − MARGIN of its stake on average. A selection under 1.01 or over 100 is not offered.
 * An abandoned match voids every bet on it (stake back).
 */
export const MARGIN = 0.05;
export const MIN_ODDS = 101;
export const MAX_ODDS = 10_000;

export type MarketType = '1x2' | 'ml' | 'ou' | 'ah';
export type Selection = 'home' | 'draw' | 'away' | 'over' | 'under';
export type LegResult = 'won' | 'lost' | 'push' | 'void';

export interface MarketDef { id: string; type: MarketType; line: number | null; selections: Selection[]; inPlay: boolean }

const lineText = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

export function marketDef(id: string): MarketDef | null {
  const [type, raw] = id.split(':');
  if (type === '1x2' && raw === undefined) return { id, type, line: null, selections: ['home', 'draw', 'away'], inPlay: true };
  if (type === 'ml' && raw === undefined) return { id, type, line: null, selections: ['home', 'away'], inPlay: true };
  if ((type === 'ou' || type === 'ah') && raw !== undefined && /^-?\d{1,3}(\.[05])?$/.test(raw)) {
    const line = Number(raw);
    if (type === 'ou' && line <= 0) return null;
    return { id: `${type}:${lineText(line)}`, type, line, selections: type === 'ou' ? ['over', 'under'] : ['home', 'away'], inPlay: type === 'ou' };
  }
  return null;
}

/** The markets a match offers, from its pre-match model (main lines near the expected result). */
export function marketsOf(sport: Sport, params: Params): string[] {
  if (sport === 'football') {
    const d = params.family === 'scoring' ? params.rate[0] - params.rate[1] : 0;
    const ah = -Math.round(d * 2) / 2;
    return ['1x2', 'ou:2.5', 'ou:3', `ah:${lineText(ah + 0)}`];
  }
  if (sport === 'basketball' && params.family === 'scoring') {
    const mean = 1 * params.points[0] + 2 * params.points[1] + 3 * params.points[2];
    const total = Math.floor((params.rate[0] + params.rate[1]) * mean) + 0.5;
    const ah = -Math.round((params.rate[0] - params.rate[1]) * mean * 2) / 2;
    return ['ml', `ou:${lineText(total)}`, `ah:${lineText(ah)}`];
  }
  return ['ml', 'ou:2.5', params.family === 'race' && params.q < 0.5 ? 'ah:1.5' : 'ah:-1.5'];
}

/** How a selection settles on the final result. */
export function settle(m: MarketDef, sel: Selection, f: Final): LegResult {
  switch (m.type) {
    case '1x2':
      return f.winner === sel ? 'won' : 'lost';
    case 'ml':
      return f.winner === sel ? 'won' : 'lost';
    case 'ou': {
      const d = f.total - m.line!;
      if (d === 0) return 'push';
      return (d > 0) === (sel === 'over') ? 'won' : 'lost';
    }
    case 'ah': {
      const d = (f.diff + m.line!) * (sel === 'home' ? 1 : -1);
      return d > 0 ? 'won' : d === 0 ? 'push' : 'lost';
    }
  }
}

/** P(win) and P(push) of a selection under a final-result distribution. */
export function chances(m: MarketDef, sel: Selection, dist: Dist): { win: number; push: number } {
  switch (m.type) {
    case '1x2':
    case 'ml':
      return { win: sel === 'home' ? dist.home : sel === 'away' ? dist.away : dist.draw, push: 0 };
    case 'ou': {
      let win = 0;
      let push = 0;
      for (const [n, p] of dist.total) {
        const d = n - m.line!;
        if (d === 0) push += p;
        else if ((d > 0) === (sel === 'over')) win += p;
      }
      return { win, push };
    }
    case 'ah': {
      let win = 0;
      let push = 0;
      for (const [n, p] of dist.diff) {
        const d = (n + m.line!) * (sel === 'home' ? 1 : -1);
        if (d === 0) push += p;
        else if (d > 0) win += p;
      }
      return { win, push };
    }
  }
}

/** Decimal odds ×100 with the margin, or null when the selection is not offered. */
export function priceOf(c: { win: number; push: number }, margin = MARGIN): number | null {
  if (c.win < 0.009) return null;
  const odds = Math.round(((1 - margin - c.push) / c.win) * 100);
  return odds >= MIN_ODDS && odds <= MAX_ODDS ? odds : null;
}

/** A leg's return factor ×1 for a result: odds for a win, 1 for a push or void, 0 for a loss. */
export const legFactor = (r: LegResult, odds: number) => (r === 'won' ? odds / 100 : r === 'lost' ? 0 : 1);

/** What a bet pays for its legs' results (minor units, rounded down): null while a leg is open and none lost. */
export function payoutOf(stake: bigint, legs: { odds: number; result: LegResult | null }[]): { payout: bigint; result: 'won' | 'lost' | 'push' | 'void' } | null {
  if (legs.some((l) => l.result === 'lost')) return { payout: 0n, result: 'lost' };
  if (legs.some((l) => l.result === null)) return null;
  if (legs.every((l) => l.result === 'void')) return { payout: stake, result: 'void' };
  let num = stake;
  let den = 1n;
  for (const l of legs) {
    if (l.result !== 'won') continue;
    num *= BigInt(l.odds);
    den *= 100n;
  }
  const payout = num / den;
  return { payout, result: legs.some((l) => l.result === 'won') ? 'won' : 'push' };
}
