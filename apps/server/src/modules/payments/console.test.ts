/** The console's payment pages: channels per brand, deposit history with filters, totals and CSV; role and brand checks; audit. */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { auditRows, newOp, opCall, type Op } from '../../test/kits/operator.ts';
import { checkout, deliverAll, pay, useDemoChannel } from './testkit.ts';

const t = useTestApp();
let owner: Op;
beforeAll(async () => { owner = await useDemoChannel(t); });

describe('payments console', () => {
  it('sets a channel\'s provider (owner only, audited, known channels and providers only)', async () => {
    const list = (await opCall(t, owner, 'GET', '/wps/ops/payments/channels')).json().value;
    expect(list.channels.find((c: { method: string }) => c.method === 'MPAGO')).toMatchObject({ provider: 'demo', min: '50.00', max: '20000.00' });
    expect(list.providers).toEqual(['manual', 'demo']);
    expect(list.webhookUrls.demo).toBe('/wps/payments/webhook/demo/demo');
    expect(await auditRows(t, 'finance.payments.channel', 'MPAGO/MPAGO')).toHaveLength(1);
    const fin = await newOp(t, 'finance');
    expect((await opCall(t, fin, 'POST', '/wps/ops/payments/channels', { method: 'SPEI', channel: 'BBVA', provider: 'demo' })).statusCode).toBe(403);
    expect((await opCall(t, owner, 'POST', '/wps/ops/payments/channels', { method: 'SPEI', channel: 'NOPE', provider: 'demo' })).json().errorCode).toBe('cashier.method.invalid');
    expect((await opCall(t, owner, 'POST', '/wps/ops/payments/channels', { method: 'SPEI', channel: 'BBVA', provider: 'stripe' })).json().errorCode).toBe('payments.provider.unknown');
    // an operator of another brand only
    const lunaOwner = await newOp(t, 'owner', ['luna']);
    expect((await opCall(t, lunaOwner, 'GET', '/wps/ops/payments/channels')).statusCode).toBe(403);
  });

  it('deposit history: every state, filters, totals and the CSV export (audited)', async () => {
    const paid = await checkout(t, '111.11');
    await pay(t, paid.checkoutUrl, 'paid');
    const declined = await checkout(t, '222.22');
    await pay(t, declined.checkoutUrl, 'declined');
    await deliverAll(t);
    const fin = await newOp(t, 'finance');
    const all = (await opCall(t, fin, 'GET', `/wps/ops/payments/deposits?provider=demo&username=${paid.p.username}`)).json().value;
    expect(all.list).toHaveLength(1);
    expect(all.list[0]).toMatchObject({ orderNo: paid.orderNo, status: 'confirmed', paymentStatus: 'paid', provider: 'demo', amount: '111.11' });
    const rejected = (await opCall(t, fin, 'GET', '/wps/ops/payments/deposits?status=failed')).json().value;
    expect(rejected.list.map((r: { orderNo: string }) => r.orderNo)).toContain(declined.orderNo);
    const ranged = (await opCall(t, fin, 'GET', '/wps/ops/payments/deposits?minAmount=200&maxAmount=250')).json().value;
    expect(ranged.list.every((r: { amount: string }) => Number(r.amount) >= 200 && Number(r.amount) <= 250)).toBe(true);
    expect(ranged.totals.count).toBe(ranged.total);
    expect((await opCall(t, fin, 'GET', '/wps/ops/payments/deposits?minAmount=abc')).json().errorCode).toBe('payments.amount.invalid');
    const csv = await opCall(t, fin, 'GET', `/wps/ops/payments/deposits.csv?username=${paid.p.username}`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[1]).toContain(`"${paid.orderNo}"`);
    expect(await auditRows(t, 'finance.deposits.export')).toHaveLength(1);
    const support = await newOp(t, 'support');
    expect((await opCall(t, support, 'GET', '/wps/ops/payments/deposits')).statusCode).toBe(403);
  });
});
