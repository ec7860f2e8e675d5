/**
 * The one typed API client. Every call goes through `call(endpoint, {query, body})` with an
 * Endpoint object from @lobby/contract: it sends the platform headers, unwraps the envelope
 * and throws ApiError on failure. A 401 session error clears the session and tells the app
 * (onSessionExpired) so it can open the login popup.
 */
import type { BodyOf, Endpoint, QueryOf, ValueOf } from '@lobby/contract';
import { clearSession, getToken } from './storage';
import { ApiError, buildUrl, requestHeaders } from './request';

export { ApiError, isApiError, buildUrl, requestHeaders } from './request';

export const SESSION_ERROR_CODES = ['customer.not.login', 'login.not.session'] as const;

type SessionExpiredListener = (error: ApiError) => void;
const sessionListeners = new Set<SessionExpiredListener>();

/** Subscribe to "session is gone" (401 customer.not.login / login.not.session). */
export function onSessionExpired(fn: SessionExpiredListener): () => void {
  sessionListeners.add(fn);
  return () => sessionListeners.delete(fn);
}

type PasswordChangeListener = () => void;
const passwordChangeListeners = new Set<PasswordChangeListener>();

/**
 * Subscribe to "this session must change its password first" (403 password.change.required): the
 * server refuses everything else until the change (issue 18), so the app opens the forced change.
 */
export function onPasswordChangeRequired(fn: PasswordChangeListener): () => void {
  passwordChangeListeners.add(fn);
  return () => passwordChangeListeners.delete(fn);
}

/**
 * While a forced change is pending (session flag of features/session/actions), member calls other
 * than these are not sent: the server would refuse them (password.change.required) and the
 * browser would log each 403. The popup needs member info; then the change, or logout.
 */
const FORCE_CHANGE_KEY = 'forcePasswordChange';
const WHILE_CHANGE_REQUIRED = new Set(['GET /wps/member/info', 'POST /wps/member/password', 'DELETE /wps/session/logout', 'POST /wps/session/logout']);
function heldForPasswordChange(endpoint: Endpoint): boolean {
  if (endpoint.auth === 'none' || WHILE_CHANGE_REQUIRED.has(`${endpoint.method} ${endpoint.path}`)) return false;
  try {
    return sessionStorage.getItem(FORCE_CHANGE_KEY) === '1' && !!getToken();
  } catch {
    return false;
  }
}

type Query = Record<string, unknown>;

export interface CallOptions<E extends Endpoint> {
  query?: QueryOf<E>;
  body?: BodyOf<E>;
  /** Values for `:name` segments in the endpoint path. */
  params?: Record<string, string | number>;
  signal?: AbortSignal;
}

function formEncode(body: unknown): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    if (v !== undefined && v !== null) qs.set(k, String(v));
  }
  return qs.toString();
}

export async function call<E extends Endpoint>(endpoint: E, options: CallOptions<E> = {}): Promise<ValueOf<E>> {
  if (heldForPasswordChange(endpoint)) throw new ApiError('password.change.required', 'password.change.required', 403);
  const headers = requestHeaders();
  let body: string | undefined;
  const hasBody = endpoint.method !== 'GET' && options.body !== undefined;

  if (endpoint.encrypted) {
    // Only the calls that carry passwords encrypt: the code loads with the first of them.
    const { encryptRequest } = await import('./crypto');
    const enc = await encryptRequest(endpoint, options.body);
    Object.assign(headers, enc.headers, { 'Content-Type': 'application/json' });
    body = enc.body;
  } else if (hasBody && endpoint.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = formEncode(options.body);
  } else if (hasBody) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const url = buildUrl(endpoint.path, options.query as Query | undefined, options.params);
  let res: Response;
  try {
    res = await fetch(url, { method: endpoint.method, headers, body, signal: options.signal, credentials: 'same-origin' });
  } catch (e) {
    if ((e as Error)?.name === 'AbortError') throw e;
    throw new ApiError('network.error', 'Network link abnormal', 0);
  }

  let payload: unknown;
  try {
    payload = await res.json();
  } catch {
    throw new ApiError(res.ok ? 'unknown.error' : statusCode(res.status), res.statusText || 'Invalid response', res.status);
  }

  const env = payload as { success?: boolean; value?: unknown; errorCode?: string; message?: string };
  if (env && env.success === true && res.ok) {
    // Dev and tests only (production builds use the types-only zod shim, src/lib/zod-shim.ts).
    if (import.meta.env.DEV && import.meta.env.MODE !== 'test' && (endpoint.response as { __zodShim?: boolean }).__zodShim !== true) {
      const check = endpoint.response.safeParse(env.value);
      if (!check.success) console.warn(`[api] ${endpoint.method} ${endpoint.path}: response does not match the contract`, check.error);
    }
    return env.value as ValueOf<E>;
  }

  const error = new ApiError(
    env?.errorCode ?? statusCode(res.status),
    env?.message ?? res.statusText,
    res.status,
    env?.value,
  );
  if (res.status === 401 && (SESSION_ERROR_CODES as readonly string[]).includes(error.errorCode)) {
    clearSession();
    for (const fn of [...sessionListeners]) fn(error);
  }
  if (error.errorCode === 'password.change.required') for (const fn of [...passwordChangeListeners]) fn();
  throw error;
}

function statusCode(status: number): string {
  if (status === 401) return 'customer.not.login';
  if (status === 404) return 'request.not.found';
  if (status === 429) return 'request.too.many';
  if (status === 503) return 'system.maintenance';
  return 'unknown.error';
}
