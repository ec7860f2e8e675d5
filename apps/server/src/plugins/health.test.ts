import { describe, expect, it } from 'vitest';
import { like } from 'drizzle-orm';
import { authCounters } from '../db/schema.ts';
import { jobEvents, runScheduled, startJobs, type Job, type JobRunEvent } from '../jobs/runner.ts';
import { useTestApp } from '../test/harness.ts';
import { metricValue } from '../test/cluster/instances.ts';
import { addMember, api, fund, rid, tokenFor } from '../test/kits/wallet.ts';

const TOKEN = 'metrics-token-for-this-test';
const t = useTestApp({ METRICS_TOKEN: TOKEN });
const metrics = async () => {
  const res = await t.call({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain');
  return res.body;
};

describe('health and readiness', () => {
  it('/healthz answers; /readyz checks the database and migrations, and turns 503 while draining', async () => {
    expect((await t.call({ method: 'GET', url: '/healthz' })).json()).toEqual({ success: true, value: 'ok' });
    expect((await t.call({ method: 'GET', url: '/readyz' })).json()).toEqual({ success: true, value: 'ready' });
    t.app.startDraining();
    const res = await t.call({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ success: false, errorCode: 'system.maintenance', value: { draining: true, database: true } });
    expect(res.json().value.migrations.applied).toBe(res.json().value.migrations.expected);
    // liveness does not depend on draining
    expect((await t.call({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('metrics', () => {
  it('needs the token', async () => {
    expect((await t.call({ method: 'GET', url: '/metrics' })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong-token-of-same-len' } })).statusCode).toBe(403);
  });

  it('counts request durations by route pattern and the postings this instance applied', async () => {
    const m = await addMember(t, 'demo');
    await fund(t, m.username, 10_000n);
    const token = await tokenFor(t, m.username);
    const before = metricValue(await metrics(), 'lobby_ledger_postings_total');
    const body = { from: 'main', to: 'game:RNG-AURORA', amount: '5', requestId: rid() };
    expect((await api(t, token, 'POST', '/wps/relay/GCS_walletTransfer', body)).statusCode).toBe(200);
    // a replay of the same request moves nothing and is not counted
    expect((await api(t, token, 'POST', '/wps/relay/GCS_walletTransfer', body)).statusCode).toBe(200);
    const text = await metrics();
    expect(metricValue(text, 'lobby_ledger_postings_total') - before).toBe(1);
    expect(metricValue(text, 'lobby_http_request_duration_seconds_count', { route: '/wps/relay/GCS_walletTransfer', method: 'POST', status_code: '200' })).toBe(2);
    expect(text).toContain('lobby_socket_connections 0');
    expect(text).toContain('lobby_process_cpu_user_seconds_total');
  });

  it('counts scheduled job runs by outcome', async () => {
    let runs = 0;
    const job: Job = { name: 'test.metrics', everyMs: 25, run: async () => ++runs };
    const stop = startJobs(t.database.db, [job], t.app.log);
    await new Promise((r) => setTimeout(r, 300));
    await stop();
    const text = await metrics();
    expect(runs).toBeGreaterThan(0);
    expect(metricValue(text, 'lobby_job_runs_total', { job: 'test.metrics', outcome: 'done' })).toBe(runs);
  });
});

describe('scheduled runs', () => {
  it('run once per period: a second run in the same period is skipped, a run that fails gives the period back', async () => {
    let runs = 0;
    const job: Job = { name: 'test.period', everyMs: 60_000, run: async () => ++runs };
    const at = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 1_000);
    expect(await runScheduled(t.database.db, job, at)).toBe(1);
    expect(await runScheduled(t.database.db, job, new Date(at.getTime() + 30_000))).toBeNull();
    expect(await runScheduled(t.database.db, job, new Date(at.getTime() + 60_000))).toBe(2);

    const failing: Job = { name: 'test.period.fail', everyMs: 60_000, run: async () => { throw new Error('boom'); } };
    await expect(runScheduled(t.database.db, failing, at)).rejects.toThrow('boom');
    expect(await runScheduled(t.database.db, { ...failing, run: async () => 7 }, at)).toBe(7);
    const claims = await t.database.db.select().from(authCounters).where(like(authCounters.key, 'job:test.period%'));
    expect(claims.map((c) => c.key).sort()).toHaveLength(3);
  });

  it('tells every run to listeners', async () => {
    const seen: JobRunEvent[] = [];
    const on = (e: JobRunEvent) => seen.push(e);
    jobEvents.on('run', on);
    const stop = startJobs(t.database.db, [{ name: 'test.events', everyMs: 30, run: async () => 3 }], t.app.log);
    await new Promise((r) => setTimeout(r, 200));
    await stop();
    jobEvents.off('run', on);
    // the app's own jobs may be told too; a tick that lands in a period already run (timer
    // jitter on a busy machine, 30 ms periods) is told as skipped
    const mine = seen.filter((e) => e.job === 'test.events');
    expect(mine.some((e) => e.outcome === 'done' && e.rows === 3)).toBe(true);
    expect(mine.every((e) => (e.outcome === 'done' && e.rows === 3) || (e.outcome === 'skipped' && e.rows === 0))).toBe(true);
  });
});
