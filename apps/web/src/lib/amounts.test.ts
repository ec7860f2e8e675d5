import { describe, expect, it } from 'vitest';
import {
  SubmitKey, daysBetween, depositBonus, formatCountdown, presetRange, secondsLeft, shiftRange, toMinor, validateAmount,
  validateRange, withdrawFee,
} from './amounts';

describe('validateAmount', () => {
  it('accepts positive amounts with at most 2 decimals', () => {
    expect(validateAmount('100')).toBeNull();
    expect(validateAmount('100.5')).toBeNull();
    expect(validateAmount(' 1,000.50 ')).toBeNull();
  });
  it('refuses empty, zero, negative, too many decimals and garbage', () => {
    expect(validateAmount('')).toEqual({ key: 'required' });
    expect(validateAmount('0')).toEqual({ key: 'positive' });
    expect(validateAmount('0.00')).toEqual({ key: 'positive' });
    expect(validateAmount('-5')).toEqual({ key: 'positive' });
    expect(validateAmount('10.123')).toEqual({ key: 'decimals' });
    expect(validateAmount('1e3')).toEqual({ key: 'invalid' });
    expect(validateAmount('abc')).toEqual({ key: 'invalid' });
    expect(validateAmount('.5')).toEqual({ key: 'invalid' });
  });
  it('checks min, max, fixed amounts and the balance', () => {
    const rules = { min: '100.00', max: '50000.00' };
    expect(validateAmount('99.99', rules)).toEqual({ key: 'min', min: '100.00' });
    expect(validateAmount('100', rules)).toBeNull();
    expect(validateAmount('50000', rules)).toBeNull();
    expect(validateAmount('50000.01', rules)).toEqual({ key: 'max', max: '50000.00' });
    expect(validateAmount('150', { fixed: ['100.00', '200.00'] })).toEqual({ key: 'fixed' });
    expect(validateAmount('200', { fixed: ['100.00', '200.00'] })).toBeNull();
    expect(validateAmount('300.01', { available: '300.00' })).toEqual({ key: 'balance' });
  });
  it('has no float rounding trouble with large amounts', () => {
    expect(toMinor('9007199254740993.99')).toBe(900719925474099399n);
    expect(validateAmount('0.1', { min: '0.10' })).toBeNull();
  });
});

describe('withdrawFee', () => {
  it('computes fee = amount × bps / 10000 rounded down + fixed, and what arrives', () => {
    expect(withdrawFee('1000', 100, '0.00')).toEqual({ fee: '10.00', received: '990.00' });
    expect(withdrawFee('123.45', 100, '0.00')).toEqual({ fee: '1.23', received: '122.22' });
    expect(withdrawFee('20', 0, '1.00')).toEqual({ fee: '1.00', received: '19.00' });
    expect(withdrawFee('0.50', 0, '1.00')).toEqual({ fee: '1.00', received: '0.00' });
  });
  it('gives nothing for an invalid amount', () => {
    expect(withdrawFee('abc', 100, '0')).toBeNull();
    expect(withdrawFee('0', 100, '0')).toBeNull();
  });
});

describe('depositBonus', () => {
  const bonus = { bps: 2000, maxBonus: '1000.00', minDeposit: '100.00' };
  it('is a percent of the deposit, capped, and zero below the minimum', () => {
    expect(depositBonus('500', bonus)).toBe('100.00');
    expect(depositBonus('10000', bonus)).toBe('1000.00');
    expect(depositBonus('99', bonus)).toBe('0.00');
  });
});

describe('countdown', () => {
  it('counts whole seconds to the expiry and never below zero', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(secondsLeft('2025-01-01T00:30:00Z', now)).toBe(1800);
    expect(secondsLeft('2025-01-01T00:00:00.400Z', now)).toBe(1);
    expect(secondsLeft('2024-12-31T23:59:00Z', now)).toBe(0);
    expect(secondsLeft('nonsense', now)).toBe(0);
  });
  it('formats mm:ss and h:mm:ss', () => {
    expect(formatCountdown(1799)).toBe('29:59');
    expect(formatCountdown(5)).toBe('00:05');
    expect(formatCountdown(3725)).toBe('1:02:05');
    expect(formatCountdown(-3)).toBe('00:00');
  });
});

describe('date presets and the 30-day limit', () => {
  // 2025-03-10 03:00 UTC is still 2025-03-09 in Mexico City (GMT-6).
  const now = Date.parse('2025-03-10T03:00:00Z');
  const mx = -360;
  it('previous 7 / 30 days end today in the brand time zone', () => {
    expect(presetRange('today', mx, now)).toEqual({ startDate: '2025-03-09', endDate: '2025-03-09' });
    expect(presetRange('prev7', mx, now)).toEqual({ startDate: '2025-03-02', endDate: '2025-03-09' });
    expect(presetRange('prev30', mx, now)).toEqual({ startDate: '2025-02-07', endDate: '2025-03-09' });
    expect(presetRange('prev7', 0, now).endDate).toBe('2025-03-10');
  });
  it('next 7 / 30 days go forward from the current start, never past today', () => {
    expect(presetRange('next7', mx, now, { startDate: '2025-02-01', endDate: '2025-02-03' })).toEqual({ startDate: '2025-02-01', endDate: '2025-02-08' });
    expect(presetRange('next30', mx, now, { startDate: '2025-02-20', endDate: '2025-02-21' })).toEqual({ startDate: '2025-02-20', endDate: '2025-03-09' });
  });
  it('every preset is within the limit', () => {
    for (const p of ['today', 'prev7', 'prev30', 'next7', 'next30'] as const) expect(validateRange(presetRange(p, mx, now))).toBeNull();
  });
  it('refuses ranges over 30 days, reversed or incomplete', () => {
    expect(validateRange({ startDate: '2025-01-01', endDate: '2025-01-31' })).toBeNull();
    expect(validateRange({ startDate: '2025-01-01', endDate: '2025-02-01' })).toBe('tooLong');
    expect(validateRange({ startDate: '2025-02-01', endDate: '2025-01-01' })).toBe('order');
    expect(validateRange({ startDate: '', endDate: '2025-01-01' })).toBe('required');
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
  });
  it('shifts a range by its length and stops at today', () => {
    const r = { startDate: '2025-03-02', endDate: '2025-03-09' };
    expect(shiftRange(r, -1, mx, now)).toEqual({ startDate: '2025-02-22', endDate: '2025-03-01' });
    expect(shiftRange(shiftRange(r, -1, mx, now), 1, mx, now)).toEqual(r);
    expect(shiftRange(r, 1, mx, now)).toEqual(r);
  });
});

describe('SubmitKey (requestId)', () => {
  const seq = () => {
    let n = 0;
    return () => `req-${++n}`;
  };
  it('reuses the id for a retry or double click of the same intent', () => {
    const k = new SubmitKey(seq());
    expect(k.forAttempt('a')).toBe('req-1');
    expect(k.forAttempt('a')).toBe('req-1');
  });
  it('makes a new id after an answer, and when the values change', () => {
    const k = new SubmitKey(seq());
    expect(k.forAttempt('a')).toBe('req-1');
    k.settle();
    expect(k.forAttempt('a')).toBe('req-2');
    expect(k.forAttempt('b')).toBe('req-3');
  });
  it('uses crypto.randomUUID by default', () => {
    const k = new SubmitKey();
    expect(k.forAttempt('x')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
