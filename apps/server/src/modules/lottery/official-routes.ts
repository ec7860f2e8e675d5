/**
 * Console calls of the VN official results (lottery.manage, each audited with the issue before
 * and after): enter a result (the first entry, or a second operator's confirming one), discard
 * the entries of a blocked issue, and read the brand's results feed now. Also the
 * `lottery.results-feed` job, which reads each brand's feed while an issue waits for its result.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { operatorLottery as contract } from '@lobby/contract';
import type { Job } from '../../jobs/runner.ts';
import { route } from '../../lib/route.ts';
import { AppError } from '../../plugins/errors.ts';
import { balanceChanged } from '../../kernel/live/index.ts';
import { operatorOf, record } from '../../kernel/operator-access/index.ts';
import { gameByCode, lotteryConfigOf } from './draws.ts';
import { discardEntries, enterResult, importFeed, settleNow } from './official.ts';
import { rowOf } from './console.ts';

export async function officialRoutes(app: FastifyInstance) {
  const db = app.db;
  const actorOf = (req: FastifyRequest) => {
    const a = operatorOf(req);
    // four eyes need two named operators: the service key has no identity of its own
    if (a.operatorId === null) throw new AppError('operator.not.session');
    return a;
  };

  route(app, contract.enterResult, async (ctx) => {
    const actor = actorOf(ctx.req);
    const { brand, body } = ctx;
    const game = await gameByCode(db, brand, body.gameCode);
    const before = await rowOf(db, game, body.numero);
    const now = new Date();
    const r = await enterResult(db, game, body.numero, body.prizes, { source: 'console', by: actor.name, operatorId: actor.operatorId }, now);
    const settled = r.outcome === 'published'
      ? await settleNow(db, brand, game, r.draw, now, (ids) => ids.forEach((id) => balanceChanged(app, brand, id)))
      : 0;
    const after = await rowOf(db, game, body.numero);
    await record(db, actor, brand, ctx.req.ip, {
      action: 'lottery.result.enter', target: `${game.code}:${body.numero}`, before, after: { ...after, outcome: r.outcome, entered: body.prizes, settled },
    });
    return { outcome: r.outcome, draw: after, settled };
  });

  route(app, contract.discardResult, async (ctx) => {
    const actor = actorOf(ctx.req);
    const { brand, body } = ctx;
    const game = await gameByCode(db, brand, body.gameCode);
    const before = await rowOf(db, game, body.numero);
    const r = await discardEntries(db, game, body.numero, actor.name);
    const after = await rowOf(db, game, body.numero);
    await record(db, actor, brand, ctx.req.ip, {
      action: 'lottery.result.discard', target: `${game.code}:${body.numero}`, before, after: { ...after, discarded: r.discarded, reason: body.reason },
    });
    return { draw: after, discarded: r.discarded };
  });

  route(app, contract.importResults, async (ctx) => {
    const actor = operatorOf(ctx.req);
    const { brand } = ctx;
    const now = new Date();
    const r = await importFeed(db, brand, now, undefined, (msg, detail) => ctx.req.log.warn(detail, msg));
    let settled = 0;
    for (const p of r.published) settled += await settleNow(db, brand, p.game, p.draw, now, (ids) => ids.forEach((id) => balanceChanged(app, brand, id)));
    await record(db, actor, brand, ctx.req.ip, {
      action: 'lottery.result.import', target: lotteryConfigOf(brand).resultsFeedUrl ?? '',
      after: { imported: r.imported, refused: r.refused, settled, issues: r.published.map((p) => `${p.game.code}:${p.draw.numero}`) },
    });
    return { imported: r.imported, refused: r.refused };
  });
}

/**
 * The `lottery.results-feed` job: every brand with a results feed and VN issues past their draw
 * time without a result reads its feed (nothing is fetched otherwise); results are published here
 * and settled by the draw job's next pass. A feed that fails is logged and read again next time.
 */
export function resultsFeedJob(app: FastifyInstance): Job['run'] {
  return async (tx, now) => {
    let n = 0;
    for (const brand of app.brands.all()) {
      if (!lotteryConfigOf(brand).resultsFeedUrl) continue;
      try {
        n += (await importFeed(tx, brand, now, undefined, (msg, detail) => app.log.warn({ brand: brand.code, ...detail }, msg))).imported;
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        app.log.warn({ brand: brand.code, code: err.code, params: err.params }, 'lottery results feed not read');
      }
    }
    return n;
  };
}
