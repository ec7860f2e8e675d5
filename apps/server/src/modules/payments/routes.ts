import type { FastifyInstance, FastifyRequest } from 'fastify';
import { payments } from '@lobby/contract';
import { route } from '../../lib/route.ts';
import { AppError } from '../../plugins/errors.ts';
import { paymentsConsoleRoutes } from './console.ts';
import { demoProvider } from './demo-adapter.ts';
import { applyPayoutEvent, payoutsOf } from './payouts.ts';
import { insertChannelOnce } from './queries.ts';
import * as service from './service.ts';
import { stripeProvider } from './stripe-adapter.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** A payment webhook's body as received (signatures are over these bytes). */
    paymentRawBody?: string;
  }
}

/** The demo provider runs outside production, or with the demo brands (SEED_DEMO), unless DEMO_PAYMENTS says otherwise. */
export const demoPaymentsOn = (c: FastifyInstance['config']) => c.DEMO_PAYMENTS ?? (c.NODE_ENV !== 'production' || c.SEED_DEMO);

/** The providers this deployment has: the demo one and Stripe when its keys are set. */
export function configuredProviders(app: FastifyInstance): service.Providers {
  const c = app.config;
  const providers: service.Providers = new Map();
  if (demoPaymentsOn(c)) providers.set('demo', demoProvider(app));
  if (c.STRIPE_SECRET_KEY && c.STRIPE_WEBHOOK_SECRET) {
    providers.set('stripe', stripeProvider({ secretKey: c.STRIPE_SECRET_KEY, webhookSecret: c.STRIPE_WEBHOOK_SECRET, apiBase: c.STRIPE_API_BASE }));
  }
  return providers;
}

const originOf = (req: FastifyRequest) => `${req.protocol}://${req.headers.host ?? 'localhost'}`;

/** Deposits through providers (member), the providers' webhooks, payouts, and the console's payment pages. */
export async function paymentsRoutes(app: FastifyInstance) {
  const providers = configuredProviders(app);
  const payoutSweep = payoutsOf(app, providers);
  // the demo brands' card and e-wallet channels go through the demo provider on a fresh machine (an operator may change it)
  if (providers.has('demo') && app.config.SEED_DEMO && app.config.NODE_ENV !== 'test') {
    for (const [code, method, channel] of [['demo', 'MPAGO', 'MPAGO'], ['luna', 'CARD', 'VISA']] as const) {
      const brand = app.brands.byMerchantCode(code);
      if (brand?.config.wallet.deposit.methods.some((m) => m.code === method && m.channels.some((c) => c.code === channel))) {
        await insertChannelOnce(app.db, { merchantId: brand.id, method, channel, provider: 'demo', enabled: true });
      }
    }
  }

  route(app, payments.instantChannels, async ({ brand }) => service.instantChannels(app, providers, brand));
  route(app, payments.openCheckout, async ({ brand, principal, body, req }) => service.openCheckout(app, providers, brand, principal, body.orderNo, originOf(req)));
  route(app, payments.depositResult, async ({ brand, principal, query }) => service.result(app, brand, principal, query.orderNo));

  // webhooks: POST /wps/payments/webhook/<provider>/<merchant code>, signature over the raw body
  await app.register(async (hooks) => {
    hooks.removeContentTypeParser('application/json');
    hooks.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 256 * 1024 }, (req: FastifyRequest, body: string | Buffer, done) => {
      req.paymentRawBody = typeof body === 'string' ? body : body.toString('utf8');
      done(null, {});
    });
    hooks.post('/wps/payments/webhook/:provider/:merchant', { schema: { hide: true } }, async (req) => {
      const { provider: code, merchant } = req.params as { provider: string; merchant: string };
      const brand = app.brands.byMerchantCode(merchant);
      const provider = providers.get(code);
      if (!brand || !provider) throw new AppError('request.not.found');
      const events = await provider.verifyWebhook(brand, req.paymentRawBody ?? '', req.headers);
      const results = [];
      for (const e of events) {
        results.push(e.kind === 'payment'
          ? await service.applyPaymentEvent(app, providers, brand, code, e)
          : await applyPayoutEvent(app, brand, code, e));
      }
      return { success: true, value: { received: true, results: results.map((r) => ({ outcome: r.outcome, detail: r.detail })) } };
    });
  });

  await paymentsConsoleRoutes(app, providers);

  if (app.config.JOBS_ENABLED) {
    const timer = setInterval(() => { void payoutSweep.sweep().catch((err: unknown) => app.log.warn({ err }, 'payout sweep failed')); }, 15_000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
}
