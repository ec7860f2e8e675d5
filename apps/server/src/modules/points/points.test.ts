import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ERROR_PARAM_WORDS, errorMessage, okEnvelope, points as contract } from '@lobby/contract';
import { betRecords, pointPostings, pointRewards } from '../../db/schema.ts';
import { runExclusive } from '../../jobs/runner.ts';
import { useTestApp } from '../../test/harness.ts';
import { get, mainBalance, newPlayer, operator, postEnc, rid, type Player } from '../../test/kits/cashier.ts';
import { audit } from '../../kernel/ledger/index.ts';
import { accrueAll, pointsFor } from './accrue.ts';
import { lockAccount, postPoints } from './ledger.ts';

const t = useTestApp();
const PIN = '246810';
const db = () => t.database.db;
const brand = (code = 'demo') => t.app.brands.byMerchantCode(code)!;

async function member(merchant = 'demo', o: { type?: number } = {}) {
  const p = await newPlayer(t, merchant, o);
  if (!o.type) expect((await postEnc(t, p, '/wps/member/password/payment', { newPassword: PIN, confirmPassword: PIN })).statusCode).toBe(200);
  return p;
}
/** Gives points straight through the points ledger (an operator adjustment). */
async function give(p: Player, n: bigint) {
  await db().transaction(async (tx) => {
    await lockAccount(tx, p.brandId, p.id);
    await postPoints(tx, { merchantId: p.brandId, memberId: p.id, kind: 'adjust', points: n, idemKey: `test:${rid()}` });
  });
}
let seq = 0;
async function bet(p: Player, validBet: bigint, status: 'settled' | 'open' = 'settled') {
  const [r] = await db().insert(betRecords).values({ merchantId: p.brandId, memberId: p.id, orderNo: `pts-${p.id}-${++seq}`, vendor: 'DEMO', game: 'g1',
    gameType: 'RNG', roundId: `pr${seq}`, bet: validBet, validBet: status === 'settled' ? validBet : 0n, status, settledAt: status === 'settled' ? new Date() : null }).returning();
  return r;
}
const job = (now = new Date()) => runExclusive(db(), { name: 'points.accrue.test', everyMs: 1, run: (tx) => accrueAll(tx, t.app.brands.all()) }, now);
const summary = async (p: Player) => okEnvelope(contract.getSummary.response).parse((await get(t, p, '/wps/relay/MCSFE_getPoints')).json()).value;
const rewardId = async (kind: 'item' | 'voucher', sort: number) => {
  const [r] = await db().select({ id: pointRewards.id }).from(pointRewards)
    .where(and(eq(pointRewards.merchantId, brand().id), eq(pointRewards.kind, kind), eq(pointRewards.sort, sort)));
  return String(r.id);
};
const ADDRESS = { receiver: 'Ana López', address: 'Av. Reforma 222, CDMX', mobile: '+52 55 1234 5678' };
const redeem = (p: Player, body: Record<string, unknown>) => postEnc(t, p, '/wps/relay/MCSFE_redeemPointReward', { paymentPassword: PIN, requestId: rid(), ...body });
const convert = (p: Player, body: Record<string, unknown>) => postEnc(t, p, '/wps/relay/MCSFE_convertPoints', { paymentPassword: PIN, requestId: rid(), ...body });
const review = (orderNo: string, decision: 'approve' | 'reject') => operator(t, 'POST', '/wps/operator/points/review', { payload: { orderNo, decision } });
const stockOf = async (id: string) => (await db().select({ s: pointRewards.stock }).from(pointRewards).where(eq(pointRewards.id, BigInt(id))))[0].s;

describe('points from valid bets', () => {
  it('earns whole points at the ratio and carries the rest', () => {
    expect(pointsFor(0n, 15_000n, 10_000n)).toEqual({ points: 1n, carry: 5_000n });
    expect(pointsFor(5_000n, 5_000n, 10_000n)).toEqual({ points: 1n, carry: 0n });
    expect(pointsFor(9_999n, 0n, 10_000n)).toEqual({ points: 0n, carry: 9_999n });
    expect(pointsFor(0n, 123_456n, 100n)).toEqual({ points: 1234n, carry: 56n });
  });

  it('counts every settled bet once, across job runs and the member\'s own reads; open bets and trial accounts earn nothing', async () => {
    const p = await member();
    const trial = await newPlayer(t, 'demo', { type: brand().config.trialType });
    await bet(p, 15_000n);
    await bet(p, 6_000n);
    await bet(p, 50_000n, 'open');
    await bet(trial, 90_000n);
    await job();
    await job();
    let s = await summary(p);
    expect(s).toMatchObject({ balance: '2', earned: '2', carry: '10.00', validBetPerPoint: '100.00', convertValue: '0.10', convertMin: 100, hasPaymentPassword: true });
    await bet(p, 9_000n);
    s = await summary(p); // the member's own read counts the new bet at once
    expect(s).toMatchObject({ balance: '3', carry: '0.00' }); // 10.00 carried + 90.00 = one point
    await job(new Date(Date.now() + 120_000));
    expect((await summary(p)).balance).toBe('3');
    const trialPoints = await db().select().from(pointPostings).where(eq(pointPostings.memberId, trial.id));
    expect(trialPoints).toHaveLength(0);
    const details = (await get(t, p, '/wps/relay/MCSFE_getPointDetails')).json().value;
    expect(details.list.map((d: contract.Posting) => [d.kind, d.points, d.balanceAfter])).toEqual([['earn', '1', '3'], ['earn', '2', '2']]);
  });

  it('bets already before the watermark count once even when the job and the member read race', async () => {
    const p = await member();
    for (let i = 0; i < 5; i++) await bet(p, 10_000n);
    await Promise.all([job(), summary(p), job(), summary(p)]);
    expect((await summary(p)).balance).toBe('5');
  });
});

describe('redeem', () => {
  it('refuses bad input: missing address, bad mobile, wrong password, not enough points, unknown reward', async () => {
    const p = await member();
    const item = await rewardId('item', 3);
    await give(p, 100n);
    expect((await redeem(p, { rewardId: item, mobile: ADDRESS.mobile })).json().errorCode).toBe('points.address.required');
    expect((await redeem(p, { rewardId: item, ...ADDRESS, mobile: '12ab' })).json().errorCode).toBe('points.mobile.invalid');
    const wrong = await redeem(p, { rewardId: item, ...ADDRESS, paymentPassword: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ errorCode: 'cashier.payment.password.invalid', value: { attemptsLeft: 4 } });
    const poor = await redeem(p, { rewardId: item, ...ADDRESS });
    expect(poor.json()).toMatchObject({ errorCode: 'points.not.enough', message: expect.stringContaining('300') });
    expect((await redeem(p, { rewardId: '999999', ...ADDRESS })).statusCode).toBe(404);
    expect((await redeem(p, { rewardId: 'x', ...ADDRESS })).json().errorCode).toBe('request_param_err');
    expect((await summary(p)).balance).toBe('100');
    const trial = await newPlayer(t, 'demo', { type: brand().config.trialType });
    expect((await redeem(trial, { rewardId: item, ...ADDRESS })).json().errorCode).toBe('in_need_true_account');
  });

  it('takes the points once per request; a rejection gives them and the stock back once', async () => {
    const p = await member();
    const item = await rewardId('item', 4);
    await give(p, 4_000n);
    const stock = await stockOf(item);
    const requestId = rid();
    const first = await redeem(p, { rewardId: item, ...ADDRESS, requestId });
    expect(first.statusCode).toBe(200);
    const r = okEnvelope(contract.redeem.response).parse(first.json()).value;
    expect(r).toMatchObject({ status: 'process', points: '1500', kind: 'item', address: ADDRESS.address, mobile: '+5255 12345678'.replace(/\s/g, ''), rewardName: 'Auriculares inalámbricos' });
    const again = (await redeem(p, { rewardId: item, ...ADDRESS, requestId })).json().value;
    expect(again.orderNo).toBe(r.orderNo);
    expect((await summary(p)).balance).toBe('2500');
    expect(await stockOf(item)).toBe(stock - 1);

    const rej = await review(r.orderNo, 'reject');
    expect(rej.json().value).toMatchObject({ status: 'rejected', username: p.username });
    expect((await review(r.orderNo, 'reject')).statusCode).toBe(200);
    expect((await review(r.orderNo, 'approve')).json()).toMatchObject({ errorCode: 'points.redemption.reviewed', value: { status: 'rejected' } });
    expect((await summary(p)).balance).toBe('4000');
    expect(await stockOf(item)).toBe(stock);
    const hist = (await get(t, p, '/wps/relay/MCSFE_getRedeemHistory')).json().value;
    expect(hist.list[0]).toMatchObject({ orderNo: r.orderNo, status: 'rejected' });
    const kinds = (await get(t, p, '/wps/relay/MCSFE_getPointDetails')).json().value.list.map((d: contract.Posting) => [d.kind, d.points]);
    expect(kinds).toEqual([['refund', '1500'], ['redeem', '-1500'], ['adjust', '4000']]);
    expect((await review('P0000', 'approve')).statusCode).toBe(404);
    expect((await operator(t, 'POST', '/wps/operator/points/review', { key: 'wrong', payload: { orderNo: r.orderNo, decision: 'approve' } })).json().errorCode).toBe('cashier.operator.unauthorized');
  });

  it('an approved voucher credits its amount to the main wallet once; the per-member limit counts', async () => {
    const p = await member();
    const voucher = await rewardId('voucher', 1);
    await give(p, 2_000n);
    const before = await mainBalance(t, p);
    const orders: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await redeem(p, { rewardId: voucher });
      expect(res.statusCode).toBe(200);
      orders.push(res.json().value.orderNo);
    }
    expect((await redeem(p, { rewardId: voucher })).json()).toMatchObject({ errorCode: 'points.reward.limit' });
    const pending = (await operator(t, 'GET', '/wps/operator/points/redemptions')).json().value.list.map((r: { orderNo: string }) => r.orderNo);
    expect(pending).toEqual(expect.arrayContaining(orders));
    await Promise.all([review(orders[0], 'approve'), review(orders[0], 'approve')]);
    expect(await mainBalance(t, p)).toBe(before + 2_500n);
    await review(orders[1], 'reject');
    expect((await redeem(p, { rewardId: voucher })).statusCode).toBe(200); // a rejected one frees its place
    expect((await summary(p)).balance).toBe(String(2_000 - 5 * 200));
    expect(await audit(db(), p.brandId)).toMatchObject({ entrySum: 0n, mismatchedAccounts: 0, negativeMemberBalances: 0 });
  });

  it('never oversells: members racing for the last one get one redemption', async () => {
    const save = await operator(t, 'POST', '/wps/operator/points/rewards', { payload: { kind: 'item', name: { ES: 'Última', EN: 'Last one' }, cost: 10, stock: 1, sort: 100 } });
    const id = save.json().value.id as string;
    const players = await Promise.all([member(), member(), member(), member()]);
    for (const p of players) await give(p, 50n);
    const answers = await Promise.all(players.map((p) => redeem(p, { rewardId: id, ...ADDRESS })));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.json().errorCode === 'points.reward.sold.out')).toHaveLength(3);
    expect(await stockOf(id)).toBe(0);
    const balances = await Promise.all(players.map(async (p) => (await summary(p)).balance));
    expect(balances.sort()).toEqual(['40', '50', '50', '50']);
    // one member racing itself with two requests for one point budget: one is refused
    const p = await member();
    await give(p, 10n);
    const again = await operator(t, 'POST', '/wps/operator/points/rewards', { payload: { kind: 'item', name: { ES: 'Dos', EN: 'Two' }, cost: 10, stock: 5, sort: 101 } });
    const two = await Promise.all([0, 1].map(() => redeem(p, { rewardId: again.json().value.id, ...ADDRESS })));
    expect(two.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await summary(p)).balance).toBe('0');
  });
});

describe('convert points to balance', () => {
  it('converts at the brand rate through the ledger, once per request', async () => {
    const p = await member();
    await give(p, 350n);
    const before = await mainBalance(t, p);
    const requestId = rid();
    const [a, b] = await Promise.all([convert(p, { points: 150, requestId }), convert(p, { points: 150, requestId })]);
    expect(a.json().value).toEqual({ points: '150', amount: '15.00', balance: '200' });
    expect(b.json().value).toEqual(a.json().value);
    expect(await mainBalance(t, p)).toBe(before + 1_500n);
    expect((await convert(p, { points: 99 })).json()).toMatchObject({ errorCode: 'points.convert.min', message: expect.stringContaining('100') });
    expect((await convert(p, { points: '1.5' })).json().errorCode).toBe('points.convert.min');
    expect((await convert(p, { points: 300 })).json().errorCode).toBe('points.not.enough');
    expect((await convert(p, { points: 100, paymentPassword: '111111' })).json().errorCode).toBe('cashier.payment.password.invalid');
    expect((await summary(p)).balance).toBe('200');
    expect(await audit(db(), p.brandId)).toMatchObject({ entrySum: 0n, mismatchedAccounts: 0, negativeMemberBalances: 0 });
  });
});

describe('rewards list', () => {
  it('shows visitors the rewards in their language, members their redeemed counts; art is served', async () => {
    const v = await t.call({ method: 'GET', url: '/wps/relay/MCSFE_getPointRewards', language: 'EN' });
    const list = okEnvelope(contract.listRewards.response).parse(v.json()).value.list;
    expect(list.slice(0, 3).map((r) => [r.kind, r.name, r.cost, r.voucherAmount])).toEqual([
      ['voucher', 'Balance voucher 25', '200', '25.00'], ['voucher', 'Balance voucher 100', '750', '100.00'], ['item', 'Welcome gift box', '300', null]]);
    expect((await t.call({ method: 'GET', url: '/wps/relay/MCSFE_getPoints' })).json().errorCode).toBe('customer.not.login');
    const art = await t.call({ method: 'GET', url: list[0].image });
    expect(art.headers['content-type']).toContain('image/svg+xml');
    expect((await t.call({ method: 'GET', url: '/wps/points/art/nope.svg' })).statusCode).toBe(404);
  });
});

describe('points.redemption.reviewed in the request\'s language', () => {
  const reviewIn = (language: 'ES' | 'EN', orderNo: string, decision: 'approve' | 'reject') =>
    t.call({ method: 'POST', url: '/wps/operator/points/review', language, headers: { 'x-operator-key': 'dev-operator-key' }, payload: { orderNo, decision } });

  it('names the review\'s outcome in Spanish for a Spanish request and in English for an English one', async () => {
    const p = await member();
    const item = await rewardId('item', 4);
    await give(p, 3_000n);
    const rejected = (await redeem(p, { rewardId: item, ...ADDRESS })).json().value.orderNo as string;
    const approved = (await redeem(p, { rewardId: item, ...ADDRESS })).json().value.orderNo as string;
    expect((await review(rejected, 'reject')).json().value.status).toBe('rejected');
    expect((await review(approved, 'approve')).json().value.status).toBe('approved');
    for (const [orderNo, decision, es, en] of [[rejected, 'approve', 'rechazado', 'rejected'], [approved, 'reject', 'aprobado', 'approved']] as const) {
      const r = await reviewIn('ES', orderNo, decision);
      expect(r.statusCode).toBe(409);
      expect(r.json()).toMatchObject({ success: false, errorCode: 'points.redemption.reviewed', message: `Este canje ya fue revisado (${es}).`, value: { status: en } });
      expect((await reviewIn('EN', orderNo, decision)).json()).toMatchObject({ errorCode: 'points.redemption.reviewed', message: `This redemption was already reviewed (${en}).` });
    }
  });

  it('has a word for every redemption state in both languages; a state without one is written as it is', () => {
    for (const s of contract.REDEMPTION_STATUSES) {
      expect(errorMessage('points.redemption.reviewed', 'ES', { status: s }), s).not.toContain(`(${s})`);
      expect(ERROR_PARAM_WORDS['points.redemption.reviewed']?.status[s]?.en, s).toBeTruthy();
    }
    expect(errorMessage('points.redemption.reviewed', 'ES', { status: 'process' })).toBe('Este canje ya fue revisado (en proceso).');
    expect(errorMessage('points.redemption.reviewed', 'ES', { status: 'cancelled' })).toBe('Este canje ya fue revisado (cancelled).');
  });
});
