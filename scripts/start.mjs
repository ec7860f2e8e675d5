// `npm start`: build when the sources are newer than the last build, then serve the production
// web app and API (PGlite in ./data unless DATABASE_URL is set).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildIsStale, buildStamp } from './build-stale.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
if (buildIsStale()) {
  console.log('Building the web app and server…');
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
  fs.writeFileSync(buildStamp, new Date().toISOString());
}

// The aggregator stand-in (tools/aggregator-standin): the demo brand's aggregator HUB88, so its
// games can be launched and played on a fresh machine. AGGREGATOR_STANDIN=off leaves it out.
let standin = null;
if (process.env.AGGREGATOR_STANDIN !== 'off' && !process.env.AGGREGATOR_STANDIN_URL) {
  const { spawnStandin } = await import('../tools/aggregator-standin/spawn.mjs');
  standin = await spawnStandin({
    port: Number(process.env.AGGREGATOR_STANDIN_PORT ?? 8090),
    dataDir: path.join(path.resolve(root, process.env.DATA_DIR ?? 'data'), 'aggregator-standin'),
    stdio: 'inherit',
  });
  process.env.AGGREGATOR_STANDIN_URL = standin.url;
}

const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => { child.kill(sig); standin?.child.kill(sig); });
child.on('exit', (code) => { standin?.child.kill('SIGTERM'); process.exit(code ?? 0); });
