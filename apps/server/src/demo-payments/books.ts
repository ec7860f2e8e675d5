/**
 * The demo payment provider's books: checkout sessions and payouts it holds, the charges,
 * refunds and chargebacks on them, and the signed webhooks it still has to deliver. It is an
 * outside party served by the project: it knows a merchant only by its code, its API key and its
 * webhook secret (payment_settings), never the platform's tables of orders or money.
 */
import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/index.ts';
import { demoPaySessions, demoPayWebhooks, paymentSettings, merchants, type DemoPayMeta } from '../db/schema.ts';

export type Session = typeof demoPaySessions.$inferSelect;
type Q = Db | Tx;
export const OUTCOMES = ['paid', 'declined', 'pending_then_paid', 'expired', 'paid_twice', 'charged_back'] as const;
export type Outcome = (typeof OUTCOMES)[number];
export const METHODS = ['card', 'bank', 'ewallet'] as const;
/** The card challenge code the checkout asks for (a demo 3-D Secure step). */
export const CHALLENGE_CODE = '123456';

type Movement = NonNullable<DemoPayMeta['charges']>[number];
export type Meta = DemoPayMeta;

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** The merchant's keys as the provider holds them. */
export async function merchantKeys(db: Q, merchantCode: string) {
  const [r] = await db.select({ apiKey: paymentSettings.demoApiKey, secret: paymentSettings.demoWebhookSecret })
    .from(paymentSettings).innerJoin(merchants, eq(merchants.id, paymentSettings.merchantId)).where(eq(merchants.code, merchantCode));
  return r;
}

/** `Demo-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. */
export function signature(secret: string, body: string, t = Math.floor(Date.now() / 1000)) {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

export async function sessionById(db: Q, id: string) {
  const [s] = await db.select().from(demoPaySessions).where(eq(demoPaySessions.id, id));
  return s;
}

export async function createSession(db: Db, v: { merchantCode: string; kind: 'payment' | 'payout'; reference: string; amount: bigint; currency: string; returnUrl?: string; webhookUrl: string; meta: Meta; status: string }) {
  const id = newId(v.kind === 'payment' ? 'dp' : 'po');
  await db.insert(demoPaySessions).values({ id, ...v, returnUrl: v.returnUrl ?? '' }).onConflictDoNothing();
  const [s] = await db.select().from(demoPaySessions)
    .where(and(eq(demoPaySessions.merchantCode, v.merchantCode), eq(demoPaySessions.kind, v.kind), eq(demoPaySessions.reference, v.reference)));
  return s;
}

interface Planned { type: string; delayMs: number; data?: Record<string, unknown> }

/**
 * What the tester chose, as the events the provider will send. Each is delivered after a random
 * delay (so they may arrive out of order) and about one in three twice (same event id).
 */
export function plan(outcome: Outcome): Planned[] {
  const j = () => randomInt(0, 600);
  switch (outcome) {
    case 'paid': return [{ type: 'payment.paid', delayMs: j() }];
    case 'declined': return [{ type: 'payment.failed', delayMs: j() }];
    case 'expired': return [{ type: 'payment.expired', delayMs: j() }];
    case 'pending_then_paid': return [{ type: 'payment.pending', delayMs: j() }, { type: 'payment.paid', delayMs: 400 + j() }];
    case 'paid_twice': return [{ type: 'payment.paid', delayMs: j() }, { type: 'payment.paid', delayMs: j(), data: { second: true } }];
    case 'charged_back': return [{ type: 'payment.paid', delayMs: j() }, { type: 'payment.charged_back', delayMs: 1500 + j() }];
  }
}

const STATUS_OF: Record<string, string> = {
  'payment.paid': 'paid', 'payment.failed': 'failed', 'payment.expired': 'expired', 'payment.pending': 'pending', 'payment.charged_back': 'charged_back',
  'payout.paid': 'paid', 'payout.failed': 'failed', 'payout.bounced': 'bounced',
};

/**
 * Settles a checkout once (a second submit answers the first outcome): the session's status and
 * money movements, and the webhooks queued in one transaction.
 */
export async function settle(db: Db, id: string, method: string, outcome: Outcome, now = new Date()): Promise<Session | undefined> {
  return db.transaction(async (tx) => {
    const [s] = await tx.select().from(demoPaySessions).where(eq(demoPaySessions.id, id)).for('update');
    if (!s || s.kind !== 'payment' || s.outcome) return s;
    const meta: Meta = { ...s.meta };
    const events = plan(outcome);
    const charge = (): Movement => ({ id: newId('ch'), amount: String(s.amount), at: now.toISOString() });
    let status = STATUS_OF[events[events.length - 1].type];
    if (outcome === 'charged_back') status = 'charged_back';
    const queued: { type: string; delayMs: number; data: Record<string, unknown> }[] = [];
    for (const e of events) {
      const data: Record<string, unknown> = {};
      if (e.type === 'payment.paid') {
        const c = charge();
        meta.charges = [...(meta.charges ?? []), c];
        data.chargeId = c.id;
      }
      if (e.type === 'payment.charged_back') {
        meta.chargebacks = [...(meta.chargebacks ?? []), { id: newId('cb'), amount: String(s.amount), at: new Date(now.getTime() + e.delayMs).toISOString() }];
        data.chargeId = meta.charges?.[0]?.id;
      }
      queued.push({ type: e.type, delayMs: e.delayMs, data });
    }
    const [row] = await tx.update(demoPaySessions).set({ status, method, outcome, meta, settledAt: now }).where(eq(demoPaySessions.id, id)).returning();
    for (const e of queued) await enqueue(tx, row, e.type, e.data, new Date(now.getTime() + e.delayMs), now);
    return row;
  });
}

/** Queues one event (and, about one in three, the same event again a little later). */
export async function enqueue(tx: Q, s: Session, type: string, extra: Record<string, unknown>, dueAt: Date, now: Date) {
  const eventId = newId('evt');
  const body = JSON.stringify({
    id: eventId, type, created: Math.floor(now.getTime() / 1000),
    data: { object: { id: s.id, reference: s.reference, amount: Number(s.amount), currency: s.currency, status: STATUS_OF[type], ...extra } },
  });
  await tx.insert(demoPayWebhooks).values({ sessionId: s.id, eventId, body, dueAt });
  if (randomInt(0, 3) === 0) await tx.insert(demoPayWebhooks).values({ sessionId: s.id, eventId, body, dueAt: new Date(dueAt.getTime() + randomInt(50, 800)) });
}

/** The account number decides a payout's fate: …0000 fails, …9999 is paid then bounces back, anything else is paid. */
export function payoutFate(accountNo: string): 'paid' | 'failed' | 'bounced' {
  if (accountNo.endsWith('0000')) return 'failed';
  if (accountNo.endsWith('9999')) return 'bounced';
  return 'paid';
}

export async function schedulePayout(db: Db, s: Session, now = new Date()) {
  const fate = payoutFate(String(s.meta.account?.accountNo ?? ''));
  await db.transaction(async (tx) => {
    const [row] = await tx.update(demoPaySessions).set({ status: fate === 'failed' ? 'failed' : 'paid', settledAt: fate === 'failed' ? null : now })
      .where(and(eq(demoPaySessions.id, s.id), eq(demoPaySessions.status, 'processing'))).returning();
    if (!row) return;
    if (fate === 'failed') return enqueue(tx, row, 'payout.failed', { reason: 'account_closed' }, new Date(now.getTime() + randomInt(100, 500)), now);
    await enqueue(tx, row, 'payout.paid', {}, new Date(now.getTime() + randomInt(100, 500)), now);
    if (fate === 'bounced') {
      const at = new Date(now.getTime() + 1500);
      await tx.update(demoPaySessions).set({ status: 'bounced', meta: { ...row.meta, refunds: [{ id: newId('rt'), amount: String(row.amount), at: at.toISOString() }] } }).where(eq(demoPaySessions.id, s.id));
      await enqueue(tx, row, 'payout.bounced', { reason: 'account_rejected_by_bank' }, at, now);
    }
  });
}

export async function addRefund(db: Db, s: Session, amount: bigint, now = new Date()) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(demoPaySessions).where(eq(demoPaySessions.id, s.id)).for('update');
    const refund = { id: newId('re'), amount: String(amount), at: now.toISOString() };
    await tx.update(demoPaySessions).set({ meta: { ...row.meta, refunds: [...(row.meta.refunds ?? []), refund] } }).where(eq(demoPaySessions.id, s.id));
    return refund;
  });
}

/** The settlement report of a UTC day: every charge, refund, chargeback and payout that happened in it. */
export async function settlements(db: Db, merchantCode: string, day: string) {
  const from = new Date(`${day}T00:00:00.000Z`);
  const to = new Date(from.getTime() + 86_400_000);
  const rows = await db.select().from(demoPaySessions)
    .where(and(eq(demoPaySessions.merchantCode, merchantCode), sql`${demoPaySessions.createdAt} < ${to.toISOString()}::timestamptz`));
  const inDay = (at: string) => { const t = new Date(at).getTime(); return t >= from.getTime() && t < to.getTime(); };
  const items: { reference: string; type: string; amount: number; currency: string; id: string }[] = [];
  for (const s of rows) {
    const push = (type: string, m: Movement) => { if (inDay(m.at)) items.push({ reference: s.reference, type, amount: Number(m.amount), currency: s.currency, id: m.id }); };
    if (s.kind === 'payment') {
      for (const m of s.meta.charges ?? []) push('payment', m);
      for (const m of s.meta.refunds ?? []) push('refund', m);
      for (const m of s.meta.chargebacks ?? []) push('chargeback', m);
    } else if (s.settledAt && s.status !== 'failed') {
      push('payout', { id: s.id, amount: String(s.amount), at: s.settledAt.toISOString() });
      for (const m of s.meta.refunds ?? []) push('payout_return', m);
    }
  }
  return items;
}

/** Webhooks due now, oldest first. */
export async function dueWebhooks(db: Db, now: Date, limit = 50) {
  return db.select({ w: demoPayWebhooks, s: demoPaySessions }).from(demoPayWebhooks)
    .innerJoin(demoPaySessions, eq(demoPaySessions.id, demoPayWebhooks.sessionId))
    .where(and(isNull(demoPayWebhooks.deliveredAt), lte(demoPayWebhooks.dueAt, now), lte(demoPayWebhooks.attempts, 7)))
    .orderBy(asc(demoPayWebhooks.dueAt)).limit(limit);
}

/** After a try: delivered, or the next try after 1, 2, 4 … 64 s (8 tries). */
export async function markTried(db: Db, id: bigint, status: number, now: Date) {
  const ok = status >= 200 && status < 300;
  await db.update(demoPayWebhooks).set({
    attempts: sql`${demoPayWebhooks.attempts} + 1`, lastStatus: status,
    ...(ok ? { deliveredAt: now } : { dueAt: sql`${now.toISOString()}::timestamptz + (interval '1 second' * power(2, ${demoPayWebhooks.attempts}))` }),
  }).where(eq(demoPayWebhooks.id, id));
}
