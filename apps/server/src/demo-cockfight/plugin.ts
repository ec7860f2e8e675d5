import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { demoCockfight as contract } from '@lobby/contract';
import { route } from '../lib/route.ts';
import { registerCategoryLauncher } from '../demo-vendor/launcher.ts';
import { sweep } from './books.ts';
import { timingFrom, type Timing } from './derby.ts';
import { launch, placeBet, stateOf } from './service.ts';

/**
 * The demo cockfight derby (COCKFIGHT): timed fights, Meron / Wala / Draw, settlement through
 * the seamless wallet with launch tokens. Opens the COCKFIGHT games of the demo catalog
 * (registerCategoryLauncher) and serves /demo-vendor/api/cockfight/*. Fight timings:
 * DEMO_COCKFIGHT_BETTING_SECONDS and DEMO_COCKFIGHT_FIGHT_SECONDS (default 40 and 20).
 */
export interface DemoCockfight {
  timing: Timing;
  /** Settles ended fights and resends unanswered wallet calls (job demo-cockfight.sweep). */
  sweep(now?: Date): Promise<number>;
  /**
   * The scheduled job's step: starts the sweep after the runner's transaction (its wallet calls
   * need connections of their own), never two at once in this process. Answers 0.
   */
  sweepJob(now: Date): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    demoCockfight: DemoCockfight;
  }
}

export const demoCockfightPlugin = fp(async (app: FastifyInstance) => {
  const timing = timingFrom(process.env);
  let running: Promise<unknown> | null = null;
  app.decorate('demoCockfight', {
    timing,
    sweep: (now?: Date) => sweep(app, now),
    sweepJob: async (now: Date) => {
      running ??= new Promise((resolve) => setImmediate(resolve))
        .then(() => sweep(app, now))
        .catch((err: unknown) => app.log.error({ err }, 'demo cockfight sweep failed'))
        .finally(() => { running = null; });
      return 0;
    },
  });
  app.addHook('onClose', async () => {
    await running;
  });
  registerCategoryLauncher(app, 'COCKFIGHT', (req) => launch(app, req));
  route(app, contract.state, async ({ query }) => stateOf(app, query.token, timing));
  route(app, contract.bet, async ({ body, req }) => placeBet(app, body.token, body, timing, req.lang));
}, { name: 'demo-cockfight', dependencies: ['demo-vendor'] });
