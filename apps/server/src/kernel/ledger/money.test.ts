import { describe, expect, it } from 'vitest';
import { formatAmount, parseAmount } from './money.ts';

describe('money', () => {
  it('reads decimal strings in major units into minor units', () => {
    expect(parseAmount('1')).toBe(100n);
    expect(parseAmount('1234.5')).toBe(123_450n);
    expect(parseAmount('0.01')).toBe(1n);
    expect(parseAmount('10000000000000')).toBe(10n ** 15n);
    expect(parseAmount(12.5)).toBe(1250n);
  });

  it.each([['-1'], ['0'], ['0.00'], ['1.234'], ['1e9'], ['1,000'], [' 1'], ['1.'], ['.5'], ['01'], ['+1'], ['abc'], [''], ['10000000000000.01'],
    ['99999999999999999999'], [0.1 + 0.2], [Number.NaN], [Infinity], [-5], [null], [undefined], [{}], [true]])('refuses %s', (v) => {
    expect(() => parseAmount(v)).toThrow(expect.objectContaining({ code: 'wallet.amount.invalid' }));
  });

  it('formats minor units with 2 decimals and a sign', () => {
    expect(formatAmount(0n)).toBe('0.00');
    expect(formatAmount(123_450n)).toBe('1234.50');
    expect(formatAmount(-5n)).toBe('-0.05');
    expect(formatAmount('-100001')).toBe('-1000.01');
    expect(formatAmount(10n ** 17n)).toBe('1000000000000000.00');
  });
});
