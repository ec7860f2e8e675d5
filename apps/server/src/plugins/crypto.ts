/**
 * Encrypted calls: per-brand RSA keys and the `decryptBody` preValidation hook.
 * The scheme is described in packages/contract/src/crypto.ts.
 *
 * Keys: one RSA-2048 pair per brand, made on first use and stored in `brand_keys`
 * (insert … on conflict do nothing, then read back, so every instance ends up with the row
 * that won), cached in memory for the life of the process.
 *
 * Replay: each wrapped key (`Encryption` header) is accepted once while its envelope `ts` is
 * inside ±ENCRYPTION_MAX_SKEW_MS; remembered in Redis (SET NX PX) with REDIS_URL, else in memory.
 */
import {
  constants,
  createDecipheriv,
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  privateDecrypt,
  type KeyObject,
} from 'node:crypto';
import { isUtf8 } from 'node:buffer';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { encryption } from '@lobby/contract';
import { brandKeys } from '../db/schema.ts';
import type { Db } from '../db/index.ts';
import { route } from '../lib/route.ts';
import { AppError } from './errors.ts';
import { checkJson } from './input.ts';
import { requestBrand } from './merchant.ts';

const { AES_KEY_BYTES, ENCRYPTION_MAX_SKEW_MS, ENCRYPTION_SCHEME, GCM_IV_BYTES, GCM_TAG_BYTES } = encryption;
const generateKeyPairAsync = promisify(generateKeyPair);

export interface BrandKey {
  merchantId: number;
  publicKeyPem: string;
  keyId: string;
  privateKey: KeyObject;
}

/** First 16 hex chars of SHA-256 over the SPKI DER. */
export function keyIdOf(publicKeyPem: string): string {
  const der = createPublicKey(publicKeyPem).export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('hex').slice(0, 16);
}

/** Brand keys: created once per brand in the database, cached per process. */
export class BrandKeyStore {
  private cache = new Map<number, Promise<BrandKey>>();

  /** `passphrase` encrypts the private keys at rest (PKCS#8, AES-256-CBC). */
  constructor(private db: Db, private passphrase?: string) {}

  get(merchantId: number): Promise<BrandKey> {
    let p = this.cache.get(merchantId);
    if (!p) {
      p = this.load(merchantId);
      this.cache.set(merchantId, p);
      p.catch(() => this.cache.delete(merchantId));
    }
    return p;
  }

  private async read(merchantId: number) {
    const [row] = await this.db.select().from(brandKeys).where(eq(brandKeys.merchantId, merchantId)).limit(1);
    return row;
  }

  private async load(merchantId: number): Promise<BrandKey> {
    let row = await this.read(merchantId);
    if (!row) {
      const { publicKey, privateKey } = await generateKeyPairAsync('rsa', {
        modulusLength: 2048,
        publicExponent: 0x10001,
        publicKeyEncoding: { type: 'spki', format: 'pem' },
        privateKeyEncoding: this.passphrase
          ? { type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: this.passphrase }
          : { type: 'pkcs8', format: 'pem' },
      });
      await this.db
        .insert(brandKeys)
        .values({ merchantId, publicKeyPem: publicKey, privateKeyPem: privateKey })
        .onConflictDoNothing();
      row = await this.read(merchantId);
      if (!row) throw new Error(`brand key for merchant ${merchantId} was not stored`);
    }
    return {
      merchantId,
      publicKeyPem: row.publicKeyPem,
      keyId: keyIdOf(row.publicKeyPem),
      privateKey: this.passphrase
        ? createPrivateKey({ key: row.privateKeyPem, format: 'pem', passphrase: this.passphrase })
        : createPrivateKey(row.privateKeyPem),
    };
  }
}

/** Remembers wrapped keys already used, for the replay window. */
interface ReplayGuard {
  /** true the first time `id` is seen inside the window, false on a replay. */
  firstUse(id: string): Promise<boolean>;
}

function memoryGuard(ttlMs: number): ReplayGuard {
  const seen = new Map<string, number>();
  let nextSweep = Date.now() + ttlMs;
  return {
    async firstUse(id) {
      const now = Date.now();
      if (now >= nextSweep) {
        for (const [k, exp] of seen) if (exp <= now) seen.delete(k);
        nextSweep = now + ttlMs;
      }
      const exp = seen.get(id);
      if (exp !== undefined && exp > now) return false;
      seen.set(id, now + ttlMs);
      return true;
    },
  };
}

type DecryptFailure = 'key' | 'format' | 'cipher' | 'json' | 'stale' | 'replayed';

const invalid = (reason: DecryptFailure) => new AppError('crypto.invalid', undefined, { reason });

const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;
function strictBase64(s: string, reason: DecryptFailure): Buffer {
  const t = s.trim();
  if (!t || t.length > 1_500_000 || !BASE64.test(t)) throw invalid(reason);
  return Buffer.from(t, t.includes('-') || t.includes('_') ? 'base64url' : 'base64');
}

/**
 * Opens an encrypted request body. Throws AppError('crypto.required') when the call is not
 * encrypted at all, AppError('crypto.invalid') for anything that does not decrypt. Returns the
 * envelope (body and client time); the replay and time checks are the caller's.
 */
export function openEnvelope(privateKey: KeyObject, header: string | undefined, body: unknown): { wrappedKey: Buffer; ts: number; body: unknown } {
  const isEncryptedShape =
    typeof body === 'object' && body !== null && !Array.isArray(body) &&
    typeof (body as { value?: unknown }).value === 'string' && Object.keys(body).length === 1;
  if (!header || !isEncryptedShape) throw new AppError('crypto.required');

  const wrappedKey = strictBase64(header, 'key');
  let aesKey: Buffer;
  try {
    aesKey = privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, wrappedKey);
  } catch {
    throw invalid('key');
  }
  if (aesKey.length !== AES_KEY_BYTES) throw invalid('key');

  const blob = strictBase64((body as { value: string }).value, 'format');
  if (blob.length < GCM_IV_BYTES + GCM_TAG_BYTES) throw invalid('format');
  const iv = blob.subarray(0, GCM_IV_BYTES);
  const tag = blob.subarray(blob.length - GCM_TAG_BYTES);
  const ciphertext = blob.subarray(GCM_IV_BYTES, blob.length - GCM_TAG_BYTES);
  let plain: Buffer;
  try {
    const decipher = createDecipheriv('aes-256-gcm', aesKey, iv, { authTagLength: GCM_TAG_BYTES });
    decipher.setAuthTag(tag);
    plain = Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  } catch {
    throw invalid('cipher');
  }
  // text that is not UTF-8 is a bad input (request_param_err), not a cipher or format fault
  if (!isUtf8(plain)) throw new AppError('request_param_err', undefined, { fields: ['body'] });
  let parsed: unknown;
  try {
    parsed = JSON.parse(plain.toString('utf8'));
  } catch {
    throw invalid('json');
  }
  const env = encryption.encryptedEnvelope.safeParse(parsed);
  if (!env.success || !('body' in (parsed as object))) throw invalid('json');
  return { wrappedKey, ts: env.data.ts, body: env.data.body };
}

declare module 'fastify' {
  interface FastifyInstance {
    brandKeys: BrandKeyStore;
  }
}

function headerOf(req: FastifyRequest, name: string): string | undefined {
  const h = req.headers[name];
  return Array.isArray(h) ? h[0] : h;
}

export const cryptoPlugin = fp(async (app: FastifyInstance) => {
  const store = new BrandKeyStore(app.db, app.config.BRAND_KEY_PASSPHRASE);
  app.decorate('brandKeys', store);

  const memory = memoryGuard(2 * ENCRYPTION_MAX_SKEW_MS);
  const prefix = `${app.config.REDIS_PREFIX}crypto:seen:`;
  const guard: ReplayGuard = {
    async firstUse(id) {
      if (app.redis) {
        try {
          const ok = await app.redis.set(prefix + id, '1', 'PX', 2 * ENCRYPTION_MAX_SKEW_MS, 'NX');
          return ok === 'OK';
        } catch (err) {
          app.log.warn({ err }, 'replay guard: redis unavailable, using process memory');
        }
      }
      return memory.firstUse(id);
    },
  };

  const decryptBody: preValidationHookHandler = async (req) => {
    const brand = requestBrand(req);
    const header = headerOf(req, 'encryption');
    // cheap shape checks before the key (and a first-use key generation) is touched
    if (!header) throw new AppError('crypto.required');
    const key = await store.get(brand.id);
    const env = openEnvelope(key.privateKey, header, req.body);
    if (Math.abs(Date.now() - env.ts) > ENCRYPTION_MAX_SKEW_MS) throw invalid('stale');
    const id = createHash('sha256').update(env.wrappedKey).digest('base64url');
    if (!(await guard.firstUse(`${brand.id}:${id}`))) throw invalid('replayed');
    // the plain body gets the checks every other body got before this hook (plugins/input.ts)
    checkJson(env.body, 'body');
    req.body = env.body;
  };
  app.decorate('decryptBody', decryptBody);

  route(app, encryption.getRsaKey, async ({ brand, reply }) => {
    const key = await store.get(brand.id);
    reply.header('cache-control', 'no-store');
    return { publicKey: key.publicKeyPem, keyId: key.keyId, scheme: ENCRYPTION_SCHEME, serverTime: Date.now() };
  });
});
