import { describe, expect, it } from 'vitest';
import { dayText } from './DayInput';

describe('dayText', () => {
  it('reads a day in the page language: dd/mm/yyyy in ES, PT-BR and VI, ISO in EN, Persian digits in FA', () => {
    expect(dayText('2026-11-27', 'ES')).toBe('27/11/2026');
    expect(dayText('2026-11-27', 'PT-BR')).toBe('27/11/2026');
    expect(dayText('2026-11-27', 'VI')).toBe('27/11/2026');
    expect(dayText('2026-11-27', 'EN')).toBe('2026-11-27');
    expect(dayText('2026-11-27', 'FA')).toMatch(/^۲۰۲۶/);
    expect(dayText('', 'ES')).toBe('');
  });
});
