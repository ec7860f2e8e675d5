import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { session } from '@lobby/contract';
import type { Brand } from '../../plugins/merchant.ts';
import type { Counters } from './counters.ts';

/**
 * Known devices (issue 18 item 3): every successful login leaves an HttpOnly cookie naming the
 * browser (random 256 bits; only its SHA-256 is kept) and remembers, per brand and account, that
 * this device logged in. A login attempt from a known device is judged by that device's own
 * failures: guesses from anywhere else never slow the member down there, and it skips the
 * new-address check. The memory lives in the shared counters (Redis or auth_counters) for
 * LOGIN_BACKOFF.deviceDays after the last login from the device.
 */
const { DEVICE_COOKIE, LOGIN_BACKOFF } = session;
const COOKIE_RE = /^[A-Za-z0-9_-]{43}$/;

/** The device id the browser sent (cookie), or null when absent or malformed. */
export function deviceIdOf(req: FastifyRequest): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== DEVICE_COOKIE) continue;
    const v = part.slice(eq + 1).trim();
    return COOKIE_RE.test(v) ? v : null;
  }
  return null;
}

export const deviceHash = (deviceId: string) => createHash('sha256').update(`device:${deviceId}`).digest('hex');

const trustKey = (brand: Brand, account: string, hash: string) => `${brand.id}:device:${account}:${hash}`;

/** Whether this device has logged in to this account (brand + lower-case username) before. */
export async function isKnownDevice(counters: Counters, brand: Brand, account: string, deviceId: string | null): Promise<boolean> {
  if (!deviceId) return false;
  return (await counters.peek(trustKey(brand, account, deviceHash(deviceId)))) !== null;
}

/**
 * After a successful login: the device is known to the account from now on. Sets the cookie when
 * the browser had none (path /wps so every login call sends it; HttpOnly, SameSite=Lax, Secure
 * over TLS through the trusted proxy).
 */
export async function rememberDevice(
  counters: Counters, brand: Brand, account: string, deviceId: string | null, reply: FastifyReply | undefined, secure: boolean,
): Promise<string> {
  const id = deviceId ?? randomBytes(32).toString('base64url');
  const days = LOGIN_BACKOFF.deviceDays;
  await counters.set(trustKey(brand, account, deviceHash(id)), 1, days * 86_400_000);
  if (reply) {
    const attrs = [`${DEVICE_COOKIE}=${id}`, 'Path=/wps', `Max-Age=${days * 86_400}`, 'HttpOnly', 'SameSite=Lax'];
    if (secure) attrs.push('Secure');
    const prev = reply.getHeader('set-cookie');
    const list = prev === undefined ? [] : Array.isArray(prev) ? prev.map(String) : [String(prev)];
    reply.header('set-cookie', [...list, attrs.join('; ')]);
  }
  return id;
}
