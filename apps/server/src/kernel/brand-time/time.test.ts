import { describe, expect, it } from 'vitest';
import type { Brand } from '../../plugins/merchant.ts';
import { brandDate, brandDayStart, brandPeriodStarts, brandTimeLabel, DAY_MS, dayRange, periodAt, previousPeriod, recordRange } from './index.ts';

const brand = (gmtOffsetMinutes: number) => ({ config: { gmtOffsetMinutes } }) as unknown as Brand;
const at = new Date('2026-05-06T20:30:00Z'); // a Wednesday; 04:30 on Thursday at GMT+8

describe('brand time', () => {
  it('cuts days, weeks and months at the brand midnight', () => {
    expect(DAY_MS).toBe(86_400_000);
    expect(brandDayStart(brand(480), at).toISOString()).toBe('2026-05-06T16:00:00.000Z');
    expect(brandDayStart(brand(0), at).toISOString()).toBe('2026-05-06T00:00:00.000Z');
    expect(brandDate(brand(480), at)).toBe('2026-05-07');
    const s = brandPeriodStarts(brand(480), at);
    expect(s.Week.toISOString()).toBe('2026-05-03T16:00:00.000Z');
    expect(s.Month.toISOString()).toBe('2026-04-30T16:00:00.000Z');
    expect(brandTimeLabel(brand(-330), at)).toBe('2026-05-06 15:00 GMT-5:30');
  });

  it('names reward periods and the one before', () => {
    expect(periodAt('daily', at, 480)).toMatchObject({ key: 'D2026-05-07' });
    expect(periodAt('weekly', at, 480)).toMatchObject({ key: 'W2026-05-04' });
    expect(previousPeriod('daily', at, 480).key).toBe('D2026-05-06');
    expect(periodAt('once', at, 480).key).toBe('once');
  });

  it('turns record filters into instants and refuses bad ranges with the wire codes', () => {
    expect(dayRange(brand(480), '2026-05-01', '2026-05-02')).toEqual({ from: new Date('2026-04-30T16:00:00Z'), to: new Date('2026-05-02T16:00:00Z') });
    expect(() => dayRange(brand(0), '2026-05-02', '2026-05-01')).toThrow(expect.objectContaining({ code: 'wallet.range.invalid' }));
    expect(recordRange(brand(0), undefined, undefined, at)).toEqual({ from: new Date('2026-04-30T00:00:00Z'), to: new Date('2026-05-07T00:00:00Z') });
    expect(() => recordRange(brand(0), '2026-02-30', undefined, at)).toThrow(expect.objectContaining({ code: 'cashier.range.invalid' }));
  });
});
