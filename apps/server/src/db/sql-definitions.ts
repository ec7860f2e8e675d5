import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * The SQL functions and triggers live, as they stand now, in kernel/ledger/sql (one readable
 * file per family; migrations hold tables and data only). They run after the migrations, in file
 * order, whenever the files changed since the last run (their hash is kept in sql_definitions),
 * in one transaction: CREATE OR REPLACE, so running them again is harmless.
 */
export function sqlDefinitionsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../kernel/ledger/sql'), path.resolve(here, '../src/kernel/ledger/sql')];
  const found = candidates.find((p) => fs.existsSync(path.join(p, 'ledger.sql')));
  if (!found) throw new Error(`SQL definitions not found (looked in ${candidates.join(', ')})`);
  return found;
}

/** A part with nothing but blank and `--` comment lines (checked line by line: linear time). */
const commentOnly = (part: string) => part.split('\n').every((line) => /^\s*(--.*)?$/.test(line));

/** The files' statements in order (split where drizzle splits migrations), without comment-only parts. */
export function sqlDefinitions(folder = sqlDefinitionsFolder()): { hash: string; statements: string[] } {
  const files = fs.readdirSync(folder).filter((f) => f.endsWith('.sql')).sort();
  const hash = createHash('sha256');
  const statements: string[] = [];
  for (const f of files) {
    const text = fs.readFileSync(path.join(folder, f), 'utf8');
    hash.update(`${f}\n${text}\n`);
    for (const s of text.split('--> statement-breakpoint')) if (!commentOnly(s)) statements.push(s);
  }
  return { hash: hash.digest('hex'), statements };
}

export async function applySqlDefinitions(db: PgDatabase<PgQueryResultHKT, Record<string, unknown>>): Promise<void> {
  const { hash, statements } = sqlDefinitions();
  const done = await db.execute(sql`select 1 from sql_definitions where hash = ${hash}`);
  if ((done as unknown as { rows: unknown[] }).rows.length) return;
  await db.transaction(async (tx) => {
    for (const s of statements) await tx.execute(sql.raw(s));
    await tx.execute(sql`insert into sql_definitions (hash) values (${hash}) on conflict do nothing`);
  });
}
