// `npm run build -w apps/web`: the production build in two passes.
// The first pass (in memory) shows which modules the lobby's first screen loads: its entry chunk
// and every chunk that one imports statically, less what the demo vendor's page imports. The real
// build then puts those modules into the entry chunk (vite.config.ts, LOBBY_FIRST_LOAD). Left to
// the automatic splitting, what the first screen shares with lazy chunks became some 30 small
// files, about 6 KiB more gzipped than the same code in one file, and one request each.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = path.dirname(fileURLToPath(import.meta.url));

/** Every chunk a chunk loads before it runs (its static imports, transitively). */
function staticClosure(chunks, start) {
  const seen = new Set();
  const todo = [start];
  while (todo.length) {
    const f = todo.pop();
    if (seen.has(f) || !chunks.has(f)) continue;
    seen.add(f);
    todo.push(...chunks.get(f).imports);
  }
  return seen;
}

const probe = await build({ root, logLevel: 'warn', build: { write: false } });
const output = (Array.isArray(probe) ? probe : [probe]).flatMap((r) => r.output);
const chunks = new Map(output.filter((o) => o.type === 'chunk').map((c) => [c.fileName, c]));
const entry = (name) => [...chunks.values()].find((c) => c.isEntry && c.name === name).fileName;
const vendorChunks = staticClosure(chunks, entry('demo-vendor'));
const firstLoad = [...staticClosure(chunks, entry('index'))]
  .filter((f) => !vendorChunks.has(f))
  .flatMap((f) => chunks.get(f).moduleIds);

const list = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-first-load-')), 'modules.json');
fs.writeFileSync(list, JSON.stringify(firstLoad));
process.env.LOBBY_FIRST_LOAD = list;
try {
  await build({ root });
} finally {
  fs.rmSync(path.dirname(list), { recursive: true, force: true });
}
