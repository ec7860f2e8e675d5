/** The fake API of the web tests (every feature's): routes `METHOD /path` to envelopes, records every call. */
import { vi } from 'vitest';
import { errorMessage } from '@lobby/contract';

export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}
export type Handler = (c: FakeCall) => { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;

export const ok = (value: unknown) => ({ status: 200, body: { success: true, value } });
/** An error envelope; its message is the server's text in ES (the tests' language), as the real server answers. */
export const fail = (status: number, errorCode: string, value?: unknown, message = errorMessage(errorCode, 'ES')) => ({
  status,
  body: { success: false, errorCode, message, ...(value === undefined ? {} : { value }) },
});

export function loginValue(over: Record<string, unknown> = {}) {
  return {
    token: 'tok-123', firstTimeLogin: false, passwordExpired: false, mustChangePassword: false,
    id: '7', userName: 'player01', customerType: 0, isAgent: false, isTrial: false, ...over,
  };
}

/** Stub fetch with the routes; unknown routes answer 404. Returns the recorded calls. */
export function fakeServer(routes: Record<string, Handler>) {
  const calls: FakeCall[] = [];
  const fn = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    let body: unknown = init?.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        body = Object.fromEntries(new URLSearchParams(body as string));
      }
    }
    const c: FakeCall = { method, path: url.pathname, query: url.searchParams, body, headers: (init?.headers ?? {}) as Record<string, string> };
    calls.push(c);
    const h = routes[`${method} ${url.pathname}`];
    const r = h ? await h(c) : fail(404, 'request.not.found');
    return new Response(JSON.stringify(r.body), { status: r.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fn);
  return { calls, fn, count: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key).length };
}

/** Encrypted calls travel as plain JSON in these tests (the scheme has its own tests in lib/crypto.test.ts). */
export const plainCrypto = {
  encryptRequest: async (_e: unknown, body: unknown) => ({ headers: {}, body: JSON.stringify(body ?? {}) }),
  clearBrandKeys: () => {},
};
