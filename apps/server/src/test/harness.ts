import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/index.ts';

/**
 * Where a run's migrated PGlite snapshot lives (made once by the global setup and handed to the
 * test files through provide/inject): one file per run, so runs side by side never share one.
 */
export const snapshotPath = () => path.join(os.tmpdir(), `lobby-test-snapshot-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
declare module 'vitest' {
  export interface ProvidedContext { pgliteSnapshot: string }
}
/** TEST_DB_PREFIX keeps test runs that share one PostgreSQL apart (each drops only its own stale databases). */
export const TEST_DB_PREFIX = process.env.TEST_DB_PREFIX || 'lobby';
export const TEMPLATE_DB = `${TEST_DB_PREFIX}_test_template`;

/**
 * The address of one test database on the PostgreSQL of TEST_DATABASE_URL. Its sessions commit
 * without waiting for the WAL flush (synchronous_commit=off): on this machine's disk a flushed
 * commit takes ~5.5 ms against ~0.4 ms, and a posting holds its ledger shard's lock until it
 * commits, so the flush, not the code, set the pace of every PostgreSQL suite. Atomicity,
 * isolation and locking are unchanged (only a crash of PostgreSQL itself could lose the last
 * commits, which no test does).
 */
export function testDatabaseUrl(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  url.searchParams.set('options', '-c synchronous_commit=off');
  return url.toString();
}

export const dbKind = () => (process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite');

/** A fresh, migrated and seeded database for one test file: a PGlite clone, or a PostgreSQL copy of the template. */
export async function freshDatabase(): Promise<Database & { drop(): Promise<void> }> {
  if (dbKind() === 'pglite') {
    const blob = new Blob([fs.readFileSync(inject('pgliteSnapshot'))]);
    const d = await openDatabase({ loadDataDir: blob, migrate: false });
    return { ...d, drop: async () => {} };
  }
  const admin = process.env.TEST_DATABASE_URL!;
  const name = `${TEST_DB_PREFIX}_t_${randomBytes(6).toString('hex')}`;
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
  await c.end();
  const d = await openDatabase({ url: testDatabaseUrl(name), poolSize: 10, migrate: false });
  return {
    ...d,
    drop: async () => {
      const c2 = new pg.Client({ connectionString: admin });
      await c2.connect();
      await c2.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c2.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** inject with the demo brand's Merchant header unless one is given. */
  call(opts: InjectOptions & { merchant?: string | null; token?: string; language?: string }): Promise<LightMyRequestResponse>;
}

/**
 * Builds the real app on a fresh seeded database (freshDatabase: the demo brands are seeded once,
 * by the global setup) for the current test file and closes it after. Redis is used when
 * REDIS_URL is set, under a prefix of its own.
 */
export function useTestApp(overrides: Partial<Config> = {}): TestApp {
  const t = {} as TestApp & { drop(): Promise<void> };
  beforeAll(async () => {
    const database = await freshDatabase();
    const config = loadConfig(
      { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' },
      { REDIS_PREFIX: `lobbytest:${randomBytes(4).toString('hex')}:`, webDist: '/nonexistent', ...overrides },
    );
    t.app = await buildApp({ config, database, logger: false });
    t.database = database;
    t.drop = database.drop;
  }, 60_000);
  afterAll(async () => {
    await t.app?.close();
    await t.database?.close();
    await t.drop?.();
  });
  t.call = ({ merchant = 'demo', token, language, headers, ...rest }) =>
    t.app.inject({
      ...rest,
      headers: {
        ...(merchant ? { merchant } : {}),
        ...(token ? { authorization: token } : {}),
        ...(language ? { language } : {}),
        ...headers,
      },
    });
  return t;
}
