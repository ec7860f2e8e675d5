import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Database } from '../../../db/index.ts';
import { sqlDefinitions } from '../../../db/sql-definitions.ts';
import { freshDatabase } from '../../../test/harness.ts';

// The SQL functions and triggers live only in this folder, one file per family; the migrations
// hold tables and data, and db/sql-definitions.ts runs these files after them. This test fails
// when the migrated database holds anything else: each function (pg_get_functiondef) must equal
// the one the files make when run on an empty schema, no function may be missing on either side
// (a migration that creates a function outside this folder fails it), and every trigger of the
// files must be on its table calling its function.

const { statements } = sqlDefinitions();
const isTrigger = (s: string) => /^\s*(--[^\n]*\n\s*)*CREATE OR REPLACE TRIGGER/i.test(s);
/** The schema the files are run in; its name is replaced by public before comparing. */
const SCRATCH = 'kernel_sql_check';

interface FnRow { name: string; args: string; def: string }

/** The functions of a schema (none that belongs to an extension), keyed by name and arguments. */
async function functionsOf(db: Database['db'], schema: string): Promise<Map<string, string>> {
  const rows = rowsOf<FnRow>(await db.execute(sql`
    select p.proname as name, pg_get_function_identity_arguments(p.oid) as args, pg_get_functiondef(p.oid) as def
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = ${schema} and p.prokind = 'f'
       and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`));
  return new Map(rows.map((r) => [`${r.name}(${r.args})`, normalise(r.def.split(`${schema}.`).join('public.'))]));
}

/** Line ends and trailing blanks are not part of a definition. */
const normalise = (def: string) => def.replace(/\r\n?/g, '\n').split('\n').map((l) => l.trimEnd()).join('\n').trim();

describe('SQL functions (kernel/ledger/sql)', () => {
  let database: Database & { drop(): Promise<void> };
  let migrated: Map<string, string>;
  let fromFiles: Map<string, string>;

  beforeAll(async () => {
    database = await freshDatabase();
    const { db } = database;
    migrated = await functionsOf(db, 'public');
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`create schema ${SCRATCH}`));
      // new functions land in the first schema of the path; tables still resolve in public
      await tx.execute(sql.raw(`set local search_path = ${SCRATCH}, public`));
      for (const statement of statements) if (!isTrigger(statement)) await tx.execute(sql.raw(statement));
    });
    fromFiles = await functionsOf(db, SCRATCH);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    await database?.drop();
  });

  it('has a file for every function the migrations make, and no function the migrations do not make', () => {
    expect([...fromFiles.keys()].sort()).toEqual([...migrated.keys()].sort());
  });

  it('defines each function exactly as the migrations leave it', () => {
    const differ = [...migrated].filter(([k, def]) => fromFiles.has(k) && fromFiles.get(k) !== def).map(([k]) => k);
    for (const k of differ) expect(fromFiles.get(k), `${k}: kernel/ledger/sql differs from the migrations`).toBe(migrated.get(k));
    expect(differ).toEqual([]);
  });

  it('has every trigger of the files on its table, calling its function', async () => {
    const wanted = statements.filter(isTrigger).map((s) => {
      const m = /TRIGGER\s+"?(\w+)"?\s[\s\S]*?\sON\s+"?(\w+)"?[\s\S]*EXECUTE FUNCTION (\w+)\(/i.exec(s)!;
      return `${m[2]}.${m[1]} -> ${m[3]}`;
    }).sort();
    expect(wanted.length).toBeGreaterThanOrEqual(6);
    const rows = rowsOf<{ t: string }>(await database.db.execute(sql`
      select c.relname || '.' || g.tgname || ' -> ' || p.proname as t
        from pg_trigger g join pg_class c on c.oid = g.tgrelid join pg_proc p on p.oid = g.tgfoid
       where not g.tgisinternal`));
    expect(rows.map((r) => r.t).sort()).toEqual(wanted);
  });
});
