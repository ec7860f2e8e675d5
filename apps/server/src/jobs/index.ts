import type { FastifyInstance } from 'fastify';
import { MODULES } from '@lobby/contract';
import { autoReceiveAll, expireOrders } from '../modules/cashier/index.ts';
import { deliverPostbacks, refreshWindows, rollup } from '../modules/agent/index.ts';
import { drawJob, resultsFeedJob } from '../modules/lottery/index.ts';
import { setTiming, settle as settleContracts, settleCpa, timing } from '../modules/agent-contracts/index.ts';
import { accrueAll as accruePoints } from '../modules/points/index.ts';
import { settleRecent as settleReferrals } from '../modules/referral/index.ts';
import { expire as expireRedEnvelopes } from '../modules/red-envelope/index.ts';
import { endLongSessions } from '../modules/responsible/index.ts';
import { startJobs, type Job } from './runner.ts';

/** The server's scheduled jobs. */
export function jobsOf(app: FastifyInstance): Job[] {
  return [
    { name: 'deposit.expire', everyMs: 30_000, run: (tx, now) => expireOrders(tx, now) },
    { name: 'withdraw.auto-receipt', everyMs: 60_000, run: (tx, now) => autoReceiveAll(tx, app.brands.all(), now) },
    { name: 'agent.rollup', everyMs: 15_000, run: (tx, now) => rollup(tx, now) },
    // range rollups of the last 7 and 31 days (issue 25): rebuilt when the rollup changed a day in them
    { name: 'agent.windows', everyMs: 60_000, run: (tx, now) => refreshWindows(tx, app.brands.all(), now) },
    // affiliate postbacks due (issue 25): sent server-to-server, retried with back-off
    { name: 'affiliate.postbacks', everyMs: 10_000, run: (tx, now) => deliverPostbacks(tx, now) },
    { name: 'lottery.draws', everyMs: 2_000, run: drawJob(app) },
    // VN official results from each brand's results feed while an issue waits for its result (issue 21)
    { name: 'lottery.results-feed', everyMs: 15_000, run: resultsFeedJob(app) },
    { name: 'demo-vendor.sweep', everyMs: 60_000, run: (tx, now) => app.demoVendor.sweepJob(tx, now) },
    // demo sportsbook: finished matches settled through the wallet, stale pending bets rolled back, fixtures created ahead
    { name: 'demo-sportsbook.sweep', everyMs: 10_000, run: (_tx, now) => app.demoSportsbook.job(now) },
    // demo cockfight (issue 24): ended fights settled and unanswered wallet calls resent, when no page polls
    { name: 'demo-cockfight.sweep', everyMs: 30_000, run: async (_tx, now) => app.demoCockfight.sweepJob(now) },
    // agent contracts: each run settles the last completed period (real-time salary every 5 minutes,
    // hourly salary each hour, daily wages each brand day, dividends per period); rerunning is harmless
    { name: 'contracts.realtime', everyMs: Math.min(60_000, timing.realtimeMs / 4), run: (tx, now) => settleContracts(tx, app.brands.all(), 'realtime', now) },
    { name: 'contracts.hourly', everyMs: 300_000, run: (tx, now) => settleContracts(tx, app.brands.all(), 'hourly', now) },
    { name: 'contracts.daily', everyMs: 600_000, run: (tx, now) => settleContracts(tx, app.brands.all(), 'daily', now) },
    { name: 'contracts.dividend', everyMs: 600_000, run: (tx, now) => settleContracts(tx, app.brands.all(), 'dividend', now) },
    // CPA (issue 25): each qualified team member paid once per CPA / hybrid contract
    { name: 'contracts.cpa', everyMs: Math.min(60_000, timing.realtimeMs / 4), run: (tx, now) => settleCpa(tx, app.brands.all(), now) },
    // points mall: points from newly settled valid bets, each bet once (point_bet_accruals)
    { name: 'points.accrue', everyMs: 30_000, run: (tx) => accruePoints(tx, app.brands.all().filter((b) => b.modules.has(MODULES.points))) },
    // referral income for deposits confirmed in the last day (each reward once); red envelopes past expiry refunded
    { name: 'referral.settle', everyMs: 15_000, run: (tx, now) => settleReferrals(app, tx, now) },
    { name: 'redEnvelope.expire', everyMs: 30_000, run: (tx, now) => expireRedEnvelopes(tx, now) },
    // responsible gaming: a session past its member's session limit ends (and its pages close)
    { name: 'responsible.sessions', everyMs: 60_000, run: (tx, now) => endLongSessions(app, tx, now) },
  ];
}

/** Starts the jobs (config JOBS_ENABLED) and stops them when the app closes. */
export function registerJobs(app: FastifyInstance): void {
  const c = app.config;
  if (c.CONTRACTS_REALTIME_SECONDS) setTiming({ realtimeMs: c.CONTRACTS_REALTIME_SECONDS * 1000 });
  if (c.CONTRACTS_SETTLE_LAG_SECONDS) setTiming({ lagMs: c.CONTRACTS_SETTLE_LAG_SECONDS * 1000 });
  if (c.CONTRACTS_REALTIME_SECONDS || c.CONTRACTS_SETTLE_LAG_SECONDS) app.log.warn({ timing }, 'agent contract settlement accelerated (test setting)');
  if (!app.config.JOBS_ENABLED) return;
  const stop = startJobs(app.db, jobsOf(app), app.log);
  app.addHook('onClose', async () => stop());
}
