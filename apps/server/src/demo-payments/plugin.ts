/**
 * The built-in demo payment provider, served by the project so the whole money-in and money-out
 * flow works on a fresh machine. An outside party: the platform reaches it only through its HTTP
 * API (modules/payments/demo-adapter.ts) and hears from it only through signed webhooks.
 *
 * API (Bearer <merchant api key>, `X-Demo-Merchant: <code>`): POST /demo-pay/v1/payments,
 * GET /demo-pay/v1/payments/:id, POST /demo-pay/v1/refunds, POST /demo-pay/v1/payouts,
 * GET /demo-pay/v1/settlements?day=. Hosted checkout: /demo-pay/checkout/:id (card with a
 * challenge step, instant bank transfer, e-wallet; the tester picks the outcome).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { timingSafeEqual } from 'node:crypto';
import { newNonce, pageHeaders } from '../plugins/headers.ts';
import * as books from './books.ts';
import { challengePage, checkoutPage } from './page.ts';

export interface DemoPayments {
  /** Delivers the webhooks due now (the loop calls it; tests call it with their clock). Answers how many were tried. */
  deliverDue(now?: Date): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    demoPayments: DemoPayments;
  }
}

const fail = (reply: FastifyReply, status: number, code: string) => reply.code(status).send({ error: { code } });
const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The merchant of an API call, by its key; undefined when the key is wrong. */
async function caller(app: FastifyInstance, req: FastifyRequest) {
  const code = String(req.headers['x-demo-merchant'] ?? '');
  const auth = String(req.headers.authorization ?? '');
  const keys = code ? await books.merchantKeys(app.db, code) : undefined;
  if (!keys || !same(auth, `Bearer ${keys.apiKey}`)) return undefined;
  return code;
}

const view = (s: books.Session, base = '') => ({
  id: s.id, reference: s.reference, amount: Number(s.amount), currency: s.currency, status: s.status, method: s.method,
  chargeId: s.meta.charges?.[0]?.id ?? null, checkoutUrl: `${base}/demo-pay/checkout/${s.id}`,
});

export const demoPaymentsPlugin = fp(async (app: FastifyInstance) => {
  const deliver = async (url: string, body: string, sig: string): Promise<number> => {
    const headers = { 'content-type': 'application/json', 'demo-signature': sig };
    if (url.startsWith('/')) return (await app.inject({ method: 'POST', url, headers, payload: body })).statusCode;
    try {
      return (await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) })).status;
    } catch {
      return 0;
    }
  };
  const dp: DemoPayments = {
    async deliverDue(now = new Date()) {
      const due = await books.dueWebhooks(app.db, now);
      for (const { w, s } of due) {
        const keys = await books.merchantKeys(app.db, s.merchantCode);
        const status = keys ? await deliver(s.webhookUrl, w.body, books.signature(keys.secret, w.body)) : 0;
        await books.markTried(app.db, w.id, status, new Date());
      }
      return due.length;
    },
  };
  app.decorate('demoPayments', dp);

  await app.register(async (api) => {
    api.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    api.post('/demo-pay/v1/payments', { schema: { hide: true } }, async (req, reply) => {
      const m = await caller(app, req);
      if (!m) return fail(reply, 401, 'unauthorized');
      const b = req.body as Record<string, unknown>;
      if (typeof b?.reference !== 'string' || !Number.isSafeInteger(b.amount) || Number(b.amount) <= 0 || typeof b.currency !== 'string' || typeof b.webhookUrl !== 'string') {
        return fail(reply, 400, 'invalid_request');
      }
      const s = await books.createSession(app.db, {
        merchantCode: m, kind: 'payment', reference: b.reference, amount: BigInt(b.amount as number), currency: b.currency,
        returnUrl: typeof b.returnUrl === 'string' ? b.returnUrl : '', webhookUrl: b.webhookUrl, status: 'open',
        meta: { description: typeof b.description === 'string' ? b.description.slice(0, 140) : '' },
      });
      return view(s);
    });
    api.get('/demo-pay/v1/payments/:id', { schema: { hide: true } }, async (req, reply) => {
      const m = await caller(app, req);
      const s = m ? await books.sessionById(app.db, (req.params as { id: string }).id) : undefined;
      if (!s || s.merchantCode !== m) return fail(reply, 404, 'not_found');
      return view(s);
    });
    api.post('/demo-pay/v1/refunds', { schema: { hide: true } }, async (req, reply) => {
      const m = await caller(app, req);
      const b = req.body as { paymentId?: string; amount?: number };
      const s = m && typeof b?.paymentId === 'string' ? await books.sessionById(app.db, b.paymentId) : undefined;
      if (!s || s.merchantCode !== m || !Number.isSafeInteger(b.amount) || Number(b.amount) <= 0) return fail(reply, 400, 'invalid_request');
      const r = await books.addRefund(app.db, s, BigInt(b.amount!));
      return { id: r.id, status: 'succeeded', amount: Number(r.amount) };
    });
    api.post('/demo-pay/v1/payouts', { schema: { hide: true } }, async (req, reply) => {
      const m = await caller(app, req);
      if (!m) return fail(reply, 401, 'unauthorized');
      const b = req.body as Record<string, unknown>;
      const account = b?.account as Record<string, string> | undefined;
      if (typeof b?.reference !== 'string' || !Number.isSafeInteger(b.amount) || Number(b.amount) <= 0 || typeof b.currency !== 'string'
        || typeof b.webhookUrl !== 'string' || typeof account?.accountNo !== 'string') return fail(reply, 400, 'invalid_request');
      const s = await books.createSession(app.db, {
        merchantCode: m, kind: 'payout', reference: b.reference, amount: BigInt(b.amount as number), currency: b.currency,
        webhookUrl: b.webhookUrl, status: 'processing', meta: { account },
      });
      if (s.status === 'processing') await books.schedulePayout(app.db, s);
      return { id: s.id, reference: s.reference, status: 'processing' };
    });
    api.get('/demo-pay/v1/settlements', { schema: { hide: true } }, async (req, reply) => {
      const m = await caller(app, req);
      const day = String((req.query as { day?: string }).day ?? '');
      if (!m) return fail(reply, 401, 'unauthorized');
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return fail(reply, 400, 'invalid_request');
      return { day, items: await books.settlements(app.db, m, day) };
    });

    // the hosted checkout
    const page = (req: FastifyRequest, reply: FastifyReply, html: (nonce: string) => string) => {
      const nonce = newNonce();
      pageHeaders(req, reply, { framing: 'none', nonce });
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html(nonce));
    };
    const finish = async (reply: FastifyReply, id: string, method: string, outcome: books.Outcome) => {
      const s = await books.settle(app.db, id, method, outcome);
      setImmediate(() => { void dp.deliverDue().catch((err: unknown) => app.log.warn({ err }, 'demo-pay delivery failed')); });
      return reply.redirect(s?.returnUrl || `/demo-pay/checkout/${id}`, 303);
    };
    api.get('/demo-pay/checkout/:id', { schema: { hide: true } }, async (req, reply) => {
      const s = await books.sessionById(app.db, (req.params as { id: string }).id);
      if (!s || s.kind !== 'payment') return reply.code(404).type('text/plain').send('Not found');
      return page(req, reply, (n) => checkoutPage(s, n));
    });
    api.post('/demo-pay/checkout/:id', { schema: { hide: true } }, async (req, reply) => {
      const id = (req.params as { id: string }).id;
      const b = (req.body ?? {}) as Record<string, string>;
      const s = await books.sessionById(app.db, id);
      const outcome = books.OUTCOMES.find((o) => o === b.outcome);
      const method = books.METHODS.find((x) => x === b.method);
      if (!s || s.kind !== 'payment' || !outcome || !method) return reply.code(400).type('text/plain').send('Bad request');
      if (s.outcome) return reply.redirect(s.returnUrl || `/demo-pay/checkout/${id}`, 303);
      if (method === 'card') return page(req, reply, (n) => challengePage(s, n, outcome, false));
      return finish(reply, id, method, outcome);
    });
    api.post('/demo-pay/checkout/:id/challenge', { schema: { hide: true } }, async (req, reply) => {
      const id = (req.params as { id: string }).id;
      const b = (req.body ?? {}) as Record<string, string>;
      const s = await books.sessionById(app.db, id);
      const outcome = books.OUTCOMES.find((o) => o === b.outcome);
      if (!s || s.kind !== 'payment' || !outcome) return reply.code(400).type('text/plain').send('Bad request');
      if (b.code !== books.CHALLENGE_CODE) return page(req, reply, (n) => challengePage(s, n, outcome, true));
      return finish(reply, id, 'card', outcome);
    });
  });

  // the delivery loop (retries with backoff live in the rows; a crash loses nothing)
  if (app.config.JOBS_ENABLED) {
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      dp.deliverDue().catch((err: unknown) => app.log.warn({ err }, 'demo-pay delivery failed')).finally(() => { busy = false; });
    }, 300);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
});
