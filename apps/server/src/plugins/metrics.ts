import http from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { AppError } from './errors.ts';
import { jobEvents, type JobRunEvent } from '../jobs/runner.ts';
import { ledgerStats } from '../kernel/ledger/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's Prometheus registry (GET /metrics). */
    metrics: Registry;
  }
}

/** Builds the registry: process metrics, request durations, ledger postings, job runs, sockets. */
export function createMetrics(app: FastifyInstance): { registry: Registry; stop(): void } {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'lobby_' });

  const requests = new Histogram({
    name: 'lobby_http_request_duration_seconds',
    help: 'HTTP request duration by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  // each series' child, found by one string key (observing with a label object hashes the labels every time)
  const series = new Map<string, { observe(v: number): void }>();
  // a callback hook (no promise per request on the hot paths)
  app.addHook('onResponse', (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    // the route pattern, never the raw URL (bounded label values); unmatched URLs are one series
    const route = req.routeOptions.url ?? 'unmatched';
    if (route !== '/metrics') {
      const key = `${req.method} ${reply.statusCode} ${route}`;
      let child = series.get(key);
      if (!child) series.set(key, (child = requests.labels({ method: req.method, route, status_code: String(reply.statusCode) })));
      child.observe(reply.elapsedTime / 1000);
    }
    done();
  });

  let counted = ledgerStats.applied;
  new Counter({
    name: 'lobby_ledger_postings_total',
    help: 'Ledger postings applied by this instance (idempotent replays not counted)',
    registers: [registry],
    collect() {
      const now = ledgerStats.applied;
      if (now > counted) this.inc(now - counted);
      counted = now;
    },
  });

  const runs = new Counter({
    name: 'lobby_job_runs_total',
    help: 'Scheduled job runs by outcome: done, skipped (another instance has the period), failed',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'lobby_job_duration_seconds',
    help: 'Duration of scheduled job runs that ran',
    labelNames: ['job'] as const,
    buckets: [0.005, 0.025, 0.1, 0.5, 1, 5, 15, 60],
    registers: [registry],
  });
  const onRun = (e: JobRunEvent) => {
    runs.inc({ job: e.job, outcome: e.outcome });
    if (e.outcome !== 'skipped') durations.observe({ job: e.job }, e.seconds);
  };
  jobEvents.on('run', onRun);

  new Gauge({
    name: 'lobby_socket_connections',
    help: 'Open socket.io connections on this instance',
    registers: [registry],
    collect() {
      this.set(app.hasDecorator('io') ? app.io.engine.clientsCount : 0);
    },
  });
  return { registry, stop: () => void jobEvents.off('run', onRun) };
}

const bearer = (h: string | undefined) => (h?.startsWith('Bearer ') ? h.slice(7).trim() : '');
const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * GET /metrics in Prometheus text format. Exposure (config.ts): METRICS_PORT → its own listener
 * on METRICS_HOST only; else on the main port behind METRICS_TOKEN (Bearer); without a token,
 * open outside production and absent (404) in production.
 */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  const { METRICS_PORT, METRICS_HOST, METRICS_TOKEN, NODE_ENV } = app.config;
  const { registry, stop } = createMetrics(app);
  app.decorate('metrics', registry);
  app.addHook('onClose', async () => stop());

  if (METRICS_PORT) {
    const server = http.createServer((req, res) => {
      if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
        res.writeHead(404).end();
        return;
      }
      registry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
        (err: unknown) => { app.log.error({ err }, 'metrics failed'); res.writeHead(500).end(); },
      );
    });
    app.addHook('onReady', () => new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(METRICS_PORT, METRICS_HOST, () => resolve());
    }));
    app.addHook('onClose', () => new Promise<void>((resolve) => server.close(() => resolve())));
    return;
  }
  if (!METRICS_TOKEN && NODE_ENV === 'production') return;
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (METRICS_TOKEN && !same(bearer(req.headers.authorization), METRICS_TOKEN)) {
      throw new AppError('function.not.available');
    }
    return reply.type(registry.contentType).header('cache-control', 'no-store').send(await registry.metrics());
  });
});
