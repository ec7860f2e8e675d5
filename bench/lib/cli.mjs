// Shared by the bench scripts: command-line options, autocannon runs, throwaway PostgreSQL databases.
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';

const argv = process.argv.slice(2);

/** `--name value` as a number (or the default). */
export const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : dflt;
};

/** `--name value` as text (or the default). */
export const optText = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : dflt;
};

export const flag = (name) => argv.includes(`--${name}`);

function cannon(url, headers, connections, duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections, pipelining: 1, duration }, (err, r) => (err ? reject(err) : resolve(r)));
  });
}

/** autocannon against `url`: `warmup` s unmeasured, then `duration` s; prints one line. */
export async function load(label, url, headers, { connections, warmup, duration }) {
  await cannon(url, headers, connections, warmup);
  const r = await cannon(url, headers, connections, duration);
  const out = {
    label,
    url,
    reqPerSec: Math.round(r.requests.average),
    latencyMs: { p50: r.latency.p50, p99: r.latency.p99, avg: r.latency.average },
    bytesPerReq: r.requests.total ? Math.round(r.throughput.total / r.requests.total) : 0,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
  const bad = out.non2xx + out.errors + out.timeouts;
  console.log(`${label.padEnd(8)} ${String(out.reqPerSec).padStart(7)} req/s   p50 ${out.latencyMs.p50} ms  p99 ${out.latencyMs.p99} ms  ${out.bytesPerReq} B/resp  ${bad ? `NON-2XX/ERRORS ${bad}` : 'all 2xx'}`);
  return out;
}

export const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function adminQuery(q) {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    return await c.query(q);
  } finally {
    await c.end();
  }
}

/** A throwaway database `lobby_bench_<random>` for `fn(url)`, dropped afterwards (also on error). */
export async function withPgDatabase(fn) {
  const name = `lobby_bench_${randomBytes(5).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    return await fn(url.toString());
  } finally {
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}
