/**
 * What every request shares: the error type, the URL builder and the platform headers. Split from
 * api.ts so that the lazily loaded encryption (crypto.ts) builds on it without importing api.ts.
 */
import { getLanguage, getMerchant, getToken } from './storage';

type Query = Record<string, unknown>;

export class ApiError extends Error {
  readonly errorCode: string;
  readonly status: number;
  /** Extra facts from the error envelope (e.g. `{captcha: true}` after a failed login). */
  readonly value: unknown;
  constructor(errorCode: string, message: string, status: number, value?: unknown) {
    super(message || errorCode);
    this.name = 'ApiError';
    this.errorCode = errorCode;
    this.status = status;
    this.value = value;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** The URL of an API path, same origin (the dev server proxies /wps, /lgw, /lotto). */
export function buildUrl(path: string, query?: Query, params?: Record<string, string | number>): string {
  let p = path.replace(/:(\w+)/g, (m, k: string) => (params && k in params ? encodeURIComponent(String(params[k])) : m));
  if (query) {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) {
      if (v === undefined || v === null) continue;
      qs.set(k, Array.isArray(v) ? v.join(',') : String(v));
    }
    const s = qs.toString();
    if (s) p += (p.includes('?') ? '&' : '?') + s;
  }
  return p;
}

export function requestHeaders(): Record<string, string> {
  const h: Record<string, string> = {
    Accept: 'application/json',
    Language: getLanguage(),
    Device: 'web',
    'X-Timestamp': String(Date.now()),
  };
  const merchant = getMerchant();
  if (merchant) h.Merchant = merchant;
  const token = getToken();
  if (token) h.Authorization = token;
  return h;
}
