import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/index.ts';

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

/**
 * A tiny scheduler: each job every `everyMs` (first run after one period), never two runs of
 * a job at once in this process, one instance at a time across processes (advisory lock).
 * Answers `stop`, which clears the timers and waits for running jobs.
 */
export function startJobs(db: Db, jobs: Job[], log: FastifyBaseLogger): () => Promise<void> {
  const running = new Map<string, Promise<unknown>>();
  const timers = jobs.map((job) => setInterval(() => {
    if (running.has(job.name)) return;
    const p = runExclusive(db, job)
      .then((n) => { if (n) log.info({ job: job.name, rows: n }, 'job done'); })
      .catch((err: unknown) => log.error({ err, job: job.name }, 'job failed'))
      .finally(() => running.delete(job.name));
    running.set(job.name, p);
  }, job.everyMs));
  timers.forEach((t) => t.unref());
  return async () => {
    timers.forEach(clearInterval);
    await Promise.allSettled([...running.values()]);
  };
}
