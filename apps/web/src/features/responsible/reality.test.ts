import { describe, expect, it } from 'vitest';
import { nextReminderIn } from './RealityCheck';

describe('reality check timing', () => {
  it('fires at each multiple of the interval since the session began', () => {
    const start = 1_000_000;
    expect(nextReminderIn(start, 30, start)).toBe(30 * 60_000);
    expect(nextReminderIn(start, 30, start + 29 * 60_000)).toBe(60_000);
    expect(nextReminderIn(start, 30, start + 31 * 60_000)).toBe(29 * 60_000);
    expect(nextReminderIn(start, 15, start - 5_000)).toBe(15 * 60_000);
  });
});
