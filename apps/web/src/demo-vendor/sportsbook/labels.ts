/** Words the sportsbook shows for markets, selections, the clock and the score (pure, tested). */
import type { Match } from './api';
import { st, type SbKey } from './i18n';

type Sport = Match['sport'];
export const isRace = (s: Sport) => s !== 'football' && s !== 'basketball';
export const isEsport = (s: Sport) => s === 'cs2' || s === 'dota2' || s === 'lol';
const unitKey = (s: Sport): SbKey => (isEsport(s) ? 'u.esports' : (`u.${s}` as SbKey));

/** "2.5", "-1", "+1.5" (handicaps signed). */
export function lineText(line: number, signed = false): string {
  const v = Number.isInteger(line) ? String(Math.abs(line)) : Math.abs(line).toFixed(1);
  if (!signed) return line < 0 ? `-${v}` : v;
  return line > 0 ? `+${v}` : line < 0 ? `-${v}` : '0';
}

const parse = (market: string) => {
  const [type, raw] = market.split(':');
  return { type, line: raw === undefined ? null : Number(raw) };
};

export function marketLabel(market: string, sport: Sport): string {
  const { type } = parse(market);
  if (type === '1x2' || type === 'ml') return st(`m.${type}` as SbKey);
  return st(`m.${type === 'ou' ? 'ou' : 'ah'}`, { unit: st(unitKey(sport)) });
}

export function selectionLabel(market: string, selection: string, home: string, away: string): string {
  const { type, line } = parse(market);
  if (selection === 'draw') return st('draw');
  if (selection === 'over' || selection === 'under') return st(selection, { line: lineText(line ?? 0) });
  const team = selection === 'home' ? home : away;
  if (type !== 'ah' || line === null) return team;
  return `${team} ${lineText(selection === 'home' ? line : -line, true)}`;
}

/** The short label on a price button: 1 / X / 2, Over / Under, the handicap. */
export function shortLabel(market: string, selection: string): string {
  const { type, line } = parse(market);
  if (type === '1x2' || type === 'ml') return selection === 'home' ? '1' : selection === 'draw' ? 'X' : '2';
  if (type === 'ou') return st(selection as 'over' | 'under', { line: lineText(line ?? 0) });
  return `${selection === 'home' ? '1' : '2'} ${lineText(selection === 'home' ? line ?? 0 : -(line ?? 0), true)}`;
}

/** m:ss */
export const mmss = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** The clock: countdown before kick-off, the minute / quarter / set / map in play, Final after. */
export function clockLabel(m: Match, now: number): string {
  if (m.phase === 'pre') return st('startsIn', { t: mmss(Date.parse(m.kickoffAt) - now) });
  if (m.phase === 'ended' || m.phase === 'settled') return m.abandoned ? st('abandoned') : st('final');
  if (m.sport === 'football') return m.tick === 45 ? st('half') : `${m.tick}'`;
  if (m.sport === 'basketball') return `${st('quarter', { n: Math.min(4, Math.floor(m.tick / 12) + 1) })} · ${12 - (m.tick % 12)}'`;
  const n = (m.score?.home ?? 0) + (m.score?.away ?? 0) + 1;
  return st(m.sport === 'tennis' ? 'set' : 'map', { n });
}

/** "2 - 1"; races: units won, then the current set/map's games/rounds. */
export function scoreText(m: Match): string {
  if (!m.score) return '';
  const main = `${m.score.home} - ${m.score.away}`;
  if (!isRace(m.sport) || m.phase !== 'live') return main;
  return `${main} (${m.score.unitHome}-${m.score.unitAway})`;
}

/** 0..1 of the match played. */
export const progress = (m: Match) => (m.phase === 'pre' ? 0 : m.phase === 'live' ? m.tick / m.ticks : 1);
