/**
 * The Stripe adapter through the official SDK against the Stripe stand-in (tools/stripe-standin,
 * its own process): hosted checkout, signed webhooks verified by the SDK, a dispute reversed
 * through the ledger, the balance transactions reconciled.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config.ts';
import { useTestApp } from '../../test/harness.ts';
import { get, mainBalance, newPlayer, postJson, rid } from '../../test/kits/cashier.ts';
import { newOp, opCall } from '../../test/kits/operator.ts';
import { ledgerBalanced } from './testkit.ts';

const SK = 'sk_test_lobby_standin';
const WH = 'whsec_lobby_standin';
const overrides: Partial<Config> = { STRIPE_SECRET_KEY: SK, STRIPE_WEBHOOK_SECRET: WH };
let standin: ChildProcess;
let standinUrl = '';

beforeAll(async () => {
  const script = path.resolve(import.meta.dirname, '../../../../../tools/stripe-standin/server.mjs');
  standin = spawn(process.execPath, [script], { env: { ...process.env, PORT: '0', STRIPE_SECRET_KEY: SK, STRIPE_WEBHOOK_SECRET: WH }, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    standin.stdout!.on('data', (d: Buffer) => { const m = /listening on (\d+)/.exec(String(d)); if (m) resolve(m[1]); });
    standin.on('exit', () => reject(new Error('stand-in exited')));
  });
  standinUrl = `http://127.0.0.1:${port}`;
  overrides.STRIPE_API_BASE = standinUrl;
});
afterAll(() => { standin?.kill(); });

const t = useTestApp(overrides);
const brandId = () => t.app.brands.byMerchantCode('demo')!.id;

beforeAll(async () => {
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await fetch(`${standinUrl}/__standin/config`, { method: 'POST', body: JSON.stringify({ webhookUrl: `${address}/wps/payments/webhook/stripe/demo` }) });
  const owner = await newOp(t, 'owner');
  const r = await opCall(t, owner, 'POST', '/wps/ops/payments/channels', { method: 'SPEI', channel: 'SANTANDER', provider: 'stripe' });
  expect(r.statusCode, r.body).toBe(200);
});

async function until<T>(f: () => Promise<T>, ok: (v: T) => boolean) {
  for (let i = 0; i < 100; i++) {
    const v = await f();
    if (ok(v)) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  return f();
}

describe('stripe', () => {
  it('checkout session through the SDK, paid on the hosted page, credited by the signed webhook; a dispute takes it back; the day reconciles', async () => {
    const p = await newPlayer(t);
    const o = await postJson(t, p, '/wps/deposit/orders', { method: 'SPEI', channel: 'SANTANDER', amount: '250.50', requestId: rid() });
    const orderNo = o.json().value.orderNo as string;
    const c = await postJson(t, p, '/wps/payments/checkout', { orderNo });
    expect(c.statusCode, c.body).toBe(200);
    const { checkoutUrl, provider } = c.json().value;
    expect(provider).toBe('stripe');
    expect(checkoutUrl).toMatch(new RegExp(`^${standinUrl}/pay/cs_test_`));
    // the same order answers the same session (idempotency key at Stripe, unique row here)
    expect((await postJson(t, p, '/wps/payments/checkout', { orderNo })).json().value.checkoutUrl).toBe(checkoutUrl);
    const paid = await fetch(checkoutUrl, { method: 'POST', body: new URLSearchParams({ action: 'pay', card: '4242424242424242' }), redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toContain(`/payments/return?orderNo=${orderNo}`);
    expect(await until(() => mainBalance(t, p), (b) => b === 25_050n)).toBe(25_050n);
    expect((await get(t, p, `/wps/payments/result?orderNo=${orderNo}`)).json().value).toMatchObject({ orderStatus: 'confirmed', paymentStatus: 'paid', provider: 'stripe' });

    const sessionId = checkoutUrl.split('/').pop();
    expect((await fetch(`${standinUrl}/__standin/dispute/${sessionId}`, { method: 'POST' })).status).toBe(200);
    expect(await until(() => mainBalance(t, p), (b) => b === 0n)).toBe(0n);
    await ledgerBalanced(t, brandId());

    const fin = await newOp(t, 'finance');
    const day = new Date().toISOString().slice(0, 10);
    const r = await opCall(t, fin, 'POST', '/wps/ops/payments/reconcile', { provider: 'stripe', day });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().value).toMatchObject({ clean: true, providerCount: 1, ledgerCount: 1 });
  });

  it('a webhook without a valid Stripe-Signature is refused by the SDK check; stripe cannot be the payout provider', async () => {
    const body = JSON.stringify({ id: 'evt_x', object: 'event', type: 'checkout.session.completed', created: Math.floor(Date.now() / 1000), data: { object: {} } });
    const r = await t.call({ method: 'POST', url: '/wps/payments/webhook/stripe/demo', merchant: null,
      headers: { 'content-type': 'application/json', 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` }, payload: body });
    expect(r.json().errorCode).toBe('payments.signature.invalid');
    const owner = await newOp(t, 'owner');
    expect((await opCall(t, owner, 'POST', '/wps/ops/payments/payout-provider', { provider: 'stripe' })).json().errorCode).toBe('payments.payout.unsupported');
  });
});
