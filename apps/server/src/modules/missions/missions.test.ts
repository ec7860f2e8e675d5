import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { okEnvelope, missions as contract } from '@lobby/contract';
import { betRecords, depositOrders, memberActivityTotals, merchants, missionClaims, missions, postings } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { get, mainBalance, newPlayer, postJson, type Player } from '../../test/kits/cashier.ts';
import { audit } from '../../kernel/ledger/index.ts';
import { lifetime, SETTLE_WINDOW_MS } from './activity.ts';
import { maskName } from './leaderboard.ts';
import { missionPeriod } from './service.ts';

const t = useTestApp();
const DEMO_OFFSET = -360;
const HOUR = 3_600_000;

let seq = 0;
async function bet(p: Player, validBet: bigint, at: Date, game = 'g1', status: 'settled' | 'open' = 'settled') {
  await t.database.db.insert(betRecords).values({ merchantId: p.brandId, memberId: p.id, orderNo: `mission-test-${p.id}-${++seq}`, vendor: 'DEMO', game,
    gameType: 'RNG', roundId: `r${seq}`, bet: validBet, validBet, status, betAt: at, settledAt: status === 'settled' ? at : null });
}
async function deposited(p: Player, amount: bigint, at: Date, status: 'confirmed' | 'pending' = 'confirmed') {
  await t.database.db.insert(depositOrders).values({ merchantId: p.brandId, memberId: p.id, orderNo: `MT${p.id}-${++seq}`, requestId: `mt-${seq}`,
    method: 'SPEI', channel: 'BBVA', amount, status, createdAt: new Date(at.getTime() - 60_000), expiresAt: new Date(at.getTime() + HOUR), closedAt: status === 'confirmed' ? at : null });
}
const summary = async (p: Player, lang = 'EN') => okEnvelope(contract.getSummary.response).parse((await get(t, p, `/wps/relay/MISSIONFE_getSummary?language=${lang}`)).json()).value;
const byTitle = (list: contract.Mission[], title: string) => list.find((m) => m.title === title)!;
const claim = (p: Player, missionId: string) => postJson(t, p, '/wps/relay/MISSIONFE_claim', { missionId });

describe('mission periods (brand GMT offset)', () => {
  it('cuts the day at the brand midnight and the week on Monday', () => {
    // demo is GMT-6: 05:59Z on Monday 23 Nov is still Sunday 22 Nov there
    expect(missionPeriod('daily', new Date('2026-11-23T05:59:59Z'), DEMO_OFFSET).key).toBe('D2026-11-22');
    expect(missionPeriod('daily', new Date('2026-11-23T06:00:00Z'), DEMO_OFFSET)).toMatchObject({ key: 'D2026-11-23', start: new Date('2026-11-23T06:00:00Z') });
    expect(missionPeriod('weekly', new Date('2026-11-23T05:59:59Z'), DEMO_OFFSET).key).toBe('W2026-11-16');
    expect(missionPeriod('weekly', new Date('2026-11-23T06:00:00Z'), DEMO_OFFSET)).toMatchObject({ key: 'W2026-11-23', end: new Date('2026-11-30T06:00:00Z') });
    expect(missionPeriod('milestone', new Date(), DEMO_OFFSET).key).toBe('once');
  });
});

describe('mission progress', () => {
  it('counts settled bets and confirmed deposits of the brand day, week and ever; nothing else', async () => {
    const p = await newPlayer(t);
    const now = new Date();
    const day = missionPeriod('daily', now, DEMO_OFFSET);
    const week = missionPeriod('weekly', now, DEMO_OFFSET);
    await bet(p, 400n, day.start, 'g1'); // the first instant of the day counts
    await bet(p, 250n, new Date(day.start.getTime() + 1000), 'g2');
    await bet(p, 9_999n, new Date(day.start.getTime() - 1), 'g3'); // yesterday (brand time): week and ever only
    await bet(p, 5_000n, new Date(day.start.getTime() + 2000), 'g4', 'open'); // not settled: never
    await bet(p, 7_000n, new Date(week.start.getTime() - 1), 'g5'); // last week: ever only
    await deposited(p, 30_000n, new Date(week.start.getTime() + 1000));
    await deposited(p, 80_000n, new Date(week.start.getTime() - 1000)); // last week
    await deposited(p, 50_000n, new Date(day.start.getTime() + 3000), 'pending'); // not confirmed
    const s = await summary(p);
    const thisWeek = day.start.getTime() - 1 >= week.start.getTime();
    expect(byTitle(s.list, 'Bet 10.00 today')).toMatchObject({ progress: '6.50', target: '10.00', percent: 65, status: 'progress', periodKey: day.key, endsAt: day.end.toISOString() });
    expect(byTitle(s.list, 'Play 5 rounds today')).toMatchObject({ progress: '2', target: '5', percent: 40 });
    expect(byTitle(s.list, 'Play 3 different games today')).toMatchObject({ progress: '2', percent: 66 });
    expect(byTitle(s.list, 'Deposit once this week')).toMatchObject({ progress: '1', status: 'claimable', reward: '5.00', periodKey: week.key });
    expect(byTitle(s.list, 'Bet 500.00 this week').progress).toBe(thisWeek ? '106.49' : '6.50');
    expect(byTitle(s.list, 'Milestone: 1,000.00 bet in total')).toMatchObject({ progress: '176.49', period: 'milestone', endsAt: null, periodKey: 'once' });
    expect(byTitle(s.list, 'Milestone: 1,000.00 deposited in total')).toMatchObject({ progress: '1000.00', status: 'claimable', percent: 100 });
    expect(s.claimableCount).toBe(2);
    // Spanish titles, same numbers
    expect((await summary(p, 'ES')).list.map((m) => m.title)).toContain('Apueste 10 hoy');
  });

  it('a completed mission is claimed once into the main wallet, even with two claims at once', async () => {
    const p = await newPlayer(t);
    const day = missionPeriod('daily', new Date(), DEMO_OFFSET);
    const m = byTitle((await summary(p)).list, 'Bet 10.00 today');
    expect((await claim(p, m.id)).json()).toMatchObject({ success: false, errorCode: 'mission.not.complete' });
    await bet(p, 600n, new Date(day.start.getTime() + 10), 'g1');
    await bet(p, 400n, new Date(day.start.getTime() + 20), 'g2');
    expect(byTitle((await summary(p)).list, 'Bet 10.00 today')).toMatchObject({ status: 'claimable', progress: '10.00', percent: 100 });
    const before = await mainBalance(t, p);
    const [a, b] = await Promise.all([claim(p, m.id), claim(p, m.id)]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json().value).toMatchObject({ status: 'claimed', reward: '1.00', progress: '10.00' });
    expect(b.json().value).toEqual(a.json().value);
    expect((await claim(p, m.id)).json().value).toEqual(a.json().value);
    expect(await mainBalance(t, p)).toBe(before + 100n);
    const rows = await t.database.db.select().from(missionClaims).where(eq(missionClaims.memberId, p.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ periodKey: day.key, reward: 100n, progress: 1000n });
    const [posting] = await t.database.db.select().from(postings).where(and(eq(postings.merchantId, p.brandId), eq(postings.idemKey, `mission:${m.id}:${p.id}:${day.key}`)));
    expect(posting).toMatchObject({ kind: 'mission_reward', memberId: p.id });
    // more betting afterwards does not pay again
    await bet(p, 5_000n, new Date(day.start.getTime() + 30), 'g3');
    expect(byTitle((await summary(p)).list, 'Bet 10.00 today')).toMatchObject({ status: 'claimed', progress: '10.00' });
    expect(await audit(t.database.db, p.brandId)).toMatchObject({ entrySum: 0n, mismatchedAccounts: 0, negativeMemberBalances: 0 });
  });

  it('refuses unknown, other-brand and malformed missions; needs a session', async () => {
    const p = await newPlayer(t);
    const [luna] = await t.database.db.select({ id: missions.id }).from(missions)
      .innerJoin(merchants, eq(merchants.id, missions.merchantId)).where(eq(merchants.code, 'luna')).limit(1);
    expect((await claim(p, String(luna.id))).statusCode).toBe(404);
    expect((await claim(p, '999999')).json().errorCode).toBe('mission.not.found');
    expect((await claim(p, 'abc')).json().errorCode).toBe('request_param_err');
    expect((await claim(p, '-1')).json().errorCode).toBe('request_param_err');
    expect((await t.call({ method: 'GET', url: '/wps/relay/MISSIONFE_getSummary' })).json().errorCode).toBe('customer.not.login');
  });
});

describe('since-ever totals (milestones, VIP)', () => {
  it('are the rollup of settled activity older than the settle window plus the live rest, the same on every read', async () => {
    const p = await newPlayer(t);
    const now = new Date();
    await bet(p, 1_000n, new Date(now.getTime() - 10 * 86_400_000), 'g1');
    await bet(p, 2_000n, new Date(now.getTime() - SETTLE_WINDOW_MS - 3 * HOUR), 'g2');
    await bet(p, 300n, new Date(now.getTime() - HOUR), 'g3');
    await deposited(p, 50_000n, new Date(now.getTime() - 5 * 86_400_000));
    await deposited(p, 20_000n, new Date(now.getTime() - 60_000));
    const a = await lifetime(t.database.db, p.brandId, p.id, now, true);
    expect(a).toMatchObject({ validBet: 3_300n, betCount: 3n, deposits: 2n, depositAmount: 70_000n });
    const [row] = await t.database.db.select().from(memberActivityTotals).where(eq(memberActivityTotals.memberId, p.id));
    expect(row).toMatchObject({ validBet: 3_000n, betCount: 2n, deposits: 1n, depositAmount: 50_000n });
    expect(now.getTime() - row.throughAt.getTime()).toBeGreaterThanOrEqual(SETTLE_WINDOW_MS);
    expect(now.getTime() - row.throughAt.getTime()).toBeLessThan(SETTLE_WINDOW_MS + HOUR);
    // a later read moves nothing twice
    expect(await lifetime(t.database.db, p.brandId, p.id, new Date(now.getTime() + 1000), true)).toEqual(a);
    expect(byTitle((await summary(p)).list, 'Milestone: 1,000.00 deposited in total').progress).toBe('700.00');
  });
});

describe('leaderboard', () => {
  it('ranks members by valid bet of the brand day, masks names and tells the caller rank', async () => {
    const [a, b, c] = [await newPlayer(t, 'luna'), await newPlayer(t, 'luna'), await newPlayer(t, 'luna')];
    const day = missionPeriod('daily', new Date(), 420);
    await bet(a, 30_000n, new Date(day.start.getTime() + 5));
    await bet(b, 10_000n, new Date(day.start.getTime() + 5));
    await bet(b, 25_000n, new Date(day.start.getTime() + 6), 'g2');
    await bet(a, 90_000n, new Date(day.start.getTime() - 5)); // yesterday there
    const board = async (p: Player, period = 'daily') => okEnvelope(contract.getLeaderboard.response).parse((await get(t, p, `/wps/relay/MISSIONFE_getLeaderboard?period=${period}`)).json()).value;
    const vb = await board(b);
    const rb = vb.list.findIndex((x) => x.me) + 1;
    expect(vb.mine).toEqual({ rank: rb, validBet: '350.00' });
    expect(vb.list[rb - 1]).toMatchObject({ rank: rb, name: maskName(b.username), validBet: '350.00', me: true });
    expect(vb.list[rb]).toMatchObject({ rank: rb + 1, validBet: '300.00', me: false, name: maskName(a.username) });
    expect(vb.list.some((x) => x.name === a.username || x.name === b.username)).toBe(false);
    expect(vb.periodKey).toBe(day.key);
    expect((await board(c)).mine).toEqual({ rank: null, validBet: '0.00' });
    expect((await board(a, 'weekly')).periodKey.startsWith('W')).toBe(true);
    expect((await get(t, a, '/wps/relay/MISSIONFE_getLeaderboard?period=yearly')).json().errorCode).toBe('request_param_err');
  });

  it('masks short and long names', () => {
    expect(maskName('player01')).toBe('pl***01');
    expect(maskName('abcd')).toBe('a***d');
    expect(maskName('ab')).toBe('a***');
  });
});
