import { describe, expect, it } from 'vitest';
import { addChip, beadColumns, chipValues, clockOffset, phaseLeft, secondsLeft } from './table-clock';

describe('baccarat table clock', () => {
  it('corrects the device clock with the server time taken at the middle of the request', () => {
    const server = Date.parse('2026-01-01T00:00:10.000Z');
    // The device is 4 s behind: it sent at server-4.1s and got the answer at server-3.9s.
    const offset = clockOffset('2026-01-01T00:00:10.000Z', server - 4100, server - 3900);
    expect(offset).toBe(4000);
    expect(clockOffset('garbage', 1, 2)).toBe(0);
  });

  it('counts down whole seconds to the cut-off in server time, never below zero', () => {
    const closes = '2026-01-01T00:00:15.000Z';
    const local = Date.parse('2026-01-01T00:00:05.000Z');
    expect(secondsLeft(closes, local, 0)).toBe(10);
    expect(secondsLeft(closes, local, 4000)).toBe(6);
    expect(secondsLeft(closes, local + 300, 0)).toBe(10);
    expect(secondsLeft(closes, local + 60_000, 0)).toBe(0);
  });

  it('shows the part of the betting phase left', () => {
    const opens = Date.parse('2026-01-01T00:00:00.000Z');
    const closes = '2026-01-01T00:00:15.000Z';
    expect(phaseLeft(opens, closes, opens, 0)).toBe(1);
    expect(phaseLeft(opens, closes, opens + 7500, 0)).toBe(0.5);
    expect(phaseLeft(opens, closes, opens + 20_000, 0)).toBe(0);
  });

  it('offers chips from the minimum, capped by the per-spot maximum, and caps a spot', () => {
    expect(chipValues(100n, 1_000_000n)).toEqual([100n, 500n, 2500n, 10_000n, 50_000n]);
    expect(chipValues(100n, 3000n)).toEqual([100n, 500n, 2500n]);
    let bets: Record<string, bigint> = {};
    bets = addChip(bets, 'banker', 2500n, 3000n);
    bets = addChip(bets, 'banker', 2500n, 3000n);
    expect(bets).toEqual({ banker: 3000n });
  });

  it('lays the road out in columns of six, oldest first', () => {
    const newestFirst = Array.from({ length: 8 }, (_, i) => 8 - i);
    expect(beadColumns(newestFirst)).toEqual([[1, 2, 3, 4, 5, 6], [7, 8]]);
  });
});
