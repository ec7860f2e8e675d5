/** Deposits through the demo provider: checkout, outcomes, and webhook storms that cannot double-credit. */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { paymentEvents, payments } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { get, mainBalance, newPlayer, postJson } from '../../test/kits/cashier.ts';
import { postingByKey } from '../../kernel/ledger/index.ts';
import { checkout, deliverAll, evt, ledgerBalanced, pay, sendEvent, useDemoChannel } from './testkit.ts';

const t = useTestApp();
beforeAll(async () => { await useDemoChannel(t); });
const brandId = () => t.app.brands.byMerchantCode('demo')!.id;
const payment = async (orderNo: string) => (await t.database.db.select().from(payments).where(and(eq(payments.merchantId, brandId()), eq(payments.orderNo, orderNo))))[0];
const orderStatus = async (p: Awaited<ReturnType<typeof newPlayer>>, orderNo: string) => (await get(t, p, `/wps/payments/result?orderNo=${orderNo}`)).json().value;

describe('demo provider checkout', () => {
  it('lists the instant channel, takes a free amount in range, pays by card with a challenge and credits once', async () => {
    const p = await newPlayer(t);
    expect((await get(t, p, '/wps/payments/channels')).json().value.channels).toContainEqual({ method: 'MPAGO', channel: 'MPAGO', provider: 'demo' });
    const { orderNo, checkoutUrl } = await checkout(t, '123.45', p);
    expect(checkoutUrl).toMatch(/^\/demo-pay\/checkout\/dp_/);
    const page = await t.call({ method: 'GET', url: checkoutUrl, merchant: null });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.body).toContain('MXN 123.45');
    // the same order answers the same checkout
    expect((await postJson(t, p, '/wps/payments/checkout', { orderNo })).json().value.checkoutUrl).toBe(checkoutUrl);
    const wrong = await t.call({ method: 'POST', url: `${checkoutUrl}/challenge`, merchant: null, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=paid&code=000000' });
    expect(wrong.body).toContain('data-testid="wrong"');
    const done = await pay(t, checkoutUrl, 'paid', 'card');
    expect(done.headers.location).toContain(`/payments/return?orderNo=${orderNo}`);
    expect(await deliverAll(t)).toBeGreaterThan(0);
    expect(await mainBalance(t, p)).toBe(12_345n);
    expect(await orderStatus(p, orderNo)).toMatchObject({ orderStatus: 'confirmed', paymentStatus: 'paid', amount: '123.45' });
    await ledgerBalanced(t, brandId());
  });

  it('refuses a manual channel, an amount out of range and a foreign order', async () => {
    const p = await newPlayer(t);
    const o = await postJson(t, p, '/wps/deposit/orders', { method: 'SPEI', channel: 'SANTANDER', amount: '300', requestId: `r-${Date.now()}a` });
    expect((await postJson(t, p, '/wps/payments/checkout', { orderNo: o.json().value.orderNo })).json().errorCode).toBe('payments.channel.manual');
    expect((await postJson(t, p, '/wps/deposit/orders', { method: 'MPAGO', channel: 'MPAGO', amount: '20000.01', requestId: `r-${Date.now()}b` })).json().errorCode).toBe('cashier.amount.out.of.range');
    const other = await newPlayer(t);
    expect((await postJson(t, other, '/wps/payments/checkout', { orderNo: o.json().value.orderNo })).json().errorCode).toBe('cashier.order.not.found');
  });

  it.each([
    ['declined', 'rejected', 'failed', 0n],
    ['expired', 'expired', 'expired', 0n],
    ['pending_then_paid', 'confirmed', 'paid', 5000n],
    ['paid_twice', 'confirmed', 'paid', 5000n],
    ['charged_back', 'confirmed', 'charged_back', 0n],
  ])('outcome %s: order %s, payment %s, balance %s', async (outcome, order, status, balance) => {
    const { p, orderNo, checkoutUrl } = await checkout(t, '50');
    await pay(t, checkoutUrl, outcome, outcome === 'paid_twice' ? 'ewallet' : 'bank');
    await deliverAll(t);
    expect(await orderStatus(p, orderNo)).toMatchObject({ orderStatus: order, paymentStatus: status });
    expect(await mainBalance(t, p)).toBe(balance);
    if (outcome === 'paid_twice') expect((await payment(orderNo)).flag).toBe('duplicate_charge');
    await ledgerBalanced(t, brandId());
  });
});

describe('webhook storms', () => {
  it('duplicates, replays and reorders (raced) credit exactly once; a late pending never un-pays', async () => {
    const { p, orderNo, ref } = await checkout(t, '200');
    const paid = evt('payment.paid', ref, orderNo, 20_000, { chargeId: 'ch_a' });
    const pending = evt('payment.pending', ref, orderNo, 20_000);
    const storm = [paid, paid, pending, paid, evt('payment.paid', ref, orderNo, 20_000, { chargeId: 'ch_a' }), pending];
    const answers = await Promise.all(storm.map((e) => sendEvent(t, brandId(), e)));
    expect(answers.map((a) => a.statusCode)).toEqual(storm.map(() => 200));
    expect(await mainBalance(t, p)).toBe(20_000n);
    expect((await payment(orderNo)).status).toBe('paid');
    expect(await postingByKey(t.database.db, brandId(), `deposit:${orderNo}`)).toBeTruthy();
    const events = await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.ref, ref));
    expect(events.filter((e) => e.outcome === 'applied')).toHaveLength(1);
    await ledgerBalanced(t, brandId());
  });

  it('a bad signature, a wrong secret, a tampered body and an unknown brand move nothing', async () => {
    const { p, orderNo, ref } = await checkout(t, '80');
    const e = evt('payment.paid', ref, orderNo, 8000);
    expect((await sendEvent(t, brandId(), e, { secret: 'not-the-secret' })).json().errorCode).toBe('payments.signature.invalid');
    const raw = JSON.stringify(e);
    const unsigned = await t.call({ method: 'POST', url: '/wps/payments/webhook/demo/demo', merchant: null, headers: { 'content-type': 'application/json' }, payload: raw });
    expect(unsigned.statusCode).toBe(400);
    const { signature } = await import('../../demo-payments/books.ts');
    const { settingsOf } = await import('./queries.ts');
    const sig = signature((await settingsOf(t.database.db, brandId())).demoWebhookSecret, raw);
    const tampered = await t.call({ method: 'POST', url: '/wps/payments/webhook/demo/demo', merchant: null,
      headers: { 'content-type': 'application/json', 'demo-signature': sig }, payload: raw.replace('8000', '9000') });
    expect(tampered.json().errorCode).toBe('payments.signature.invalid');
    expect((await sendEvent(t, brandId(), e, { merchant: 'nope' })).statusCode).toBe(404);
    expect(await mainBalance(t, p)).toBe(0n);
  });

  it('an amount or currency other than the order is refused and flagged', async () => {
    const { p, orderNo, ref } = await checkout(t, '90');
    expect((await sendEvent(t, brandId(), evt('payment.paid', ref, orderNo, 9_001))).json().value.results[0].outcome).toBe('refused');
    expect((await payment(orderNo)).flag).toBe('amount_mismatch');
    const usd = evt('payment.paid', ref, orderNo, 9000);
    (usd.data.object as { currency: string }).currency = 'USD';
    expect((await sendEvent(t, brandId(), usd)).json().value.results[0].outcome).toBe('refused');
    expect((await payment(orderNo)).flag).toBe('currency_mismatch');
    expect(await mainBalance(t, p)).toBe(0n);
  });

  it('a late paid after expiry still credits; a chargeback after spending leaves a shortfall, never a negative balance', async () => {
    const { p, orderNo, ref } = await checkout(t, '100');
    await sendEvent(t, brandId(), evt('payment.expired', ref, orderNo, 10_000));
    expect((await orderStatus(p, orderNo)).orderStatus).toBe('expired');
    await sendEvent(t, brandId(), evt('payment.paid', ref, orderNo, 10_000, { chargeId: 'ch_late' }));
    expect(await mainBalance(t, p)).toBe(10_000n);
    // the member spends 70.00 of it, then the chargeback arrives (twice, raced)
    const { postAlone, brandAccount, memberAccount } = await import('../../kernel/ledger/index.ts');
    await postAlone(t.database.db, { merchantId: brandId(), kind: 'bet', idemKey: `test-spend:${orderNo}`, memberId: p.id,
      lines: [{ account: await memberAccount(t.database.db, brandId(), p.id), amount: -7000n }, { account: await brandAccount(t.database.db, brandId(), 'house'), amount: 7000n }] });
    const cb = evt('payment.charged_back', ref, orderNo, 10_000);
    await Promise.all([sendEvent(t, brandId(), cb), sendEvent(t, brandId(), { ...cb, id: `${cb.id}x` })]);
    expect(await mainBalance(t, p)).toBe(0n);
    expect(await payment(orderNo)).toMatchObject({ status: 'charged_back', shortfall: 7000n });
    await ledgerBalanced(t, brandId());
  });

  it('a chargeback before its paid: nothing credited, the late paid is ignored', async () => {
    const { p, orderNo, ref } = await checkout(t, '60');
    await sendEvent(t, brandId(), evt('payment.charged_back', ref, orderNo, 6000));
    await sendEvent(t, brandId(), evt('payment.paid', ref, orderNo, 6000, { chargeId: 'ch_x' }));
    expect(await mainBalance(t, p)).toBe(0n);
    expect((await payment(orderNo)).status).toBe('charged_back');
    await ledgerBalanced(t, brandId());
  });

  it('deposit limits still apply before a checkout opens (the order itself is refused)', async () => {
    const p = await newPlayer(t);
    expect((await postJson(t, p, '/wps/member/responsible/limits', { depositDay: '40' })).statusCode).toBe(200);
    const o = await postJson(t, p, '/wps/deposit/orders', { method: 'MPAGO', channel: 'MPAGO', amount: '50', requestId: `r-${Date.now()}lim` });
    expect(o.json().errorCode).toBe('responsible.deposit.limit');
  });
});
