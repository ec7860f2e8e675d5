import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { migrationsFolder } from '../db/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Called by main.ts on SIGTERM: /readyz answers 503 from then on, so the balancer stops sending. */
    startDraining(): void;
    readonly draining: boolean;
  }
}

export interface Readiness {
  ready: boolean;
  draining: boolean;
  database: boolean;
  redis: boolean | null;
  migrations: { applied: number; expected: number } | null;
}

/** How many migrations the journal lists (the ones this build ships). */
function expectedMigrations(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

const timeout = <T>(p: Promise<T>, ms: number): Promise<T> => Promise.race([
  p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms).unref()),
]);

/**
 * Liveness and readiness for the process manager and the load balancer.
 * - `GET /healthz`: the process answers (liveness; never touches the database).
 * - `GET /readyz`: 200 when the database answers, Redis answers (when REDIS_URL is set), every
 *   migration this build ships is applied, and the instance is not draining; else 503 with the
 *   failing checks. Both answer in the usual envelope.
 */
export const healthPlugin = fp(async (app: FastifyInstance) => {
  let draining = false;
  const expected = expectedMigrations();
  let migrationsDone = false;
  app.decorate('startDraining', () => { draining = true; });
  app.decorate('draining', { getter: () => draining });

  async function check(): Promise<Readiness> {
    const database = await timeout(app.db.execute(sql`select 1`), 2000).then(() => true, () => false);
    const redis = app.redis ? await timeout(app.redis.ping(), 2000).then((r) => r === 'PONG', () => false) : null;
    let migrations: Readiness['migrations'] = null;
    if (database) {
      const res = await app.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`).catch(() => null);
      const applied = Number((res as unknown as { rows: { n: number }[] } | null)?.rows[0]?.n ?? 0);
      migrations = { applied, expected };
      // once every migration is in, only newer code can change that: no need to count again
      migrationsDone ||= applied >= expected;
    }
    const ready = !draining && database && redis !== false && (migrationsDone || (migrations !== null && migrations.applied >= expected));
    return { ready, draining, database, redis, migrations };
  }

  app.get('/healthz', { schema: { hide: true } }, async () => ({ success: true, value: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    const r = await check();
    if (r.ready) return { success: true, value: 'ready' };
    return reply.code(503).header('cache-control', 'no-store').send({ success: false, errorCode: 'system.maintenance', value: r });
  });
});
