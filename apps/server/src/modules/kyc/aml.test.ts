/**
 * AML thresholds (issue 26 item 4) on the real app and database: a single deposit or withdrawal
 * above the brand's amount, a day's total above its amount and several deposits just under the
 * single amount (structuring) are flagged into the compliance report; later money of the day
 * updates an open flag; the CSV export and the decisions are audited and checked against role
 * and brand; another brand's money is not in the report.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { aml, kyc } from '@lobby/contract';
import { useTestApp } from '../../test/harness.ts';
import { fund, newPlayer, operator, postEnc, postJson, rid, type Player } from '../../test/kits/cashier.ts';
import { auditRows, newOp, opCall, type Op } from '../../test/kits/operator.ts';

const t = useTestApp();
let owner: Op;
let finance: Op;
let support: Op;
const RULES: aml.Rules = { singleAbove: '1000.00', dailyAbove: '4000.00', structuringPct: 10, structuringCount: 3 };
beforeAll(async () => {
  owner = await newOp(t, 'owner');
  finance = await newOp(t, 'finance');
  support = await newOp(t, 'support');
  const r = await opCall(t, owner, 'POST', '/wps/ops/kyc/settings', { ...kyc.DEFAULT_SETTINGS, aml: RULES });
  expect(r.statusCode, r.body).toBe(200);
});

async function deposit(p: Player, amount: string) {
  const d = await postJson(t, p, '/wps/deposit/orders', { method: 'SPEI', channel: 'SANTANDER', amount, requestId: rid() });
  expect(d.statusCode, d.body).toBe(200);
  const orderNo = d.json().value.orderNo as string;
  expect((await operator(t, 'POST', '/wps/operator/deposit/confirm', { payload: { orderNo } })).statusCode).toBe(200);
  return orderNo;
}
const PIN = '135790';
async function withdrawer(p: Player) {
  expect((await postEnc(t, p, '/wps/member/password/payment', { newPassword: PIN, confirmPassword: PIN })).statusCode).toBe(200);
  const acct = (await postJson(t, p, '/wps/withdraw/accounts', { kind: 'bank', bankName: 'BBVA', accountNo: `0121800${String(p.id).padStart(11, '0')}`, payeeName: `Ana ${p.username}` })).json().value;
  await fund(t, p, 1_000_000n);
  return async (amount: string) => {
    const r = await postEnc(t, p, '/wps/withdraw', { amount, accountId: acct.id, paymentPassword: PIN, requestId: rid() });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().value.withdrawNo as string;
  };
}
async function report(op: Op, query = 'status=all') {
  const r = await opCall(t, op, 'GET', `/wps/ops/aml/flags?${query}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().value as { list: aml.FlagView[]; total: number; rules: aml.Rules };
}
const mine = (list: aml.FlagView[], p: Player) => list.filter((f) => f.username === p.username);

describe('AML report', () => {
  it('flags a single amount above the threshold, a day total above its amount and structuring just under it', async () => {
    const p = await newPlayer(t);
    const big = await deposit(p, '1200');
    const small = [await deposit(p, '950'), await deposit(p, '990')];
    await deposit(p, '500'); // not near the threshold: counts only in the day's total
    let flags = mine((await report(finance)).list, p);
    expect(flags.map((f) => f.kind).sort()).toEqual(['single']);
    expect(flags[0]).toMatchObject({ direction: 'deposit', amount: '1200.00', refs: [big], status: 'open' });

    // a third deposit just under the threshold: structuring; the day passes 4000.00: daily
    small.push(await deposit(p, '960'));
    const r = await report(finance);
    expect(r.rules).toEqual(RULES);
    flags = mine(r.list, p);
    const s = flags.find((f) => f.kind === 'structuring')!;
    expect(s).toMatchObject({ direction: 'deposit', count: 3, amount: '2900.00', refs: small });
    expect(flags.find((f) => f.kind === 'daily')).toMatchObject({ count: 5, amount: '4600.00' });

    // open day flags follow later money of the day
    await deposit(p, '200');
    expect(mine((await report(finance)).list, p).find((f) => f.kind === 'daily')!.amount).toBe('4800.00');

    // withdrawals too (a request counts; a rejected one would not)
    const w = await withdrawer(p);
    const wNo = await w('1100');
    expect(mine((await report(finance)).list, p).find((f) => f.direction === 'withdraw')).toMatchObject({ kind: 'single', refs: [wNo], amount: '1100.00' });
  });

  it('the officer reports or dismisses a flag once, with a note; audited; CSV export audited; role and brand checked', async () => {
    const p = await newPlayer(t);
    const orderNo = await deposit(p, '1500');
    const flag = mine((await report(finance, 'status=open')).list, p)[0];
    expect(flag.refs).toEqual([orderNo]);

    expect((await opCall(t, support, 'POST', '/wps/ops/aml/decide', { id: flag.id, decision: 'reported', note: 'sent to the FIU' })).json().errorCode).toBe('operator.forbidden');
    expect((await opCall(t, finance, 'POST', '/wps/ops/aml/decide', { id: flag.id, decision: 'reported', note: '' })).json().errorCode).toBe('request_param_err');
    const d = await opCall(t, finance, 'POST', '/wps/ops/aml/decide', { id: flag.id, decision: 'reported', note: 'sent to the FIU' });
    expect(d.statusCode, d.body).toBe(200);
    expect(d.json().value).toMatchObject({ status: 'reported', note: 'sent to the FIU', decidedBy: finance.username });
    const again = await opCall(t, finance, 'POST', '/wps/ops/aml/decide', { id: flag.id, decision: 'dismissed', note: 'changed my mind' });
    expect(again.statusCode).toBe(404);
    expect(again.json().errorCode).toBe('aml.flag.not.found');
    expect((await auditRows(t, 'aml.reported', `single:${orderNo}`)).length).toBe(1);
    expect(mine((await report(finance, 'status=open')).list, p)).toEqual([]);
    expect(mine((await report(finance, 'status=reported')).list, p)[0].id).toBe(flag.id);

    // another brand's officer neither sees nor decides it
    const luna = await opCall(t, finance, 'GET', '/wps/ops/aml/flags?status=all', undefined, 'luna');
    expect(luna.statusCode, luna.body).toBe(200);
    expect(mine(luna.json().value.list, p)).toEqual([]);

    const csv = await opCall(t, finance, 'GET', `${aml.CSV_PATH}?status=reported`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('"id","day","username","memberId","kind","direction","amount","count","refs","status","note","decidedBy","decidedAt"');
    expect(lines.find((l) => l.includes(`"${orderNo}"`))).toContain('"reported","sent to the FIU"');
    expect((await auditRows(t, 'aml.export', 'csv')).length).toBeGreaterThan(0);
    expect((await opCall(t, support, 'GET', aml.CSV_PATH)).json().errorCode).toBe('operator.forbidden');
    expect((await opCall(t, finance, 'GET', `${aml.CSV_PATH}?from=yesterday`)).json().errorCode).toBe('request_param_err');
  });

  it('rules are part of the KYC settings: checked; null switches a rule off', async () => {
    const bad = await opCall(t, owner, 'POST', '/wps/ops/kyc/settings', { ...kyc.DEFAULT_SETTINGS, aml: { ...RULES, singleAbove: '0' } });
    expect(bad.json().errorCode).toBe('settings.amount.invalid');
    const off = await opCall(t, owner, 'POST', '/wps/ops/kyc/settings', { ...kyc.DEFAULT_SETTINGS, aml: { ...RULES, singleAbove: null, dailyAbove: null } });
    expect(off.statusCode, off.body).toBe(200);
    const p = await newPlayer(t);
    await deposit(p, '2500');
    expect(mine((await report(finance)).list, p)).toEqual([]);
    // a client that does not send the AML rules keeps the defaults
    const { aml: _omit, ...rest } = kyc.DEFAULT_SETTINGS;
    expect((await opCall(t, owner, 'POST', '/wps/ops/kyc/settings', rest)).json().value.aml).toEqual(aml.DEFAULT_RULES);
  });
});
