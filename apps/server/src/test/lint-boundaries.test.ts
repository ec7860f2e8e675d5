import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The house rules of eslint.config.js hold: a deliberate import of another module's (server) or
 * feature's (web) internals fails lint, and so does a kernel file importing a module or a feature
 * importing app/. The probes are linted as text at a made-up path inside the tree; the imported
 * files are picked from what is on disk so the test survives files moving. Severity is forced to
 * 'error' here so the test checks the rules themselves even if one is turned down to 'warn'.
 */
const repo = path.resolve(import.meta.dirname, '../../../..');
const serverModules = path.join(repo, 'apps/server/src/modules');
const webFeatures = path.join(repo, 'apps/web/src/features');

const eslint = new ESLint({
  cwd: repo,
  overrideConfig: {
    rules: { 'import-x/no-restricted-paths': 'error', 'no-restricted-imports': 'error', 'import-x/no-cycle': 'error' },
  },
});

const dirs = (dir: string) =>
  fs.readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
const internalOf = (dir: string, exts: string[]) =>
  fs
    .readdirSync(dir)
    .filter((f) => exts.some((e) => f.endsWith(e)) && !/^index\./.test(f) && !/\.test\./.test(f) && f !== 'testkit.ts')
    .sort()[0];

/** Two different folders, the second with a file that is not its index. */
function pair(root: string, exts: string[]) {
  const names = dirs(root);
  const b = names.find((n) => internalOf(path.join(root, n), exts));
  const a = names.find((n) => n !== b);
  if (!a || !b) throw new Error(`need two folders under ${root}`);
  return { a, b, internal: internalOf(path.join(root, b), exts)! };
}

const HOUSE_RULES = new Set(['import-x/no-restricted-paths', 'no-restricted-imports', 'import-x/no-cycle']);

async function lint(code: string, file: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(repo, file) });
  return result.messages.filter((m) => m.ruleId && HOUSE_RULES.has(m.ruleId));
}

describe('lint boundaries', () => {
  it('server: a module importing another module’s internals fails; its index.ts passes', async () => {
    const { a, b, internal } = pair(serverModules, ['.ts']);
    const probe = `apps/server/src/modules/${a}/lint-probe.ts`;
    const bad = await lint(`import * as x from '../${b}/${internal}';\nexport { x };\n`, probe);
    expect(bad).toHaveLength(1);
    expect(bad[0]).toMatchObject({ ruleId: 'import-x/no-restricted-paths', severity: 2 });
    expect(bad[0].message).toContain('index.ts');

    const withFace = dirs(serverModules).find((n) => n !== a && fs.existsSync(path.join(serverModules, n, 'index.ts')));
    if (withFace) {
      expect(await lint(`import * as x from '../${withFace}/index.ts';\nexport { x };\n`, probe)).toEqual([]);
    }
  }, 60_000);

  it('server: a kernel file importing a module fails', async () => {
    const { b, internal } = pair(serverModules, ['.ts']);
    const bad = await lint(
      `import * as x from '../modules/${b}/${internal}';\nexport { x };\n`,
      'apps/server/src/kernel/lint-probe.ts',
    );
    expect(bad).toHaveLength(1);
    expect(bad[0]).toMatchObject({ ruleId: 'import-x/no-restricted-paths', severity: 2 });
  }, 60_000);

  it('web: a feature importing another feature’s internals or app/ fails', async () => {
    const { a, b, internal } = pair(webFeatures, ['.ts', '.tsx']);
    const probe = `apps/web/src/features/${a}/lint-probe.tsx`;
    const spec = `@/features/${b}/${internal.replace(/\.tsx?$/, '')}`;
    const bad = await lint(`import * as x from '${spec}';\nexport { x };\n`, probe);
    expect(bad).toHaveLength(1);
    expect(bad[0]).toMatchObject({ ruleId: 'import-x/no-restricted-paths', severity: 2 });

    const app = await lint(`import * as x from '@/app/popups';\nexport { x };\n`, probe);
    expect(app).toHaveLength(1);
    expect(app[0]).toMatchObject({ ruleId: 'no-restricted-imports', severity: 2 });

    const withFace = dirs(webFeatures).find((n) => n !== a && fs.existsSync(path.join(webFeatures, n, 'index.ts')));
    if (withFace) {
      expect(await lint(`import * as x from '@/features/${withFace}';\nexport { x };\n`, probe)).toEqual([]);
    }
  }, 60_000);

  it('server: a file importing back the module face that imports it is a cycle', async () => {
    const face = dirs(serverModules)
      .map((n) => path.join(serverModules, n, 'index.ts'))
      .filter((f) => fs.existsSync(f))
      .map((f) => ({ f, dep: /from '\.\/([\w-]+\.ts)'/.exec(fs.readFileSync(f, 'utf8'))?.[1] }))
      .find((x) => x.dep);
    if (!face) throw new Error('no module face imports a file of its own');
    const file = path.relative(repo, path.join(path.dirname(face.f), face.dep!));
    const bad = await lint(`import * as face from './index.ts';\nexport { face };\n`, file);
    expect(bad.map((m) => m.ruleId)).toContain('import-x/no-cycle');
  }, 60_000);
});
