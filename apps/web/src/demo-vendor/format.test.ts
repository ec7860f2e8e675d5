import { describe, expect, it } from 'vitest';
import { checkAmount, clock, decimalToMinor, defaultBet, money, multiplier, parseMinor, percent, stepAmount, toDecimal } from './format';

describe('amounts', () => {
  it('parses what a player types into minor units, refusing more than 2 decimals or junk', () => {
    expect(parseMinor('1')).toBe(100n);
    expect(parseMinor('1.5')).toBe(150n);
    expect(parseMinor(' 0.05 ')).toBe(5n);
    expect(parseMinor('1,234.56')).toBe(123456n);
    for (const bad of ['', '-1', '1.234', 'abc', '1e3', '.5']) expect(parseMinor(bad), bad).toBeNull();
  });

  it('writes wire decimals and display amounts without floats', () => {
    expect(toDecimal(5n)).toBe('0.05');
    expect(toDecimal(123456n)).toBe('1234.56');
    expect(toDecimal(-150n)).toBe('-1.50');
    expect(decimalToMinor('98765432109876.54')).toBe(9876543210987654n);
    expect(decimalToMinor('-0.5')).toBe(-50n);
    expect(money('1234567.5')).toBe('1,234,567.50');
    expect(money(-99n)).toBe('-0.99');
    expect(money('0')).toBe('0.00');
    expect(multiplier(2.5)).toBe('2.50×');
    expect(percent(0.9606)).toBe('96.06\u00a0%');
    expect(percent(0.48, 1)).toBe('48.0\u00a0%');
  });

  it('checks a bet against the limits', () => {
    expect(checkAmount('1', '0.10', '1000.00')).toEqual({ minor: 100n });
    expect(checkAmount('0.05', '0.10', '1000.00')).toEqual({ error: 'min' });
    expect(checkAmount('1000.01', '0.10', '1000.00')).toEqual({ error: 'max' });
    expect(checkAmount('0', '0.10', '1000.00')).toEqual({ error: 'invalid' });
    expect(checkAmount('1.001', '0.10', '1000.00')).toEqual({ error: 'invalid' });
  });

  it('halves and doubles within the limits, and starts at 1.00 when allowed', () => {
    expect(stepAmount('1.00', 2, '0.10', '1000.00')).toBe('2.00');
    expect(stepAmount('0.15', 0.5, '0.10', '1000.00')).toBe('0.10');
    expect(stepAmount('800', 2, '0.10', '1000.00')).toBe('1000.00');
    expect(stepAmount('junk', 2, '0.10', '1000.00')).toBe('0.20');
    expect(defaultBet('0.10', '1000.00')).toBe('1.00');
    expect(defaultBet('5.00', '1000.00')).toBe('5.00');
    expect(defaultBet('0.01', '0.50')).toBe('0.50');
  });

  it('shows a round time as a local clock', () => {
    const d = new Date(2026, 0, 2, 3, 4, 5);
    expect(clock(d.toISOString())).toBe('03:04:05');
    expect(clock('nope')).toBe('');
  });
});
