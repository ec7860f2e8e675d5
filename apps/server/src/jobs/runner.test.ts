import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { dbKind, useTestApp } from '../test/harness.ts';
import { lockKey, runExclusive, startJobs, type Job } from './runner.ts';

const t = useTestApp();

describe('job runner', () => {
  it('jobs are off in tests unless started; on by default elsewhere', () => {
    expect(t.app.config.JOBS_ENABLED).toBe(false);
    expect(loadConfig({}).JOBS_ENABLED).toBe(true);
    expect(loadConfig({ JOBS_ENABLED: 'false' }).JOBS_ENABLED).toBe(false);
    expect(loadConfig({}).OPERATOR_API_KEY).toBe('dev-operator-key');
    expect(loadConfig({ NODE_ENV: 'production' }).OPERATOR_API_KEY).toBeUndefined();
  });

  it('runs a job on its interval, one run at a time, and stops', async () => {
    let runs = 0;
    let overlapping = 0;
    let active = 0;
    const job: Job = { name: 'test.tick', everyMs: 20, run: async () => {
      active++; overlapping = Math.max(overlapping, active); runs++;
      await new Promise((r) => setTimeout(r, 50));
      active--;
      return 1;
    } };
    const stop = startJobs(t.database.db, [job], t.app.log);
    await new Promise((r) => setTimeout(r, 300));
    await stop();
    const after = runs;
    await new Promise((r) => setTimeout(r, 100));
    expect(after).toBeGreaterThan(0);
    expect(runs).toBe(after);
    expect(overlapping).toBe(1);
  });

  it.runIf(dbKind() === 'postgres')('skips a run while another connection holds the job\'s lock', async () => {
    const job: Job = { name: 'test.locked', everyMs: 1000, run: async () => 7 };
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const holder = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${lockKey(job.name)})`);
      locked();
      await held;
    });
    await isLocked;
    expect(await runExclusive(t.database.db, job)).toBeNull();
    release();
    await holder;
    expect(await runExclusive(t.database.db, job)).toBe(7);
  });
});
