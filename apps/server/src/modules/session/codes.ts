import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import type { Db } from '../../db/index.ts';
import { verificationCodes } from '../../db/schema.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import type { Counters } from './counters.ts';

/**
 * One-time codes by SMS or e-mail: 6 digits, salted SHA-256 at rest, expire after
 * CODE_TTL_MINUTES, single use, at most MAX_ATTEMPTS wrong tries. Sending is limited per
 * recipient (1 a minute, 5 an hour) and per IP (20 an hour); going over blocks that recipient
 * or IP for 5 minutes (`sms.too.many`, value.retryAfterSeconds).
 */
export const CODE_TTL_MINUTES = 5;
export const MAX_ATTEMPTS = 5;
export const SEND_LIMITS = { perMinute: 1, perHour: 5, perIpHour: 20, blockMinutes: 5 } as const;

export type Purpose = (typeof verificationCodes.$inferInsert)['purpose'];
export type Channel = 'sms' | 'email';

export interface OutgoingMessage { channel: Channel; to: string; subject?: string; body: string }

/** Through the notification providers (always recorded in the outbox); failure is notify.failed. */
export async function deliver(app: FastifyInstance, brand: Brand, msg: OutgoingMessage): Promise<void> {
  await app.notify.send(brand, msg);
}

/**
 * A mobile number as E.164, from a national or international number and an optional dialing
 * code ("+52", "52"); it must be a valid number of a country the brand accepts.
 */
export function normalizeMobile(brand: Brand, mobileNum: string | undefined, dialingCode?: string): string {
  const raw = (mobileNum ?? '').replace(/[\s().-]/g, '');
  if (!raw || raw.length > 20) throw new AppError('sms.phone.invalid');
  const dial = (dialingCode ?? '').replace(/[^0-9]/g, '');
  const countries = brand.config.countries as CountryCode[];
  const phone = raw.startsWith('+')
    ? parsePhoneNumberFromString(raw)
    : dial
      ? parsePhoneNumberFromString(raw, { defaultCallingCode: dial })
      : parsePhoneNumberFromString(raw, countries[0]);
  if (!phone || !phone.isValid()) throw new AppError('sms.phone.invalid');
  if (phone.country && countries.length && !countries.includes(phone.country)) throw new AppError('sms.phone.invalid');
  return phone.number;
}

/** "+52******5678" / "p***@mail.com" for showing where a code went. */
export function maskRecipient(to: string): string {
  if (to.includes('@')) {
    const [user, domain] = to.split('@');
    return `${user.slice(0, 1)}***@${domain}`;
  }
  return `${to.slice(0, 3)}${'*'.repeat(Math.max(0, to.length - 7))}${to.slice(-4)}`;
}

const digest = (salt: string, code: string) => createHash('sha256').update(`${salt}:${code}`).digest();
export const sha256hex = (s: string) => createHash('sha256').update(s).digest('hex');

function tooMany(resetAt: number): AppError {
  const seconds = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
  return new AppError('sms.too.many', { minutes: Math.ceil(seconds / 60) }, { retryAfterSeconds: seconds });
}

/** Applies the send limits for one recipient and IP; throws sms.too.many when over. */
export async function checkSendLimits(counters: Counters, brandId: number, recipient: string, ip: string): Promise<void> {
  const blockTo = `${brandId}:code:block:${recipient}`;
  const blockIp = `${brandId}:code:block-ip:${ip}`;
  for (const key of [blockTo, blockIp]) {
    const b = await counters.peek(key);
    if (b) throw tooMany(b.resetAt);
  }
  const block = async (key: string) => {
    const ms = SEND_LIMITS.blockMinutes * 60_000;
    await counters.set(key, 1, ms);
    return tooMany(Date.now() + ms);
  };
  const minute = await counters.hit(`${brandId}:code:1m:${recipient}`, 60_000);
  const hour = await counters.hit(`${brandId}:code:1h:${recipient}`, 3_600_000);
  if (minute.count > SEND_LIMITS.perMinute || hour.count > SEND_LIMITS.perHour) throw await block(blockTo);
  const ipHour = await counters.hit(`${brandId}:code:ip:${ip}`, 3_600_000);
  if (ipHour.count > SEND_LIMITS.perIpHour) throw await block(blockIp);
}

export interface IssueOptions {
  purpose: Purpose;
  channel: Channel;
  recipient: string;
  memberId?: bigint | null;
  /** E-mail resets also get a link token (returned, stored hashed). */
  withLink?: boolean;
  /** Validity when not CODE_TTL_MINUTES (an agent's reset link waits for the member longer). */
  ttlMinutes?: number;
}

/** Stores a new code (older unused ones of the same purpose stop counting) and returns it in clear. */
export async function createCode(db: Db, brandId: number, o: IssueOptions): Promise<{ code: string; linkToken: string | null }> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const salt = randomBytes(16).toString('hex');
  const linkToken = o.withLink ? randomBytes(32).toString('base64url') : null;
  await db.insert(verificationCodes).values({
    merchantId: brandId, purpose: o.purpose, channel: o.channel, recipient: o.recipient, memberId: o.memberId ?? null,
    salt, codeHash: digest(salt, code).toString('hex'), linkHash: linkToken ? sha256hex(linkToken) : null,
    expiresAt: new Date(Date.now() + (o.ttlMinutes ?? CODE_TTL_MINUTES) * 60_000),
  });
  return { code, linkToken };
}

export type CodeRow = typeof verificationCodes.$inferSelect;

/**
 * Checks the latest code sent to `recipient` for `purpose` and uses it up. Wrong, replayed or
 * missing: `sms.code.invalid`; too late: `sms.code.expired`.
 */
export async function consumeCode(db: Db, brandId: number, purpose: Purpose, recipient: string, code: string | undefined): Promise<CodeRow> {
  if (!code || !/^\d{6}$/.test(code)) throw new AppError('sms.code.invalid');
  const [row] = await db.select().from(verificationCodes)
    .where(and(eq(verificationCodes.merchantId, brandId), eq(verificationCodes.purpose, purpose), eq(verificationCodes.recipient, recipient)))
    .orderBy(desc(verificationCodes.id)).limit(1);
  if (!row || row.usedAt || row.attempts >= MAX_ATTEMPTS) throw new AppError('sms.code.invalid');
  if (row.expiresAt.getTime() <= Date.now()) throw new AppError('sms.code.expired');
  if (!timingSafeEqual(Buffer.from(row.codeHash, 'hex'), digest(row.salt, code))) {
    await db.update(verificationCodes).set({ attempts: sql`${verificationCodes.attempts} + 1` }).where(eq(verificationCodes.id, row.id));
    throw new AppError('sms.code.invalid');
  }
  return markUsed(db, row);
}

/** Uses up the code whose link token this is (e-mail reset links). */
export async function consumeLink(db: Db, brandId: number, linkToken: string): Promise<CodeRow> {
  const [row] = await db.select().from(verificationCodes)
    .where(and(eq(verificationCodes.merchantId, brandId), eq(verificationCodes.linkHash, sha256hex(linkToken)))).limit(1);
  if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now()) throw new AppError('password.reset.invalid');
  return markUsed(db, row);
}

async function markUsed(db: Db, row: CodeRow): Promise<CodeRow> {
  const [used] = await db.update(verificationCodes).set({ usedAt: new Date() })
    .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.usedAt))).returning();
  if (!used) throw new AppError('sms.code.invalid');
  return used;
}

/** The text of a code message in the request language. */
export function codeText(brand: Brand, lang: 'ES' | 'EN', code: string): string {
  return lang === 'ES'
    ? `${brand.config.name}: su código es ${code}. Caduca en ${CODE_TTL_MINUTES} minutos. No lo comparta con nadie.`
    : `${brand.config.name}: your code is ${code}. It expires in ${CODE_TTL_MINUTES} minutes. Do not share it.`;
}
