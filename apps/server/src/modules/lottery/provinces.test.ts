import { describe, expect, it } from 'vitest';
import { AppError } from '../../plugins/errors.ts';
import { checkResult, differingPrizes, provincesAt, VN_SCHEDULE, vnWeekday } from './provinces.ts';
import { slotAt } from './rules.ts';
import { fullResult } from './testkit.ts';

const code = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    return err instanceof AppError ? { code: err.code, ...err.params } : String(err);
  }
  return 'passed';
};

describe('VN official results: schedule and structure', () => {
  it('follows the published weekly schedule in Vietnam\'s time (north daily, south and centre 2-4 provinces a day)', () => {
    // Monday 30 Nov 2026, 16:15 GMT+7 = 09:15 UTC
    const monday = new Date('2026-11-30T09:15:00Z');
    expect(vnWeekday(monday)).toBe(1);
    expect(provincesAt('south', monday).map((p) => p.name)).toEqual(['TP. Hồ Chí Minh', 'Đồng Tháp', 'Cà Mau']);
    expect(provincesAt('central', monday).map((p) => p.name)).toEqual(['Phú Yên', 'Thừa Thiên Huế']);
    expect(provincesAt('south', new Date('2026-12-05T09:15:00Z')).map((p) => p.code)).toEqual(['HCM', 'LA', 'BP', 'HG']); // Saturday
    for (const region of ['south', 'central'] as const) {
      for (const day of VN_SCHEDULE[region]) {
        expect(day.length).toBeGreaterThanOrEqual(2);
        expect(day.length).toBeLessThanOrEqual(4);
      }
    }
    expect(VN_SCHEDULE.north.every((d) => d.length === 1)).toBe(true);
    // a brand at GMT-6: the south's 16:15 (GMT+7) is 03:15 local; the VN weekday is the draw instant's in Vietnam
    const slot = slotAt({ kind: 'vn', intervalSeconds: null, drawMinute: 3 * 60 + 15, cutoffSeconds: 300 }, -360, new Date('2026-11-30T05:00:00Z'));
    expect(slot.drawAt.toISOString()).toBe('2026-11-30T09:15:00.000Z');
    expect(provincesAt('south', slot.drawAt)[0].code).toBe('HCM');
  });

  it('checks every prize\'s count and digits (north 27 numbers, south and centre 18)', () => {
    expect(checkResult('north', fullResult('north')).numbers).toHaveLength(27);
    const south = checkResult('south', fullResult('south', '7'));
    expect(south.numbers).toHaveLength(18);
    expect(south.special).toBe('777777');
    const fewer = fullResult('north');
    fewer[3].numbers.pop();
    expect(code(() => checkResult('north', fewer))).toMatchObject({ code: 'lottery.result.invalid', prize: 'G3', count: 6, digits: 5, got: 5 });
    const digits = fullResult('south');
    digits[8].numbers = ['123'];
    expect(code(() => checkResult('south', digits))).toMatchObject({ code: 'lottery.result.invalid', prize: 'G8', got: '123' });
    const letters = fullResult('central');
    letters[0].numbers = ['12a456'];
    expect(code(() => checkResult('central', letters))).toMatchObject({ code: 'lottery.result.invalid', prize: 'DB', got: '12a456' });
    expect(code(() => checkResult('north', fullResult('south')))).toMatchObject({ code: 'lottery.result.invalid', prize: 'G8' });
    const other = fullResult('south');
    other[4].numbers[2] = '22222';
    expect(differingPrizes(fullResult('south'), other)).toEqual(['G4']);
  });
});
