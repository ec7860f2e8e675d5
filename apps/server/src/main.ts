import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/index.ts';
import { seedDemo } from './db/seed/index.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : path.resolve(config.DATA_DIR, 'pglite'),
    poolSize: config.DATABASE_POOL_SIZE,
  });
  if (config.SEED_DEMO) await seedDemo(database.db);
  const app = await buildApp({ config, database });

  /**
   * Graceful shutdown (SIGTERM from the process manager, SIGINT from a terminal):
   * 1. /readyz answers 503 (draining) for SHUTDOWN_DRAIN_SECONDS, so a balancer stops sending;
   * 2. app.close(): the listener stops accepting, requests in flight finish (new ones on kept-alive
   *    connections get 503), socket.io transports close (clients reconnect elsewhere), the job
   *    scheduler stops and waits for a running job's transaction, Redis clients quit;
   * 3. the database pool closes. Past SHUTDOWN_TIMEOUT_SECONDS the process exits anyway (code 1):
   *    every money write is one transaction, so a cut leaves nothing half-written.
   */
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const cap = setTimeout(() => {
      app.log.error({ signal }, `shutdown took over ${config.SHUTDOWN_TIMEOUT_SECONDS} s; exiting`);
      process.exit(1);
    }, (config.SHUTDOWN_DRAIN_SECONDS + config.SHUTDOWN_TIMEOUT_SECONDS) * 1000);
    cap.unref();
    try {
      app.startDraining();
      if (config.SHUTDOWN_DRAIN_SECONDS > 0) await sleep(config.SHUTDOWN_DRAIN_SECONDS * 1000);
      await app.close();
      await database.close();
      app.log.info({ signal }, 'shut down');
      process.exit(0);
    } catch (err) {
      app.log.error({ err, signal }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
