/** Helpers for the account tests (session and member suites). Not loaded by the server. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { BrandConfig } from '@lobby/contract';
import { members, merchants, outbox } from '../../db/schema.ts';
import { encryptForTest } from '../crypto-client.ts';
import type { TestApp } from '../harness.ts';
import { createCaptcha } from '../../modules/session/index.ts';

export interface CallOpts { merchant?: string; token?: string; ip?: string }

const ipHeader = (ip?: string) => (ip ? { 'x-forwarded-for': ip } : {});

const REGISTER_URLS = new Set(['/wps/member/register', '/wps/member/register/mobile']);

/**
 * An encrypted POST, as the web client sends login, register and password calls. A registration
 * whose body has no `captcha` key gets a solved captcha (registration always asks for one; a test
 * of the captcha itself sends the key, even as undefined).
 */
export async function encPost(t: TestApp, url: string, body: unknown, o: CallOpts = {}) {
  const merchant = o.merchant ?? 'demo';
  if (REGISTER_URLS.has(url) && body && typeof body === 'object' && !('captcha' in body)) {
    body = { ...body, ...(await knownCaptcha(t, merchant)) };
  }
  const enc = await encryptForTest(t.app, merchant, body);
  return t.call({ method: 'POST', url, merchant, token: o.token, headers: { ...enc.headers, ...ipHeader(o.ip) }, payload: enc.payload });
}

/** A plain JSON call. */
export function call(t: TestApp, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, o: CallOpts = {}) {
  return t.call({ method, url, merchant: o.merchant ?? 'demo', token: o.token, headers: ipHeader(o.ip), ...(body === undefined ? {} : { payload: body as object }) });
}

export function login(t: TestApp, username: string, password: string, o: CallOpts & { captchaId?: string; captcha?: string } = {}) {
  return encPost(t, '/wps/session/login', { type: 'username', username, password, captchaId: o.captchaId, captcha: o.captcha }, o);
}

export const brandId = (t: TestApp, code = 'demo') => t.app.brands.byMerchantCode(code)!.id;

/** A captcha whose answer the test knows. */
export async function knownCaptcha(t: TestApp, code = 'demo', text = 'ACE47') {
  const c = await createCaptcha(t.database.db, brandId(t, code), text);
  return { captchaId: c.captchaId, captcha: text };
}

/** The 6-digit code of the latest message to a recipient (dev outbox). */
export async function lastCode(t: TestApp, to: string): Promise<string> {
  const [row] = await t.database.db.select().from(outbox).where(eq(outbox.recipient, to)).orderBy(desc(outbox.id)).limit(1);
  const m = row && /\b(\d{6})\b/.exec(row.body);
  if (!m) throw new Error(`no code sent to ${to}`);
  return m[1];
}

export async function lastMessage(t: TestApp, to: string) {
  const [row] = await t.database.db.select().from(outbox).where(eq(outbox.recipient, to)).orderBy(desc(outbox.id)).limit(1);
  return row;
}

export async function memberRow(t: TestApp, username: string, code = 'demo') {
  const [m] = await t.database.db.select().from(members)
    .where(and(eq(members.merchantId, brandId(t, code)), eq(members.usernameKey, username.toLowerCase())));
  return m;
}

export async function setBrand(t: TestApp, code: string, patch: (c: BrandConfig) => void) {
  const [row] = await t.database.db.select().from(merchants).where(eq(merchants.code, code));
  patch(row.config);
  await t.database.db.update(merchants).set({ config: row.config, version: row.version + 1 }).where(eq(merchants.id, row.id));
  await t.app.brandsChanged();
}

/** Switches one module of a brand's white-label tree on or off. */
export function setModule(c: BrandConfig, modId: string, enabled: boolean) {
  const walk = (nodes: BrandConfig['whitelabel']) => nodes.forEach((n) => { if (n.modId === modId) n.enabled = enabled; walk(n.childrenNodes); });
  walk(c.whitelabel);
}

let n = 0;
/** A unique IP per call site, so per-IP limits of one test do not touch another. */
export const freshIp = () => `10.${(++n >> 8) & 255}.${n & 255}.${(Math.random() * 250 + 1) | 0}`;

/**
 * Clears the rate-limit counters whose key matches `like` (SQL LIKE: `%` any run) wherever the
 * app keeps them: the database table, or Redis when REDIS_URL is set (as CI runs).
 */
export async function clearCounters(t: TestApp, like: string) {
  await t.database.db.execute(sql`delete from auth_counters where key like ${like}`);
  const redis = t.app.redis;
  if (!redis) return;
  const glob = `${t.app.config.REDIS_PREFIX}ctr:${like.replace(/[*?[\]]/g, '\\$&').replace(/%/g, '*')}`;
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', glob, 'COUNT', 500);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}
