import fs from 'node:fs';
import path from 'node:path';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const root = import.meta.dirname;
const serverSrc = path.join(root, 'apps/server/src');
const webSrc = path.join(root, 'apps/web/src');
const dirsIn = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);

/**
 * The house rules (issue 19, README "Layout"):
 * - server: the kernel imports no module; a module imports another module only through that
 *   module's `index.ts` (its public face).
 * - web: a feature imports another feature only through `@/features/<name>` (its `index.ts`),
 *   and no feature imports `app/`.
 * - no import cycles anywhere in apps/server/src, apps/web/src and packages/contract/src.
 * Zones are made per folder found on disk, so a new module or feature is covered by itself.
 * `src/test/lint-boundaries.test.ts` (server) proves a cross-module internal import fails lint.
 */
const kernelZones = [
  {
    target: `${serverSrc}/kernel/**`,
    from: `${serverSrc}/modules/**`,
    message: 'The kernel imports no module (issue 19).',
  },
];

const moduleZones = dirsIn(path.join(serverSrc, 'modules')).map((name) => ({
  target: `${serverSrc}/modules/${name}/**`,
  from: `${serverSrc}/modules/**`,
  except: [`${serverSrc}/modules/${name}/**`, `${serverSrc}/modules/*/index.ts`],
  message: 'Import another module only through its public face modules/<name>/index.ts (issue 19).',
}));

const featureZones = dirsIn(path.join(webSrc, 'features')).map((name) => ({
  target: `${webSrc}/features/${name}/**`,
  from: `${webSrc}/features/**`,
  except: [`${webSrc}/features/${name}/**`, `${webSrc}/features/*/index.{ts,tsx}`],
  message: 'Import another feature only through @/features/<name> (its index.ts), not its internals (issue 19).',
}));

const noAppFromFeatures = {
  patterns: [
    {
      group: ['@/app', '@/app/**'],
      message: 'A feature imports nothing from app/ (issue 19): let app/ take what it needs from the feature instead.',
    },
    {
      regex: '^(\\.\\./)+app(/|$)',
      message: 'A feature imports nothing from app/ (issue 19).',
    },
  ],
};

// Severity of each house rule: all hold on the tree and fail lint when broken.
const KERNEL_IMPORTS_NO_MODULE = 'error';
const MODULE_VIA_INDEX = 'error';
const FEATURE_VIA_INDEX = 'error';
const FEATURE_NOT_APP = 'error';
const NO_CYCLE = 'error';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'apps/server/src/db/migrations/**', 'coverage/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/contract/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/server/tsconfig.json', 'apps/web/tsconfig.json', 'packages/contract/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      // Cycles through the contract package or node_modules are not ours to break; stay inside src.
      'import-x/no-cycle': [NO_CYCLE, { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/server/src/kernel/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': [KERNEL_IMPORTS_NO_MODULE, { zones: kernelZones }] },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': [MODULE_VIA_INDEX, { zones: moduleZones }] },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [FEATURE_VIA_INDEX, { zones: featureZones }],
      'no-restricted-imports': [FEATURE_NOT_APP, noAppFromFeatures],
    },
  },
);
