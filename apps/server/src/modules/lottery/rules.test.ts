import { unseal } from '../../lib/seal.ts';
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { errorMessage, lottery } from '@lobby/contract';
import type { AppError } from '../../plugins/errors.ts';
import { digitsOf, hits, nextSlot, oddsMilli, resultOf, sha256, slotAt, newSeed, checkBet } from './rules.ts';

const fast1 = { kind: 'fast' as const, intervalSeconds: 60, drawMinute: null, cutoffSeconds: 10 };
const fast5 = { kind: 'fast' as const, intervalSeconds: 300, drawMinute: null, cutoffSeconds: 30 };
const north = { kind: 'vn' as const, intervalSeconds: null, drawMinute: 5 * 60 + 15, cutoffSeconds: 300 };

describe('lottery schedule and cut-off', () => {
  it('fast games: the slot of the brand-local day, numbered from 1; after the cut-off the next slot takes bets', () => {
    // 2026-03-10 00:00:49 at GMT-6 is 06:00:49 UTC
    const s = slotAt(fast1, -360, new Date('2026-03-10T06:00:49Z'));
    expect(s).toEqual({ numero: '20260310-0001', opensAt: new Date('2026-03-10T06:00:00Z'), closesAt: new Date('2026-03-10T06:00:50Z'), drawAt: new Date('2026-03-10T06:01:00Z') });
    expect(slotAt(fast1, -360, new Date('2026-03-10T06:00:50Z')).numero).toBe('20260310-0002');
    expect(slotAt(fast5, -360, new Date('2026-03-10T06:14:29.999Z')).numero).toBe('20260310-0003');
    expect(slotAt(fast5, -360, new Date('2026-03-10T06:14:30Z')).numero).toBe('20260310-0004');
    // the last slot of the day is 1440 (1-minute game), then the next day starts at 0001
    const last = slotAt(fast1, -360, new Date('2026-03-11T05:59:10Z'));
    expect(last.numero).toBe('20260310-1440');
    expect(nextSlot(fast1, -360, last)).toMatchObject({ numero: '20260311-0001', drawAt: new Date('2026-03-11T06:01:00Z') });
    expect(slotAt(fast1, -360, new Date('2026-03-11T05:59:50Z')).numero).toBe('20260311-0001');
  });

  it('VN daily draws: numero is the local draw day, bets open from the previous draw and close 5 minutes before', () => {
    const s = slotAt(north, -360, new Date('2026-03-10T10:00:00Z')); // 04:00 local
    expect(s).toEqual({ numero: '20260310', opensAt: new Date('2026-03-09T11:15:00Z'), closesAt: new Date('2026-03-10T11:10:00Z'), drawAt: new Date('2026-03-10T11:15:00Z') });
    expect(slotAt(north, -360, new Date('2026-03-10T11:09:59Z')).numero).toBe('20260310');
    expect(slotAt(north, -360, new Date('2026-03-10T11:10:00Z')).numero).toBe('20260311');
    expect(slotAt(north, 420, new Date('2026-03-10T17:00:00Z')).numero).toBe('20260311'); // 00:00 on the 11th in GMT+7
  });
});

describe('lottery RNG', () => {
  it('is reproducible from the revealed seed, committed by its SHA-256', () => {
    // stored sealed (issue 21): the plain seed comes only with the key
    const { serverSeed: sealed, seedHash } = newSeed();
    const serverSeed = unseal(sealed);
    expect(sealed).not.toContain(serverSeed);
    expect(sha256(serverSeed)).toBe(seedHash);
    const a = resultOf('vn', 'north', serverSeed, 'VN-NORTH', '20260310');
    expect(resultOf('vn', 'north', serverSeed, 'VN-NORTH', '20260310')).toEqual(a);
    expect(resultOf('vn', 'north', serverSeed, 'VN-NORTH', '20260311')).not.toEqual(a);
    // digits: HMAC-SHA256(seed, "<game>:<numero>:<block>"), bytes < 250 mod 10
    const bytes = createHmac('sha256', serverSeed).update('FAST1:20260310-0001:0').digest();
    expect(digitsOf(serverSeed, 'FAST1', '20260310-0001', 5)).toBe([...bytes].filter((b) => b < 250).slice(0, 5).map((b) => b % 10).join(''));
  });

  it('VN results follow the published prize structure', () => {
    for (const region of lottery.VN_REGIONS) {
      const r = resultOf('vn', region, unseal(newSeed().serverSeed), 'X', '1');
      const spec = lottery.VN_STRUCTURE[region];
      expect(r.prizes.map((p) => p.prize)).toEqual(spec.map((p) => p.prize));
      r.prizes.forEach((p, i) => {
        expect(p.numbers).toHaveLength(spec[i].count);
        for (const n of p.numbers) expect(n).toMatch(new RegExp(`^[0-9]{${spec[i].digits}}$`));
      });
      expect(r.numbers).toHaveLength(region === 'north' ? 27 : 18);
      expect(r.special).toHaveLength(region === 'north' ? 5 : 6);
    }
  });

  it('digits are uniform enough (chi-square over 200k digits)', () => {
    const seed = unseal(newSeed().serverSeed);
    const counts = new Array(10).fill(0);
    for (let i = 0; i < 2000; i++) for (const d of digitsOf(seed, 'T', String(i), 100)) counts[Number(d)]++;
    const chi = counts.reduce((s, c) => s + (c - 20_000) ** 2 / 20_000, 0);
    expect(chi).toBeLessThan(27.9); // p = 0.001 with 9 degrees of freedom
  });
});

describe('lottery bet rules', () => {
  const r = { special: '12345', numbers: ['12345', '00045', '9945', '123', '07'] };
  it('hits per bet type', () => {
    expect(hits('lo2', ['45'], r)).toBe(3);
    expect(hits('lo2', ['07'], r)).toBe(1);
    expect(hits('de', ['45'], r)).toBe(1);
    expect(hits('de', ['23'], r)).toBe(0);
    expect(hits('cang3', ['345'], r)).toBe(1);
    expect(hits('xien3', ['45', '07', '23'], r)).toBe(1);
    expect(hits('xien2', ['45', '08'], r)).toBe(0);
    expect([hits('big', [], r), hits('small', [], r), hits('odd', [], r), hits('even', [], r)]).toEqual([0, 1, 1, 0]);
    expect(hits('big', [], { special: '99500', numbers: [] })).toBe(1);
  });

  it('odds by region and prize mode; checks of numbers', () => {
    expect(oddsMilli('vn', 'north', 'LOTT', 'lo2')).toBe(3500);
    expect(oddsMilli('vn', 'south', 'LOTT', 'lo2')).toBe(5300);
    expect(oddsMilli('vn', 'north', 'ZY', 'de')).toBe(93_575);
    expect(oddsMilli('vn', 'north', 'LOTT', 'big')).toBeUndefined();
    expect(checkBet('vn', 'xien3', ['45', '07', '23'])).toEqual({ numbers: ['07', '23', '45'], numKey: '07-23-45' });
    expect(checkBet('fast', 'odd', [])).toEqual({ numbers: [], numKey: 'odd' });
    expect(() => checkBet('fast', 'lo2', ['01'])).toThrow('lottery.bet.invalid');
    expect(() => checkBet('vn', 'cang3', ['0a1'])).toThrow('lottery.bet.invalid');
    // the reason's words take the bet's params as they are: a number is never read as a placeholder
    const err = (() => { try { checkBet('vn', 'cang3', ['{count}']); } catch (e) { return e as AppError; } })()!;
    expect(errorMessage(err.code, 'EN', err.params)).toBe('This bet is not valid: {count} is not a 3-digit number');
  });
});
