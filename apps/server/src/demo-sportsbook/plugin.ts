import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { demoSportsbook as contract } from '@lobby/contract';
import { route } from '../lib/route.ts';
import { AppError } from '../plugins/errors.ts';
import { formatAmount, parseAmount } from '../kernel/ledger/index.ts';
import { registerCategoryLauncher } from '../demo-vendor/launcher.ts';
import { betViews, matchView, myBets } from './views.ts';
import { betRow, cashOut, MAX_LEGS, MAX_PAYOUT, MIN_STAKE, PARLAY_MAX_STAKE, placeBet, settleDue, sweepBets } from './bets.ts';
import { boardRows, ensureFixtures, matchMs, matchOf } from './fixtures.ts';
import { LEAGUES } from './leagues.ts';
import { MARGIN } from './markets.ts';
import { balanceOf, launch, loadSession, purgeSessions } from './session.ts';

/** The demo sportsbook (SPORTS and ESPORTS): fixtures, markets, bet slip, settlement through the seamless wallet with launch tokens. */
export interface DemoSportsbook {
  /** Settles finished matches, rolls back stale pending bets, pays owed settlements; answers how many things it finished. */
  sweep(now?: Date): Promise<number>;
  /** The scheduled job's step: starts a sweep after the runner's transaction (its wallet calls need connections of their own). */
  job(now: Date): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    demoSportsbook: DemoSportsbook;
  }
}

const amount = (s: string) => {
  try {
    return parseAmount(s);
  } catch {
    throw new AppError('request_param_err');
  }
};

export const demoSportsbookPlugin = fp(async (app: FastifyInstance) => {
  registerCategoryLauncher(app, 'SPORTS', (req) => launch(app, 'sports', req));
  registerCategoryLauncher(app, 'ESPORTS', (req) => launch(app, 'esports', req));

  let lastLazy = 0;
  /** Lazy settlement when a page polls (at most once a second per instance). */
  const lazySettle = async (now: Date) => {
    if (now.getTime() - lastLazy < 1000) return;
    lastLazy = now.getTime();
    await settleDue(app, now);
  };

  const sweep = async (now = new Date()) => {
    await ensureFixtures(app, 'sports', now);
    await ensureFixtures(app, 'esports', now);
    return (await settleDue(app, now, 200)) + (await sweepBets(app, now)) + (await purgeSessions(app, now));
  };
  const running = new Set<Promise<unknown>>();
  app.decorate('demoSportsbook', {
    sweep,
    job: async (now: Date) => {
      if (running.size === 0) {
        const p = new Promise((resolve) => setImmediate(resolve)).then(() => sweep(now))
          .catch((err: unknown) => app.log.error({ err }, 'demo sportsbook sweep failed'))
          .finally(() => running.delete(p));
        running.add(p);
      }
      return 0;
    },
  });
  app.addHook('onClose', async () => {
    await Promise.allSettled([...running]);
  });

  route(app, contract.session, async ({ query }) => {
    const s = await loadSession(app, query.token);
    const game = (await app.catalogs.get(s.brand)).game(s.nodeId);
    const en = s.language.toUpperCase() === 'EN';
    return {
      kind: s.kind, nodeId: s.nodeId, gameName: game ? (en ? game.name.EN : game.name.ES) : s.vendor, vendor: s.vendor,
      trial: s.trial, currency: s.currency, balance: formatAmount(await balanceOf(app, s)), language: s.language, backUrl: s.backUrl,
      margin: MARGIN, minStake: formatAmount(MIN_STAKE), parlayMaxStake: formatAmount(PARLAY_MAX_STAKE), maxPayout: formatAmount(MAX_PAYOUT),
      maxLegs: MAX_LEGS, matchSeconds: matchMs() / 1000,
      leagues: LEAGUES.filter((l) => l.kind === s.kind).map((l) => ({ code: l.code, sport: l.sport, name: en ? l.name.EN : l.name.ES })),
    };
  });

  route(app, contract.board, async ({ query, req }) => {
    const s = await loadSession(app, query.token);
    const now = new Date();
    await lazySettle(now);
    const rows = await boardRows(app, s.kind, now);
    return { serverTime: now.toISOString(), matches: rows.map((r) => matchView(matchOf(r, now), now, req.lang)) };
  });

  route(app, contract.bets, async ({ query, req }) => {
    const s = await loadSession(app, query.token);
    await lazySettle(new Date());
    const [balance, lists] = await Promise.all([balanceOf(app, s), myBets(app, s, req.lang)]);
    return { balance: formatAmount(balance), ...lists };
  });

  route(app, contract.placeBet, async ({ body, req }) => {
    const s = await loadSession(app, body.token);
    const b = await placeBet(app, s, { legs: body.legs, stake: amount(body.stake), type: body.type, acceptOddsChange: body.acceptOddsChange }, req.lang);
    const [view] = await betViews(app, [b], req.lang);
    return { bet: view, balance: formatAmount(await balanceOf(app, s)) };
  });

  route(app, contract.cashOut, async ({ body, req }) => {
    const s = await loadSession(app, body.token);
    const b = await cashOut(app, s, BigInt(body.betId), amount(body.amount), body.acceptChange, req.lang);
    const [view] = await betViews(app, [(await betRow(app, b.id))!], req.lang);
    return { bet: view, balance: formatAmount(await balanceOf(app, s)) };
  });
}, { name: 'demo-sportsbook', dependencies: ['demo-vendor'] });
