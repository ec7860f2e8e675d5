import type { FastifyInstance } from 'fastify';
import { demoVendor as contract } from '@lobby/contract';
import { route } from '../lib/route.ts';
import { AppError } from '../plugins/errors.ts';
import { loadSession } from './rounds.ts';
import { historyOf, newSeed, play, sessionValue } from './service.ts';
import { tableView } from './table.ts';
import { cashOutNow, crashView } from './crash-round.ts';

/** The demo vendor's own API, called by its game pages with the launch token. */
export function demoVendorRoutes(app: FastifyInstance) {
  route(app, contract.session, async ({ query }) => sessionValue(app, query.token));
  route(app, contract.play, async ({ body, req }) => play(app, body.token, body.input, req.lang));
  route(app, contract.seed, async ({ body }) => newSeed(app, body.token, body.clientSeed, body.nextServerSeedHash));
  route(app, contract.history, async ({ query }) => historyOf(app, query.token));
  route(app, contract.table, async ({ query }) => {
    const s = await loadSession(app, query.token);
    if (s.engine !== 'baccarat') throw new AppError('request_param_err');
    return tableView(app, s);
  });
  route(app, contract.crash, async ({ query }) => {
    const s = await loadSession(app, query.token);
    if (s.engine !== 'crash') throw new AppError('request_param_err');
    return crashView(app, s);
  });
  route(app, contract.cashout, async ({ body, req }) => {
    const s = await loadSession(app, body.token);
    if (s.engine !== 'crash') throw new AppError('request_param_err');
    return cashOutNow(app, s, req.lang);
  });
}
