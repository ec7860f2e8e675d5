/**
 * One interface for every payment provider (the built-in demo provider, Stripe): create a payment
 * (a hosted checkout), read its status, verify a webhook over its raw body, refund, pay out, and
 * fetch a settlement report. The service never sees a provider's wire format: webhooks become
 * ProviderEvents, reports become SettlementItems.
 */
import type { Brand } from '../../plugins/merchant.ts';

export type PaymentState = 'open' | 'pending' | 'paid' | 'failed' | 'expired' | 'refunded' | 'charged_back';
export type PayoutState = 'sent' | 'paid' | 'failed' | 'bounced';

export interface CreatePayment {
  /** Our deposit order number (the provider's reference / metadata). */
  orderNo: string;
  amount: bigint;
  currency: string;
  description: string;
  /** Where the provider sends the member back (absolute URL). */
  returnUrl: string;
  /** Where the provider posts its webhooks for this brand. */
  webhookUrl: string;
  /** Idempotency: the same key answers the same payment at the provider. */
  idempotencyKey: string;
}

export interface PaymentEvent {
  kind: 'payment';
  /** The provider's event id: an event is applied once by it. */
  id: string;
  /** The provider's payment id (what createPayment answered as ref). */
  ref: string;
  state: PaymentState;
  amount: bigint;
  currency: string;
  /** The money movement (charge / payment intent), when paid. */
  chargeRef?: string;
  at: Date;
}
export interface PayoutEvent {
  kind: 'payout';
  id: string;
  /** Our withdrawal number. */
  withdrawNo: string;
  ref: string;
  state: PayoutState;
  amount: bigint;
  currency: string;
  detail?: string;
  at: Date;
}
export type ProviderEvent = PaymentEvent | PayoutEvent;

export interface SettlementItem {
  /** Our reference: deposit order number or withdrawal number. */
  ref: string;
  kind: 'payment' | 'payout' | 'refund' | 'chargeback';
  /** Minor units, positive (money in for payments, out for the rest). */
  amount: bigint;
}

export interface PayoutRequest {
  withdrawNo: string;
  amount: bigint;
  currency: string;
  account: { kind: string; bankName: string; accountNo: string; payeeName: string };
  webhookUrl: string;
}

export interface PaymentProvider {
  readonly code: 'demo' | 'stripe';
  createPayment(brand: Brand, input: CreatePayment): Promise<{ ref: string; checkoutUrl: string }>;
  paymentStatus(brand: Brand, ref: string): Promise<{ state: PaymentState; amount: bigint; currency: string; chargeRef?: string }>;
  /** Checks the signature over the raw body (throws payments.signature.invalid) and answers the events it carries. */
  verifyWebhook(brand: Brand, rawBody: string, headers: Record<string, string | string[] | undefined>): Promise<ProviderEvent[]>;
  refund(brand: Brand, payment: { ref: string; chargeRef: string | null; orderNo: string }, amount: bigint): Promise<{ ref: string }>;
  /** Absent: the provider cannot pay members out (Stripe without Connect). */
  payout?(brand: Brand, input: PayoutRequest): Promise<{ ref: string }>;
  /** What the provider settled on a UTC day (yyyy-MM-dd). */
  settlementReport(brand: Brand, day: string): Promise<SettlementItem[]>;
}

/** Provider answers amounts in minor units as numbers or strings; never floats. */
export function minor(v: unknown): bigint {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number' && Number.isSafeInteger(v)) return BigInt(v);
  if (typeof v === 'string' && /^-?\d{1,18}$/.test(v)) return BigInt(v);
  throw new Error(`not an amount in minor units: ${String(v)}`);
}
