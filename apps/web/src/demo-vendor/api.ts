/**
 * The game pages' client of the demo vendor's API (packages/contract/src/demo-vendor.ts). The
 * contract is imported for its types only, and the lobby's client (lib/api: member token,
 * encryption, storage) is not used: the launch token travels in the query or body instead.
 * Every call carries the launch token; a failure throws DemoApiError with the envelope's
 * errorCode and its message (translated by the server from the Language header).
 */
import type { demoVendor, ValueOf } from '@lobby/contract';

export type Session = demoVendor.SessionValue;
export type Round = demoVendor.RoundView;
export type Engine = demoVendor.Engine;
export type Fairness = Session['fairness'];
export type PlayAnswer = ValueOf<typeof demoVendor.play>;
export type SeedAnswer = ValueOf<typeof demoVendor.seed>;
export type TableState = ValueOf<typeof demoVendor.table>;
export type CrashState = ValueOf<typeof demoVendor.crash>;
export type CashOutAnswer = ValueOf<typeof demoVendor.cashout>;

export const API_PATHS = {
  session: '/demo-vendor/api/session',
  play: '/demo-vendor/api/play',
  seed: '/demo-vendor/api/seed',
  history: '/demo-vendor/api/history',
  table: '/demo-vendor/api/table',
  crash: '/demo-vendor/api/crash',
  cashout: '/demo-vendor/api/cashout',
} as const;

export const ENGINES: readonly Engine[] = ['slot5', 'baccarat', 'fish', 'dice', 'crash', 'keno'];

export class DemoApiError extends Error {
  readonly errorCode: string;
  readonly status: number;
  constructor(errorCode: string, message: string, status: number) {
    super(message || errorCode);
    this.name = 'DemoApiError';
    this.errorCode = errorCode;
    this.status = status;
  }
}

export interface DemoClient {
  session(): Promise<Session>;
  play(input: Record<string, unknown>): Promise<PlayAnswer>;
  /** `nextServerSeedHash`: the commitment the screen showed (a rotation against another one answers demo.seed.stale). */
  seed(clientSeed: string, nextServerSeedHash?: string): Promise<SeedAnswer>;
  history(): Promise<ValueOf<typeof demoVendor.history>>;
  table(): Promise<TableState>;
  /** Crash: the shared round, and a cash-out by hand during the flight. */
  crash(): Promise<CrashState>;
  cashout(): Promise<CashOutAnswer>;
}

/** A failed call's error: the envelope's code, message and value (status 0: no answer). */
type ApiFailure = (errorCode: string, message: string, status: number, value: unknown) => Error;

/**
 * The request function of a demo app's client: the launch token in the query (GET) or the body
 * (POST), the language in its header; the envelope's value, or `fail`'s error (DemoApiError).
 */
export function tokenRequest(token: string, language: () => string, fail: ApiFailure = (c, m, s) => new DemoApiError(c, m, s)) {
  return async function request<T>(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', Language: language() };
    let url = path;
    let payload: string | undefined;
    if (method === 'GET') url += `?token=${encodeURIComponent(token)}`;
    else {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify({ token, ...body });
    }
    let res: Response;
    try {
      res = await fetch(url, { method, headers, body: payload, credentials: 'same-origin', cache: 'no-store' });
    } catch {
      throw fail('network.error', '', 0, null);
    }
    const env = (await res.json().catch(() => null)) as { success?: boolean; value?: unknown; errorCode?: string; message?: string } | null;
    if (env?.success === true && res.ok) return env.value as T;
    throw fail(env?.errorCode ?? 'unknown.error', env?.message ?? '', res.status, env?.value);
  };
}

export function createClient(token: string, language: () => string): DemoClient {
  const request = tokenRequest(token, language);
  return {
    session: () => request('GET', API_PATHS.session),
    play: (input) => request('POST', API_PATHS.play, { input }),
    seed: (clientSeed, nextServerSeedHash) => request('POST', API_PATHS.seed, nextServerSeedHash ? { clientSeed, nextServerSeedHash } : { clientSeed }),
    history: () => request('GET', API_PATHS.history),
    table: () => request('GET', API_PATHS.table),
    crash: () => request('GET', API_PATHS.crash),
    cashout: () => request('POST', API_PATHS.cashout, {}),
  };
}

/** The engine and token of the page's URL (/demo-vendor/play/<engine>?token=...). */
export function readLocation(loc: { pathname: string; search: string }): { engine: Engine | null; token: string } {
  const last = loc.pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  const engine = (ENGINES as readonly string[]).includes(last) ? (last as Engine) : null;
  return { engine, token: new URLSearchParams(loc.search).get('token') ?? '' };
}
