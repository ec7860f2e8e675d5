// Process helpers shared by the e2e runner and the bench scripts: free ports, the build check,
// starting and stopping the real server on loopback with a temp PGlite data dir.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIsStale, buildStamp } from '../../scripts/build-stale.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const serverMain = path.join(root, 'apps/server/dist/main.js');

/** Every child we start, so they can be killed whatever happens to us. */
const children = new Set();
let exitHooked = false;
function hookExit() {
  if (exitHooked) return;
  exitHooked = true;
  const killAll = () => {
    for (const { child, group } of children) signal(child, 'SIGKILL', group);
  };
  process.on('exit', killAll);
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.once(sig, () => { killAll(); process.exit(130); });
  }
}

/** Signal a child, or its whole process group when it was started detached. */
function signal(child, sig, group) {
  try {
    if (group) process.kill(-child.pid, sig);
    else child.kill(sig);
  } catch { /* gone */ }
}

/** Track a child process so it (or its group) is killed when this process exits. */
export function track(child, group = false) {
  hookExit();
  const entry = { child, group };
  children.add(entry);
  // A group stays tracked (its other members may outlive the leader); killed at exit.
  if (!group) child.once('exit', () => children.delete(entry));
  return child;
}

/** Pids of every descendant of `pid` (Linux /proc). */
export function descendants(pid) {
  const parent = new Map();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parent.set(Number(d), ppid);
    } catch { /* exited */ }
  }
  const out = [];
  const walk = (p) => {
    for (const [c, pp] of parent) if (pp === p) { out.push(c); walk(c); }
  };
  walk(pid);
  return out;
}

const cmdline = (pid) => {
  try { return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' '); } catch { return ''; }
};

const groupAlive = (pgid) => {
  try { process.kill(-pgid, 0); return true; } catch { return false; }
};

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

/** `npm run build`, always (force) or when stale; writes the stamp `npm start` reads. */
export function ensureBuilt({ force = false, log = console.log } = {}) {
  if (!force && !buildIsStale()) return false;
  log('Building the web app and server (npm run build)…');
  const t0 = performance.now();
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) throw new Error(`npm run build failed (exit ${r.status})`);
  fs.writeFileSync(buildStamp, new Date().toISOString());
  log(`Built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return true;
}

export const webDist = path.join(root, 'apps/web/dist');

/** True when index.html and every asset it references exist in `dir`. */
function webDistComplete(dir) {
  const index = path.join(dir, 'index.html');
  if (!fs.existsSync(index)) return false;
  const refs = [...fs.readFileSync(index, 'utf8').matchAll(/(?:src|href)="\/?(assets\/[^"]+)"/g)].map((m) => m[1]);
  return refs.length > 0 && refs.every((r) => fs.existsSync(path.join(dir, r)));
}

/**
 * Copy the built web app into `into` and return that path (for the server's WEB_DIST): other
 * people may rebuild apps/web/dist while a run is serving it. Retries while a build is half-written.
 */
export async function snapshotWebDist(into) {
  for (let attempt = 0; attempt < 20; attempt++) {
    fs.rmSync(into, { recursive: true, force: true });
    if (webDistComplete(webDist)) {
      fs.cpSync(webDist, into, { recursive: true });
      if (webDistComplete(into)) return into;
    }
    await sleep(500);
  }
  throw new Error(`apps/web/dist is missing or incomplete (index.html references missing assets); run npm run build`);
}

/** A fresh temp directory (removed by `rmTemp`). */
export function tempDir(prefix = 'lobby-') {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function rmTemp(dir) {
  if (dir && dir.startsWith(os.tmpdir())) fs.rmSync(dir, { recursive: true, force: true });
}


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
  /** Run in its own process group and signal the whole group on stop (for `npm start`). */
  group = false,
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
    TRUST_PROXY: 'loopback',
    RATE_LIMIT_MAX: '100000000',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    ...env,
  };
  const t0 = performance.now();
  const child = track(spawn(command[0], command.slice(1), { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'], detached: group }), group);
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
      if (group) {
        // One SIGTERM to the server itself (a group-wide signal would reach it twice, once
        // forwarded by scripts/start.mjs, and cut its graceful close of the database short).
        const leaf = descendants(child.pid).find((p) => cmdline(p).includes('dist/main.js'));
        if (leaf) { try { process.kill(leaf, 'SIGTERM'); } catch { /* gone */ } } else signal(child, 'SIGTERM', false);
        const deadline = Date.now() + 10_000;
        while (groupAlive(child.pid) && Date.now() < deadline) await sleep(50);
        if (groupAlive(child.pid)) signal(child, 'SIGKILL', true);
        return;
      }
      if (exited) return;
      const done = new Promise((r) => child.once('exit', r));
      signal(child, 'SIGTERM', false);
      const t = setTimeout(() => signal(child, 'SIGKILL', false), 10_000);
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
