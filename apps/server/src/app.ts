import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database, Db } from './db/index.ts';
import { busPlugin } from './plugins/bus.ts';
import { notifyPlugin } from './lib/notify/index.ts';
import { cryptoPlugin } from './plugins/crypto.ts';
import { AppError, errorsPlugin, sendError } from './plugins/errors.ts';
import { merchantPlugin } from './plugins/merchant.ts';
import { headersPlugin } from './plugins/headers.ts';
import { inputPlugin } from './plugins/input.ts';
import { webPlugin } from './plugins/web.ts';
import { memberRoutes } from './modules/member/index.ts';
import { sessionRoutes } from './modules/session/index.ts';
import { systemRoutes } from './modules/system/index.ts';
import { cashierRoutes } from './modules/cashier/index.ts';
import { registerJobs } from './jobs/index.ts';
import { walletRoutes } from './modules/wallet/index.ts';
import { gamesRoutes } from './modules/games/index.ts';
import { realtimePlugin } from './plugins/realtime.ts';
import { vendorRoutes } from './modules/seamless-wallet/index.ts';
import { agentRoutes } from './modules/agent/index.ts';
import { contractsRoutes } from './modules/agent-contracts/index.ts';
import { lotteryRoutes } from './modules/lottery/index.ts';
import { announcementsRoutes } from './modules/announcements/index.ts';
import { helpRoutes } from './modules/help/index.ts';
import { inboxRoutes } from './modules/inbox/index.ts';
import { promotionsRoutes } from './modules/promotions/index.ts';
import { feedbackRoutes } from './modules/feedback/index.ts';
import { missionsRoutes } from './modules/missions/index.ts';
import { vipRoutes } from './modules/vip/index.ts';
import { pointsRoutes } from './modules/points/index.ts';
import { referralRoutes } from './modules/referral/index.ts';
import { redEnvelopeRoutes } from './modules/red-envelope/index.ts';
import { demoVendorPlugin } from './demo-vendor/plugin.ts';
import { demoSportsbookPlugin } from './demo-sportsbook/plugin.ts';
import { demoCockfightPlugin } from './demo-cockfight/plugin.ts';
import { aggregatorsPlugin } from './modules/aggregators/index.ts';
import { demoPaymentsPlugin } from './demo-payments/plugin.ts';
import { demoPaymentsOn, paymentsRoutes } from './modules/payments/index.ts';
import { isInternalRequest } from './lib/internal.ts';
import { operatorAccess } from './kernel/operator-access/index.ts';
import { operatorRoutes } from './modules/operator/index.ts';
import { responsibleRoutes } from './modules/responsible/index.ts';
import { kycRoutes } from './modules/kyc/index.ts';
import { healthPlugin } from './plugins/health.ts';
import { metricsPlugin } from './plugins/metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  logger?: boolean;
}

/** Trust the first `n` proxies in front of the server. */
const hops = (n: number) => (_addr: string, i: number) => i < n;

/** Builds the whole server; `main` listens with it and every test injects into it. */
export async function buildApp({ config, database, logger }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: (logger ?? config.NODE_ENV !== 'test') ? { level: config.LOG_LEVEL } : false,
    trustProxy: typeof config.TRUST_PROXY === 'number' ? hops(config.TRUST_PROXY) : config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // a path parameter over the router's length (100) answers the envelope, not Fastify's own 414 body
    frameworkErrors: (_err, req, reply) => sendError(req, reply, 'request_param_err'),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);

  await app.register(errorsPlugin);
  await app.register(headersPlugin);
  await app.register(inputPlugin);
  await app.register(busPlugin, { config });
  await app.register(rateLimit, {
    global: false,
    ...(app.redis ? { redis: app.redis, nameSpace: `${config.REDIS_PREFIX}rl:` } : {}),
    errorResponseBuilder: () => new AppError('request.too.many'),
    allowList: (req) => isInternalRequest(req),
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(swagger, {
    openapi: { info: { title: 'Lobby API', version: '1' } },
    transform: jsonSchemaTransform,
  });
  await app.register(merchantPlugin, { db: database.db, defaultMerchant: config.DEFAULT_MERCHANT });
  await app.register(cryptoPlugin);
  await app.register(notifyPlugin);
  await app.register(operatorAccess);

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(healthPlugin);
  await app.register(metricsPlugin);

  await app.register(systemRoutes);
  await app.register(sessionRoutes);
  await app.register(memberRoutes);
  await app.register(cashierRoutes);
  await app.register(realtimePlugin);
  await app.register(walletRoutes);
  await app.register(gamesRoutes);
  await app.register(vendorRoutes);
  await app.register(agentRoutes);
  await app.register(contractsRoutes);
  await app.register(lotteryRoutes);
  await app.register(announcementsRoutes);
  await app.register(helpRoutes);
  await app.register(inboxRoutes);
  await app.register(promotionsRoutes);
  await app.register(feedbackRoutes);
  await app.register(missionsRoutes);
  await app.register(vipRoutes);
  await app.register(pointsRoutes);
  await app.register(referralRoutes);
  await app.register(redEnvelopeRoutes);
  await app.register(demoVendorPlugin);
  await app.register(demoSportsbookPlugin);
  await app.register(demoCockfightPlugin);
  await app.register(aggregatorsPlugin);
  if (demoPaymentsOn(config)) await app.register(demoPaymentsPlugin);
  await app.register(paymentsRoutes);
  await app.register(operatorRoutes);
  await app.register(responsibleRoutes);
  await app.register(kycRoutes);
  await app.register(webPlugin, { webDist: config.webDist });
  registerJobs(app);
  return app;
}
