import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import { demoSportsMatches } from '../db/demo-sportsbook-schema.ts';
import { seal, unseal } from '../lib/seal.ts';
import { LEAGUES, leagueOf, pairing, type Kind } from './leagues.ts';
import { chances, marketDef, marketsOf, priceOf, type Selection } from './markets.ts';
import { finalDist, finalOf, hashSeed, paramsOf, simulate, stateAt, ticksOf, uniforms, type Dist, type Final, type Params, type Sport, type State, type Timeline } from './model.ts';

/**
 * Fixtures: every league of a kind kicks off a match each `matchMs()` (staggered across the
 * leagues), created ahead for the next UPCOMING slots with a fresh server seed (sealed; its
 * SHA-256 public). A match lasts matchMs() of real time (DEMO_SPORTS_MATCH_SECONDS, default
 * 240): its clock and score advance with the wall clock, tick by tick (model.ts ticksOf).
 */
export const UPCOMING = 3;
let matchMsOverride: number | null = null;

export function matchMs(): number {
  if (matchMsOverride !== null) return matchMsOverride;
  const s = Number(process.env.DEMO_SPORTS_MATCH_SECONDS);
  return Number.isFinite(s) && s >= 10 && s <= 7200 ? Math.round(s * 1000) : 240_000;
}

/** Tests: a match duration (null: back to the environment's). */
export function setMatchMs(ms: number | null) {
  matchMsOverride = ms;
}

export type MatchRow = typeof demoSportsMatches.$inferSelect;
export type Phase = 'pre' | 'live' | 'ended';

/** A match with its model: the timeline once it kicked off (the seed is opened server-side only). */
export interface Match { row: MatchRow; sport: Sport; params: Params; ticks: number; tl: Timeline | null }

const timelines = new Map<string, Timeline>();

export function matchOf(row: MatchRow, now: Date): Match {
  const sport = row.sport as Sport;
  const params = paramsOf(sport, row.homeStrength / 100, row.awayStrength / 100);
  let tl: Timeline | null = null;
  if (row.kickoffAt <= now) {
    const key = `${row.id}:${row.serverSeedHash}`;
    tl = timelines.get(key) ?? null;
    if (!tl) {
      const seed = row.revealedAt ? row.serverSeed : unseal(row.serverSeed);
      tl = simulate(sport, params, uniforms(seed, row.id));
      if (timelines.size > 5000) timelines.clear();
      timelines.set(key, tl);
    }
  }
  return { row, sport, params, ticks: ticksOf(sport), tl };
}

/** The tick the clock shows now (0 before kick-off, `ticks` at full time). */
export function tickOf(m: Match, now: Date): number {
  const dur = m.row.endsAt.getTime() - m.row.kickoffAt.getTime();
  const el = now.getTime() - m.row.kickoffAt.getTime();
  if (el <= 0) return 0;
  return Math.min(m.ticks, Math.floor((el * m.ticks) / dur));
}

export interface Live { phase: Phase; tick: number; f: number; state: State | null; final: Final | null; abandoned: boolean }

export function liveOf(m: Match, now: Date): Live {
  if (!m.tl) return { phase: 'pre', tick: 0, f: 0, state: null, final: null, abandoned: false };
  const tick = tickOf(m, now);
  const f = tick / m.ticks;
  if (f + 1e-12 >= m.tl.endsAt) {
    const abandoned = m.tl.abandonedAt !== null;
    return { phase: 'ended', tick, f: m.tl.endsAt, state: stateAt(m.params, m.tl, m.tl.endsAt), final: abandoned ? null : finalOf(m.sport, m.params, m.tl), abandoned };
  }
  return { phase: 'live', tick, f, state: stateAt(m.params, m.tl, f), final: null, abandoned: false };
}

const EMPTY: State = { f: 0, home: 0, away: 0, unitHome: 0, unitAway: 0, units: [] };
const dists = new Map<string, Dist>();

/** The final-result distribution priced now (pre-match, or from the live state); null once the match is over. */
export function distOf(m: Match, lv: Live): Dist | null {
  if (lv.phase === 'ended') return null;
  const key = `${m.row.id}:${m.row.serverSeedHash}:${lv.phase === 'pre' ? 'pre' : lv.tick}`;
  let d = dists.get(key);
  if (!d) {
    d = finalDist(m.params, lv.state ?? EMPTY);
    if (dists.size > 2000) dists.clear();
    dists.set(key, d);
  }
  return d;
}

/** The current odds (×100) of a selection, or null when not offered now. */
export function oddsNow(m: Match, lv: Live, market: string, sel: Selection): number | null {
  const def = marketDef(market);
  if (!def || !marketsOf(m.sport, m.params).includes(def.id) || !def.selections.includes(sel)) return null;
  if (lv.phase === 'ended' || (lv.phase === 'live' && !def.inPlay)) return null;
  const d = distOf(m, lv);
  return d ? priceOf(chances(def, sel, d)) : null;
}

/** Kick-offs of a league in [from, to]: every matchMs(), offset by the league's place in its kind. */
function kickoffs(code: string, kind: Kind, from: number, to: number): number[] {
  const d = matchMs();
  const same = LEAGUES.filter((l) => l.kind === kind);
  const off = Math.round((same.findIndex((l) => l.code === code) * d) / same.length / 1000) * 1000;
  const out: number[] = [];
  for (let k = Math.ceil((from - off) / d); k * d + off <= to; k++) out.push(k * d + off);
  return out;
}

/** Fixture ids known to exist, per database (a test app or a server has its own). */
const knownByDb = new WeakMap<object, Set<string>>();

/** Creates the fixtures of the current and next UPCOMING slots that do not exist yet (idempotent across instances). */
export async function ensureFixtures(app: FastifyInstance, kind: Kind, now: Date): Promise<void> {
  const d = matchMs();
  let known = knownByDb.get(app.db);
  if (!known) knownByDb.set(app.db, (known = new Set()));
  const rows: (typeof demoSportsMatches.$inferInsert)[] = [];
  for (const league of LEAGUES.filter((l) => l.kind === kind)) {
    for (const at of kickoffs(league.code, kind, now.getTime() - d, now.getTime() + UPCOMING * d)) {
      const id = `${league.code}-${at / 1000}`;
      if (known.has(id)) continue;
      const seed = randomBytes(32).toString('hex');
      rows.push({ id, kind, sport: league.sport, league: league.code, ...pairing(league, id), kickoffAt: new Date(at), endsAt: new Date(at + d), serverSeed: seal(seed), serverSeedHash: hashSeed(seed) });
    }
  }
  if (rows.length === 0) return;
  await app.db.insert(demoSportsMatches).values(rows).onConflictDoNothing();
  if (known.size > 20_000) known.clear();
  for (const r of rows) known.add(r.id);
}

/** The board of a kind: matches from two slots ago to the last upcoming one, by kick-off. */
export async function boardRows(app: FastifyInstance, kind: Kind, now: Date): Promise<MatchRow[]> {
  await ensureFixtures(app, kind, now);
  const d = matchMs();
  return app.db.select().from(demoSportsMatches)
    .where(and(eq(demoSportsMatches.kind, kind), gte(demoSportsMatches.kickoffAt, new Date(now.getTime() - 2 * d)), lte(demoSportsMatches.kickoffAt, new Date(now.getTime() + UPCOMING * d))))
    .orderBy(demoSportsMatches.kickoffAt, demoSportsMatches.id);
}

export async function matchRows(app: FastifyInstance, ids: string[]): Promise<Map<string, MatchRow>> {
  if (ids.length === 0) return new Map();
  const rows = await app.db.select().from(demoSportsMatches).where(inArray(demoSportsMatches.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

export const leagueName = (code: string, lang: string) => {
  const l = leagueOf(code);
  return l ? (lang.toUpperCase() === 'EN' ? l.name.EN : l.name.ES) : code;
};
