/**
 * Round trip against the server's implementation: WebCrypto here encrypts, the server's
 * `openEnvelope` (node:crypto) opens it.
 */
import { createPrivateKey, generateKeyPairSync, webcrypto, type KeyObject } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { encryption } from '@lobby/contract';
import { clearBrandKeys, encryptBody, encryptRequest, getBrandKey } from './crypto';
import { setMerchant } from './storage';

// jsdom's `crypto` has no `subtle`: use Node's WebCrypto.
if (!globalThis.crypto?.subtle) Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });

type OpenEnvelope = (key: KeyObject, header: string | undefined, body: unknown) => { wrappedKey: Buffer; ts: number; body: unknown };
let openEnvelope: OpenEnvelope;

function brandKeyPair() {
  return generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
}
const demo = brandKeyPair();
const luna = brandKeyPair();
const SERVER_SKEW = 90_000;

const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
  const merchant = (init?.headers as Record<string, string> | undefined)?.Merchant;
  const pair = merchant === 'luna' ? luna : demo;
  const value: encryption.RsaKey = { publicKey: pair.publicKey, keyId: merchant ?? 'host', scheme: encryption.ENCRYPTION_SCHEME, serverTime: Date.now() + SERVER_SKEW };
  return new Response(JSON.stringify({ success: true, value }), { status: 200, headers: { 'content-type': 'application/json' } });
});

beforeAll(async () => {
  // a path tsc does not follow: the server module is node code outside this project
  const serverModule = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../server/src/plugins/crypto.ts');
  ({ openEnvelope } = (await import(/* @vite-ignore */ serverModule)) as { openEnvelope: OpenEnvelope });
}, 60_000);

afterEach(() => {
  clearBrandKeys();
  fetchMock.mockClear();
});

const createKey = (pem: string) => createPrivateKey(pem);

describe('encryptBody', () => {
  it('round-trips with the server implementation, with the server-corrected time', async () => {
    vi.stubGlobal('fetch', fetchMock);
    setMerchant('demo');
    const body = { username: 'ana', password: 'pässwörd ✓', n: 7 };
    const enc = await encryptBody(body);
    expect(Object.keys(enc.headers)).toEqual(['Encryption']);
    expect(Object.keys(enc.body)).toEqual(['value']);
    const opened = openEnvelope(createKey(demo.privateKey), enc.headers.Encryption, enc.body);
    expect(opened.body).toEqual(body);
    expect(Math.abs(opened.ts - (Date.now() + SERVER_SKEW))).toBeLessThan(2000);
    expect(fetchMock.mock.calls[0][0]).toBe(encryption.getRsaKey.path);
  });

  it('caches the key per merchant and uses a fresh AES key and IV per call', async () => {
    vi.stubGlobal('fetch', fetchMock);
    const a = await encryptBody({ x: 1 }, { merchant: 'demo' });
    const b = await encryptBody({ x: 1 }, { merchant: 'demo' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(a.headers.Encryption).not.toBe(b.headers.Encryption);
    expect(a.body.value.slice(0, 16)).not.toBe(b.body.value.slice(0, 16));
    await getBrandKey('luna');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect((fetchMock.mock.calls[1][1]?.headers as Record<string, string>).Merchant).toBe('luna');
  });

  it('a body encrypted for luna does not open with demo\'s key', async () => {
    vi.stubGlobal('fetch', fetchMock);
    const enc = await encryptBody({ x: 1 }, { merchant: 'luna' });
    expect(() => openEnvelope(createKey(demo.privateKey), enc.headers.Encryption, enc.body)).toThrow(/crypto.invalid/);
    expect(openEnvelope(createKey(luna.privateKey), enc.headers.Encryption, enc.body).body).toEqual({ x: 1 });
  });

  it('encryptRequest gives the api client headers and a JSON text body', async () => {
    vi.stubGlobal('fetch', fetchMock);
    setMerchant('demo');
    const req = await encryptRequest({ path: '/wps/session/login' } as never, { username: 'ana' });
    const sent = JSON.parse(req.body);
    expect(openEnvelope(createKey(demo.privateKey), req.headers.Encryption, sent).body).toEqual({ username: 'ana' });
  });

  it('a failed key fetch is an error and is not cached', async () => {
    const failing = vi.fn(async () => new Response(JSON.stringify({ success: false, errorCode: 'merchant.not.found', message: 'Unknown site' }), { status: 400 }));
    vi.stubGlobal('fetch', failing);
    await expect(encryptBody({}, { merchant: 'nope' })).rejects.toMatchObject({ errorCode: 'merchant.not.found' });
    vi.stubGlobal('fetch', fetchMock);
    await expect(encryptBody({}, { merchant: 'nope' })).resolves.toBeTruthy();
  });
});
