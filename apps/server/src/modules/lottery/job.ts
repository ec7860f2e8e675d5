import type { FastifyInstance } from 'fastify';
import type { Job } from '../../jobs/runner.ts';
import { balanceChanged } from '../../kernel/live/index.ts';
import { runBrand } from './draws.ts';

/**
 * The `lottery.draws` job: every brand's issues made ahead, closed, drawn and settled (see
 * runBrand). On PostgreSQL the settlement runs on the pool in parts (the job's transaction only
 * draws); PGlite has one connection, so there it all happens in the job's transaction. Winners
 * get a live balance push.
 */
export function drawJob(app: FastifyInstance): Job['run'] {
  const settleDb = app.database.kind === 'pglite' ? undefined : app.db;
  return async (tx, now) => {
    let n = 0;
    for (const brand of app.brands.all()) {
      n += await runBrand(tx, brand, now, settleDb, (ids) => ids.forEach((id) => balanceChanged(app, brand, id)));
    }
    return n;
  };
}
