import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';
import { applySqlDefinitions } from './sql-definitions.ts';

export { schema };
/** Drizzle over either PGlite or node-postgres: the same queries run on both. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The rows of a raw `db.execute` answer (node-postgres and PGlite both carry `rows`). */
export const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** The migrations folder, from source (src/db) or from the bundle (dist). */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'migrations'), path.resolve(here, '../src/db/migrations')];
  const found = candidates.find((p) => fs.existsSync(path.join(p, 'meta', '_journal.json')));
  if (!found) throw new Error(`Database migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

export interface OpenOptions {
  /** postgres://… for PostgreSQL; otherwise PGlite. */
  url?: string;
  /** PGlite data directory; omitted = in memory. */
  dataDir?: string;
  /** PGlite: start from a dumped, already-migrated data dir (fast test clones). */
  loadDataDir?: Blob;
  poolSize?: number;
  migrate?: boolean;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const database = opts.url ? await openPostgres(opts.url, opts.poolSize ?? 20) : await openPglite(opts);
  if (opts.migrate !== false) await runMigrations(database);
  return database;
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // bigint columns (int8) come back as strings from pg; drizzle maps them with mode:'bigint'.
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => { /* a broken idle client is dropped by the pool */ });
  const db = drizzle(pool, { schema, casing: 'snake_case' }) as unknown as Db;
  return { db, kind: 'postgres', close: () => pool.end() };
}

async function openPglite(opts: OpenOptions): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
  const client = await PGlite.create(opts.dataDir, opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
  const db = drizzle(client, { schema, casing: 'snake_case' }) as unknown as Db;
  return { db, kind: 'pglite', close: () => client.close() };
}

/** Advisory lock key held while migrating PostgreSQL ('lobbymig' as a 64-bit number). */
const MIGRATION_LOCK = '7813572098214718055';

export async function runMigrations(database: Database): Promise<void> {
  const migrationsDir = migrationsFolder();
  if (database.kind === 'postgres') {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // Several instances may start at once: one migrates while the others wait on this lock,
    // then find nothing left to apply.
    // (its own connection, so a pool of one still has one to migrate with)
    const { default: pg } = await import('pg');
    const pool = (database.db as unknown as { $client: import('pg').Pool }).$client;
    const lock = new pg.Client(pool.options);
    await lock.connect();
    try {
      await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migrate(database.db as never, { migrationsFolder: migrationsDir });
      await applySqlDefinitions(database.db);
    } finally {
      await lock.end();
    }
  } else {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder: migrationsDir });
    await applySqlDefinitions(database.db);
  }
}
