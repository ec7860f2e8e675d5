// Webhooks applied per second (issue 22, "Figures to report"): `payments` deposits of the demo brand
// opened through the demo provider's checkout, then every one's "paid" event sent through the real
// webhook route (signature checked over the raw body) `copies` times each (duplicates), `concurrency`
// at once, on PostgreSQL. Checked after: each order credited exactly once, the ledger balances.
//   node bench/payments-webhooks.mjs [--payments 300 --copies 2 --concurrency 16 --pglite]
// A throwaway PostgreSQL database ($BENCH_PG_URL or postgres://postgres@127.0.0.1:5432/test as admin).
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { register } from 'tsx/esm/api';
import { flag, opt, withPgDatabase } from './lib/cli.mjs';
import { fmt, writeResult } from './lib/common.mjs';

register();
const PAYMENTS = opt('payments', 300);
const COPIES = opt('copies', 2);
const CONCURRENCY = opt('concurrency', 16);

const { openDatabase } = await import('../apps/server/src/db/index.ts');
const { seedDemo } = await import('../apps/server/src/db/seed/index.ts');
const { loadConfig } = await import('../apps/server/src/config.ts');
const { buildApp } = await import('../apps/server/src/app.ts');
const schema = await import('../apps/server/src/db/schema.ts');
const { audit } = await import('../apps/server/src/kernel/ledger/index.ts');
const { hashToken } = await import('../apps/server/src/plugins/session.ts');
const { signature } = await import('../apps/server/src/demo-payments/books.ts');
const { settingsOf } = await import('../apps/server/src/modules/payments/queries.ts');
const { sql } = await import('drizzle-orm');

async function run(database, label) {
  await seedDemo(database.db);
  const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' }, { webDist: '/nonexistent', RATE_LIMIT_MAX: 1_000_000 });
  const app = await buildApp({ config, database, logger: false });
  const db = database.db;
  const brand = app.brands.byMerchantCode('demo');
  await db.insert(schema.paymentChannels).values({ merchantId: brand.id, method: 'MPAGO', channel: 'MPAGO', provider: 'demo' }).onConflictDoNothing();
  const secret = (await settingsOf(db, brand.id)).demoWebhookSecret;
  const events = [];
  for (let i = 0; i < PAYMENTS; i++) {
    const username = `wh${randomBytes(4).toString('hex')}`;
    const [m] = await db.insert(schema.members).values({ merchantId: brand.id, username, usernameKey: username, type: 0, profile: {} }).returning();
    const token = randomBytes(24).toString('base64url');
    await db.insert(schema.sessions).values({ tokenHash: hashToken(token), merchantId: brand.id, memberId: m.id, expiresAt: new Date(Date.now() + 3_600_000) });
    const h = { merchant: 'demo', authorization: token };
    const o = (await app.inject({ method: 'POST', url: '/wps/deposit/orders', headers: h, payload: { method: 'MPAGO', channel: 'MPAGO', amount: '100', requestId: `bench-${i}-${username}` } })).json().value;
    const c = (await app.inject({ method: 'POST', url: '/wps/payments/checkout', headers: h, payload: { orderNo: o.orderNo } })).json().value;
    const ref = c.checkoutUrl.split('/').pop();
    const body = JSON.stringify({ id: `evt_${randomBytes(8).toString('hex')}`, type: 'payment.paid', created: Math.floor(Date.now() / 1000),
      data: { object: { id: ref, reference: o.orderNo, amount: 10_000, currency: 'MXN', status: 'paid', chargeId: `ch_${i}` } } });
    for (let k = 0; k < COPIES; k++) events.push(body);
  }
  events.sort(() => Math.random() - 0.5);
  let next = 0;
  let failed = 0;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < events.length) {
      const body = events[next++];
      const r = await app.inject({ method: 'POST', url: '/wps/payments/webhook/demo/demo', headers: { 'content-type': 'application/json', 'demo-signature': signature(secret, body) }, payload: body });
      if (r.statusCode !== 200) failed++;
    }
  }));
  const seconds = (performance.now() - t0) / 1000;
  const [{ n }] = (await db.execute(sql`select count(*)::int as n from postings where merchant_id = ${brand.id} and kind = 'deposit'`)).rows;
  const a = await audit(db, brand.id);
  const perSecond = events.length / seconds;
  console.log(`${label}: ${events.length} webhooks (${PAYMENTS} payments × ${COPIES}) in ${fmt(seconds, 2)} s = ${fmt(perSecond, 0)} webhooks/s; deposits posted ${n} (want ${PAYMENTS}); failed ${failed}; ledger entrySum ${a.entrySum}, mismatched ${a.mismatchedAccounts}`);
  await app.close();
  if (n !== PAYMENTS || failed > 0 || a.entrySum !== 0n || a.mismatchedAccounts !== 0) throw new Error('webhooks credited a deposit more or less than once');
  return { perSecond, seconds, events: events.length };
}

if (flag('pglite')) {
  const database = await openDatabase({});
  await run(database, 'PGlite');
  await database.close();
} else {
  const r = await withPgDatabase(async (url) => {
    const database = await openDatabase({ url, poolSize: 20 });
    try { return await run(database, 'PostgreSQL'); } finally { await database.close(); }
  });
  writeResult?.('payments-webhooks', { webhooksPerSecond: Math.round(r.perSecond), events: r.events, seconds: r.seconds, concurrency: CONCURRENCY });
}
