import { describe, expect, it } from 'vitest';
import { createHmac, randomBytes } from 'node:crypto';
import {
  CANCEL_PER_10K, COMMISSION_BP, DRAW_PER_10K, HOUSE_EDGE, addPools, cardOf, clock, fightIdOf, floorPools, oddsOf,
  resultOf, rollOf, settle, sidePayout, timingFrom, type Pools, type Side,
} from './derby.ts';

const pools = (meron: bigint, wala: bigint, draw = 0n): Pools => ({ meron, wala, draw });

describe('settlement rules', () => {
  const p = pools(60_000n, 40_000n, 5_000n);
  it('Meron wins: Meron shares both pools less 5 %, Wala and Draw lose', () => {
    // (600 + 400) x 0.95 / 600 = 1.5833 -> 10.00 pays 15.83
    expect(settle('meron', 1_000n, 'meron', p)).toEqual({ state: 'won', payout: 1_583n });
    expect(settle('wala', 1_000n, 'meron', p)).toEqual({ state: 'lost', payout: 0n });
    expect(settle('draw', 1_000n, 'meron', p)).toEqual({ state: 'lost', payout: 0n });
  });
  it('Wala wins: 10.00 pays 23.75', () => {
    expect(settle('wala', 1_000n, 'wala', p)).toEqual({ state: 'won', payout: 2_375n });
    expect(settle('meron', 1_000n, 'wala', p)).toEqual({ state: 'lost', payout: 0n });
  });
  it('draw: Draw pays 8x, Meron and Wala are returned (push)', () => {
    expect(settle('draw', 1_000n, 'draw', p)).toEqual({ state: 'won', payout: 8_000n });
    expect(settle('meron', 1_000n, 'draw', p)).toEqual({ state: 'push', payout: 1_000n });
    expect(settle('wala', 1_000n, 'draw', p)).toEqual({ state: 'push', payout: 1_000n });
  });
  it('cancelled fight: every bet is returned', () => {
    for (const side of ['meron', 'wala', 'draw'] as Side[]) expect(settle(side, 1_234n, 'cancelled', p)).toEqual({ state: 'void', payout: 1_234n });
  });
});

describe('odds and commission', () => {
  it('odds are the pools less the commission, floored to a cent', () => {
    expect(oddsOf(pools(50_000n, 50_000n))).toEqual({ meron: '1.90', wala: '1.90', draw: '8.00' });
    expect(oddsOf(pools(60_000n, 40_000n))).toEqual({ meron: '1.58', wala: '2.37', draw: '8.00' });
  });
  it('the house keeps exactly the commission of a decided fight (both pools paid out less 5 %)', () => {
    const p = pools(73_311n, 41_207n);
    const paid = sidePayout(p.meron, 'meron', p);
    const pool = p.meron + p.wala;
    expect(pool - paid).toBeGreaterThanOrEqual((pool * COMMISSION_BP) / 10_000n);
    expect(pool - paid).toBeLessThanOrEqual((pool * COMMISSION_BP) / 10_000n + 1n);
  });
  it('odds move with the money: more on Meron lowers Meron and raises Wala', () => {
    const before = oddsOf(pools(50_000n, 50_000n));
    const after = oddsOf(addPools(pools(50_000n, 50_000n), pools(20_000n, 0n)));
    expect(Number(after.meron)).toBeLessThan(Number(before.meron));
    expect(Number(after.wala)).toBeGreaterThan(Number(before.wala));
  });
  it('the floor money leans early and follows the roosters by the cut-off', () => {
    const id = fightIdOf('9001', 123);
    const { qBp } = cardOf(id);
    const end = floorPools(id, qBp, 1);
    const share = Number((end.meron * 10_000n) / (end.meron + end.wala));
    expect(Math.abs(share - qBp)).toBeLessThanOrEqual(1);
    const early = floorPools(id, qBp, 0.1);
    expect(early.meron + early.wala).toBeLessThan(end.meron + end.wala);
  });
});

describe('timetable and card', () => {
  it('every instance agrees on the fight number; betting then fighting', () => {
    const t = { bettingMs: 40_000, fightMs: 20_000 };
    const c = clock(1_800_000_000_000 + 5_000, t);
    expect(c.fightNo).toBe(Math.floor(1_800_000_005_000 / 60_000));
    expect(c.closesAt - c.opensAt).toBe(40_000);
    expect(clock(c.closesAt - 1, t).phase).toBe('betting');
    expect(clock(c.closesAt, t).phase).toBe('fighting');
    expect(clock(c.endsAt, t).fightNo).toBe(c.fightNo + 1);
  });
  it('timings come from the environment (short fights for the journey), else 40 s + 20 s', () => {
    expect(timingFrom({})).toEqual({ bettingMs: 40_000, fightMs: 20_000 });
    expect(timingFrom({ DEMO_COCKFIGHT_BETTING_SECONDS: '12', DEMO_COCKFIGHT_FIGHT_SECONDS: '5' })).toEqual({ bettingMs: 12_000, fightMs: 5_000 });
    expect(timingFrom({ DEMO_COCKFIGHT_BETTING_SECONDS: 'x', DEMO_COCKFIGHT_FIGHT_SECONDS: '1' })).toEqual({ bettingMs: 40_000, fightMs: 20_000 });
  });
  it('the card is public and stable: two named roosters with records, Meron share within 30-70 %', () => {
    const a = cardOf('CF1-1');
    expect(cardOf('CF1-1')).toEqual(a);
    expect(a.meron.name).not.toBe(a.wala.name);
    expect(a.meron.weight).toBeGreaterThanOrEqual(1_800);
    expect(a.qBp).toBeGreaterThanOrEqual(3_000);
    expect(a.qBp).toBeLessThanOrEqual(7_000);
  });
});

describe('the roll of a committed seed', () => {
  it('is HMAC-SHA256(seed, "<fightId>:0:0"), first uint32 below the rejection limit, mod 10,000', () => {
    const seed = 'a'.repeat(64);
    const u = createHmac('sha256', seed).update('CF7-42:0:0').digest().readUInt32BE(0);
    const limit = 2 ** 32 - (2 ** 32 % 10_000);
    if (u < limit) expect(rollOf(seed, 'CF7-42')).toBe(u % 10_000);
    expect(rollOf(seed, 'CF7-42')).toBe(rollOf(seed, 'CF7-42'));
  });
  it('maps rolls to results by the stated chances', () => {
    expect(resultOf(0, 5_000)).toBe('cancelled');
    expect(resultOf(199, 5_000)).toBe('cancelled');
    expect(resultOf(200, 5_000)).toBe('draw');
    expect(resultOf(1_299, 5_000)).toBe('draw');
    expect(resultOf(1_300, 5_000)).toBe('meron');
    expect(resultOf(1_300 + 4_349, 5_000)).toBe('meron');
    expect(resultOf(1_300 + 4_350, 5_000)).toBe('wala');
    expect(resultOf(9_999, 7_000)).toBe('wala');
  });
});

describe('house edge by simulation', () => {
  it(`Meron / Wala return ${((1 - HOUSE_EDGE.meronWala) * 100).toFixed(2)} %, Draw ${((1 - HOUSE_EDGE.draw) * 100).toFixed(2)} % (stated edge)`, () => {
    const N = 200_000;
    const stake = 1_000n;
    const staked = { meron: 0n, wala: 0n, draw: 0n };
    const back = { meron: 0n, wala: 0n, draw: 0n };
    for (let i = 0; i < N; i++) {
      const id = fightIdOf('SIM', i);
      const { qBp } = cardOf(id);
      const roll = rollOf(randomBytes(32).toString('hex'), id);
      const result = resultOf(roll, qBp);
      for (const side of ['meron', 'wala', 'draw'] as Side[]) {
        // the player's own stake joins the floor's final pools
        const final = addPools(floorPools(id, qBp, 1), { meron: 0n, wala: 0n, draw: 0n, [side]: stake });
        staked[side] += stake;
        back[side] += settle(side, stake, result, final).payout;
      }
    }
    const rtp = (s: Side) => Number((back[s] * 1_000_000n) / staked[s]) / 1_000_000;
    const mw = (rtp('meron') + rtp('wala')) / 2;
    expect(HOUSE_EDGE.meronWala).toBeCloseTo(0.0435, 6);
    expect(HOUSE_EDGE.draw).toBeCloseTo(0.10, 6);
    expect(Math.abs(mw - (1 - HOUSE_EDGE.meronWala))).toBeLessThan(0.006);
    // Draw: 8 x Bernoulli(0.11) has a standard error of about 0.006 over 200,000 fights
    expect(Math.abs(rtp('draw') - (1 - HOUSE_EDGE.draw))).toBeLessThan(0.025);
    expect(CANCEL_PER_10K + DRAW_PER_10K).toBe(1_300);
  }, 180_000);
});
