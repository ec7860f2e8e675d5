/** The bet slip's state: selections with the odds last seen, singles or parlay, the stake (pure, tested). */
import type { Match } from './api';

export interface Pick {
  matchId: string; market: string; selection: string;
  /** Current odds ("1.85"), null while suspended. */
  odds: string | null;
  /** The odds before the last change (shown struck through), else null. */
  was: string | null;
  home: string; away: string; sport: Match['sport']; leagueName: string; live: boolean;
  /** The market's largest single stake now. */
  max: string;
}

export const keyOf = (p: { matchId: string; market: string; selection: string }) => `${p.matchId}|${p.market}|${p.selection}`;

/** Odds "1.85" -> 185 (hundredths). */
export const hundredths = (odds: string) => Math.round(Number(odds) * 100);

export class Slip {
  picks: Pick[] = [];
  mode: 'single' | 'parlay' = 'single';
  stake = '10.00';
  accept = false;

  has(key: string) {
    return this.picks.some((p) => keyOf(p) === key);
  }

  /** Adds a pick, or removes it when it is there; another pick on the same market of the match is replaced. */
  toggle(p: Pick) {
    const key = keyOf(p);
    if (this.has(key)) {
      this.picks = this.picks.filter((x) => keyOf(x) !== key);
      return;
    }
    this.picks = [...this.picks.filter((x) => !(x.matchId === p.matchId && x.market === p.market)), p];
    if (this.picks.length >= 2 && this.canParlay()) this.mode = 'parlay';
  }

  remove(key: string) {
    this.picks = this.picks.filter((x) => keyOf(x) !== key);
  }

  clear() {
    this.picks = [];
  }

  /** A parlay: 2 to 8 picks, each on a different match. */
  canParlay() {
    return this.picks.length >= 2 && this.picks.length <= 8 && new Set(this.picks.map((p) => p.matchId)).size === this.picks.length;
  }

  effectiveMode(): 'single' | 'parlay' {
    return this.mode === 'parlay' && this.canParlay() ? 'parlay' : 'single';
  }

  /** Follows the board: new odds (remembering the old), suspended selections, finished matches dropped. */
  follow(matches: Match[]) {
    const byId = new Map(matches.map((m) => [m.id, m]));
    this.picks = this.picks.filter((p) => {
      const m = byId.get(p.matchId);
      return m && (m.phase === 'pre' || m.phase === 'live');
    }).map((p) => {
      const m = byId.get(p.matchId)!;
      const mk = m.markets.find((x) => x.id === p.market);
      const odds = mk?.selections.find((s) => s.selection === p.selection)?.odds ?? null;
      const live = m.phase === 'live';
      return odds === p.odds ? { ...p, live, max: mk?.maxStake ?? p.max } : { ...p, odds, was: p.odds ?? p.was, live, max: mk?.maxStake ?? p.max };
    });
  }

  /** Sets the odds the server says are current (after a refusal). */
  setOdds(legs: { matchId: string; market: string; selection: string; odds: string | null }[]) {
    for (const l of legs) {
      const p = this.picks.find((x) => keyOf(x) === keyOf(l));
      if (p && p.odds !== l.odds) {
        p.was = p.odds;
        p.odds = l.odds;
      }
    }
  }

  /** The parlay's total odds in hundredths (rounded down as the book pays), or null when a pick is suspended. */
  totalOdds(): number | null {
    if (this.picks.some((p) => p.odds === null)) return null;
    return this.picks.reduce((acc, p) => Math.floor((acc * hundredths(p.odds!)) / 100), 100);
  }
}

/** Stake × odds (hundredths), in minor units, rounded down. */
export const returnOf = (stakeMinor: bigint, oddsHundredths: number) => (stakeMinor * BigInt(oddsHundredths)) / 100n;
