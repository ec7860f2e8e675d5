// Process helpers shared by the e2e runner and the bench scripts: free ports, the build check,
// starting and stopping the real server on loopback with a temp PGlite data dir.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const serverMain = path.join(root, 'apps/server/dist/main.js');
const stamp = path.join(root, 'apps/server/dist/.build-stamp');
const sources = ['packages/contract/src', 'apps/server/src', 'apps/web/src', 'apps/web/index.html', 'apps/web/public', 'package-lock.json'];

/** Every child we start, so they can be killed whatever happens to us. */
const children = new Set();
let exitHooked = false;
function hookExit() {
  if (exitHooked) return;
  exitHooked = true;
  const killAll = () => {
    for (const c of children) {
      try { c.kill('SIGKILL'); } catch { /* gone */ }
    }
  };
  process.on('exit', killAll);
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.once(sig, () => { killAll(); process.exit(130); });
  }
}

/** Track a child process so it is killed when this process exits. */
export function track(child) {
  hookExit();
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return fs.readdirSync(p).reduce((m, f) => Math.max(m, newest(path.join(p, f))), st.mtimeMs);
}

/** True when the build is missing or older than the sources (the same rule as `npm start`). */
export function buildIsStale() {
  if (!fs.existsSync(serverMain) || !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) return true;
  const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
  return sources.some((s) => newest(path.join(root, s)) > built);
}

/** `npm run build`, always (force) or when stale; writes the stamp `npm start` reads. */
export function ensureBuilt({ force = false, log = console.log } = {}) {
  if (!force && !buildIsStale()) return false;
  log('Building the web app and server (npm run build)…');
  const t0 = performance.now();
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) throw new Error(`npm run build failed (exit ${r.status})`);
  fs.writeFileSync(stamp, new Date().toISOString());
  log(`Built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return true;
}

/** A fresh temp directory (removed by `rmTemp`). */
export function tempDir(prefix = 'lobby-') {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function rmTemp(dir) {
  if (dir && dir.startsWith(os.tmpdir())) fs.rmSync(dir, { recursive: true, force: true });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Start `node apps/server/dist/main.js` on 127.0.0.1:<free port> with PGlite in `dataDir`.
 * Resolves once `readyPath` answers 200. Returns { baseUrl, port, child, dataDir, log(), stop() }.
 */
export async function startServer({
  dataDir,
  env = {},
  port,
  readyPath = '/readyz',
  readyHeaders = {},
  timeoutMs = 90_000,
  pollMs = 50,
  command = [process.execPath, serverMain],
} = {}) {
  port ??= await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const cleanEnv = { ...process.env };
  // Always the embedded database and in-process stores: a run never touches shared services.
  delete cleanEnv.DATABASE_URL;
  delete cleanEnv.REDIS_URL;
  const childEnv = {
    ...cleanEnv,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    TRUST_PROXY: 'true',
    RATE_LIMIT_MAX: '100000000',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    ...env,
  };
  const t0 = performance.now();
  const child = track(spawn(command[0], command.slice(1), { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] }));
  let output = '';
  const keep = (b) => {
    output += b.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = null;
  child.once('exit', (code, signal) => { exited = { code, signal }; });

  const server = {
    baseUrl,
    port,
    child,
    dataDir,
    log: () => output,
    async stop() {
      if (exited) return;
      const done = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const t = setTimeout(() => { try { child.kill('SIGKILL'); } catch { /* gone */ } }, 5000);
      await done;
      clearTimeout(t);
    },
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) {
      throw new Error(`server exited before ready (code ${exited.code}, signal ${exited.signal}):\n${output.slice(-4000)}`);
    }
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`server not ready after ${timeoutMs} ms:\n${output.slice(-4000)}`);
    }
    try {
      const res = await fetch(baseUrl + readyPath, { headers: readyHeaders, signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) break;
    } catch { /* not listening yet */ }
    await sleep(pollMs);
  }
  server.readyMs = performance.now() - t0;
  return server;
}
