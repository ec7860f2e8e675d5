import { createHash, createHmac } from 'node:crypto';

/**
 * The match model of the demo sportsbook: how a match is played out from its committed seed
 * (simulate), what is known at a tick (stateAt) and the exact distribution of the final result
 * from that state (finalDist), from which every market is priced (markets.ts).
 *
 * Two families:
 * - scoring (football, basketball): each side scores as a compound Poisson process over the
 *   match (rate `rate[side]` events per match, each event worth 1, 2 or 3 points by `points`);
 *   event times are uniform. What is left after fraction f is compound Poisson with rate
 *   rate·(1−f), independent of the past: its distribution is exact (Panjer recursion).
 *   A basketball tie after regulation goes to overtime, won by home with rate_h/(rate_h+rate_a).
 * - race (tennis, CS2, Dota 2, LoL): best of 3 units (sets, maps); a unit is a race of events
 *   (games, rounds, kills), home winning each with probability q. Event k happens at tick k+1
 *   whatever came before, so the clock tells nothing about the result.
 *
 * The random numbers: u_i = first 48 bits of HMAC-SHA256(serverSeed, "<matchId>:<i>") / 2^48.
 */
export type Sport = 'football' | 'basketball' | 'tennis' | 'cs2' | 'dota2' | 'lol';
export type Side = 'home' | 'away';

export interface ScoringParams { family: 'scoring'; rate: [number, number]; points: [number, number, number]; ot: boolean }
export interface RaceParams { family: 'race'; q: number; target: number; tennis: boolean }
export type Params = ScoringParams | RaceParams;

/** Ticks of a match (the clock's steps): minutes for football and basketball, events for races. */
export function ticksOf(sport: Sport): number {
  switch (sport) {
    case 'football': return 90;
    case 'basketball': return 48;
    default: return 3 * maxUnitEvents(raceShape(sport));
  }
}

const raceShape = (sport: Sport) => ({ target: sport === 'tennis' ? 6 : sport === 'cs2' ? 13 : 10, tennis: sport === 'tennis' });
/** Most events a unit can take: tennis 13 games (7-6), a race to n: 2n−1. */
const maxUnitEvents = (r: { target: number; tennis: boolean }) => (r.tennis ? 13 : 2 * r.target - 1);

/** The model's parameters from the two sides' strengths (−1 .. 1; home first). */
export function paramsOf(sport: Sport, home: number, away: number): Params {
  const d = home - away;
  switch (sport) {
    case 'football': return { family: 'scoring', rate: [1.45 * Math.exp(0.3 * d), 1.15 * Math.exp(-0.3 * d)], points: [1, 0, 0], ot: false };
    case 'basketball': return { family: 'scoring', rate: [50 * Math.exp(0.05 * d + 0.01), 50 * Math.exp(-0.05 * d - 0.01)], points: [0.16, 0.64, 0.2], ot: true };
    default: {
      const r = raceShape(sport);
      return { family: 'race', q: 0.5 + (r.tennis ? 0.05 : 0.03) * d, ...r };
    }
  }
}

export const hashSeed = (serverSeed: string) => createHash('sha256').update(serverSeed).digest('hex');

/** The seed's stream of uniforms in [0, 1). */
export function uniforms(serverSeed: string, matchId: string): () => number {
  let i = 0;
  return () => createHmac('sha256', serverSeed).update(`${matchId}:${i++}`).digest().readUIntBE(0, 6) / 2 ** 48;
}

/** A scoring event (fraction of the match, side, points) or a race event (tick, side). */
export interface Event { at: number; side: Side; points: number }
export interface Timeline {
  events: Event[];
  /** Fraction of the match at which it was abandoned (every open bet is void), else null. */
  abandonedAt: number | null;
  /** Fraction at which the match is over (1 for scoring; a race ends with its deciding event). */
  endsAt: number;
  /** Basketball: the overtime winner when regulation ends level. */
  otWinner: Side | null;
}

/** Chance a match is abandoned (its bets are void). */
export const ABANDON_CHANCE = 0.01;

function poisson(u: number, mean: number): number {
  let k = 0;
  let p = Math.exp(-mean);
  let cum = p;
  while (u > cum && k < 1000) {
    k++;
    p *= mean / k;
    cum += p;
  }
  return k;
}

/** Plays the match out from its seed. */
export function simulate(sport: Sport, params: Params, next: () => number): Timeline {
  const abandoned = next() < ABANDON_CHANCE;
  const abandonAt = 0.1 + 0.8 * next();
  const events: Event[] = [];
  let endsAt = 1;
  let otWinner: Side | null = null;
  if (params.family === 'scoring') {
    const sides: Side[] = ['home', 'away'];
    sides.forEach((side, i) => {
      const n = poisson(next(), params.rate[i]);
      for (let k = 0; k < n; k++) {
        const at = next();
        const u = next();
        const points = u < params.points[0] ? 1 : u < params.points[0] + params.points[1] ? 2 : 3;
        events.push({ at, side, points: params.points[0] === 1 ? 1 : points });
      }
    });
    events.sort((a, b) => a.at - b.at);
    const ot = next() < params.rate[0] / (params.rate[0] + params.rate[1]) ? 'home' : 'away';
    const f = finalOf(sport, params, { events, abandonedAt: null, endsAt: 1, otWinner: null }, 1);
    if (params.ot && f.diff === 0) otWinner = ot;
  } else {
    const ticks = ticksOf(sport);
    let units = [0, 0];
    let g = [0, 0];
    for (let k = 0; units[0] < 2 && units[1] < 2; k++) {
      const side: Side = next() < params.q ? 'home' : 'away';
      events.push({ at: (k + 1) / ticks, side, points: 1 });
      g = side === 'home' ? [g[0] + 1, g[1]] : [g[0], g[1] + 1];
      const w = unitWinner(params, g[0], g[1]);
      if (w) {
        units = w === 'home' ? [units[0] + 1, units[1]] : [units[0], units[1] + 1];
        g = [0, 0];
      }
      endsAt = (k + 1) / ticks;
    }
  }
  const abandonedAt = abandoned && abandonAt < endsAt ? abandonAt : null;
  return { events, abandonedAt, endsAt: abandonedAt ?? endsAt, otWinner };
}

/** Who won a unit at this score (null: still on). Tennis: first to 6 with 2 clear, or 7; else first to target. */
export function unitWinner(p: RaceParams, a: number, b: number): Side | null {
  if (p.tennis) {
    if (a === 7 || (a >= 6 && a - b >= 2)) return 'home';
    if (b === 7 || (b >= 6 && b - a >= 2)) return 'away';
    return null;
  }
  return a >= p.target ? 'home' : b >= p.target ? 'away' : null;
}

/** What is known at fraction f: scores (football goals, basketball points; races: units won and the current unit's score). */
export interface State { f: number; home: number; away: number; unitHome: number; unitAway: number; units: [number, number][] }

export function stateAt(params: Params, tl: Timeline, f: number): State {
  const st: State = { f, home: 0, away: 0, unitHome: 0, unitAway: 0, units: [] };
  for (const e of tl.events) {
    if (e.at > f + 1e-12) break;
    if (params.family === 'scoring') {
      if (e.side === 'home') st.home += e.points;
      else st.away += e.points;
      continue;
    }
    if (e.side === 'home') st.unitHome++;
    else st.unitAway++;
    const w = unitWinner(params, st.unitHome, st.unitAway);
    if (w) {
      st.units.push([st.unitHome, st.unitAway]);
      if (w === 'home') st.home++;
      else st.away++;
      st.unitHome = 0;
      st.unitAway = 0;
    }
  }
  return st;
}

/** The final result: `diff` and `total` of the settled measure (regulation goals/points, units), and the winner. */
export interface Final { home: number; away: number; diff: number; total: number; winner: Side | 'draw' }

export function finalOf(_sport: Sport, params: Params, tl: Timeline, f = 1): Final {
  const st = stateAt(params, tl, f);
  const diff = st.home - st.away;
  const winner: Final['winner'] = diff > 0 ? 'home' : diff < 0 ? 'away' : tl.otWinner ?? 'draw';
  return { home: st.home, away: st.away, diff, total: st.home + st.away, winner };
}

/** Exact distribution of the final result from a state: P(diff = d), P(total = n), and the winner (incl. overtime). */
export interface Dist { diff: Map<number, number>; total: Map<number, number>; home: number; draw: number; away: number }

/** Compound Poisson (rate λ, point sizes 1..3) by Panjer's recursion, cut where the tail is negligible. */
function compound(lambda: number, points: [number, number, number]): number[] {
  const f = [Math.exp(-lambda)];
  const mean = lambda * (points[0] + 2 * points[1] + 3 * points[2]);
  const max = Math.ceil(mean + 9 * Math.sqrt(lambda * (points[0] + 4 * points[1] + 9 * points[2])) + 10);
  for (let n = 1; n <= max; n++) {
    let v = 0;
    for (let j = 1; j <= 3 && j <= n; j++) v += j * points[j - 1] * f[n - j];
    f.push((lambda / n) * v);
  }
  return f;
}

const add = (m: Map<number, number>, k: number, p: number) => m.set(k, (m.get(k) ?? 0) + p);

export function finalDist(params: Params, st: State): Dist {
  const diff = new Map<number, number>();
  const total = new Map<number, number>();
  if (params.family === 'scoring') {
    const left = Math.max(0, 1 - st.f);
    const x = compound(params.rate[0] * left, params.points);
    const y = compound(params.rate[1] * left, params.points);
    for (let i = 0; i < x.length; i++) {
      if (x[i] < 1e-15) continue;
      for (let j = 0; j < y.length; j++) {
        const p = x[i] * y[j];
        if (p < 1e-18) continue;
        add(diff, st.home + i - st.away - j, p);
        add(total, st.home + i + st.away + j, p);
      }
    }
    const level = diff.get(0) ?? 0;
    let home = 0;
    for (const [d, p] of diff) if (d > 0) home += p;
    const otHome = params.ot ? params.rate[0] / (params.rate[0] + params.rate[1]) : 0;
    const sum = [...diff.values()].reduce((a, b) => a + b, 0);
    const away = sum - home - level;
    return params.ot
      ? { diff, total, home: home + level * otHome, draw: 0, away: away + level * (1 - otHome) }
      : { diff, total, home, draw: level, away };
  }
  // race: the current unit, then fresh units
  const unit = unitChance(params);
  const pNow = unit(st.unitHome, st.unitAway);
  const pFresh = unit(0, 0);
  const walk = (h: number, a: number, p: number, pUnit: number) => {
    if (h === 2 || a === 2) {
      add(diff, h - a, p);
      add(total, h + a, p);
      return;
    }
    walk(h + 1, a, p * pUnit, pFresh);
    walk(h, a + 1, p * (1 - pUnit), pFresh);
  };
  walk(st.home, st.away, 1, pNow);
  let home = 0;
  for (const [d, p] of diff) if (d > 0) home += p;
  return { diff, total, home, draw: 0, away: 1 - home };
}

/** P(home wins the unit from score a:b). */
function unitChance(p: RaceParams): (a: number, b: number) => number {
  const memo = new Map<number, number>();
  const f = (a: number, b: number): number => {
    const w = unitWinner(p, a, b);
    if (w) return w === 'home' ? 1 : 0;
    const key = a * 100 + b;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    const v = p.q * f(a + 1, b) + (1 - p.q) * f(a, b + 1);
    memo.set(key, v);
    return v;
  };
  return f;
}
