/**
 * Risk signals (issue 26 item 3) on the real app and database: a duplicate account on the same
 * device and payee shows the signals with their evidence on the member and on its withdrawal,
 * and the withdrawal goes to the risk review instead of being paid; rapid deposit → withdrawal,
 * a bonus turned over on low-risk bets, and a burst of accounts under one agent.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { kyc, type risk } from '@lobby/contract';
import { members } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { fund, newPlayer, operator, postEnc, postJson, rid, type Player } from '../../test/kits/cashier.ts';
import { auditRows, newOp, opCall, type Op } from '../../test/kits/operator.ts';
import { ipRange } from './risk.ts';

const t = useTestApp();
let owner: Op;
let finance: Op;
beforeAll(async () => {
  owner = await newOp(t, 'owner');
  finance = await newOp(t, 'finance');
  const r = await opCall(t, owner, 'POST', '/wps/ops/kyc/settings', { ...kyc.DEFAULT_SETTINGS, riskReviewScore: 40 });
  expect(r.statusCode, r.body).toBe(200);
});

const PIN = '135790';
async function account(p: Player, accountNo: string, payeeName: string) {
  expect((await postEnc(t, p, '/wps/member/password/payment', { newPassword: PIN, confirmPassword: PIN })).statusCode).toBe(200);
  const acct = (await postJson(t, p, '/wps/withdraw/accounts', { kind: 'bank', bankName: 'BBVA', accountNo, payeeName })).json().value;
  return (amount: string) => postEnc(t, p, '/wps/withdraw', { amount, accountId: acct.id, paymentPassword: PIN, requestId: rid() });
}
const device = (p: Player, fingerprint: string, ip: string) =>
  t.call({ method: 'POST', url: '/wps/kyc/device', token: p.token, payload: { fingerprint }, remoteAddress: ip });
const memberRisk = async (p: Player) => {
  const r = await opCall(t, owner, 'GET', `/wps/ops/risk/member?memberId=${p.id}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().value as risk.MemberRisk;
};
const signal = (r: risk.MemberRisk, s: risk.Signal) => r.signals.find((x) => x.signal === s);

describe('duplicate accounts', () => {
  it('same device and same payee: both signals with the other account, the withdrawal held for review until cleared', async () => {
    const a = await newPlayer(t);
    const b = await newPlayer(t);
    const fp = 'ab'.repeat(32);
    expect((await device(a, fp, '203.0.113.10')).statusCode).toBe(200);
    expect((await device(b, fp, '203.0.113.77')).statusCode).toBe(200);
    expect((await device(b, 'not-hex', '203.0.113.77')).json().errorCode).toBe('request_param_err');
    await account(a, '012180001111222233', 'Ana Lopez');
    const wb = await account(b, '012180001111222233', 'Ana Lopez');
    const rb = await memberRisk(b);
    expect(signal(rb, 'device')?.evidence.accounts).toEqual([a.username]);
    expect(signal(rb, 'ip')?.evidence).toMatchObject({ accounts: [a.username], refs: ['203.0.113.0/24'] });
    expect(signal(rb, 'payee')?.evidence).toMatchObject({ accounts: [a.username], refs: ['****2233'], detail: 'same bank account number' });
    expect(rb.score).toBe(40 + 10 + 40);
    expect(signal(await memberRisk(a), 'device')?.evidence.accounts).toEqual([b.username]);

    await fund(t, b, 300_000n);
    const w = await wb('1000');
    expect(w.statusCode, w.body).toBe(200);
    const withdrawNo = w.json().value.withdrawNo as string;
    const list = await opCall(t, finance, 'GET', '/wps/ops/risk/withdrawals?review=pending');
    const item = (list.json().value.list as risk.ReviewItem[]).find((i) => i.withdrawNo === withdrawNo);
    expect(item).toMatchObject({ username: b.username, review: 'pending', kyc: { identity: 'none', address: 'none' }, risk: { score: 90 } });
    const pay = await operator(t, 'POST', '/wps/operator/withdraw/pay', { payload: { withdrawNo } });
    expect(pay.json()).toMatchObject({ errorCode: 'risk.review.required', value: { score: 90, reviewScore: 40 } });
    expect((await opCall(t, await newOp(t, 'support'), 'POST', '/wps/ops/risk/review', { withdrawNo, decision: 'clear', note: 'ok' })).json().errorCode).toBe('operator.forbidden');
    const held = await opCall(t, finance, 'POST', '/wps/ops/risk/review', { withdrawNo, decision: 'hold', note: 'Llamar al cliente' });
    expect(held.json().value.review).toBe('held');
    expect((await operator(t, 'POST', '/wps/operator/withdraw/pay', { payload: { withdrawNo } })).json().errorCode).toBe('risk.review.required');
    const cleared = await opCall(t, finance, 'POST', '/wps/ops/risk/review', { withdrawNo, decision: 'clear', note: 'Documentos revisados' });
    expect(cleared.json().value.review).toBe('cleared');
    const paid = await operator(t, 'POST', '/wps/operator/withdraw/pay', { payload: { withdrawNo } });
    expect(paid.statusCode, paid.body).toBe(200);
    const [audit] = await auditRows(t, 'risk.review.clear', withdrawNo);
    expect(audit.after).toMatchObject({ review: 'cleared', score: 90, signals: ['device', 'ip', 'payee'], member: b.username });
    expect((await opCall(t, finance, 'POST', '/wps/ops/risk/review', { withdrawNo, decision: 'clear', note: 'x' })).json().errorCode).toBe('risk.review.not.found');
  });

  it('a member with no signal is paid as usual; loopback addresses are not compared', async () => {
    const p = await newPlayer(t);
    expect((await device(p, 'cd'.repeat(32), '127.0.0.1')).statusCode).toBe(200);
    expect((await device(await newPlayer(t), 'ef'.repeat(32), '127.0.0.1')).statusCode).toBe(200);
    const w = await account(p, `0121800${String(p.id).padStart(11, '0')}`, `Solo ${p.username}`);
    await fund(t, p, 300_000n);
    const r = await memberRisk(p);
    expect(r).toMatchObject({ score: 0, signals: [] });
    const withdrawNo = (await w('500')).json().value.withdrawNo;
    expect((await operator(t, 'POST', '/wps/operator/withdraw/pay', { payload: { withdrawNo } })).statusCode).toBe(200);
    expect(ipRange('::ffff:198.51.100.23')).toBe('198.51.100.0/24');
    expect(ipRange('2001:db8::1')).toBeNull();
  });
});

describe('money and team patterns', () => {
  it('rapid deposit → withdrawal with little play, and a bonus turned over on low-risk bets', async () => {
    const p = await newPlayer(t);
    const w = await account(p, `0141800${String(p.id).padStart(11, '0')}`, `Rapid ${p.username}`);
    const d = await postJson(t, p, '/wps/deposit/orders', { method: 'SPEI', channel: 'SANTANDER', amount: '2000', requestId: rid() });
    const orderNo = d.json().value.orderNo;
    expect((await operator(t, 'POST', '/wps/operator/deposit/confirm', { payload: { orderNo } })).statusCode).toBe(200);
    // a bonus on it, turned over on live tables only
    await t.database.db.execute(sql`update deposit_orders set bonus_amount = 20000 where order_no = ${orderNo}`);
    await t.database.db.execute(sql`insert into bet_records (merchant_id, member_id, order_no, vendor, game, game_type, round_id, bet, valid_bet, status, bet_at)
      values (${p.brandId}, ${p.id}, ${`kyc-${p.id}`}, 'X', 'g', 'LIVE', 'r1', 30000, 30000, 'settled', now())`);
    const withdrawNo = (await w('1500')).json().value.withdrawNo;
    const r = await memberRisk(p);
    expect(signal(r, 'rapid')?.evidence.refs).toEqual([orderNo, withdrawNo]);
    expect(signal(r, 'bonus')?.evidence.refs).toEqual([orderNo, withdrawNo]);
    expect(signal(r, 'bonus')?.evidence.detail).toContain('low-risk bets 300.00 of 300.00');
  });

  it('many accounts under one agent within a day', async () => {
    const agent = await newPlayer(t, 'demo', { type: 1 });
    const team: Player[] = [];
    for (let i = 0; i < 3; i++) {
      const p = await newPlayer(t);
      await t.database.db.update(members).set({ parentId: agent.id }).where(sql`${members.id} = ${p.id}`);
      team.push(p);
    }
    const r = await memberRisk(team[2]);
    expect(signal(r, 'agentBurst')?.evidence).toMatchObject({ accounts: [team[0].username, team[1].username], refs: [agent.username] });
    const lone = await newPlayer(t);
    expect(signal(await memberRisk(lone), 'agentBurst')).toBeUndefined();
  });
});
