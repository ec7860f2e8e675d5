// The build check shared by `npm start` (scripts/start.mjs), the journeys and the benches: the
// build is stale when it is missing or older than any of its sources (config files included).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const buildStamp = path.join(root, 'apps/server/dist/.build-stamp');
const serverMain = path.join(root, 'apps/server/dist/main.js');
const sources = [
  'packages/contract/src', 'apps/server/src', 'apps/web/src', 'apps/web/public',
  'apps/web/index.html', 'apps/web/demo-vendor.html', 'apps/web/vite.config.ts', 'package-lock.json',
];

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return fs.readdirSync(p).reduce((m, f) => Math.max(m, newest(path.join(p, f))), st.mtimeMs);
}

export function buildIsStale() {
  if (!fs.existsSync(serverMain) || !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) return true;
  const built = fs.existsSync(buildStamp) ? fs.statSync(buildStamp).mtimeMs : 0;
  return sources.some((s) => newest(path.join(root, s)) > built);
}
