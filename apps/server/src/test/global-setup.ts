import fs from 'node:fs';
import { openDatabase } from '../db/index.ts';
import { seedDemo } from '../db/seed/index.ts';
import type { TestProject } from 'vitest/node';
import { snapshotPath, TEMPLATE_DB, TEST_DB_PREFIX } from './harness.ts';

/**
 * Migrate and seed the demo brands once: a PGlite snapshot to clone per test file, or a
 * PostgreSQL template database. Seeding hashes the demo passwords (argon2), which cost every
 * test file about a second of CPU when each file seeded its own copy.
 */
export async function setupFor(kind: 'pglite' | 'postgres', project?: TestProject) {
  if (kind === 'postgres') {
    const admin = process.env.TEST_DATABASE_URL;
    if (!admin) throw new Error('TEST_DATABASE_URL is required for the postgres test project');
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    const stale = await c.query(`SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`, [`${TEST_DB_PREFIX}\\_t\\_%`, TEMPLATE_DB]);
    for (const r of stale.rows) await c.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${TEMPLATE_DB}`);
    await c.end();
    const url = new URL(admin);
    url.pathname = `/${TEMPLATE_DB}`;
    const d = await openDatabase({ url: url.toString(), poolSize: 2 });
    await seedDemo(d.db);
    await d.close();
    return;
  }
  const d = await openDatabase({});
  await seedDemo(d.db);
  const client = (d.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  // Not compressed: every test file loads it, and unpacking a gzip cost each one more than reading the bigger file.
  const blob = await client.dumpDataDir('none');
  const file = snapshotPath();
  fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  project?.provide('pgliteSnapshot', file);
  await d.close();
  return () => fs.rmSync(file, { force: true });
}
