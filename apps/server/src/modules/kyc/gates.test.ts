/**
 * Levels and gates per brand (issue 26 item 2) on the real app and database: the age gate on
 * deposit and real play from the verified birth date, identity above a withdrawal amount,
 * address above a deposit total, contact for withdrawals; the member sees what is needed and why
 * (errorCode, ES/EN message, value); another brand's rules do not apply.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessage, kyc } from '@lobby/contract';
import { useTestApp } from '../../test/harness.ts';
import { fund, newPlayer, operator, postEnc, postJson, rid, type Player } from '../../test/kits/cashier.ts';
import { newOp, opCall, type Op } from '../../test/kits/operator.ts';
import { decideAs, pdfWithMeta, pendingCheckOf, statusOf, submitLevel, uploadDoc, verifiedIdentity } from './testkit.ts';

const DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'kyc-gates-'));
const t = useTestApp({ DATA_DIR });
let owner: Op;
let support: Op;
let support2: Op;
beforeAll(async () => {
  owner = await newOp(t, 'owner');
  support = await newOp(t, 'support');
  support2 = await newOp(t, 'support');
});
afterAll(() => fs.rmSync(DATA_DIR, { recursive: true, force: true }));

async function rules(patch: Partial<kyc.Settings>, merchant = 'demo') {
  const r = await opCall(t, owner, 'POST', '/wps/ops/kyc/settings', { ...kyc.DEFAULT_SETTINGS, ...patch }, merchant);
  expect(r.statusCode, r.body).toBe(200);
}
const deposit = (p: Player, amount: string) => postJson(t, p, '/wps/deposit/orders', { method: 'SPEI', channel: 'SANTANDER', amount, requestId: rid() });
const PIN = '135790';
async function withdrawReady(p: Player) {
  expect((await postEnc(t, p, '/wps/member/password/payment', { newPassword: PIN, confirmPassword: PIN })).statusCode).toBe(200);
  const acct = (await postJson(t, p, '/wps/withdraw/accounts', { kind: 'bank', bankName: 'BBVA', accountNo: `0121800${String(p.id).padStart(11, '0')}`, payeeName: `Ana ${p.username}` })).json().value;
  await fund(t, p, 500_000n);
  return (amount: string) => postEnc(t, p, '/wps/withdraw', { amount, accountId: acct.id, paymentPassword: PIN, requestId: rid() });
}

describe('the age gate', () => {
  it('a deposit and real play need a verified identity of the brand\'s minimum age; the member is told why', async () => {
    await rules({ ageGate: { deposit: true, play: true }, minAge: 18 });
    const p = await newPlayer(t);
    const r = await deposit(p, '300');
    expect(r.statusCode).toBe(403);
    expect(r.json()).toMatchObject({ errorCode: 'kyc.age.required', value: { level: 'identity', rule: 'age', minAge: 18 } });
    expect(r.json().message).toBe(errorMessage('kyc.age.required', 'ES', { age: 18 }));
    expect(errorMessage('kyc.age.required', 'EN', { age: 18 })).toContain('18 or older');
    expect((await statusOf(t, p)).requirements).toContainEqual({ level: 'identity', rule: 'age', minAge: 18 });
    const g = (await t.app.catalogs.get(t.app.brands.byMerchantCode('demo')!)).games.find((x) => x.gameType === 'RNG')!;
    const play = { gameType: g.gameType, vassalage: g.vendor.code, nodeId: g.nodeId, gameId: g.gameCode, platform: 'W', accountType: 1 };
    const launch = () => t.call({ method: 'POST', url: '/wps/game/launchGame', token: p.token, payload: play });
    expect((await launch()).json().errorCode).toBe('kyc.age.required');

    await verifiedIdentity(t, p, support, '1995-01-31');
    expect((await deposit(p, '300')).statusCode).toBe(200);
    expect((await launch()).statusCode).toBe(200);
    expect((await statusOf(t, p)).requirements).toEqual([]);

    // verified, but younger than the brand's minimum (the operator verified a document showing it)
    const young = await newPlayer(t);
    const y = new Date();
    await verifiedIdentity(t, young, support, `${y.getUTCFullYear() - 17}-01-01`);
    expect((await deposit(young, '300')).json()).toMatchObject({ errorCode: 'kyc.age.under', value: { minAge: 18 } });
    await rules({ ageGate: { deposit: true, play: true }, minAge: 16 });
    expect((await deposit(young, '300')).statusCode).toBe(200);

    // only the brand that set it: luna's members deposit without a document
    const luna = await newPlayer(t, 'luna');
    const methods = (await t.call({ method: 'GET', url: '/wps/deposit/methods', merchant: 'luna', token: luna.token })).json().value.methods;
    const m = methods[0];
    const lr = await postJson(t, luna, '/wps/deposit/orders', { method: m.code, channel: m.channels[0].code, amount: m.channels[0].min, requestId: rid() });
    expect(lr.statusCode, lr.body).toBe(200);
    await rules({});
  });
});

describe('amount rules', () => {
  it('withdrawals above X need the identity; cumulative deposits above Y need the address', async () => {
    await rules({ withdrawIdentityAbove: '1000.00', depositAddressAbove: '1000.00', fourEyesFrom: 'address' });
    const p = await newPlayer(t);
    expect((await statusOf(t, p)).requirements).toEqual([
      { level: 'identity', rule: 'withdraw_amount', amount: '1000.00' },
      { level: 'address', rule: 'deposit_total', amount: '1000.00' },
    ]);
    const w = await withdrawReady(p);
    expect((await w('1000')).statusCode).toBe(200);
    const big = await w('1500');
    expect(big.json()).toMatchObject({ errorCode: 'kyc.identity.required', value: { level: 'identity', rule: 'withdraw_amount', amount: '1000.00' } });
    expect(big.json().message).toContain('1000.00');

    // deposits: confirmed ones count; the one that would pass the total is refused
    const d1 = await deposit(p, '600');
    expect((await operator(t, 'POST', '/wps/operator/deposit/confirm', { payload: { orderNo: d1.json().value.orderNo } })).statusCode).toBe(200);
    expect((await deposit(p, '300')).statusCode).toBe(200);
    expect((await deposit(p, '500')).json()).toMatchObject({ errorCode: 'kyc.address.required', value: { rule: 'deposit_total', amount: '1000.00' } });

    // the address verified by two operators (four eyes): the deposit goes through
    await uploadDoc(t, p, 'address', await pdfWithMeta());
    expect((await submitLevel(t, p, { level: 'address' })).statusCode).toBe(200);
    const id = await pendingCheckOf(t, p, support, 'address');
    await decideAs(t, support, { checkId: id, decision: 'verify' });
    expect((await deposit(p, '500')).json().errorCode).toBe('kyc.address.required');
    await decideAs(t, support2, { checkId: id, decision: 'verify' });
    expect((await deposit(p, '500')).statusCode).toBe(200);

    await verifiedIdentity(t, p, support);
    expect((await w('1500')).statusCode).toBe(200);
    await rules({});
  });

  it('withdrawals can need a bound mobile and e-mail (contact level)', async () => {
    await rules({ withdrawNeedsContact: true });
    const p = await newPlayer(t);
    const w = await withdrawReady(p);
    expect((await w('200')).json()).toMatchObject({ errorCode: 'kyc.contact.required', value: { level: 'contact' } });
    const { members } = await import('../../db/schema.ts');
    const { eq } = await import('drizzle-orm');
    await t.database.db.update(members).set({ mobile: `+52551${String(p.id).padStart(7, '0')}`, email: `${p.username}@mail.example` }).where(eq(members.id, p.id));
    expect((await w('200')).statusCode).toBe(200);
    await rules({});
  });

  it('settings are the owner\'s, checked and audited', async () => {
    expect((await opCall(t, support, 'POST', '/wps/ops/kyc/settings', kyc.DEFAULT_SETTINGS)).json().errorCode).toBe('operator.forbidden');
    expect((await opCall(t, owner, 'POST', '/wps/ops/kyc/settings', { ...kyc.DEFAULT_SETTINGS, minAge: 12 })).json().errorCode).toBe('request_param_err');
    expect((await opCall(t, owner, 'POST', '/wps/ops/kyc/settings', { ...kyc.DEFAULT_SETTINGS, withdrawIdentityAbove: '0' })).json().errorCode).toBe('settings.amount.invalid');
    expect((await opCall(t, support, 'GET', '/wps/ops/kyc/settings')).json().value).toEqual(kyc.DEFAULT_SETTINGS);
  });
});
