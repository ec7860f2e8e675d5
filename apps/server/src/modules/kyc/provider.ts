/**
 * Verification providers behind one interface. `manual`: the check waits for operators in the
 * console. `demo`: the built-in demo provider, which decides like an automated service and
 * answers by a signed webhook (POST /wps/kyc/webhook/demo, header x-kyc-signature
 * `t=<unix>,v1=<hex HMAC-SHA256(brand secret, "<t>.<raw body>")>`), as real providers do; the
 * same event id twice applies once. A real provider is one more adapter: `submit` sends the
 * documents to its API and answers its reference; its webhook route verifies its signature the
 * same way and hands the decision to applyProviderEvent.
 *
 * The demo provider's rules (documented so testers can steer it): a full name containing
 * "reject" is rejected as `mismatch`, one containing "more" is asked for more documents, a birth
 * date under the brand's minimum age is rejected as `underage`; anything else is approved.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { kyc } from '@lobby/contract';
import type { Brand } from '../../plugins/merchant.ts';
import { ageOn } from './age.ts';
import { webhookSecretOf } from './settings.ts';

export interface ProviderCheck {
  id: bigint;
  level: kyc.DocumentLevel;
  fullName: string | null;
  birthDate: string | null;
  minAge: number;
  documents: Array<{ kind: kyc.DocumentKind; contentType: string; data: Buffer }>;
}

export interface KycProvider {
  readonly name: kyc.Provider;
  /** Hands a pending check over; answers the provider's reference (null: operators decide). */
  submit(app: FastifyInstance, brand: Brand, check: ProviderCheck): Promise<string | null>;
}

export function sign(secret: string, body: string, at = Math.floor(Date.now() / 1000)): string {
  return `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${body}`).digest('hex')}`;
}

/** The signature header is the brand secret's over this raw body, made within the tolerance. */
export function verifySignature(secret: string, header: string | undefined, body: string, now = Date.now()): boolean {
  const m = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!m) return false;
  const at = Number(m[1]);
  if (Math.abs(now / 1000 - at) > kyc.SIGNATURE_TOLERANCE_SECONDS) return false;
  const want = createHmac('sha256', secret).update(`${at}.${body}`).digest();
  return timingSafeEqual(want, Buffer.from(m[2], 'hex'));
}

const manual: KycProvider = { name: 'manual', submit: async () => null };

/** What the demo provider decides for a check (its rules above). */
export function demoDecision(c: ProviderCheck, now = new Date()): Pick<kyc.WebhookEvent, 'outcome' | 'reason'> {
  const name = (c.fullName ?? '').toLowerCase();
  if (name.includes('reject')) return { outcome: 'rejected', reason: 'mismatch' };
  if (name.includes('more')) return { outcome: 'more', reason: 'more' };
  if (c.level === 'identity' && (!c.birthDate || ageOn(c.birthDate, now) < c.minAge)) return { outcome: 'rejected', reason: 'underage' };
  return { outcome: 'approved' };
}

/** How long the demo provider "works" before its webhook arrives (tests set 0). */
export const demoTiming = { delayMs: 1500 };
/** Deliveries under way (tests wait for them). */
const deliveries = new Set<Promise<void>>();

/** Posts a signed webhook to the app itself, as the provider would over the network. */
export async function deliverWebhook(app: FastifyInstance, brand: Brand, event: kyc.WebhookEvent): Promise<number> {
  const body = JSON.stringify(event);
  const res = await app.inject({
    method: 'POST', url: kyc.webhook.path, payload: body,
    headers: { 'content-type': 'application/json', merchant: brand.code, [kyc.SIGNATURE_HEADER]: sign(await webhookSecretOf(app.db, brand.id), body) },
  });
  return res.statusCode;
}

const demo: KycProvider = {
  name: 'demo',
  async submit(app, brand, check) {
    const reference = `demo_${randomBytes(12).toString('hex')}`;
    const event: kyc.WebhookEvent = { eventId: `evt_${randomBytes(12).toString('hex')}`, reference, ...demoDecision(check) };
    const p: Promise<void> = new Promise<void>((resolve) => setTimeout(resolve, demoTiming.delayMs).unref())
      .then(async () => {
        const status = await deliverWebhook(app, brand, event);
        if (status !== 200) app.log.warn({ status, reference }, 'kyc demo webhook refused');
      })
      .catch((err: unknown) => app.log.warn({ err, reference }, 'kyc demo webhook failed'))
      .finally(() => deliveries.delete(p));
    deliveries.add(p);
    return reference;
  },
};

/** Waits for the demo provider's webhooks under way (tests). */
export async function settleDemoDeliveries(): Promise<void> {
  while (deliveries.size) await Promise.all([...deliveries]);
}

const PROVIDERS: Record<kyc.Provider, KycProvider> = { manual, demo };
export const providerOf = (name: kyc.Provider): KycProvider => PROVIDERS[name];
