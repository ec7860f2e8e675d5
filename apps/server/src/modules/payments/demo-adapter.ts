/**
 * The demo provider through its HTTP API (demo-payments/), as any outside provider: in-process
 * by `app.inject` (the provider is served by the same server), the same requests a remote one
 * would get. Webhooks: `Demo-Signature: t=…,v1=HMAC-SHA256(secret, "t.body")`, 5 minutes of tolerance.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { minor, type PaymentProvider, type PaymentState, type ProviderEvent } from './adapter.ts';
import { settingsOf } from './queries.ts';

export const SIGNATURE_TOLERANCE_S = 300;

const PAYMENT_STATE: Record<string, PaymentState> = { open: 'open', pending: 'pending', paid: 'paid', failed: 'failed', expired: 'expired', charged_back: 'charged_back' };

/** Parses `t=…,v1=…` and checks it over the raw body with the secret. */
export function checkSignature(secret: string, header: string, rawBody: string, nowS = Math.floor(Date.now() / 1000)): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isSafeInteger(t) || Math.abs(nowS - t) > SIGNATURE_TOLERANCE_S || typeof parts.v1 !== 'string') return false;
  const want = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
  return parts.v1.length === want.length && timingSafeEqual(Buffer.from(parts.v1), Buffer.from(want));
}

export function demoProvider(app: FastifyInstance): PaymentProvider {
  const call = async (brand: Brand, method: 'GET' | 'POST', url: string, body?: object) => {
    const keys = await settingsOf(app.db, brand.id);
    const r = await app.inject({ method, url, headers: { authorization: `Bearer ${keys.demoApiKey}`, 'x-demo-merchant': brand.code }, ...(body ? { payload: body } : {}) });
    if (r.statusCode >= 300) {
      app.log.warn({ status: r.statusCode, body: r.body.slice(0, 200), url }, 'demo provider refused a call');
      throw new AppError('payments.provider.unavailable');
    }
    return r.json() as Record<string, unknown>;
  };
  return {
    code: 'demo',
    async createPayment(brand, i) {
      const r = await call(brand, 'POST', '/demo-pay/v1/payments', {
        reference: i.orderNo, amount: Number(i.amount), currency: i.currency, description: i.description, returnUrl: i.returnUrl, webhookUrl: i.webhookUrl,
      });
      return { ref: String(r.id), checkoutUrl: String(r.checkoutUrl) };
    },
    async paymentStatus(brand, ref) {
      const r = await call(brand, 'GET', `/demo-pay/v1/payments/${encodeURIComponent(ref)}`);
      return { state: PAYMENT_STATE[String(r.status)] ?? 'open', amount: minor(r.amount), currency: String(r.currency), chargeRef: r.chargeId ? String(r.chargeId) : undefined };
    },
    async verifyWebhook(brand, rawBody, headers) {
      const keys = await settingsOf(app.db, brand.id);
      const header = headers['demo-signature'];
      if (typeof header !== 'string' || !checkSignature(keys.demoWebhookSecret, header, rawBody)) throw new AppError('payments.signature.invalid');
      let e: { id?: unknown; type?: unknown; created?: unknown; data?: { object?: Record<string, unknown> } };
      try {
        e = JSON.parse(rawBody) as typeof e;
      } catch {
        throw new AppError('request_param_err');
      }
      const o = e.data?.object;
      const type = String(e.type ?? '');
      if (typeof e.id !== 'string' || !o || typeof o.id !== 'string') throw new AppError('request_param_err');
      const at = new Date(Number(e.created) * 1000);
      const base = { id: e.id, ref: o.id, amount: minor(o.amount), currency: String(o.currency), at };
      if (type.startsWith('payment.')) {
        const state = PAYMENT_STATE[type.slice('payment.'.length)];
        if (!state) return [];
        return [{ kind: 'payment', ...base, state, chargeRef: typeof o.chargeId === 'string' ? o.chargeId : undefined } satisfies ProviderEvent];
      }
      if (type === 'payout.paid' || type === 'payout.failed' || type === 'payout.bounced') {
        return [{ kind: 'payout', ...base, withdrawNo: String(o.reference), state: type.slice('payout.'.length) as 'paid' | 'failed' | 'bounced', detail: typeof o.reason === 'string' ? o.reason : undefined }];
      }
      return [];
    },
    async refund(brand, p, amount) {
      const r = await call(brand, 'POST', '/demo-pay/v1/refunds', { paymentId: p.ref, amount: Number(amount) });
      return { ref: String(r.id) };
    },
    async payout(brand, i) {
      const r = await call(brand, 'POST', '/demo-pay/v1/payouts', { reference: i.withdrawNo, amount: Number(i.amount), currency: i.currency, account: i.account, webhookUrl: i.webhookUrl });
      return { ref: String(r.id) };
    },
    async settlementReport(brand, day) {
      const r = await call(brand, 'GET', `/demo-pay/v1/settlements?day=${day}`);
      const kinds: Record<string, 'payment' | 'payout' | 'refund' | 'chargeback'> = { payment: 'payment', refund: 'refund', chargeback: 'chargeback', payout: 'payout', payout_return: 'refund' };
      return (r.items as { reference: string; type: string; amount: number }[]).map((x) => ({ ref: x.reference, kind: kinds[x.type] ?? 'payment', amount: minor(x.amount) }));
    },
  };
}
