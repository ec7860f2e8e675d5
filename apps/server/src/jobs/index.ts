import type { FastifyInstance } from 'fastify';
import { expireOrders } from '../modules/cashier/deposit.ts';
import { autoReceiveAll } from '../modules/cashier/withdraw.ts';
import { rollup } from '../modules/agent/rollup.ts';
import { startJobs, type Job } from './runner.ts';

/** The server's scheduled jobs. */
export function jobsOf(app: FastifyInstance): Job[] {
  return [
    { name: 'deposit.expire', everyMs: 30_000, run: (tx, now) => expireOrders(tx, now) },
    { name: 'withdraw.auto-receipt', everyMs: 60_000, run: (tx, now) => autoReceiveAll(tx, app.brands.all(), now) },
    { name: 'agent.rollup', everyMs: 15_000, run: (tx, now) => rollup(tx, now) },
    { name: 'demo-vendor.sweep', everyMs: 60_000, run: (tx, now) => app.demoVendor.sweepJob(tx, now) },
  ];
}

/** Starts the jobs (config JOBS_ENABLED) and stops them when the app closes. */
export function registerJobs(app: FastifyInstance): void {
  if (!app.config.JOBS_ENABLED) return;
  const stop = startJobs(app.db, jobsOf(app), app.log);
  app.addHook('onClose', async () => stop());
}
