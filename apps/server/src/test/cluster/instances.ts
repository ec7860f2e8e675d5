/**
 * Real server instances for the cluster and fault tests: `node --import tsx src/main.ts` child
 * processes on 127.0.0.1, all on one PostgreSQL database and one Redis (under a prefix of their
 * own). Not loaded by the server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const METRICS_TOKEN = 'cluster-test-metrics-token';
export const OPERATOR_KEY = 'cluster-test-operator-key';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface Instance {
  name: string;
  url: string;
  port: number;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  log(): string;
}

const live = new Set<ChildProcess>();
process.once('exit', () => { for (const c of live) c.kill('SIGKILL'); });

/** Starts one instance and waits until GET /readyz answers 200. */
export async function startInstance(name: string, env: Record<string, string>, port?: number): Promise<Instance> {
  port ??= await freePort();
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', TRUST_PROXY: 'loopback',
    WEB_DIST: '/nonexistent', JOBS_ENABLED: 'true', SEED_DEMO: 'true', METRICS_TOKEN, OPERATOR_API_KEY: OPERATOR_KEY,
    ...env,
  };
  delete childEnv.TEST_DB_KIND;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: serverDir, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(child);
  let output = '';
  const keep = (b: Buffer) => { output = (output + b.toString()).slice(-50_000); };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => {
    live.delete(child);
    resolve({ code, signal });
  }));
  let gone = false;
  void exited.then(() => { gone = true; });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (gone) throw new Error(`instance ${name} exited before ready:\n${output.slice(-3000)}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`instance ${name} not ready in 120 s:\n${output.slice(-3000)}`);
    }
    try {
      const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) break;
    } catch { /* not listening yet */ }
    await sleep(200);
  }
  return { name, url, port, child, exited, log: () => output };
}

/** SIGTERM, then SIGKILL after `ms`; answers how it ended. */
export async function stopInstance(i: Instance, ms = 30_000) {
  if (i.child.exitCode === null && i.child.signalCode === null) i.child.kill('SIGTERM');
  const t = setTimeout(() => i.child.kill('SIGKILL'), ms);
  const r = await i.exited;
  clearTimeout(t);
  return r;
}

/** A database of its own on the server of `adminUrl`; answers its URL and a `drop`. */
export async function ownDatabase(adminUrl: string, name: string) {
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try { await c.query(q); } finally { await c.end(); }
  };
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** A metric's value summed over the series whose labels include every `labels` pair. */
export function metricValue(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const m = /^[^{ ]+(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) continue;
    const have = Object.fromEntries([...(m[1] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) sum += Number(m[2]);
  }
  return sum;
}

export async function metricsOf(i: Instance): Promise<string> {
  const res = await fetch(`${i.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (!res.ok) throw new Error(`metrics of ${i.name}: ${res.status}`);
  return res.text();
}
