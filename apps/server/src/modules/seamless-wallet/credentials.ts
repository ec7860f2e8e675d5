/**
 * Per-partner seamless-wallet credentials (issue 20 item 4). Each vendor (native protocol: an
 * HMAC secret) or aggregator (Hub88 protocol: its RSA public key, and our own RSA key pair per
 * brand and aggregator) has its own rows. A rotation adds a row and gives the older live rows an
 * end (the overlap): both are accepted until then, and answers are signed with the newest key.
 */
import { createPrivateKey, createPublicKey, generateKeyPair, randomBytes, sign as cryptoSign, verify as cryptoVerify, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/index.ts';
import { merchants, vendors } from '../../db/schema.ts';
import { seamlessCredentials } from '../../db/seamless-wallet-schema.ts';
import { AppError } from '../../plugins/errors.ts';

const generateKeyPairAsync = promisify(generateKeyPair);

export type Protocol = 'native' | 'hub88';
type Row = typeof seamlessCredentials.$inferSelect;

/** Live rows: no end yet, or an end in the future. Newest first. */
async function liveRows(db: Db | Tx, merchantId: number, partner: string, protocol: Protocol, now = new Date()): Promise<Row[]> {
  return db.select().from(seamlessCredentials)
    .where(and(eq(seamlessCredentials.merchantId, merchantId), eq(seamlessCredentials.partner, partner), eq(seamlessCredentials.protocol, protocol),
      or(isNull(seamlessCredentials.expiresAt), gt(seamlessCredentials.expiresAt, now))))
    .orderBy(desc(seamlessCredentials.id));
}

/** Credentials are read on every signed call: remembered briefly (a rotation or revocation counts within it). */
export const CREDENTIAL_TTL_MS = 5_000;
const cache = new WeakMap<object, Map<string, { rows: Row[]; until: number }>>();

async function cachedRows(db: Db, merchantId: number, partner: string, protocol: Protocol): Promise<Row[]> {
  let c = cache.get(db);
  if (!c) cache.set(db, (c = new Map()));
  const key = `${merchantId}:${protocol}:${partner}`;
  const hit = c.get(key);
  const now = Date.now();
  if (hit && hit.until > now) return hit.rows.filter((r) => !r.expiresAt || r.expiresAt.getTime() > now);
  const rows = await liveRows(db, merchantId, partner, protocol);
  c.set(key, { rows, until: now + CREDENTIAL_TTL_MS });
  return rows;
}

/** Forgets cached credentials of this database (after a change in this process). */
export const forgetCredentials = (db: Db) => cache.delete(db);

/** The live HMAC secrets of a native vendor, newest first. */
export async function vendorSecrets(db: Db, merchantId: number, vendor: string): Promise<string[]> {
  return (await cachedRows(db, merchantId, vendor, 'native')).map((r) => r.secret!).filter(Boolean);
}

/** The newest live secret of a native vendor (what the in-process demo vendor signs with). */
export async function vendorSecret(db: Db, merchantId: number, vendor: string): Promise<string | undefined> {
  return (await vendorSecrets(db, merchantId, vendor))[0];
}

const keyObjects = new Map<string, KeyObject>();
function keyOf(pem: string, kind: 'public' | 'private', passphrase?: string): KeyObject {
  const k = `${kind}:${pem}`;
  let o = keyObjects.get(k);
  if (!o) {
    o = kind === 'public' ? createPublicKey(pem) : createPrivateKey(passphrase && pem.includes('ENCRYPTED') ? { key: pem, passphrase } : pem);
    if (keyObjects.size > 1000) keyObjects.clear();
    keyObjects.set(k, o);
  }
  return o;
}

/** A Hub88-protocol aggregator's keys at a brand: its public keys (verify) and our newest private key (sign). */
export async function aggregatorKeys(db: Db, merchantId: number, partner: string, passphrase?: string): Promise<{ verify: KeyObject[]; sign: KeyObject | null }> {
  const rows = await cachedRows(db, merchantId, partner, 'hub88');
  const verify = rows.filter((r) => r.partnerPublicKey).map((r) => keyOf(r.partnerPublicKey!, 'public'));
  const newest = rows.find((r) => r.ourPrivateKey);
  return { verify, sign: newest ? keyOf(newest.ourPrivateKey!, 'private', passphrase) : null };
}

/**
 * Gives every vendor of every brand that has no native credential its own: VENDOR_SECRET when set
 * (a development convenience: one known secret for every vendor; never in production), else a
 * random secret per brand and vendor. No secret is shared between vendors otherwise.
 */
export async function seedCredentials(db: Db, envSecret = process.env.VENDOR_SECRET): Promise<void> {
  for (const m of await db.select({ id: merchants.id }).from(merchants)) {
    const have = new Set((await db.select({ p: seamlessCredentials.partner }).from(seamlessCredentials)
      .where(and(eq(seamlessCredentials.merchantId, m.id), eq(seamlessCredentials.protocol, 'native')))).map((r) => r.p));
    const missing = (await db.select({ code: vendors.code }).from(vendors).where(eq(vendors.merchantId, m.id))).filter((v) => !have.has(v.code));
    if (missing.length === 0) continue;
    await db.insert(seamlessCredentials).values(missing.map((v) => ({
      merchantId: m.id, partner: v.code, protocol: 'native' as const, secret: envSecret || randomBytes(32).toString('hex'), createdBy: 'seed',
    })));
  }
}

/** The public view of a row (no secret, no private key). */
export function view(r: Row, now = new Date()) {
  return {
    id: String(r.id),
    partner: r.partner,
    protocol: r.protocol,
    /** The last 4 characters of a native secret. */
    secretHint: r.secret ? `…${r.secret.slice(-4)}` : null,
    partnerPublicKey: r.partnerPublicKey,
    ourPublicKey: r.ourPublicKey,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt?.toISOString() ?? null,
    status: (r.expiresAt === null ? 'current' : r.expiresAt > now ? 'overlap' : 'expired') as 'current' | 'overlap' | 'expired',
  };
}
export type CredentialView = ReturnType<typeof view>;

export async function listCredentials(db: Db | Tx, merchantId: number): Promise<CredentialView[]> {
  const rows = await db.select().from(seamlessCredentials).where(eq(seamlessCredentials.merchantId, merchantId))
    .orderBy(seamlessCredentials.partner, desc(seamlessCredentials.id));
  return rows.map((r) => view(r));
}

/** A PEM RSA public key (≥ 2048 bits), normalised; else `operator.seamless.key.invalid`. */
export function checkPublicKey(pem: string): string {
  try {
    const k = createPublicKey(pem);
    if (k.asymmetricKeyType !== 'rsa' || (k.asymmetricKeyDetails?.modulusLength ?? 0) < 2048) throw new Error('not rsa-2048');
    return k.export({ type: 'spki', format: 'pem' }).toString();
  } catch {
    throw new AppError('operator.seamless.key.invalid');
  }
}

export interface CreateInput { partner: string; protocol: Protocol; partnerPublicKey?: string; overlapHours: number }

/**
 * Creates a partner's new credential; the live ones it had end after `overlapHours` (0 = now).
 * Native: a new random secret (answered once). Hub88: the aggregator's public key (given, or the
 * newest live one kept) and a new key pair of ours (its public key is what the aggregator needs).
 */
export async function createCredential(tx: Tx, merchantId: number, by: string, input: CreateInput, passphrase?: string) {
  const now = new Date();
  const live = await liveRows(tx, merchantId, input.partner, input.protocol, now);
  let values: typeof seamlessCredentials.$inferInsert;
  let secret: string | null = null;
  if (input.protocol === 'native') {
    const [v] = await tx.select({ id: vendors.id }).from(vendors).where(and(eq(vendors.merchantId, merchantId), eq(vendors.code, input.partner)));
    if (!v) throw new AppError('operator.games.vendor.not.found');
    secret = randomBytes(32).toString('hex');
    values = { merchantId, partner: input.partner, protocol: 'native', secret, createdBy: by };
  } else {
    const partnerKey = input.partnerPublicKey ? checkPublicKey(input.partnerPublicKey) : live.find((r) => r.partnerPublicKey)?.partnerPublicKey;
    if (!partnerKey) throw new AppError('operator.seamless.key.invalid');
    const pair = await generateKeyPairAsync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: passphrase ? { type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase } : { type: 'pkcs8', format: 'pem' },
    });
    values = { merchantId, partner: input.partner, protocol: 'hub88', partnerPublicKey: partnerKey, ourPublicKey: pair.publicKey, ourPrivateKey: pair.privateKey, createdBy: by };
  }
  const [row] = await tx.insert(seamlessCredentials).values(values).returning();
  const ends = new Date(now.getTime() + input.overlapHours * 3_600_000);
  const ended: CredentialView[] = [];
  for (const r of live) {
    if (r.expiresAt && r.expiresAt <= ends) continue;
    const [u] = await tx.update(seamlessCredentials).set({ expiresAt: ends }).where(eq(seamlessCredentials.id, r.id)).returning();
    ended.push(view(u, now));
  }
  return { credential: view(row, now), secret, ended };
}

/** Ends a credential now (`operator.seamless.credential.not.found` when it is not this brand's). */
export async function revokeCredential(tx: Tx, merchantId: number, id: bigint) {
  const [r] = await tx.select().from(seamlessCredentials).where(and(eq(seamlessCredentials.merchantId, merchantId), eq(seamlessCredentials.id, id))).for('update');
  if (!r) throw new AppError('operator.seamless.credential.not.found');
  const now = new Date();
  const before = view(r, now);
  if (r.expiresAt && r.expiresAt <= now) return { before, after: before };
  const [u] = await tx.update(seamlessCredentials).set({ expiresAt: now }).where(eq(seamlessCredentials.id, r.id)).returning();
  return { before, after: view(u, now) };
}

/** An X-Hub88-Signature: base64 RSA-SHA256 of the exact body bytes with our private key. */
export const hub88Sign = (key: KeyObject, body: string): string => cryptoSign('sha256', Buffer.from(body, 'utf8'), key).toString('base64');

/** Whether `signature` (base64) is one of the aggregator's live keys' RSA-SHA256 over the body bytes. */
export function hub88Verify(keys: KeyObject[], body: string, signature: string | undefined): boolean {
  if (!signature || !/^[A-Za-z0-9+/=]{16,1024}$/.test(signature)) return false;
  const sig = Buffer.from(signature, 'base64');
  return keys.some((k) => {
    try {
      return cryptoVerify('sha256', Buffer.from(body, 'utf8'), k, sig);
    } catch {
      return false;
    }
  });
}
