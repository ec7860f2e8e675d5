#!/usr/bin/env node
/**
 * A local stand-in for the parts of Stripe's API the platform uses, answering as Stripe's public
 * documentation says (https://docs.stripe.com/api): form-encoded requests with bracket keys,
 * `Authorization: Bearer <secret key>`, `Idempotency-Key` replays, Stripe's error shape, list
 * objects, `expand[]`. Its own process and its own keys; no network.
 *
 *   POST /v1/checkout/sessions            Checkout Session (mode=payment, line_items with price_data)
 *   GET  /v1/checkout/sessions/:id
 *   POST /v1/refunds                      refund of a payment intent (full or partial)
 *   GET  /v1/balance_transactions         created[gte]/created[lt], limit, starting_after, expand[]=data.source
 *   GET  /pay/:id, POST /pay/:id          the hosted page: pay (card 4242…) or let it expire
 *   POST /__standin/config                {webhookUrl}: where events go (tests and dev set it)
 *   POST /__standin/dispute/:sessionId    a chargeback (charge.dispute.created) on a paid session
 *
 * Events are posted as Stripe does: JSON body, `Stripe-Signature: t=<unix>,v1=<HMAC-SHA256 hex of "t.body">`
 * with the webhook signing secret; retried 3 times on a non-2xx answer.
 *
 * Env: PORT (0 = any free port; the first line printed is `stripe-standin listening on <port>`),
 * STRIPE_SECRET_KEY (default sk_test_standin), STRIPE_WEBHOOK_SECRET (default whsec_standin), STRIPE_WEBHOOK_URL.
 */
import http from 'node:http';
import { createHmac, randomBytes } from 'node:crypto';

const SECRET_KEY = process.env.STRIPE_SECRET_KEY ?? 'sk_test_standin';
const WEBHOOK_SECRET = process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_standin';
let webhookUrl = process.env.STRIPE_WEBHOOK_URL ?? '';
const id = (prefix) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

const sessions = new Map();
const intents = new Map();
const txns = [];
const objects = new Map();
const idempotent = new Map();

/** `a[b][0][c]=v&expand[]=x` → nested objects and arrays (Stripe's form encoding). */
export function parseForm(text) {
  const out = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node = out;
    parts.forEach((p, i) => {
      const last = i === parts.length - 1;
      const next = parts[i + 1];
      const key = p === '' ? (Array.isArray(node) ? node.length : Object.keys(node).length) : p;
      if (last) {
        if (Array.isArray(node)) node.push(value); else node[key] = value;
        return;
      }
      node[key] ??= next === '' || /^\d+$/.test(next) ? [] : {};
      node = node[key];
    });
  }
  return out;
}

const error = (res, status, message, type = 'invalid_request_error', param) => send(res, status, { error: { type, message, ...(param ? { param } : {}) } });
function send(res, status, body, headers = {}) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req'), ...headers });
  res.end(JSON.stringify(body));
}

async function deliver(event) {
  if (!webhookUrl) return;
  const body = JSON.stringify(event);
  for (let attempt = 0; attempt < 4; attempt++) {
    const t = now();
    const sig = createHmac('sha256', WEBHOOK_SECRET).update(`${t}.${body}`).digest('hex');
    try {
      const r = await fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': `t=${t},v1=${sig}` }, body });
      if (r.ok) return;
    } catch { /* retried */ }
    await new Promise((r) => setTimeout(r, 200 * 2 ** attempt));
  }
}

const event = (type, object) => ({ id: id('evt'), object: 'event', api_version: '2025-01-27.acacia', created: now(), livemode: false, pending_webhooks: 1, type, data: { object } });

function balanceTxn(type, amount, currency, sourceId) {
  const bt = { id: id('txn'), object: 'balance_transaction', amount, currency, created: now(), fee: 0, net: amount, status: 'available', type, source: sourceId };
  txns.push(bt);
  return bt;
}

function paySession(s) {
  if (s.status !== 'open') return;
  const pi = { id: id('pi'), object: 'payment_intent', amount: s.amount_total, currency: s.currency, status: 'succeeded', metadata: s.payment_intent_metadata ?? {} };
  const ch = { id: id('ch'), object: 'charge', amount: s.amount_total, currency: s.currency, payment_intent: pi.id, paid: true, status: 'succeeded' };
  pi.latest_charge = ch.id;
  intents.set(pi.id, pi);
  objects.set(ch.id, ch);
  s.status = 'complete';
  s.payment_status = 'paid';
  s.payment_intent = pi.id;
  ch.balance_transaction = balanceTxn('charge', s.amount_total, s.currency, ch.id).id;
  void deliver(event('checkout.session.completed', { ...s }));
}

function createSession(b) {
  const item = b.line_items?.[0];
  const pd = item?.price_data;
  if (b.mode !== 'payment') return [400, 'mode: only payment is supported here', 'mode'];
  if (!pd?.currency || !/^\d+$/.test(String(pd.unit_amount ?? '')) || !pd.product_data?.name) return [400, 'line_items[0][price_data] needs currency, unit_amount and product_data[name]', 'line_items'];
  if (!b.success_url) return [400, 'Missing required param: success_url.', 'success_url'];
  const s = {
    id: id('cs_test'), object: 'checkout.session', mode: 'payment', status: 'open', payment_status: 'unpaid',
    amount_total: Number(pd.unit_amount) * Number(item.quantity ?? 1), currency: String(pd.currency).toLowerCase(),
    client_reference_id: b.client_reference_id ?? null, metadata: b.metadata ?? {}, payment_intent: null,
    payment_intent_metadata: b.payment_intent_data?.metadata ?? {},
    success_url: b.success_url, cancel_url: b.cancel_url ?? null, created: now(), expires_at: now() + 86_400, livemode: false, url: '',
  };
  s.url = `${base}/pay/${s.id}`;
  sessions.set(s.id, s);
  return [200, s];
}
const publicSession = (s) => { const { payment_intent_metadata: _m, ...rest } = s; return rest; };

function expandSource(bt, expand) {
  if (!expand.includes('data.source')) return bt;
  return { ...bt, source: objects.get(bt.source) ?? bt.source };
}

let base = '';
const page = (s) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Checkout (Stripe stand-in)</title></head>
<body style="font-family:system-ui;max-width:420px;margin:40px auto"><h1>Pay ${(s.amount_total / 100).toFixed(2)} ${s.currency.toUpperCase()}</h1>
<p>Stripe stand-in: no real card is charged (use 4242 4242 4242 4242).</p>
<form method="post"><input name="card" value="4242424242424242" data-testid="card"><button name="action" value="pay" data-testid="stripe-pay">Pay</button>
<button name="action" value="expire">Cancel</button></form></body></html>`;

async function body(req) {
  let text = '';
  for await (const c of req) text += c;
  return text;
}

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url, base);
  const text = await body(req);
  // the hosted page and the test controls (no API key: the member's browser and the tests)
  if (url.pathname.startsWith('/pay/')) {
    const s = sessions.get(url.pathname.slice(5));
    if (!s) { res.writeHead(404).end('not found'); return; }
    if (req.method === 'GET') { res.writeHead(200, { 'content-type': 'text/html' }).end(page(s)); return; }
    const f = new URLSearchParams(text);
    if (f.get('action') === 'expire') {
      if (s.status === 'open') { s.status = 'expired'; void deliver(event('checkout.session.expired', publicSession(s))); }
      res.writeHead(303, { location: s.cancel_url ?? s.success_url }).end(); return;
    }
    paySession(s);
    res.writeHead(303, { location: s.success_url }).end(); return;
  }
  if (url.pathname === '/__standin/config' && req.method === 'POST') {
    webhookUrl = JSON.parse(text || '{}').webhookUrl ?? webhookUrl;
    send(res, 200, { webhookUrl }); return;
  }
  if (url.pathname.startsWith('/__standin/dispute/') && req.method === 'POST') {
    const s = sessions.get(url.pathname.slice('/__standin/dispute/'.length));
    const pi = s?.payment_intent && intents.get(s.payment_intent);
    if (!pi) { error(res, 404, 'no paid session'); return; }
    const d = { id: id('dp'), object: 'dispute', amount: pi.amount, currency: pi.currency, charge: pi.latest_charge, payment_intent: pi.id, reason: 'fraudulent', status: 'needs_response', created: now() };
    objects.set(d.id, d);
    balanceTxn('adjustment', -pi.amount, pi.currency, d.id);
    void deliver(event('charge.dispute.created', d));
    send(res, 200, d); return;
  }
  if (url.pathname === '/__standin/pay' && req.method === 'POST') {
    const s = sessions.get(JSON.parse(text || '{}').id ?? '');
    if (!s) { error(res, 404, 'no such session'); return; }
    paySession(s);
    send(res, 200, publicSession(s)); return;
  }

  // the API
  if (req.headers.authorization !== `Bearer ${SECRET_KEY}`) { error(res, 401, 'Invalid API Key provided.'); return; }
  const key = req.method === 'POST' ? req.headers['idempotency-key'] : undefined;
  if (key && idempotent.has(`${url.pathname}:${key}`)) {
    const [status, out] = idempotent.get(`${url.pathname}:${key}`);
    send(res, status, out, { 'idempotent-replayed': 'true' }); return;
  }
  const answer = (status, out) => {
    if (key) idempotent.set(`${url.pathname}:${key}`, [status, out]);
    send(res, status, out);
  };
  const b = parseForm(req.method === 'GET' ? url.search.slice(1) : text);
  if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
    const [status, out, param] = createSession(b);
    if (status !== 200) { error(res, status, out, 'invalid_request_error', param); return; }
    answer(200, publicSession(out)); return;
  }
  const m = url.pathname.match(/^\/v1\/checkout\/sessions\/([\w]+)$/);
  if (req.method === 'GET' && m) {
    const s = sessions.get(m[1]);
    if (!s) { error(res, 404, `No such checkout.session: '${m[1]}'`, 'invalid_request_error', 'id'); return; }
    send(res, 200, publicSession(s)); return;
  }
  if (req.method === 'POST' && url.pathname === '/v1/refunds') {
    const pi = intents.get(b.payment_intent ?? '');
    if (!pi) { error(res, 400, `No such payment_intent: '${b.payment_intent}'`, 'invalid_request_error', 'payment_intent'); return; }
    const amount = b.amount ? Number(b.amount) : pi.amount;
    const refunded = pi.amount_refunded ?? 0;
    if (amount + refunded > pi.amount) { error(res, 400, `Refund amount (${amount}) is greater than unrefunded amount on charge (${pi.amount - refunded})`, 'invalid_request_error', 'amount'); return; }
    pi.amount_refunded = refunded + amount;
    const r = { id: id('re'), object: 'refund', amount, currency: pi.currency, payment_intent: pi.id, charge: pi.latest_charge, status: 'succeeded', metadata: b.metadata ?? {}, created: now() };
    objects.set(r.id, r);
    r.balance_transaction = balanceTxn('refund', -amount, pi.currency, r.id).id;
    answer(200, r); return;
  }
  if (req.method === 'GET' && url.pathname === '/v1/balance_transactions') {
    const gte = Number(b.created?.gte ?? 0);
    const lt = Number(b.created?.lt ?? Number.MAX_SAFE_INTEGER);
    const limit = Math.min(Number(b.limit ?? 10), 100);
    // newest first, as Stripe lists
    let list = txns.filter((t) => t.created >= gte && t.created < lt).slice().reverse();
    if (b.starting_after) list = list.slice(list.findIndex((t) => t.id === b.starting_after) + 1);
    const expand = [].concat(b.expand ?? []);
    send(res, 200, { object: 'list', url: '/v1/balance_transactions', has_more: list.length > limit, data: list.slice(0, limit).map((t) => expandSource(t, expand)) }); return;
  }
  error(res, 404, `Unrecognized request URL (${req.method}: ${url.pathname}).`);
});

server.listen(Number(process.env.PORT ?? 12111), process.env.HOST ?? '127.0.0.1', () => {
  const { port } = server.address();
  base = process.env.STANDIN_PUBLIC_URL ?? `http://127.0.0.1:${port}`;
  console.log(`stripe-standin listening on ${port}`);
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
