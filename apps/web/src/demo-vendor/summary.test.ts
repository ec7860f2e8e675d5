import { describe, expect, it } from 'vitest';
import type { Round } from './api';
import { setLanguage } from './i18n';
import { outcomeSummary, roundWon } from './summary';

const round = (status: Round['status'], profit: string) => ({ status, profit }) as Round;

describe('history lines', () => {
  it('marks a round won only when it settled and paid more than it cost', () => {
    expect(roundWon(round('settled', '0.98'))).toBe(true);
    expect(roundWon(round('settled', '0.00'))).toBe(false);
    expect(roundWon(round('settled', '-1.00'))).toBe(false);
    expect(roundWon(round('pending', '5.00'))).toBe(false);
  });

  it('names the fish target with the name it is given', () => {
    setLanguage('EN');
    expect(outcomeSummary('fish', { target: 'SHARK', caught: false }, (c) => (c === 'SHARK' ? 'Shark' : c))).toBe('Shark escaped');
  });
});
