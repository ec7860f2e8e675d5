import { describe, expect, it } from 'vitest';
import type { Match } from './api';
import { setLanguage } from '../i18n';
import { SB_EN, SB_ES } from './i18n';
import { clockLabel, lineText, marketLabel, scoreText, selectionLabel, shortLabel } from './labels';
import { returnOf, Slip, type Pick } from './slip';
import { stars } from './board';

const pick = (matchId: string, market = '1x2', selection = 'home', odds: string | null = '2.00'): Pick =>
  ({ matchId, market, selection, odds, was: null, home: 'A', away: 'B', sport: 'football', leagueName: 'L', live: false, max: '5000.00' });
const match = (p: Partial<Match>): Match => ({
  id: 'FBES-1', sport: 'football', league: 'FBES', leagueName: 'L', home: 'A', away: 'B', homeRating: 0, awayRating: 0,
  kickoffAt: new Date(60_000).toISOString(), endsAt: new Date(120_000).toISOString(), phase: 'pre', tick: 0, ticks: 90, score: null, abandoned: false,
  markets: [{ id: '1x2', type: '1x2', line: null, inPlay: true, maxStake: '5000.00', selections: [{ selection: 'home', odds: '2.10' }, { selection: 'draw', odds: '3.20' }, { selection: 'away', odds: '3.50' }] }],
  serverSeedHash: 'h', serverSeed: null, ...p,
});

describe('bet slip', () => {
  it('adds, replaces a pick on the same market, removes on a second tap; a parlay needs different matches', () => {
    const s = new Slip();
    s.toggle(pick('M1'));
    s.toggle(pick('M1', '1x2', 'away'));
    expect(s.picks.map((p) => p.selection)).toEqual(['away']);
    s.toggle(pick('M1', 'ou:2.5', 'over'));
    expect(s.canParlay()).toBe(false);
    expect(s.effectiveMode()).toBe('single');
    s.remove('M1|ou:2.5|over');
    s.toggle(pick('M2'));
    expect(s.canParlay()).toBe(true);
    expect(s.effectiveMode()).toBe('parlay');
    s.toggle(pick('M2'));
    expect(s.picks).toHaveLength(1);
  });

  it('follows the board: new odds remembered with the old ones, finished matches dropped', () => {
    const s = new Slip();
    s.toggle(pick('FBES-1', '1x2', 'home', '2.00'));
    s.toggle(pick('GONE'));
    s.follow([match({})]);
    expect(s.picks).toHaveLength(1);
    expect(s.picks[0]).toMatchObject({ odds: '2.10', was: '2.00' });
    s.setOdds([{ matchId: 'FBES-1', market: '1x2', selection: 'home', odds: '1.95' }]);
    expect(s.picks[0]).toMatchObject({ odds: '1.95', was: '2.10' });
    expect(returnOf(1000n, 195)).toBe(1950n);
  });
});

describe('labels', () => {
  it('markets, selections and lines in ES and EN', () => {
    setLanguage('EN');
    expect(marketLabel('ou:2.5', 'football')).toBe('Total goals: over/under');
    expect(marketLabel('ah:-1.5', 'cs2')).toBe('Handicap (maps)');
    expect(selectionLabel('ah:-1.5', 'away', 'Vortex', 'Zenith')).toBe('Zenith +1.5');
    expect(selectionLabel('ou:3', 'under', 'A', 'B')).toBe('Under 3');
    expect(shortLabel('1x2', 'draw')).toBe('X');
    expect(lineText(-1, true)).toBe('-1');
    setLanguage('ES');
    expect(selectionLabel('1x2', 'draw', 'A', 'B')).toBe('Empate');
    expect(marketLabel('ml', 'tennis')).toBe('Ganador del partido');
    expect(Object.keys(SB_EN).sort()).toEqual(Object.keys(SB_ES).sort());
  });

  it('the clock: countdown, minute, quarter, set; the score of a race shows the current set', () => {
    setLanguage('EN');
    expect(clockLabel(match({}), 0)).toBe('Starts in 1:00');
    expect(clockLabel(match({ phase: 'live', tick: 67 }), 0)).toBe("67'");
    expect(clockLabel(match({ phase: 'live', sport: 'basketball', tick: 30, ticks: 48 }), 0)).toBe("Q3 · 6'");
    const race = match({ phase: 'live', sport: 'tennis', tick: 20, ticks: 39, score: { home: 1, away: 0, unitHome: 3, unitAway: 2, units: [[6, 4]] } });
    expect(clockLabel(race, 0)).toBe('Set 2');
    expect(scoreText(race)).toBe('1 - 0 (3-2)');
    expect(clockLabel(match({ phase: 'settled', abandoned: true }), 0)).toBe('Abandoned');
  });
});

describe('team strength', () => {
  it('shows as one to five stars, never a raw number', () => {
    expect([-100, -60, 0, 43, 100].map(stars)).toEqual(['★☆☆☆☆', '★★☆☆☆', '★★★☆☆', '★★★★☆', '★★★★★']);
  });
});
