/** Withdrawals paid out through the demo provider (paid, failed, bounced) and the provider's settlement report reconciled with the ledger. */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { inboxDeliveries, payouts, withdrawals } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { fund, get, mainBalance, newPlayer, postEnc, postJson, rid } from '../../test/kits/cashier.ts';
import { auditRows, newOp, opCall, type Op } from '../../test/kits/operator.ts';
import { checkout, deliverAll, evt, ledgerBalanced, pay, sendEvent, useDemoChannel } from './testkit.ts';

const t = useTestApp();
const PIN = '246802';
const brandId = () => t.app.brands.byMerchantCode('demo')!.id;
let owner: Op;
let fin: Op;

beforeAll(async () => {
  owner = await useDemoChannel(t);
  fin = await newOp(t, 'finance');
  expect((await opCall(t, owner, 'POST', '/wps/ops/payments/payout-provider', { provider: 'demo' })).json().value).toEqual({ payoutProvider: 'demo' });
});

async function approvedWithdrawal(accountNo: string, amount = '500') {
  const p = await newPlayer(t);
  await postEnc(t, p, '/wps/member/password/payment', { newPassword: PIN, confirmPassword: PIN });
  const acct = (await postJson(t, p, '/wps/withdraw/accounts', { kind: 'bank', bankName: 'BBVA', accountNo, payeeName: 'Ana Lopez' })).json().value;
  await fund(t, p, 100_000n);
  const w = await postEnc(t, p, '/wps/withdraw', { amount, accountId: acct.id, paymentPassword: PIN, requestId: rid() });
  expect(w.statusCode, w.body).toBe(200);
  const withdrawNo = w.json().value.withdrawNo as string;
  const r = await opCall(t, fin, 'POST', '/wps/ops/finance/withdraw/approve', { withdrawNo });
  expect(r.json().value.status).toBe('paid');
  expect(['queued', 'sent'], 'the console is told the payout is on its way, not paid').toContain(r.json().value.payout);
  // the payout is sent after the commit (fire and forget): wait for it to leave the queue
  for (let i = 0; i < 50; i++) {
    const [row] = await t.database.db.select().from(payouts).where(and(eq(payouts.merchantId, brandId()), eq(payouts.withdrawNo, withdrawNo)));
    if (row?.status !== 'queued') break;
    await new Promise((res) => setTimeout(res, 20));
  }
  return { p, withdrawNo };
}
const payoutOf = async (no: string) => (await t.database.db.select().from(payouts).where(and(eq(payouts.merchantId, brandId()), eq(payouts.withdrawNo, no))))[0];
const withdrawalOf = async (no: string) => (await t.database.db.select().from(withdrawals).where(and(eq(withdrawals.merchantId, brandId()), eq(withdrawals.withdrawNo, no))))[0];

describe('payouts', () => {
  it('paid: the payout is sent with the approval and marked paid by the webhook; the member keeps nothing back', async () => {
    const { p, withdrawNo } = await approvedWithdrawal('012180001234567891');
    expect((await payoutOf(withdrawNo)).status).toBe('sent');
    await deliverAll(t);
    expect(await payoutOf(withdrawNo)).toMatchObject({ status: 'paid', amount: 49_500n });
    expect((await withdrawalOf(withdrawNo)).status).toBe('paid');
    expect(await mainBalance(t, p)).toBe(50_000n);
    await ledgerBalanced(t, brandId());
  });

  it('failed: the withdrawal is returned, the whole amount back once, with an inbox message', async () => {
    const { p, withdrawNo } = await approvedWithdrawal('012180001234560000');
    await deliverAll(t);
    expect((await payoutOf(withdrawNo)).status).toBe('failed');
    expect((await withdrawalOf(withdrawNo)).status).toBe('returned');
    expect(await mainBalance(t, p)).toBe(100_000n);
    const msgs = await t.database.db.select().from(inboxDeliveries).where(eq(inboxDeliveries.recipientId, p.id));
    expect(msgs).toHaveLength(1);
    await ledgerBalanced(t, brandId());
  });

  it('bounced later: paid first, then returned once, whatever order and how often the events arrive', async () => {
    const { p, withdrawNo } = await approvedWithdrawal('012180001234569999');
    await deliverAll(t);
    expect((await payoutOf(withdrawNo)).status).toBe('bounced');
    expect((await withdrawalOf(withdrawNo)).status).toBe('returned');
    expect(await mainBalance(t, p)).toBe(100_000n);
    // a replayed bounce and a late "paid" (new event ids) move nothing
    const po = await payoutOf(withdrawNo);
    const body = (type: string) => evt(type, po.providerRef!, withdrawNo, 49_500);
    await Promise.all([sendEvent(t, brandId(), body('payout.bounced')), sendEvent(t, brandId(), body('payout.paid')), sendEvent(t, brandId(), body('payout.failed'))]);
    expect(await mainBalance(t, p)).toBe(100_000n);
    expect((await payoutOf(withdrawNo)).status).toBe('bounced');
    await ledgerBalanced(t, brandId());
  });

  it('the member\'s withdrawal records show the payout: paying, then paid; returned with the provider\'s reason', async () => {
    const paid = await approvedWithdrawal('012180001234567892');
    const recordOf = async (p: typeof paid.p, no: string) =>
      (await get(t, p, '/wps/withdraw/records')).json().value.list.find((w: { withdrawNo: string }) => w.withdrawNo === no);
    expect((await recordOf(paid.p, paid.withdrawNo)).payout).toMatchObject({ status: 'sent', detail: '' });
    const failed = await approvedWithdrawal('012180001234570000');
    await deliverAll(t);
    expect(await recordOf(paid.p, paid.withdrawNo)).toMatchObject({ status: 'paid', payout: { status: 'paid' } });
    expect(await recordOf(failed.p, failed.withdrawNo)).toMatchObject({ status: 'returned', payout: { status: 'failed', detail: 'account_closed' } });
    // the console's withdrawal history: payout status and reason, filters, totals, CSV (audited)
    const h = (await opCall(t, fin, 'GET', `/wps/ops/payments/withdrawals?username=${failed.p.username}`)).json().value;
    expect(h.list).toEqual([expect.objectContaining({ withdrawNo: failed.withdrawNo, method: 'bank', provider: 'demo', status: 'returned', payoutStatus: 'failed', detail: 'account_closed' })]);
    expect(h.totals).toMatchObject({ count: 1, amount: '500.00', paidOutAmount: '0.00', returnedAmount: '500.00' });
    const byPayout = (await opCall(t, fin, 'GET', '/wps/ops/payments/withdrawals?status=paid&provider=demo&method=bank')).json().value;
    expect(byPayout.list.map((r: { withdrawNo: string }) => r.withdrawNo)).toContain(paid.withdrawNo);
    expect(byPayout.list.map((r: { withdrawNo: string }) => r.withdrawNo)).not.toContain(failed.withdrawNo);
    expect(byPayout.totals.paidOutAmount).not.toBe('0.00');
    expect((await opCall(t, fin, 'GET', '/wps/ops/payments/withdrawals?method=ewallet&provider=demo')).json().value.list).toEqual([]);
    expect((await opCall(t, fin, 'GET', '/wps/ops/payments/withdrawals?maxAmount=1e3')).json().errorCode).toBe('payments.amount.invalid');
    const csv = await opCall(t, fin, 'GET', `/wps/ops/payments/withdrawals.csv?username=${failed.p.username}`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[1]).toContain(`"${failed.withdrawNo}"`);
    expect(csv.body.split('\r\n')[1]).toContain('"account_closed"');
    expect(await auditRows(t, 'finance.withdrawals.export')).toHaveLength(1);
    const support = await newOp(t, 'support');
    expect((await opCall(t, support, 'GET', '/wps/ops/payments/withdrawals.csv')).statusCode).toBe(403);
  });

  it('a payout event of another amount or an unknown withdrawal is refused', async () => {
    const { withdrawNo } = await approvedWithdrawal('012180001234561111');
    const po = await payoutOf(withdrawNo);
    expect((await sendEvent(t, brandId(), evt('payout.failed', po.providerRef!, withdrawNo, 1))).json().value.results[0].outcome).toBe('refused');
    expect((await sendEvent(t, brandId(), evt('payout.failed', 'po_x', 'W000', 49_500))).json().value.results[0].outcome).toBe('refused');
    expect((await withdrawalOf(withdrawNo)).status).toBe('paid');
  });
});

describe('reconciliation', () => {
  const today = () => new Date().toISOString().slice(0, 10);
  it('today against the ledger: clean after deposits and payouts; a deposit the ledger lacks is listed, then resolved with a reason (audited)', async () => {
    const { checkoutUrl } = await checkout(t, '75');
    await pay(t, checkoutUrl, 'paid');
    await deliverAll(t);
    let r = await opCall(t, fin, 'POST', '/wps/ops/payments/reconcile', { provider: 'demo', day: today() });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().value).toMatchObject({ clean: true });
    expect(r.json().value.providerCount).toBeGreaterThan(0);
    // a payment the provider settled whose webhook never arrived
    const lost = await checkout(t, '55');
    await pay(t, lost.checkoutUrl, 'paid');
    r = await opCall(t, fin, 'POST', '/wps/ops/payments/reconcile', { provider: 'demo', day: today() });
    expect(r.json().value.clean).toBe(false);
    const item = r.json().value.items.find((i: { ref: string }) => i.ref === lost.orderNo);
    expect(item).toMatchObject({ kind: 'missing_in_ledger', providerAmount: '55.00', ledgerAmount: null });
    expect((await opCall(t, fin, 'POST', '/wps/ops/payments/reconciliation/resolve', { id: item.id, reason: 'webhook replayed by hand' })).json().value.resolvedBy).toBe(fin.username);
    expect((await opCall(t, fin, 'POST', '/wps/ops/payments/reconciliation/resolve', { id: item.id, reason: 'again' })).json().errorCode).toBe('payments.recon.resolved');
    expect(await auditRows(t, 'finance.reconcile.resolve')).toHaveLength(1);
    // once the webhook arrives the day is clean again (the resolved item stays for the record)
    await deliverAll(t);
    r = await opCall(t, fin, 'POST', '/wps/ops/payments/reconcile', { provider: 'demo', day: today() });
    expect(r.json().value.items.filter((i: { resolvedAt: string | null }) => !i.resolvedAt)).toEqual([]);
    const support = await newOp(t, 'support');
    expect((await opCall(t, support, 'POST', '/wps/ops/payments/reconcile', { provider: 'demo', day: today() })).statusCode).toBe(403);
  });
});
