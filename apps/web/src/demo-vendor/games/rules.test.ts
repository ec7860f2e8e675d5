import { describe, expect, it } from 'vitest';
import { cashOutWin, crashInput, flightMultiplier, parseCashOut, reachChance } from './crash';
import { diceInput, diceTerms, diceWin } from './dice';
import { catchChance, fishInput, fishTargets } from './fish';
import { KENO_NUMBERS, kenoInput, kenoPays, paytableRows, quickPick, togglePick } from './keno';
import { betSteps, spinWin, totalBet, winningCells } from './slot5';

describe('dice', () => {
  it('shows the engine terms: win chance and multiplier truncated to 4 decimals', () => {
    expect(diceTerms(50, 'under')).toEqual({ winCount: 5000, chance: 50, multiplier: 1.98, valid: true });
    expect(diceTerms(49.5, 'over')).toMatchObject({ winCount: 5049, chance: 50.49, multiplier: 1.9607, valid: true });
    expect(diceTerms(1, 'under')).toMatchObject({ chance: 1, multiplier: 99, valid: true });
    expect(diceTerms(0.99, 'under').valid).toBe(false);
    expect(diceTerms(98, 'under').valid).toBe(true);
    expect(diceTerms(98.01, 'under').valid).toBe(false);
    expect(diceTerms(1.98, 'over').valid).toBe(false);
    expect(diceTerms(1.99, 'over').valid).toBe(true);
  });

  it('builds the play input and the win it would pay', () => {
    expect(diceInput(150n, 49.499999, 'over')).toEqual({ bet: '1.50', target: 49.5, direction: 'over' });
    expect(diceWin(100n, 1.9607)).toBe(196n);
  });
});

describe('crash', () => {
  it('accepts an automatic cash-out of 1.01..1000 with two decimals', () => {
    expect(parseCashOut('2')).toBe(2);
    expect(parseCashOut('2,5×')).toBe(2.5);
    expect(parseCashOut('1.01')).toBe(1.01);
    for (const bad of ['1', '1.001', '1000.01', 'x', '']) expect(parseCashOut(bad), bad).toBeNull();
    expect(crashInput(100n, 2.5)).toEqual({ bet: '1.00', cashOut: 2.5 });
  });

  it('shows the chance to reach it; the flight and a cash-out follow the server\'s formula', () => {
    expect(reachChance(2, 0.97)).toBeCloseTo(0.485);
    expect(crashInput(100n, null)).toEqual({ bet: '1.00' });
    expect(flightMultiplier(0, 0.00012)).toBe(1);
    expect(flightMultiplier(5_776, 0.00012)).toBe(1.99);
    expect(flightMultiplier(5_777, 0.00012)).toBe(2);
    expect(cashOutWin('10.00', 1.99)).toBe(1990n);
  });
});

describe('keno', () => {
  it('toggles picks up to 10, sorted', () => {
    let picks: number[] = [];
    for (const n of [40, 3, 80, 1, 2, 4, 5, 6, 7, 8]) picks = togglePick(picks, n);
    expect(picks).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 40, 80]);
    expect(togglePick(picks, 9)).toEqual(picks);
    expect(togglePick(picks, 40)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 80]);
    expect(togglePick([], 0)).toEqual([]);
    expect(togglePick([], 81)).toEqual([]);
  });

  it('quick-picks distinct numbers within 1..80', () => {
    for (let run = 0; run < 50; run++) {
      const p = quickPick(10);
      expect(new Set(p).size).toBe(10);
      expect(p.every((n) => n >= 1 && n <= KENO_NUMBERS)).toBe(true);
      expect([...p].sort((a, b) => a - b)).toEqual(p);
    }
    expect(quickPick(3, () => 0)).toEqual([1, 2, 3]);
    expect(quickPick(0)).toHaveLength(1);
  });

  it('reads the paytable of a spot count (multiplier × 100) best first', () => {
    const info = { paytable: { 1: { 1: 380 }, 4: { 2: 150, 3: 700, 4: 10_700 } } };
    expect(paytableRows(info, 4)).toEqual([[4, 107], [3, 7], [2, 1.5]]);
    expect(paytableRows(info, 1)).toEqual([[1, 3.8]]);
    expect(paytableRows({}, 3)).toEqual([]);
    expect(kenoInput(1000n, [5, 1])).toEqual({ bet: '10.00', picks: [5, 1] });
    expect([10_000, 5.5, 1.5, 3.8].map(kenoPays)).toEqual(['10,000×', '5.5×', '1.5×', '3.8×']);
  });
});

describe('fish', () => {
  const info = { targets: [
    { code: 'DRAGON_BOSS', name: { ES: 'Dragón marino (jefe)', EN: 'Sea Dragon (boss)' }, multiplier: { min: 100, max: 300 } },
    { code: 'SHARK', name: { ES: 'Tiburón', EN: 'Shark' }, multiplier: 50 },
    { code: 'CLOWNFISH', name: { ES: 'Pez payaso', EN: 'Clownfish' }, multiplier: 2 },
  ] };

  it('lists the targets cheapest first with their names and multipliers', () => {
    expect(fishTargets(info).map((x) => [x.code, x.name, x.min, x.max])).toEqual([
      ['CLOWNFISH', 'Pez payaso', 2, 2], ['SHARK', 'Tiburón', 50, 50], ['DRAGON_BOSS', 'Dragón marino (jefe)', 100, 300]]);
  });

  it('shows the catch chance RTP / m', () => {
    const [clown, , boss] = fishTargets(info);
    expect(catchChance(clown, 0.96)).toBe('48.0\u00a0%');
    expect(catchChance(boss, 0.96)).toBe('0.32\u00a0%–0.96\u00a0%');
    expect(fishInput(50n, 'SHARK')).toEqual({ bet: '0.50', target: 'SHARK' });
  });
});

describe('slot', () => {
  it('offers bet-per-line steps within the limits and multiplies by the lines', () => {
    expect(betSteps('0.01', '50.00')).toEqual([1n, 2n, 5n, 10n, 20n, 50n, 100n, 200n, 500n, 1000n, 2000n, 5000n]);
    expect(betSteps('0.03', '0.30')).toEqual([3n, 5n, 10n, 20n, 30n]);
    expect(totalBet(5n, 20)).toBe(100n);
  });

  it('pays line bets × bet per line (doubled in free spins) and marks the winning cells', () => {
    const spin = { grid: [], scatters: 0, lineBets: 14, lineWins: [{ line: 3, symbol: 'A', count: 3, multiplier: 6 }, { line: 0, symbol: 'BAR', count: 4, multiplier: 8 }] };
    expect(spinWin(spin, 5n, false)).toBe(70n);
    expect(spinWin(spin, 5n, true)).toBe(140n);
    const lines = [[1, 1, 1, 1, 1], [0, 0, 0, 0, 0], [2, 2, 2, 2, 2], [0, 1, 2, 1, 0]];
    expect(winningCells(spin, lines)).toEqual([[0, 0], [1, 1], [2, 2], [0, 1], [1, 1], [2, 1], [3, 1]]);
  });
});
