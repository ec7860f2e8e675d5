/**
 * Encrypted calls (wire reference, "Encrypted calls"; scheme in packages/contract/src/crypto.ts),
 * with WebCrypto:
 *   - the brand's RSA public key comes from GET /wps/session/key/rsa, cached per merchant;
 *   - every call gets a fresh AES-256-GCM key and IV; the key is wrapped with RSA-OAEP(SHA-256)
 *     into the `Encryption` header;
 *   - the body becomes `{ value: base64(iv || ciphertext || tag) }`, the plaintext being
 *     `{ ts, body }` with `ts` corrected by the server clock (replay window on the server).
 *
 * The api client calls `encryptRequest(endpoint, body)` for endpoints with `encrypted: true`.
 * On `crypto.invalid` it may call `clearBrandKeys()` and retry once (key rotated / clock moved).
 */
import { encryption, type Endpoint } from '@lobby/contract';
import { ApiError, buildUrl, requestHeaders } from './request';
import { getMerchant } from './storage';

export interface EncryptedRequest {
  headers: Record<string, string>;
  /** The JSON text to send as the request body. */
  body: string;
}

export interface EncryptedBody {
  headers: { Encryption: string };
  body: { value: string };
}

export interface BrandKey {
  keyId: string;
  key: CryptoKey;
  /** serverTime − local time when the key was fetched (ms). */
  clockOffsetMs: number;
  fetchedAt: number;
}

/** Refetch the key (and re-measure the clock offset) after this long. */
const KEY_TTL_MS = 30 * 60_000;

const cache = new Map<string, Promise<BrandKey>>();

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new Error('WebCrypto (crypto.subtle) is not available: encrypted calls need a secure context (https or localhost).');
  return s;
}

export function bytesToBase64(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

export function base64ToBytes(b64: string): Uint8Array<ArrayBuffer> {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** SPKI PEM (or bare base64 DER) -> DER bytes. */
export function spkiDer(publicKey: string): Uint8Array<ArrayBuffer> {
  const b64 = publicKey.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  return base64ToBytes(b64);
}

export async function importBrandKey(publicKey: string): Promise<CryptoKey> {
  return subtle().importKey('spki', spkiDer(publicKey), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
}

async function fetchKey(merchant: string | null): Promise<BrandKey> {
  const headers = requestHeaders();
  delete headers.Merchant;
  if (merchant) headers.Merchant = merchant;
  const http = await fetch(buildUrl(encryption.getRsaKey.path), { headers, credentials: 'same-origin' });
  const env = (await http.json().catch(() => null)) as
    | { success: true; value: encryption.RsaKey }
    | { success: false; errorCode: string; message: string }
    | null;
  if (!env || !env.success || !http.ok) {
    throw new ApiError(env && !env.success ? env.errorCode : 'unknown.error', env && !env.success ? env.message : http.statusText, http.status);
  }
  const res = env.value;
  return {
    keyId: res.keyId,
    key: await importBrandKey(res.publicKey),
    clockOffsetMs: res.serverTime - Date.now(),
    fetchedAt: Date.now(),
  };
}

/** The brand's key (cached per merchant code; `null` = the brand picked by host name). */
export async function getBrandKey(merchant: string | null = getMerchant()): Promise<BrandKey> {
  const id = merchant ?? '';
  const hit = cache.get(id);
  if (hit) {
    const k = await hit.catch(() => null);
    if (k && Date.now() - k.fetchedAt < KEY_TTL_MS) return k;
    if (cache.get(id) === hit) cache.delete(id);
  }
  let p = cache.get(id);
  if (!p) {
    p = fetchKey(merchant);
    cache.set(id, p);
    p.catch(() => {
      if (cache.get(id) === p) cache.delete(id);
    });
  }
  return p;
}

/** Forget cached keys (after a `crypto.invalid`, a merchant switch, or in tests). */
export function clearBrandKeys(): void {
  cache.clear();
}

/**
 * Encrypts a request body for the current (or given) brand:
 * `{ headers: { Encryption }, body: { value } }`. Send `body` as JSON with both headers.
 */
export async function encryptBody(body: unknown, opts: { merchant?: string | null } = {}): Promise<EncryptedBody> {
  const brandKey = await getBrandKey(opts.merchant === undefined ? getMerchant() : opts.merchant);
  const s = subtle();
  const aesKey = await s.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const raw = new Uint8Array(await s.exportKey('raw', aesKey));
  const wrapped = new Uint8Array(await s.encrypt({ name: 'RSA-OAEP' }, brandKey.key, raw));
  raw.fill(0);
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(encryption.GCM_IV_BYTES));
  const plain = new TextEncoder().encode(JSON.stringify({ ts: Date.now() + brandKey.clockOffsetMs, body: body ?? {} }));
  // WebCrypto's AES-GCM output is ciphertext || tag (128-bit tag by default)
  const sealed = new Uint8Array(await s.encrypt({ name: 'AES-GCM', iv, tagLength: encryption.GCM_TAG_BYTES * 8 }, aesKey, plain));
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv, 0);
  out.set(sealed, iv.length);
  return { headers: { Encryption: bytesToBase64(wrapped) }, body: { value: bytesToBase64(out) } };
}

/** What the api client calls for an endpoint with `encrypted: true`. */
export async function encryptRequest(_endpoint: Endpoint, body: unknown): Promise<EncryptedRequest> {
  const enc = await encryptBody(body);
  return { headers: { ...enc.headers }, body: JSON.stringify(enc.body) };
}
