import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { aggregatorsConsoleRoutes } from './console.ts';
import { wrapLauncher } from './launcher.ts';
import { connectStandin } from './standin.ts';

/**
 * Game aggregators: the console routes, aggregator vendors' launches (wrapping the launcher the
 * demo vendor plugin decorates, so this registers after it) and, in development with
 * AGGREGATOR_STANDIN_URL, the stand-in connected to the demo brand in the background at start.
 */
export const aggregatorsPlugin = fp(async (app: FastifyInstance) => {
  aggregatorsConsoleRoutes(app);
  wrapLauncher(app);
  const standin = app.config.AGGREGATOR_STANDIN_URL;
  if (standin) {
    // in the background once ready (a slow stand-in must not hold the start); awaited at close
    let pending: Promise<void> | null = null;
    app.addHook('onReady', async () => {
      pending = connectStandin(app, standin, app.config.AGGREGATOR_STANDIN_WALLET_ORIGIN ?? `http://127.0.0.1:${app.config.PORT}`)
        .catch((err: unknown) => app.log.warn({ err, standin }, 'aggregator stand-in not connected'));
    });
    app.addHook('onClose', async () => {
      await pending;
    });
  }
}, { name: 'aggregators', dependencies: ['demo-vendor'] });
