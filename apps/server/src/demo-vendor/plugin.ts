import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Tx } from '../db/index.ts';
import { demoVendorRoutes } from './routes.ts';
import { launch } from './service.ts';
import { resealSeeds } from './seeds.ts';
import { resealChains } from './crash-chain.ts';
import { staleRounds, sweep } from './sweep.ts';
import { SeamlessClient } from './wallet.ts';

/**
 * The built-in demo vendor: opens every game of the demo catalog (app.vendorLauncher), serves
 * its game API and moves real money only through the platform's seamless wallet.
 */
export interface DemoVendor {
  /** The seamless-wallet client (tests may wrap it to simulate a wallet that does not answer). */
  wallet: SeamlessClient;
  /** Finishes rounds left pending (see sweep.ts); answers how many it finished. */
  sweep(now?: Date): Promise<number>;
  /**
   * The scheduled job's step, under the runner's lock: finds the stale rounds and starts the
   * sweep of those after the lock's transaction (the sweep's wallet calls need connections of
   * their own). Answers how many it found.
   */
  sweepJob(tx: Tx, now: Date): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    demoVendor: DemoVendor;
  }
}

export const demoVendorPlugin = fp(async (app: FastifyInstance) => {
  const running = new Set<Promise<unknown>>();
  const dv: DemoVendor = {
    wallet: new SeamlessClient(app),
    sweep: (now) => sweep(app, now),
    sweepJob: async (tx, now) => {
      const stale = await staleRounds(tx, now);
      // Always swept (it also deletes long-expired sessions); never twice at once in this process.
      if (running.size === 0) {
        const p = new Promise((resolve) => setImmediate(resolve))
          .then(() => sweep(app, now, stale))
          .catch((err: unknown) => app.log.error({ err }, 'demo vendor sweep failed'))
          .finally(() => running.delete(p));
        running.add(p);
      }
      return stale.length;
    },
  };
  app.decorate('demoVendor', dv);
  app.decorate('vendorLauncher', { launch: (req) => launch(app, req) });
  demoVendorRoutes(app);
  // unrevealed seeds in plain text (before sealing) or under an old key: sealed under the current key
  app.addHook('onReady', async () => {
    const n = (await resealSeeds(app.db)) + (await resealChains(app));
    if (n > 0) app.log.info({ rows: n }, 'demo vendor: unrevealed server seeds sealed');
  });
  app.addHook('onClose', async () => {
    await Promise.allSettled([...running]);
  });
}, { name: 'demo-vendor' });
