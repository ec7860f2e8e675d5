/**
 * Test helper for encrypted calls: what the web client does, with node:crypto.
 *
 *   const enc = await encryptForTest(t.app, 'demo', { username: 'ana', password: 'secret1' });
 *   await t.call({ method: 'POST', url: '/wps/session/login', headers: enc.headers, payload: enc.payload });
 */
import { constants, createCipheriv, publicEncrypt, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { encryption } from '@lobby/contract';

/** The brand's public key as served by GET /wps/session/key/rsa. */
export async function fetchBrandKey(app: FastifyInstance, merchantCode: string): Promise<encryption.RsaKey> {
  const res = await app.inject({ method: 'GET', url: encryption.getRsaKey.path, headers: { merchant: merchantCode } });
  if (res.statusCode !== 200) throw new Error(`key fetch for ${merchantCode} failed: ${res.statusCode} ${res.body}`);
  return res.json().value as encryption.RsaKey;
}

/** Encrypts `body` under a given public key (PEM). `ts` defaults to now; tests of the replay window pass their own. */
export function encryptWithKey(
  publicKeyPem: string,
  body: unknown,
  opts: { ts?: number } = {},
): { headers: Record<string, string>; payload: { value: string } } {
  const aesKey = randomBytes(encryption.AES_KEY_BYTES);
  const iv = randomBytes(encryption.GCM_IV_BYTES);
  const wrapped = publicEncrypt({ key: publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, aesKey);
  const cipher = createCipheriv('aes-256-gcm', aesKey, iv, { authTagLength: encryption.GCM_TAG_BYTES });
  const plain = Buffer.from(JSON.stringify({ ts: opts.ts ?? Date.now(), body }), 'utf8');
  const ct = Buffer.concat([cipher.update(plain), cipher.final()]);
  const value = Buffer.concat([iv, ct, cipher.getAuthTag()]).toString('base64');
  return {
    headers: { [encryption.ENCRYPTION_HEADER]: wrapped.toString('base64'), 'content-type': 'application/json' },
    payload: { value },
  };
}

/**
 * Fetches the brand's key through `app.inject` and encrypts `body` the way the web client does.
 * Send `headers` and `payload` as they are (add the Merchant header for the same brand).
 */
export async function encryptForTest(
  app: FastifyInstance,
  merchantCode: string,
  body: unknown,
): Promise<{ headers: Record<string, string>; payload: { value: string } }> {
  const key = await fetchBrandKey(app, merchantCode);
  return encryptWithKey(key.publicKey, body);
}
