/**
 * Stripe through its official Node SDK (`stripe`): Checkout Sessions for the hosted page, the
 * `Stripe-Signature` of webhooks checked by `stripe.webhooks.constructEvent` over the raw body,
 * refunds on the payment intent, and the balance transactions of a day as the settlement report.
 * STRIPE_API_BASE points the SDK (host, port, protocol) at a local stand-in in tests and dev
 * (tools/stripe-standin); unset, it talks to api.stripe.com. Stripe pays out to the brand's own
 * bank account only (member payouts would need Connect): no `payout` here.
 */
import Stripe from 'stripe';
import { AppError } from '../../plugins/errors.ts';
import type { PaymentProvider, PaymentState, ProviderEvent } from './adapter.ts';
import { minor } from './adapter.ts';

export interface StripeSettings { secretKey: string; webhookSecret: string; apiBase?: string }

export function stripeClient(s: StripeSettings): Stripe {
  const base = s.apiBase ? new URL(s.apiBase) : undefined;
  return new Stripe(s.secretKey, {
    maxNetworkRetries: 2, timeout: 20_000, telemetry: false,
    ...(base ? { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol === 'https:' ? 'https' : 'http' } : {}),
  });
}

const SESSION_STATE = (s: { status?: string | null; payment_status?: string | null }): PaymentState =>
  s.payment_status === 'paid' || s.payment_status === 'no_payment_required' ? 'paid' : s.status === 'expired' ? 'expired' : s.status === 'complete' ? 'pending' : 'open';

const piOf = (v: unknown): string | undefined => (typeof v === 'string' ? v : v && typeof v === 'object' && 'id' in v ? String((v as { id: unknown }).id) : undefined);

export function stripeProvider(s: StripeSettings): PaymentProvider {
  const stripe = stripeClient(s);
  const guard = async <T>(f: () => Promise<T>): Promise<T> => {
    try {
      return await f();
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new AppError('payments.provider.unavailable');
    }
  };
  return {
    code: 'stripe',
    createPayment: (_brand, i) => guard(async () => {
      const cs = await stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [{ quantity: 1, price_data: { currency: i.currency.toLowerCase(), unit_amount: Number(i.amount), product_data: { name: i.description } } }],
        success_url: i.returnUrl, cancel_url: i.returnUrl,
        client_reference_id: i.orderNo, metadata: { orderNo: i.orderNo }, payment_intent_data: { metadata: { orderNo: i.orderNo } },
      }, { idempotencyKey: i.idempotencyKey });
      return { ref: cs.id, checkoutUrl: cs.url ?? '' };
    }),
    paymentStatus: (_brand, ref) => guard(async () => {
      const cs = await stripe.checkout.sessions.retrieve(ref);
      return { state: SESSION_STATE(cs), amount: minor(cs.amount_total ?? 0), currency: String(cs.currency).toUpperCase(), chargeRef: piOf(cs.payment_intent) };
    }),
    async verifyWebhook(_brand, rawBody, headers) {
      const sig = headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, typeof sig === 'string' ? sig : '', s.webhookSecret);
      } catch {
        throw new AppError('payments.signature.invalid');
      }
      const at = new Date(event.created * 1000);
      const o = event.data.object as unknown as Record<string, unknown>;
      const cs = (state: PaymentState): ProviderEvent[] => [{
        kind: 'payment', id: event.id, ref: String(o.id), state, amount: minor(o.amount_total ?? 0),
        currency: String(o.currency ?? '').toUpperCase(), chargeRef: piOf(o.payment_intent), at,
      }];
      switch (event.type) {
        case 'checkout.session.completed': return cs(SESSION_STATE(o as { status?: string; payment_status?: string }));
        case 'checkout.session.async_payment_succeeded': return cs('paid');
        case 'checkout.session.async_payment_failed': return cs('failed');
        case 'checkout.session.expired': return cs('expired');
        case 'charge.dispute.created': {
          // a dispute names the payment intent: ref is our chargeRef (prefixed so the service looks it up by charge)
          const pi = piOf(o.payment_intent);
          if (!pi) return [];
          return [{ kind: 'payment', id: event.id, ref: `charge:${pi}`, state: 'charged_back', amount: minor(o.amount), currency: String(o.currency ?? '').toUpperCase(), chargeRef: pi, at }];
        }
        default: return [];
      }
    },
    refund: (_brand, p, amount) => guard(async () => {
      if (!p.chargeRef) throw new AppError('payments.provider.unavailable');
      const r = await stripe.refunds.create({ payment_intent: p.chargeRef, amount: Number(amount), metadata: { orderNo: p.orderNo } }, { idempotencyKey: `refund:${p.orderNo}:${p.chargeRef}:${amount}` });
      return { ref: r.id };
    }),
    settlementReport: (_brand, day) => guard(async () => {
      const gte = Math.floor(new Date(`${day}T00:00:00Z`).getTime() / 1000);
      const items = [];
      for await (const bt of stripe.balanceTransactions.list({ created: { gte, lt: gte + 86_400 }, limit: 100, expand: ['data.source'] })) {
        const src = bt.source as unknown as Record<string, unknown> | null;
        const pi = piOf(src?.payment_intent);
        if (!pi) continue;
        const kind = bt.type === 'charge' || bt.type === 'payment' ? 'payment' : bt.type === 'refund' ? 'refund' : bt.type === 'adjustment' ? 'chargeback' : undefined;
        if (!kind) continue;
        items.push({ ref: `charge:${pi}`, kind, amount: minor(Math.abs(bt.amount)) } as const);
      }
      return items;
    }),
  };
}
