import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { endpoint, member, system } from '@lobby/contract';
import { ApiError, call, onSessionExpired } from './api';
import { encryptRequest } from './crypto';

vi.mock('./crypto', () => ({
  encryptRequest: vi.fn(async () => ({ headers: { Encryption: 'wrapped-key' }, body: '{"value":"c2VhbGVk"}' })),
}));
import { takeTokenFromUrl, getMerchant, getToken, setCurrentLanguage, setMerchant, setToken } from './storage';

function mockFetch(status: number, body: unknown) {
  const fn = vi.fn(async (_url: string, _init?: RequestInit) =>
    new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fn);
  return fn;
}

const echo = endpoint({
  method: 'POST', path: '/wps/test/:id', module: 'COMM3', auth: 'optional', summary: 'test',
  query: z.object({ a: z.string() }), body: z.object({ b: z.number() }), response: z.object({ ok: z.boolean() }),
});

describe('api client', () => {
  it('sends the platform headers and unwraps {success, value}', async () => {
    setMerchant('demo');
    setToken('tok-123');
    setCurrentLanguage('AR');
    const fetch = mockFetch(200, { success: true, value: { ok: true } });
    const value = await call(echo, { params: { id: 7 }, query: { a: 'x y' }, body: { b: 2 } });
    expect(value).toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/wps/test/7?a=x+y');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"b":2}');
    const h = init?.headers as Record<string, string>;
    expect(h.Merchant).toBe('demo');
    expect(h.Authorization).toBe('tok-123');
    expect(h.Language).toBe('AR');
    expect(h.Device).toBe('web');
    expect(Number(h['X-Timestamp'])).toBeGreaterThan(1_600_000_000_000);
    expect(h['Content-Type']).toBe('application/json');
    setCurrentLanguage('ES');
  });

  it('omits Merchant and Authorization when unknown (the server picks the brand by host)', async () => {
    const fetch = mockFetch(200, { success: true, value: {} });
    await call(system.getStatus);
    const h = fetch.mock.calls[0][1]?.headers as Record<string, string>;
    expect(h.Merchant).toBeUndefined();
    expect(h.Authorization).toBeUndefined();
    expect(fetch.mock.calls[0][1]?.body).toBeUndefined();
  });

  it('throws ApiError(errorCode, message, status, value) for {success:false}', async () => {
    mockFetch(401, { success: false, errorCode: 'login.failed', message: 'Usuario o contraseña incorrectos.', value: { captcha: true } });
    setToken('tok');
    const err = await call(echo, { body: { b: 1 } }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ errorCode: 'login.failed', status: 401, message: 'Usuario o contraseña incorrectos.', value: { captcha: true } });
    // A failed login is not a lost session: the token stays.
    expect(getToken()).toBe('tok');
  });

  it.each(['customer.not.login', 'login.not.session'])('401 %s clears the session, keeps the merchant and signals the app', async (code) => {
    setMerchant('demo');
    setToken('tok');
    sessionStorage.setItem('hotGames', '[]');
    const listener = vi.fn();
    const off = onSessionExpired(listener);
    mockFetch(401, { success: false, errorCode: code, message: 'Not logged in' });
    const err = await call(member.getMemberInfo).catch((e) => e);
    off();
    expect(err).toBeInstanceOf(ApiError);
    expect(err.errorCode).toBe(code);
    expect(getToken()).toBeNull();
    expect(sessionStorage.getItem('hotGames')).toBeNull();
    expect(getMerchant()).toBe('demo');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener.mock.calls[0][0].errorCode).toBe(code);
  });

  it('maps network failures and non-JSON answers to ApiError', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(call(system.getStatus)).rejects.toMatchObject({ errorCode: 'network.error', status: 0 });
    mockFetch(502, '<html>bad gateway</html>');
    await expect(call(system.getStatus)).rejects.toMatchObject({ errorCode: 'unknown.error', status: 502 });
  });

  it('form endpoints send x-www-form-urlencoded', async () => {
    const form = endpoint({ method: 'POST', path: '/wps/member/password/email', module: 'PASS3', auth: 'none', form: true, summary: 't', body: z.object({ username: z.string(), email: z.string() }), response: z.object({}) });
    const fetch = mockFetch(200, { success: true, value: {} });
    await call(form, { body: { username: 'ana', email: 'a@b.co' } });
    const init = fetch.mock.calls[0][1]!;
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(init.body).toBe('username=ana&email=a%40b.co');
  });

  it('encrypted endpoints send the body and headers of the crypto hook', async () => {
    const login = endpoint({ method: 'POST', path: '/wps/session/login', module: 'LOGIN3', auth: 'none', encrypted: true, summary: 't', body: z.object({ username: z.string() }), response: z.object({}) });
    const fetch = mockFetch(200, { success: true, value: {} });
    await call(login, { body: { username: 'x' } });
    expect(encryptRequest).toHaveBeenCalledWith(login, { username: 'x' });
    const init = fetch.mock.calls[0][1]!;
    expect(init.body).toBe('{"value":"c2VhbGVk"}');
    expect((init.headers as Record<string, string>).Encryption).toBe('wrapped-key');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('takes ?token= out of the address bar at start-up (the session is set only once it is checked live)', () => {
    window.history.replaceState(null, '', '/promotions?token=abc&x=1#5');
    setToken(null);
    expect(takeTokenFromUrl()).toBe('abc');
    expect(getToken()).toBeNull();
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/promotions?x=1#5');
    expect(takeTokenFromUrl()).toBeNull();
    window.history.replaceState(null, '', '/');
  });
});
