import { defineConfig } from 'vitest/config';

const server = (kind: 'pglite' | 'postgres') => ({
  test: {
    name: `server-${kind}`,
    root: 'apps/server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: [`src/test/global-setup-${kind}.ts`],
    env: { TEST_DB_KIND: kind },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

/**
 * Server suites run on PGlite always and again on PostgreSQL when TEST_DATABASE_URL is set;
 * web component tests run in jsdom.
 */
export default defineConfig({
  test: {
    projects: [
      server('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [server('postgres')] : []),
      'apps/web/vite.config.ts',
    ],
  },
});
