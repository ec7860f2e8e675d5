import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { slimEndpoints } from './contract-slim';

describe('contract endpoints in the web build', () => {
  it('keep what the browser uses and lose their schemas and summary', () => {
    const src = `const q = z.object({ id: z.string() });
export const a = endpoint({
  method: 'GET', path: '/x/{id}', module: MODULES.x, auth: 'optional',
  summary: 'One, two (three) {four}, "five".',
  query: z.object({ type: z.enum(['a', 'b']).optional(), language }),
  response: z.object({ list: z.array(promotion) }),
});
export const b = endpoint({ method: 'POST', path: '/y', module: 'm', auth: 'member', encrypted: true, form: true, body: q, response });
export const other = z.object({ response: z.string() });`;
    const out = slimEndpoints(src);
    expect(out).toContain("method: 'GET', path: '/x/{id}', module: MODULES.x, auth: 'optional',");
    expect(out).toContain("endpoint({ method: 'POST', path: '/y', module: 'm', auth: 'member', encrypted: true, form: true,");
    const calls = out.slice(0, out.indexOf('export const other'));
    expect(calls).not.toMatch(/summary|query:|body:|response/);
    // schemas outside endpoint calls stay
    expect(out).toContain("export const other = z.object({ response: z.string() });");
    expect(out).toContain('const q = z.object');
  });

  it('leaves every contract file valid: each endpoint keeps method, path, module and auth', () => {
    const dir = path.resolve(__dirname, '../../../../packages/contract/src');
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const src = fs.readFileSync(path.join(dir, file), 'utf8');
      const out = slimEndpoints(src);
      const calls = src.match(/\bendpoint\(\s*\{/g)?.length ?? 0;
      expect(out.match(/\bendpoint\(\s*\{/g)?.length ?? 0, file).toBe(calls);
      for (const call of out.split(/\bendpoint\(\s*\{/).slice(1)) {
        const obj = call.slice(0, call.indexOf('})'));
        for (const key of ['method', 'path', 'auth']) expect(obj, `${file} ${key}`).toMatch(new RegExp(`\\b${key}\\b\\s*[:,]`));
        expect(obj, file).not.toMatch(/\b(summary|query|body|response)\b\s*[:,]/);
      }
      // balanced brackets after the cut
      const count = (s: string, c: string) => s.split(c).length;
      expect(count(out, '{') - count(out, '}'), file).toBe(count(src, '{') - count(src, '}'));
      expect(count(out, '(') - count(out, ')'), file).toBe(count(src, '(') - count(src, ')'));
    }
  });
});
