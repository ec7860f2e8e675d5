import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness.ts';
import { packingFor } from './route.ts';

/** Cached answers (catalog, hot games, announcements) are sent as bytes, packed once per packing. */
const t = useTestApp();

const get = (url: string, acceptEncoding?: string) =>
  t.call({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

const unpack = (enc: string | undefined, raw: Buffer) =>
  (enc === 'br' ? zlib.brotliDecompressSync(raw) : enc === 'gzip' ? zlib.gunzipSync(raw) : raw).toString('utf8');

describe('cached answers', () => {
  it('picks brotli first, then gzip, and leaves out a packing refused with q=0', () => {
    expect(packingFor(undefined)).toBeNull();
    expect(packingFor('')).toBeNull();
    expect(packingFor('identity')).toBeNull();
    expect(packingFor('gzip, deflate, br, zstd')).toBe('br');
    expect(packingFor('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(packingFor('BR;q=0.5')).toBe('br');
    expect(packingFor('br;q=0.0, gzip;q=0')).toBeNull();
    expect(packingFor('deflate')).toBeNull();
  });

  it.each([
    ['hot games', '/wps/relay/GCSGAME_hotGamesV2'],
    ['a game list page', '/wps/relay/GCSGAME_gameList?gameType=RNG&pageNo=1&pageSize=20'],
    ['a name search (not cached, packed the same way)', '/wps/relay/GCSGAME_gameList?gameType=RNG&pageNo=1&pageSize=20&search=a'],
    ['the vendor lanes', '/wps/relay/GCSGAME_gameVendor'],
  ])('%s: the same JSON plain, brotli and gzip, each with its length; repeated calls answer the same bytes', async (_name, url) => {
    const plain = await get(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const json = plain.body;
    expect(JSON.parse(json)).toMatchObject({ success: true });
    for (const [accept, enc] of [['gzip, deflate, br', 'br'], ['gzip', 'gzip'], ['br;q=0, gzip', 'gzip']] as const) {
      const [a, b] = [await get(url, accept), await get(url, accept)];
      expect(a.headers['content-encoding']).toBe(enc);
      expect(Number(a.headers['content-length'])).toBe(a.rawPayload.length);
      expect(a.rawPayload.length).toBeLessThan(Buffer.byteLength(json));
      expect(unpack(enc, a.rawPayload)).toBe(json);
      expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
    }
  });

  it('announcements answer their cached JSON packed too; a small answer goes plain', async () => {
    const url = '/wps/relay/MCSFE_getListAnnouncements?types=A';
    const plain = await get(url);
    const packed = await get(url, 'br');
    expect(unpack(packed.headers['content-encoding'] as string | undefined, packed.rawPayload)).toBe(plain.body);
    if (Buffer.byteLength(plain.body) < 1024) expect(packed.headers['content-encoding']).toBeUndefined();
    else expect(packed.headers['content-encoding']).toBe('br');
  });

  it('an error on a cached route is the usual envelope', async () => {
    const r = await get('/wps/relay/GCSGAME_gameList?gameType=NOPE&pageNo=1&pageSize=20', 'br');
    expect(r.json()).toMatchObject({ success: false, errorCode: 'request_param_err' });
  });
});
