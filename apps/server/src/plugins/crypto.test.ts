import { constants, createCipheriv, generateKeyPairSync, publicEncrypt, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MODULES, encryption, endpoint, okEnvelope } from '@lobby/contract';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { brandKeys, merchants } from '../db/schema.ts';
import { route } from '../lib/route.ts';
import { encryptForTest, encryptWithKey, fetchBrandKey } from '../test/crypto-client.ts';
import { freshDatabase, useTestApp } from '../test/harness.ts';
import { seedDemo } from '../db/seed/index.ts';

const t = useTestApp();

/** A throwaway encrypted endpoint that echoes its (validated) body. */
const echo = endpoint({
  method: 'POST', path: '/wps/test/crypto/echo', module: MODULES.common, auth: 'none', encrypted: true,
  summary: 'test only',
  body: z.object({ username: z.string().min(1), password: z.string(), n: z.number().optional() }),
  response: z.object({ got: z.object({ username: z.string(), password: z.string(), n: z.number().optional() }), brand: z.string() }),
});

beforeAll(() => {
  route(t.app, echo, async ({ body, brand }) => ({ got: body, brand: brand.code }));
});

const post = (merchant: string, headers: Record<string, string>, payload: unknown) =>
  t.call({ method: 'POST', url: echo.path, merchant, headers, payload: payload as object });

describe('GET /wps/session/key/rsa', () => {
  it('answers the brand public key (SPKI PEM), a stable keyId and the server time', async () => {
    const res = await t.call({ method: 'GET', url: encryption.getRsaKey.path });
    expect(res.statusCode).toBe(200);
    const v = okEnvelope(encryption.rsaKey).parse(res.json()).value;
    expect(v.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(v.keyId).toMatch(/^[0-9a-f]{16}$/);
    expect(Math.abs(v.serverTime - Date.now())).toBeLessThan(5000);
    const again = (await t.call({ method: 'GET', url: encryption.getRsaKey.path })).json().value;
    expect(again.keyId).toBe(v.keyId);
    const luna = (await t.call({ method: 'GET', url: encryption.getRsaKey.path, merchant: 'luna' })).json().value;
    expect(luna.keyId).not.toBe(v.keyId);
    const rows = await t.database.db.select().from(brandKeys);
    expect(rows.length).toBe(2);
  });

  it('several instances on one database agree on one key per brand', async () => {
    await t.database.db.insert(merchants).values({
      code: 'kx', hosts: [], version: 1,
      config: (await t.database.db.select().from(merchants).limit(1))[0].config,
    });
    await t.app.brands.load();
    const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' }, { REDIS_PREFIX: `lobbytest:${randomBytes(4).toString('hex')}:`, webDist: '/nonexistent' });
    const other = await buildApp({ config, database: t.database, logger: false });
    route(other, echo, async ({ body, brand }) => ({ got: body, brand: brand.code }));
    try {
      const [a, b] = await Promise.all([fetchBrandKey(t.app, 'kx'), fetchBrandKey(other, 'kx')]);
      expect(a.publicKey).toBe(b.publicKey);
      expect(a.keyId).toBe(b.keyId);
      // what a client encrypted with the key from one instance, the other opens
      const enc = encryptWithKey(a.publicKey, { username: 'x', password: 'y' });
      const res = await other.inject({ method: 'POST', url: echo.path, headers: { merchant: 'kx', ...enc.headers }, payload: enc.payload });
      expect(res.statusCode).toBe(200);
      expect(res.json().value.brand).toBe('kx');
    } finally {
      await other.close();
    }
  });
});

describe('BRAND_KEY_PASSPHRASE', () => {
  it('stores the private keys encrypted and still opens requests', async () => {
    const database = await freshDatabase();
    await seedDemo(database.db);
    const passphrase = 'correct horse battery staple';
    const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' }, { REDIS_PREFIX: `lobbytest:${randomBytes(4).toString('hex')}:`, webDist: '/nonexistent', BRAND_KEY_PASSPHRASE: passphrase });
    const app = await buildApp({ config, database, logger: false });
    route(app, echo, async ({ body, brand }) => ({ got: body, brand: brand.code }));
    try {
      const enc = await encryptForTest(app, 'demo', { username: 'ana', password: 'x' });
      const res = await app.inject({ method: 'POST', url: echo.path, headers: { merchant: 'demo', ...enc.headers }, payload: enc.payload });
      expect(res.statusCode).toBe(200);
      const [row] = await database.db.select().from(brandKeys);
      expect(row.privateKeyPem).toMatch(/^-----BEGIN ENCRYPTED PRIVATE KEY-----/);
    } finally {
      await app.close();
      await database.close();
      await database.drop();
    }
  });
});

describe('encrypted calls', () => {
  it('round trip: the handler sees the decrypted, validated body', async () => {
    const body = { username: 'ana', password: 'pässwörd ✓', n: 7 };
    const enc = await encryptForTest(t.app, 'demo', body);
    expect(Object.keys(enc.payload)).toEqual(['value']);
    const res = await post('demo', enc.headers, enc.payload);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, value: { got: body, brand: 'demo' } });
  });

  it('the decrypted body is still validated against the contract', async () => {
    const enc = await encryptForTest(t.app, 'demo', { username: '', password: 'x' });
    const res = await post('demo', enc.headers, enc.payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('request_param_err');
  });

  it('a plaintext body is crypto.required', async () => {
    const res = await post('demo', {}, { username: 'ana', password: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errorCode: 'crypto.required' });
  });

  it('a plaintext body with an Encryption header, or {value} without one, is crypto.required', async () => {
    const enc = await encryptForTest(t.app, 'demo', { username: 'ana', password: 'x' });
    const a = await post('demo', enc.headers, { username: 'ana', password: 'x' });
    expect(a.json().errorCode).toBe('crypto.required');
    const b = await post('demo', { 'content-type': 'application/json' }, enc.payload);
    expect(b.json().errorCode).toBe('crypto.required');
    const empty = await t.call({ method: 'POST', url: echo.path, headers: enc.headers });
    expect(empty.statusCode).toBe(400);
    expect(['crypto.required', 'request_param_err']).toContain(empty.json().errorCode);
  });

  it('tampered ciphertext is crypto.invalid (GCM tag check)', async () => {
    const enc = await encryptForTest(t.app, 'demo', { username: 'ana', password: 'x' });
    const buf = Buffer.from(enc.payload.value, 'base64');
    buf[20] ^= 0x01;
    const res = await post('demo', enc.headers, { value: buf.toString('base64') });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: 'crypto.invalid', value: { reason: 'cipher' } });
  });

  it('a key wrapped for another RSA key is crypto.invalid', async () => {
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
    const enc = encryptWithKey(publicKey, { username: 'ana', password: 'x' });
    const res = await post('demo', enc.headers, enc.payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: 'crypto.invalid', value: { reason: 'key' } });
  });

  it('garbage base64, short blobs, wrong AES key sizes and non-JSON plaintext are crypto.invalid, never 500', async () => {
    const key = await fetchBrandKey(t.app, 'demo');
    const good = encryptWithKey(key.publicKey, { username: 'ana', password: 'x' });
    const wrap = (k: Buffer) => publicEncrypt({ key: key.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, k).toString('base64');
    const seal = (k: Buffer, plain: string) => {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', k, iv);
      return Buffer.concat([iv, c.update(plain, 'utf8'), c.final(), c.getAuthTag()]).toString('base64');
    };
    const k32 = randomBytes(32);
    const cases: [Record<string, string>, unknown, string][] = [
      [{ Encryption: '!!!not base64!!!' }, good.payload, 'key'],
      [{ Encryption: 'AAAA' }, good.payload, 'key'],
      [good.headers, { value: '@@@@' }, 'format'],
      [good.headers, { value: '' }, 'format'],
      [good.headers, { value: randomBytes(20).toString('base64') }, 'format'],
      [good.headers, { value: randomBytes(200).toString('base64') }, 'cipher'],
      [{ Encryption: wrap(randomBytes(16)) }, good.payload, 'key'],
      [{ Encryption: wrap(k32) }, { value: seal(k32, 'not json') }, 'json'],
      [{ Encryption: wrap(k32) }, { value: seal(k32, JSON.stringify({ username: 'ana', password: 'x' })) }, 'json'],
    ];
    for (const [headers, payload, reason] of cases) {
      const res = await post('demo', { 'content-type': 'application/json', ...headers }, payload);
      expect(res.statusCode, JSON.stringify({ headers, reason })).toBe(400);
      expect(res.json(), reason).toMatchObject({ errorCode: 'crypto.invalid', value: { reason } });
    }
  });

  it('a replayed request is crypto.invalid (replayed); a stale timestamp is crypto.invalid (stale)', async () => {
    const enc = await encryptForTest(t.app, 'demo', { username: 'ana', password: 'x' });
    expect((await post('demo', enc.headers, enc.payload)).statusCode).toBe(200);
    const again = await post('demo', enc.headers, enc.payload);
    expect(again.json()).toMatchObject({ errorCode: 'crypto.invalid', value: { reason: 'replayed' } });
    const key = await fetchBrandKey(t.app, 'demo');
    const old = encryptWithKey(key.publicKey, { username: 'ana', password: 'x' }, { ts: Date.now() - encryption.ENCRYPTION_MAX_SKEW_MS - 10_000 });
    expect((await post('demo', old.headers, old.payload)).json()).toMatchObject({ errorCode: 'crypto.invalid', value: { reason: 'stale' } });
    const future = encryptWithKey(key.publicKey, { username: 'ana', password: 'x' }, { ts: Date.now() + encryption.ENCRYPTION_MAX_SKEW_MS + 10_000 });
    expect((await post('demo', future.headers, future.payload)).json().value.reason).toBe('stale');
  });

  it('brand isolation: a body encrypted for luna does not open for demo', async () => {
    const enc = await encryptForTest(t.app, 'luna', { username: 'ana', password: 'x' });
    const res = await post('demo', enc.headers, enc.payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('crypto.invalid');
    const ok = await post('luna', enc.headers, enc.payload);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().value.brand).toBe('luna');
  });

  it('errors are translated like every other envelope', async () => {
    const res = await t.call({ method: 'POST', url: echo.path, language: 'EN', payload: { username: 'a', password: 'b' } });
    expect(res.json().message).toBe('This call must be encrypted.');
  });
});
