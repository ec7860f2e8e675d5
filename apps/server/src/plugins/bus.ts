import { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';

/**
 * Messages between server instances (cache invalidation, socket fan-out). With REDIS_URL it is
 * Redis pub/sub; without, an in-process emitter (one process).
 */
export interface Bus {
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, handler: (message: string) => void): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    bus: Bus;
    /** Shared Redis client when REDIS_URL is set. */
    redis: Redis | null;
  }
}

export const busPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const { REDIS_URL, REDIS_PREFIX } = opts.config;
  if (!REDIS_URL) {
    const ee = new EventEmitter();
    ee.setMaxListeners(0);
    app.decorate('redis', null);
    app.decorate('bus', {
      publish: async (c, m) => void ee.emit(c, m),
      subscribe: async (c, h) => void ee.on(c, h),
    } satisfies Bus);
    return;
  }
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  // Connected before the first SUBSCRIBE: one queued ahead of ioredis's ready check puts the
  // connection in subscriber mode, the check fails and that subscription is lost on reconnect
  // (brand changes never reached the other instances).
  const sub = new Redis(REDIS_URL, { maxRetriesPerRequest: 2, lazyConnect: true });
  const handlers = new Map<string, ((m: string) => void)[]>();
  sub.on('message', (channel: string, message: string) => {
    for (const h of handlers.get(channel) ?? []) h(message);
  });
  redis.on('error', (err) => app.log.warn({ err }, 'redis error'));
  sub.on('error', (err) => app.log.warn({ err }, 'redis subscriber error'));
  await sub.connect();
  app.decorate('redis', redis);
  app.decorate('bus', {
    publish: async (c, m) => void (await redis.publish(REDIS_PREFIX + c, m)),
    subscribe: async (c, h) => {
      const key = REDIS_PREFIX + c;
      if (!handlers.has(key)) {
        handlers.set(key, []);
        await sub.subscribe(key);
      }
      handlers.get(key)!.push(h);
    },
  } satisfies Bus);
  app.addHook('onClose', async () => {
    await Promise.allSettled([redis.quit(), sub.quit()]);
  });
});
