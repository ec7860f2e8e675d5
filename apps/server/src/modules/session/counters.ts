import { randomInt } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/index.ts';
import { authCounters } from '../../db/schema.ts';

/** A fixed-window count: how many hits, and when the window ends. */
export interface Count {
  count: number;
  resetAt: number;
}

/**
 * Counters shared by every server instance: login failures, locks, SMS limits. In Redis when
 * REDIS_URL is set (INCR + PEXPIRE), else in the `auth_counters` table (one upsert per hit).
 * Keys are built by the callers and always carry the brand id.
 */
export interface Counters {
  /** Adds one and answers the count in the current window (a new window starts at 1). */
  hit(key: string, windowMs: number): Promise<Count>;
  /** The live count, or null when the key is absent or its window has ended. */
  peek(key: string): Promise<Count | null>;
  /** Sets a key to `count` for `windowMs` (used for locks). */
  set(key: string, count: number, windowMs: number): Promise<void>;
  clear(key: string): Promise<void>;
}

export function dbCounters(db: Db): Counters {
  return {
    async hit(key, windowMs) {
      const expires = new Date(Date.now() + windowMs);
      const [row] = await db.insert(authCounters).values({ key, count: 1, expiresAt: expires })
        .onConflictDoUpdate({
          target: authCounters.key,
          set: {
            count: sql`case when ${authCounters.expiresAt} <= now() then 1 else ${authCounters.count} + 1 end`,
            expiresAt: sql`case when ${authCounters.expiresAt} <= now() then ${expires.toISOString()}::timestamptz else ${authCounters.expiresAt} end`,
          },
        })
        .returning({ count: authCounters.count, expiresAt: authCounters.expiresAt });
      // now and then, drop windows that ended (Redis expires its keys itself)
      if (randomInt(0, 500) === 0) await purgeExpiredCounters(db);
      return { count: row.count, resetAt: row.expiresAt.getTime() };
    },
    async peek(key) {
      const [row] = await db.select().from(authCounters).where(eq(authCounters.key, key)).limit(1);
      if (!row || row.expiresAt.getTime() <= Date.now()) return null;
      return { count: row.count, resetAt: row.expiresAt.getTime() };
    },
    async set(key, count, windowMs) {
      const expiresAt = new Date(Date.now() + windowMs);
      await db.insert(authCounters).values({ key, count, expiresAt })
        .onConflictDoUpdate({ target: authCounters.key, set: { count, expiresAt } });
    },
    async clear(key) {
      await db.delete(authCounters).where(eq(authCounters.key, key));
    },
  };
}

export function redisCounters(redis: Redis, prefix: string): Counters {
  const k = (key: string) => `${prefix}ctr:${key}`;
  return {
    async hit(key, windowMs) {
      const res = await redis.multi().incr(k(key)).pexpire(k(key), windowMs, 'NX').pttl(k(key)).exec();
      const count = Number(res?.[0]?.[1] ?? 1);
      const ttl = Number(res?.[2]?.[1] ?? windowMs);
      return { count, resetAt: Date.now() + (ttl > 0 ? ttl : windowMs) };
    },
    async peek(key) {
      const res = await redis.multi().get(k(key)).pttl(k(key)).exec();
      const v = res?.[0]?.[1] as string | null;
      const ttl = Number(res?.[1]?.[1] ?? -2);
      if (v === null || v === undefined || ttl === -2) return null;
      return { count: Number(v), resetAt: Date.now() + Math.max(ttl, 0) };
    },
    async set(key, count, windowMs) {
      await redis.set(k(key), String(count), 'PX', windowMs);
    },
    async clear(key) {
      await redis.del(k(key));
    },
  };
}

/** Removes windows that ended from the table. */
export async function purgeExpiredCounters(db: Db): Promise<void> {
  await db.delete(authCounters).where(lt(authCounters.expiresAt, new Date()));
}
