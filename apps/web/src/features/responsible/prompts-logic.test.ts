import { describe, expect, it } from 'vitest';
import type { responsible } from '@lobby/contract';
import { dismissKey, elapsedText, hasDepositLimit } from './prompts-logic';

const none: responsible.LimitsView = {
  depositDay: null, depositWeek: null, depositMonth: null, lossDay: null, lossWeek: null, lossMonth: null, sessionMinutes: null, realityMinutes: null,
  pending: [], usage: { depositDay: '0', depositWeek: '0', depositMonth: '0', lossDay: '0', lossWeek: '0', lossMonth: '0' }, break: null, currency: 'MXN',
};

describe('responsible prompts', () => {
  it('asks for a deposit limit until one is set or waiting; a loss limit alone does not count', () => {
    expect(hasDepositLimit(none)).toBe(false);
    expect(hasDepositLimit({ ...none, lossDay: '100.00' })).toBe(false);
    expect(hasDepositLimit({ ...none, depositWeek: '500.00' })).toBe(true);
    expect(hasDepositLimit({ ...none, pending: [{ field: 'depositMonth', value: '900.00', appliesAt: '2026-01-02T00:00:00Z' }] })).toBe(true);
    expect(hasDepositLimit({ ...none, pending: [{ field: 'depositDay', value: null, appliesAt: '2026-01-02T00:00:00Z' }] })).toBe(false);
  });
  it('elapsed time reads h:mm:ss and never below zero; the dismissal is per member', () => {
    expect(elapsedText(0, 3_725_000)).toBe('1:02:05');
    expect(elapsedText(10_000, 0)).toBe('0:00:00');
    expect(dismissKey('ana')).not.toBe(dismissKey('bob'));
  });
});
