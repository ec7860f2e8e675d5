import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { and, like, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/index.ts';
import { authCounters } from '../db/schema.ts';

/**
 * A scheduled job. `run` gets the transaction that holds the job's lock and must be idempotent
 * per row (conditional updates): it may run again. Answers how many rows it changed.
 */
export interface Job {
  name: string;
  everyMs: number;
  run(tx: Tx, now: Date): Promise<number>;
}

/** A stable advisory-lock key per job name (signed 64-bit). */
export function lockKey(name: string): bigint {
  return createHash('sha256').update(`lobby-job:${name}`).digest().readBigInt64BE(0);
}

/**
 * Runs `job` once if no other instance is running it: the advisory lock is transaction-scoped
 * (`pg_try_advisory_xact_lock`) so it is held on the very connection of the transaction and
 * released when it ends, whatever the pool does. Answers the rows the job changed, or null
 * when another instance holds the lock.
 */
export async function runExclusive(db: Db, job: Job, now = new Date()): Promise<number | null> {
  return db.transaction(async (tx) => {
    const res = await tx.execute(sql`select pg_try_advisory_xact_lock(${lockKey(job.name)}) as locked`);
    const row = (res as unknown as { rows: { locked: boolean }[] }).rows[0];
    if (!row?.locked) return null;
    return job.run(tx, now);
  });
}

/** The period a run at `now` belongs to: periods are `everyMs` long, counted from the epoch. */
export const periodOf = (job: Job, now: Date) => Math.floor(now.getTime() / job.everyMs);

/** What a scheduled run did: `done` (ran), `skipped` (another instance holds or has had the period), `failed`. */
export interface JobRunEvent { job: string; outcome: 'done' | 'skipped' | 'failed'; rows: number; seconds: number }
/** Every scheduled run is told here (plugins/metrics.ts counts them). */
export const jobEvents = new EventEmitter<{ run: [JobRunEvent] }>();

/**
 * The scheduler's run: like {@link runExclusive}, and only if no instance has run this job's
 * current period yet. The claim (`job:<name>:<period>` in `auth_counters`, the table of shared
 * short-lived keys) is written in the job's own transaction: a run that fails gives the period
 * back, a run that commits holds it, so with N instances each period runs once.
 */
export async function runScheduled(db: Db, job: Job, now = new Date()): Promise<number | null> {
  return db.transaction(async (tx) => {
    const res = await tx.execute(sql`select pg_try_advisory_xact_lock(${lockKey(job.name)}) as locked`);
    const row = (res as unknown as { rows: { locked: boolean }[] }).rows[0];
    if (!row?.locked) return null;
    const period = periodOf(job, now);
    const claimed = await tx.insert(authCounters)
      .values({ key: `job:${job.name}:${period}`, count: 1, expiresAt: new Date(now.getTime() + 2 * job.everyMs + 60_000) })
      .onConflictDoNothing().returning({ key: authCounters.key });
    if (claimed.length === 0) return null;
    // now and then, drop the claims of periods long gone
    if (period % 50 === 0) await tx.delete(authCounters).where(and(like(authCounters.key, `job:${job.name}:%`), lt(authCounters.expiresAt, now)));
    return job.run(tx, now);
  });
}

/**
 * A tiny scheduler: each job every `everyMs` (first run after one period), never two runs of
 * a job at once in this process, one instance at a time across processes (advisory lock) and
 * once per period across instances ({@link runScheduled}).
 * Answers `stop`, which clears the timers and waits for running jobs.
 */
export function startJobs(db: Db, jobs: Job[], log: FastifyBaseLogger): () => Promise<void> {
  const running = new Map<string, Promise<unknown>>();
  const timers = jobs.map((job) => setInterval(() => {
    if (running.has(job.name)) return;
    const t0 = performance.now();
    const told = (outcome: JobRunEvent['outcome'], rows = 0) =>
      jobEvents.emit('run', { job: job.name, outcome, rows, seconds: (performance.now() - t0) / 1000 });
    const p = runScheduled(db, job)
      .then((n) => {
        told(n === null ? 'skipped' : 'done', n ?? 0);
        if (n) log.info({ job: job.name, rows: n }, 'job done');
      })
      .catch((err: unknown) => { told('failed'); log.error({ err, job: job.name }, 'job failed'); })
      .finally(() => running.delete(job.name));
    running.set(job.name, p);
  }, job.everyMs));
  timers.forEach((t) => t.unref());
  return async () => {
    timers.forEach(clearInterval);
    await Promise.allSettled([...running.values()]);
  };
}
