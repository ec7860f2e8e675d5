import { describe, expect, it } from 'vitest';
import { formatMinor, formatMoney, HIDDEN_MONEY } from './money';
import { formatDate, formatDateTime, gmtLabel } from './format';

describe('formatMoney', () => {
  it.each([
    ['0', '0.00'],
    ['5', '5.00'],
    ['1234.5', '1,234.50'],
    ['1234567.891', '1,234,567.89'],
    ['999.995', '1,000.00'],
    ['-1234.5', '-1,234.50'],
    ['-0.001', '0.00'],
    ['12345678901234567890.12', '12,345,678,901,234,567,890.12'],
    [1000, '1,000.00'],
    [12n, '12.00'],
    ['', '0.00'],
    [null, '0.00'],
  ])('%s -> %s', (input, out) => {
    expect(formatMoney(input as never)).toBe(out);
  });

  it('hides as *** and adds a symbol', () => {
    expect(formatMoney('1234.5', { hidden: true })).toBe(HIDDEN_MONEY);
    expect(formatMoney('1234.5', { hidden: true, symbol: '$' })).toBe('$ ***');
    expect(formatMoney('1234.5', { symbol: 'R$' })).toBe('R$ 1,234.50');
    expect(formatMoney('-3', { symbol: '$' })).toBe('-$ 3.00');
  });
});

describe('formatMinor', () => {
  it('formats integer minor units without floats', () => {
    expect(formatMinor(123456n)).toBe('1,234.56');
    expect(formatMinor('5')).toBe('0.05');
    expect(formatMinor(-150)).toBe('-1.50');
    expect(formatMinor('900719925474099123')).toBe('9,007,199,254,740,991.23');
    expect(formatMinor(100, { hidden: true })).toBe('***');
  });
});

describe('date helpers', () => {
  it('shows UTC times in the brand offset', () => {
    expect(formatDateTime('2025-03-09T02:05:00Z', -300, 'EN')).toBe('2025-03-08 21:05:00');
    expect(formatDate('2025-03-09T02:05:00Z', 480, 'EN')).toBe('2025-03-09');
    expect(gmtLabel(-300)).toBe('GMT-05:00');
    expect(gmtLabel(330)).toBe('GMT+05:30');
    expect(formatDate('nope')).toBe('');
  });

  it('follows the language: day first in ES, PT-BR and VI, Gregorian years, the locale digits', () => {
    const at = '2025-03-09T02:05:00Z';
    expect(formatDateTime(at, -300)).toBe('08/03/2025 21:05:00'); // ES, the default
    expect(formatDate(at, 0, 'PT-BR')).toBe('09/03/2025');
    expect(formatDate(at, 0, 'VI')).toBe('09/03/2025');
    expect(formatDate(at, 0, 'CN')).toBe('2025/03/09');
    expect(formatDate(at, 0, 'TH')).toBe('09/03/2025'); // not the Buddhist 2568
    expect(formatDate(at, 0, 'AR')).toBe('09/03/2025'); // no bidi marks: shown in an ltr run
    expect(formatDateTime(at, 0, 'FA')).toBe('۲۰۲۵/۰۳/۰۹ ۰۲:۰۵:۰۰'); // Gregorian, Persian digits
  });
});

describe('money follows the language', () => {
  it('keeps 1,234.50 in ES and EN; 1.234,50 in PT-BR and VI; Persian digits and separators in FA', () => {
    expect(formatMoney('1234.5', { lang: 'EN' })).toBe('1,234.50');
    expect(formatMoney('1234.5', { lang: 'PT-BR', symbol: 'R$' })).toBe('R$ 1.234,50');
    expect(formatMoney('-1234.5', { lang: 'VI' })).toBe('-1.234,50');
    expect(formatMoney('1234.5', { lang: 'CN' })).toBe('1,234.50');
    expect(formatMoney('1234.5', { lang: 'FA' })).toBe('۱٬۲۳۴٫۵۰');
  });
});
