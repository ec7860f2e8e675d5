/** Helpers for the payments tests. Not loaded by the server. */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from '../../test/harness.ts';
import { newPlayer, postJson, rid, type Player } from '../../test/kits/cashier.ts';
import { newOp, opCall, type Op } from '../../test/kits/operator.ts';
import { signature } from '../../demo-payments/books.ts';
import { audit as ledgerAudit } from '../../kernel/ledger/index.ts';
import { settingsOf } from './queries.ts';

export async function useDemoChannel(t: TestApp, method = 'MPAGO', channel = 'MPAGO', provider = 'demo'): Promise<Op> {
  const owner = await newOp(t, 'owner');
  const r = await opCall(t, owner, 'POST', '/wps/ops/payments/channels', { method, channel, provider });
  expect(r.statusCode, r.body).toBe(200);
  return owner;
}

/** A player with a pending order on the demo channel and its checkout opened. */
export async function checkout(t: TestApp, amount = '123.45', p?: Player, extra: object = {}) {
  const player = p ?? await newPlayer(t);
  const o = await postJson(t, player, '/wps/deposit/orders', { method: 'MPAGO', channel: 'MPAGO', amount, requestId: rid(), ...extra });
  expect(o.statusCode, o.body).toBe(200);
  const orderNo = o.json().value.orderNo as string;
  const c = await postJson(t, player, '/wps/payments/checkout', { orderNo });
  expect(c.statusCode, c.body).toBe(200);
  return { p: player, orderNo, checkoutUrl: c.json().value.checkoutUrl as string, ref: (c.json().value.checkoutUrl as string).split('/').pop()! };
}

/** Submits the demo checkout form as the tester's browser would (card: then the challenge). */
export async function pay(t: TestApp, checkoutUrl: string, outcome: string, method = 'bank') {
  const form = (url: string, body: Record<string, string>) => t.call({ method: 'POST', url, merchant: null,
    headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(body).toString() });
  let r = await form(checkoutUrl, { method, outcome });
  if (method === 'card') {
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('challenge-code');
    r = await form(`${checkoutUrl}/challenge`, { outcome, code: '123456' });
  }
  expect(r.statusCode, r.body).toBe(303);
  return r;
}

/** Delivers every webhook the demo provider has queued (its clock a minute ahead: retries and duplicates included). */
export async function deliverAll(t: TestApp) {
  let n = 0;
  for (let i = 0; i < 10; i++) {
    const d = await t.app.demoPayments.deliverDue(new Date(Date.now() + 120_000));
    n += d;
    if (d === 0) break;
  }
  return n;
}

/** A demo-provider event signed with the brand's webhook secret, posted to the webhook route. */
export async function sendEvent(t: TestApp, brandId: number, body: object, o: { secret?: string; merchant?: string } = {}) {
  const raw = JSON.stringify(body);
  const secret = o.secret ?? (await settingsOf(t.database.db, brandId)).demoWebhookSecret;
  return t.call({ method: 'POST', url: `/wps/payments/webhook/demo/${o.merchant ?? 'demo'}`, merchant: null,
    headers: { 'content-type': 'application/json', 'demo-signature': signature(secret, raw) }, payload: raw });
}

export const evt = (type: string, ref: string, reference: string, amount: number, extra: object = {}) => ({
  id: `evt_${randomBytes(8).toString('hex')}`, type, created: Math.floor(Date.now() / 1000),
  data: { object: { id: ref, reference, amount, currency: 'MXN', status: type.split('.')[1], ...extra } },
});

export async function ledgerBalanced(t: TestApp, brandId: number) {
  const a = await ledgerAudit(t.database.db, brandId);
  expect({ entrySum: a.entrySum, mismatched: a.mismatchedAccounts, negative: a.negativeMemberBalances }).toEqual({ entrySum: 0n, mismatched: 0, negative: 0 });
}
