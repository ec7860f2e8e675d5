import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const serverRoot = fileURLToPath(new URL('./apps/server', import.meta.url));
const harness = path.join(serverRoot, 'src/test/harness.ts');

/** Relative imports of a source file (static, dynamic and re-exports), resolved to files. */
function importsOf(file: string): string[] {
  const code = fs.readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const base = path.resolve(path.dirname(file), m[1]);
    const hit = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
    if (hit) out.push(hit);
  }
  return out;
}

/**
 * True when a test file reaches the test database: it imports, directly or through a testkit or
 * any other helper, `src/test/harness.ts` (the app and database set-up). Only those files say
 * anything about PostgreSQL; pure computations (RTP simulations, parsers, …) run once.
 */
function usesTestDatabase(file: string, seen = new Map<string, boolean>()): boolean {
  if (file === harness) return true;
  if (seen.has(file)) return seen.get(file)!;
  seen.set(file, false); // a cycle adds nothing
  const yes = importsOf(file).some((f) => usesTestDatabase(f, seen));
  seen.set(file, yes);
  return yes;
}

function serverTestFiles(dir = path.join(serverRoot, 'src')): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return serverTestFiles(p);
    return e.name.endsWith('.test.ts') ? [p] : [];
  });
}

/**
 * The app-wide walks: every route with hostile input (fuzz) and every route × role × brand
 * (security). What they check is the routes' own logic (validation, access, error envelopes),
 * the same on either database, so they run once: on PostgreSQL (the production database) when
 * it is set, else on PGlite.
 */
const ONE_KIND = ['src/test/fuzz.test.ts', 'src/test/security/**/*.test.ts'];
/**
 * With PostgreSQL set, the suites that use the test database run there (the production
 * database), and PGlite (the embedded default of `npm start`) runs the ones that exercise what
 * differs between the two: one connection instead of a pool, so the ledger, the wallets, the
 * seamless wallet, payments' webhooks, migrations and readiness; and the KYC states, gates and
 * rules, which issue 26 asks for on both. Every SQL statement is the same
 * on both (PGlite is PostgreSQL compiled to WebAssembly); running every suite on both doubled
 * the unit phase.
 */
const PGLITE_TOO = [
  'src/kernel/ledger/',
  'src/modules/wallet/',
  'src/modules/seamless-wallet/',
  'src/modules/payments/webhooks.test.ts',
  'src/modules/cashier/deposit.test.ts',
  'src/modules/kyc/',
  'src/plugins/health.test.ts',
  'src/db/',
];
const withPostgres = !!process.env.TEST_DATABASE_URL;

const server = (kind: 'pglite' | 'postgres') => {
  const seen = new Map<string, boolean>();
  const rel = (f: string) => path.relative(serverRoot, f).split(path.sep).join('/');
  const files = serverTestFiles().map((f) => ({ file: rel(f), db: usesTestDatabase(f, seen) }));
  const include = kind === 'postgres'
    ? files.filter((f) => f.db).map((f) => f.file)
    : withPostgres
      ? files.filter((f) => !f.db || PGLITE_TOO.some((p) => f.file.startsWith(p))).map((f) => f.file)
      : ['src/**/*.test.ts'];
  return {
    test: {
      name: `server-${kind}`,
      root: 'apps/server',
      include,
      ...(kind === 'pglite' && withPostgres ? { exclude: ['**/node_modules/**', ...ONE_KIND] } : {}),
      environment: 'node',
      // a worker keeps its imported modules from one test file to the next (each file still
      // builds its own app over its own database): importing the app once per file was the
      // larger part of the phase
      isolate: false,
      globalSetup: [`src/test/global-setup-${kind}.ts`],
      env: { TEST_DB_KIND: kind },
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
};

/**
 * Longest first over all projects, so the long files do not start last and leave one worker
 * busy at the end (vitest's own order runs the projects one after another). A file's length is
 * its duration in the last run when known, else its size; a PostgreSQL file counts double
 * (network round trips, and the walks and the money invariants run there).
 */
class LongestFirst extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const root = this.ctx.config.root;
    const cost = (spec: TestSpecification) => {
      const known = this.ctx.cache.getFileTestResults(`${spec.project.name}:${path.relative(root, spec.moduleId)}`);
      if (known) return known.duration / 1000;
      return (fs.statSync(spec.moduleId).size / 1000) * (spec.project.name === 'server-postgres' ? 2 : 1);
    };
    const costs = new Map(files.map((f) => [f, cost(f)]));
    return [...files].sort((a, b) => costs.get(b)! - costs.get(a)!);
  }
}

/**
 * Server suites run on PGlite; when TEST_DATABASE_URL is set, those that use the test database
 * (see usesTestDatabase) run on PostgreSQL instead, but for PGLITE_TOO, which run on both (and
 * the walks in ONE_KIND, only on PostgreSQL); web component tests run
 * in jsdom. Files of every project share one pool: on 2 cores one worker per core plus one that
 * waits on PostgreSQL keeps both busy (vitest's default is one worker less than the cores).
 */
export default defineConfig({
  test: {
    maxWorkers: os.availableParallelism() + 1,
    sequence: { sequencer: LongestFirst },
    projects: [
      server('pglite'),
      ...(withPostgres ? [server('postgres')] : []),
      'apps/web/vite.config.ts',
    ],
  },
});
