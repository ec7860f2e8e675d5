import { describe, expect, it } from 'vitest';
import type { responsible as R } from '@lobby/contract';
import { changesOf, draftOf } from './logic';

const view = (o: Partial<R.LimitsView> = {}): R.LimitsView => ({
  depositDay: '300.00', depositWeek: null, depositMonth: null, lossDay: null, lossWeek: null, lossMonth: null,
  sessionMinutes: 60, realityMinutes: null, pending: [],
  usage: { depositDay: '0.00', depositWeek: '0.00', depositMonth: '0.00', lossDay: '0.00', lossWeek: '0.00', lossMonth: '0.00' },
  break: null, currency: 'MXN', ...o,
});

describe('limits form', () => {
  it('sends only what changed; an emptied box removes the limit', () => {
    const v = view();
    const d = draftOf(v);
    expect(d.depositDay).toBe('300.00');
    expect(changesOf(v, d)).toEqual({ body: {} });
    expect(changesOf(v, { ...d, depositDay: '300', lossDay: '50,5' })).toEqual({ body: { lossDay: '50.5' } });
    expect(changesOf(v, { ...d, depositDay: '', sessionMinutes: '90' })).toEqual({ body: { depositDay: null, sessionMinutes: 90 } });
  });

  it('refuses bad amounts and minutes with the field', () => {
    const d = draftOf(view());
    expect(changesOf(view(), { ...d, depositWeek: '-5' })).toEqual({ error: { field: 'depositWeek', kind: 'amount' } });
    expect(changesOf(view(), { ...d, depositWeek: '0' })).toEqual({ error: { field: 'depositWeek', kind: 'amount' } });
    expect(changesOf(view(), { ...d, realityMinutes: '3' })).toEqual({ error: { field: 'realityMinutes', kind: 'minutes' } });
    expect(changesOf(view(), { ...d, sessionMinutes: '12.5' })).toEqual({ error: { field: 'sessionMinutes', kind: 'minutes' } });
  });
});
