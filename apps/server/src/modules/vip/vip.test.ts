import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { okEnvelope, vip as contract } from '@lobby/contract';
import { betRecords, depositOrders, postings, vipRewards } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { get, mainBalance, newPlayer, operator, postJson, rid, type Player } from '../../test/kits/cashier.ts';
import { audit } from '../../kernel/ledger/index.ts';
import { levelFor } from './service.ts';

const t = useTestApp({ OPERATOR_API_KEY: 'demo:demo-operator-key' });

let seq = 0;
async function bet(p: Player, validBet: bigint, status: 'settled' | 'refunded' = 'settled') {
  const at = new Date(Date.now() - 60_000);
  await t.database.db.insert(betRecords).values({ merchantId: p.brandId, memberId: p.id, orderNo: `vip-test-${p.id}-${++seq}`, vendor: 'DEMO', game: 'g1',
    gameType: 'RNG', roundId: `v${seq}`, bet: validBet, validBet, status, betAt: at, settledAt: at });
}
/** A real deposit: an order the operator confirms. */
async function deposit(p: Player, amount: string) {
  const o = await postJson(t, p, '/wps/deposit/orders', { method: 'SPEI', channel: 'BBVA', amount, requestId: rid() });
  expect(o.json()).toMatchObject({ success: true });
  const c = await operator(t, 'POST', '/wps/operator/deposit/confirm', { merchant: 'demo', key: 'demo-operator-key', payload: { orderNo: o.json().value.orderNo } });
  expect(c.statusCode).toBe(200);
}
const status = async (p: Player) => okEnvelope(contract.getVip.response).parse((await get(t, p, '/wps/relay/VIPFE_getVip')).json()).value;
const info = async (p: Player) => (await get(t, p, '/wps/member/info')).json().value;
const claim = (p: Player, level: unknown) => postJson(t, p, '/wps/relay/VIPFE_claimReward', { level });
// the member info totals are remembered for 5 s: wait them out where a test needs the new level at once
const settle = () => new Promise((r) => setTimeout(r, 5_100));

describe('VIP level thresholds', () => {
  const L = (level: number, minDeposit: bigint, minValidBet: bigint) => ({ merchantId: 1, level, label: `VIP${level}`, minDeposit, minValidBet, reward: 0n });
  const levels = [L(0, 0n, 0n), L(1, 100n, 10n), L(2, 1000n, 500n)];
  it('is the highest level whose deposit and valid bet thresholds are both met', () => {
    expect(levelFor(levels, { depositAmount: 0n, validBet: 0n })?.level).toBe(0);
    expect(levelFor(levels, { depositAmount: 99n, validBet: 10_000n })?.level).toBe(0);
    expect(levelFor(levels, { depositAmount: 100n, validBet: 10n })?.level).toBe(1);
    expect(levelFor(levels, { depositAmount: 5000n, validBet: 499n })?.level).toBe(1);
    expect(levelFor(levels, { depositAmount: 1000n, validBet: 500n })?.level).toBe(2);
    expect(levelFor([], { depositAmount: 1n, validBet: 1n })).toBeNull();
  });
});

describe('VIP', () => {
  it('a new member is VIP0 with progress to VIP1; deposits and valid bet raise the level in member info', async () => {
    const p = await newPlayer(t);
    const s0 = await status(p);
    expect(s0).toMatchObject({ level: 0, label: 'VIP0', totals: { deposit: '0.00', validBet: '0.00' }, claimableCount: 0 });
    expect(s0.next).toEqual({ level: 1, label: 'VIP1', depositPercent: 0, validBetPercent: 0, depositNeeded: '100.00', validBetNeeded: '10.00' });
    expect(s0.levels.map((l) => l.label)).toEqual(['VIP0', 'VIP1', 'VIP2', 'VIP3', 'VIP4', 'VIP5']);
    expect(s0.levels[0].rewardStatus).toBe('none');
    expect(s0.levels[1]).toMatchObject({ minDeposit: '100.00', minValidBet: '10.00', reward: '5.00', rewardStatus: 'locked' });
    expect(await info(p)).toMatchObject({ vip: false, vipLabel: 'VIP0', rankLevel: 0 });

    await deposit(p, '200.00');
    await bet(p, 400n);
    await bet(p, 90_000n, 'refunded'); // a refunded bet is no valid bet
    await settle();
    const s1 = await status(p);
    expect(s1).toMatchObject({ level: 0, totals: { deposit: '200.00', validBet: '4.00' } });
    expect(s1.next).toMatchObject({ level: 1, depositPercent: 100, validBetPercent: 40, depositNeeded: '0.00', validBetNeeded: '6.00' });

    await bet(p, 600n);
    await settle();
    const s2 = await status(p);
    expect(s2).toMatchObject({ level: 1, label: 'VIP1', claimableCount: 1 });
    expect(s2.next).toMatchObject({ level: 2, depositPercent: 20, validBetPercent: 0, depositNeeded: '800.00', validBetNeeded: '4990.00' });
    expect(await info(p)).toMatchObject({ vip: true, vipLabel: 'VIP1', rankLevel: 1 });
  }, 30_000);

  it('a level reward is paid once, even with two claims at once; unreached and unknown levels are refused', async () => {
    const p = await newPlayer(t);
    await t.database.db.insert(depositOrders).values({ merchantId: p.brandId, memberId: p.id, orderNo: `VT${p.id}`, requestId: `vt-${p.id}`, method: 'SPEI',
      channel: 'BBVA', amount: 20_000n, status: 'confirmed', createdAt: new Date(), expiresAt: new Date(), closedAt: new Date() });
    expect((await claim(p, 1)).json()).toMatchObject({ success: false, errorCode: 'vip.level.not.reached' });
    await bet(p, 1_000n);
    const before = await mainBalance(t, p);
    const [a, b] = await Promise.all([claim(p, 1), claim(p, 1)]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json().value.levels[1].rewardStatus).toBe('claimed');
    expect(b.json().value.levels[1].rewardStatus).toBe('claimed');
    expect((await claim(p, 1)).json().value.claimableCount).toBe(0);
    expect(await mainBalance(t, p)).toBe(before + 500n);
    expect(await t.database.db.select().from(vipRewards).where(eq(vipRewards.memberId, p.id))).toHaveLength(1);
    const [posting] = await t.database.db.select().from(postings).where(and(eq(postings.merchantId, p.brandId), eq(postings.idemKey, `vip:${p.id}:1`)));
    expect(posting).toMatchObject({ kind: 'bonus', memberId: p.id });
    expect((await claim(p, 2)).json().errorCode).toBe('vip.level.not.reached');
    expect((await claim(p, 0)).json().errorCode).toBe('request_param_err');
    expect((await claim(p, 42)).statusCode).toBe(404);
    expect((await claim(p, 'x')).json().errorCode).toBe('request_param_err');
    expect(await audit(t.database.db, p.brandId)).toMatchObject({ entrySum: 0n, mismatchedAccounts: 0, negativeMemberBalances: 0 });
  });
});
