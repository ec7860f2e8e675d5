import { demoVendor } from '@lobby/contract';
import { describe, expect, it, vi } from 'vitest';
import { API_PATHS, createClient, DemoApiError, ENGINES, readLocation } from './api';

const token = 'tok_abcdefghijklmnop';

describe('demo vendor client', () => {
  it('uses the contract paths and engines', () => {
    expect(API_PATHS).toEqual(Object.fromEntries(Object.entries(demoVendor.demoVendorEndpoints).map(([k, e]) => [k, e.path])));
    expect([...ENGINES]).toEqual([...demoVendor.ENGINES]);
    expect(demoVendor.PLAY_PATH).toBe('/demo-vendor/play');
  });

  it('reads the engine and token of the page address', () => {
    expect(readLocation({ pathname: '/demo-vendor/play/keno', search: `?token=${token}` })).toEqual({ engine: 'keno', token });
    expect(readLocation({ pathname: '/demo-vendor/play/roulette/', search: '' })).toEqual({ engine: null, token: '' });
  });

  it('sends the token (query for GET, body for POST) and the language, and unwraps the envelope', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ success: true, value: { list: [] } }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const client = createClient(token, () => 'EN');
    await expect(client.history()).resolves.toEqual({ list: [] });
    await client.play({ bet: '1.00', target: 'SHARK' });
    const [getUrl, getInit] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(getUrl).toBe(`/demo-vendor/api/history?token=${token}`);
    expect((getInit.headers as Record<string, string>).Language).toBe('EN');
    const [postUrl, postInit] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(postUrl).toBe('/demo-vendor/api/play');
    expect(JSON.parse(postInit.body as string)).toEqual({ token, input: { bet: '1.00', target: 'SHARK' } });
  });

  it('throws the envelope errorCode and translated message; a network failure is network.error', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ success: false, errorCode: 'demo.insufficient.funds', message: 'Saldo insuficiente para esta apuesta.' }), { status: 400 })));
    const client = createClient(token, () => 'ES');
    const err = await client.play({}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DemoApiError);
    expect(err).toMatchObject({ errorCode: 'demo.insufficient.funds', message: 'Saldo insuficiente para esta apuesta.', status: 400 });
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('offline'); }));
    await expect(client.session()).rejects.toMatchObject({ errorCode: 'network.error', status: 0 });
  });
});
