import { describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n';
import type { Result } from './api';
import { dayFightNo, pct, tally, trendBoard } from './board';
import { CF_STRINGS, ct } from './i18n';

const r = (fightNo: number, result: Result['result']): Result => ({
  fightNo, fightId: `CF1-${fightNo}`, result, meron: 'A', wala: 'B', odds: { meron: '1.90', wala: '1.90', draw: '8.00' },
  roll: 0, serverSeed: '', serverSeedHash: '', endsAt: '',
});

describe('cockfight board', () => {
  it('draws the trend board oldest first in columns of 6, a coloured dot per result', () => {
    setLanguage('EN');
    const newest = Array.from({ length: 8 }, (_, i) => r(100 - i, (['meron', 'wala', 'draw', 'cancelled'] as const)[i % 4]));
    const el = trendBoard(newest, 60_000);
    const cols = el.querySelectorAll('.cf-trend-col');
    expect(cols).toHaveLength(2);
    expect(cols[0].children).toHaveLength(6);
    expect((cols[0].firstElementChild as HTMLElement).dataset.result).toBe('cancelled'); // fight 93, the oldest
    expect(el.querySelectorAll('.cf-dot-meron')).toHaveLength(2);
    expect(dayFightNo(Math.floor(Date.UTC(2026, 10, 28) / 60_000), 60_000)).toBe(1);
    expect(dayFightNo(Math.floor(Date.UTC(2026, 10, 28, 1) / 60_000), 60_000)).toBe(61);
    expect(dayFightNo(Math.ceil(Date.UTC(2026, 10, 28) / 17_000), 17_000)).toBe(1);
    expect(tally(newest)).toEqual({ meron: 2, wala: 2, draw: 2, cancelled: 2 });
  });
  it('reads ES and EN, with every key in both', () => {
    expect(Object.keys(CF_STRINGS.EN).sort()).toEqual(Object.keys(CF_STRINGS.ES).sort());
    setLanguage('ES');
    expect(ct('fight', { n: 7 })).toBe('Pelea #7');
    setLanguage('EN');
    expect(ct('fight', { n: 7 })).toBe('Fight #7');
    expect(pct(0.0435)).toBe('4.35\u00a0%');
  });
});
