/**
 * Browser storage of the session (§4): the token lives in sessionStorage and may arrive as
 * `?token=` at start-up; merchant codes survive logout. Tiny observable so React can subscribe.
 */
import { STORAGE_KEYS } from '@lobby/contract';

type Listener = () => void;
const listeners = new Set<Listener>();

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

export function getToken(): string | null {
  return safe(() => sessionStorage.getItem(STORAGE_KEYS.token), null);
}

export function setToken(token: string | null): void {
  safe(() => {
    if (token) sessionStorage.setItem(STORAGE_KEYS.token, token);
    else sessionStorage.removeItem(STORAGE_KEYS.token);
  }, undefined);
  emit();
}

export function getMerchant(): string | null {
  return safe(() => sessionStorage.getItem(STORAGE_KEYS.merchant), null);
}

export function setMerchant(code: string): void {
  safe(() => sessionStorage.setItem(STORAGE_KEYS.merchant, code), undefined);
}

/** Keys that survive a logout or a stale session: the merchant codes. */
const KEPT_KEYS: string[] = [STORAGE_KEYS.merchant];

/** Clear session storage (merchant codes kept), as on logout or an expired session. */
export function clearSession(): void {
  safe(() => {
    const kept = KEPT_KEYS.map((k) => [k, sessionStorage.getItem(k)] as const);
    sessionStorage.clear();
    for (const [k, v] of kept) if (v !== null) sessionStorage.setItem(k, v);
  }, undefined);
  emit();
}

/**
 * Take a `?token=` out of the address bar (it is dropped from the URL at once) and answer it; the
 * start-up keeps it as the session only when the server says it is live (app/url-token.ts).
 */
export function takeTokenFromUrl(loc: Location = window.location, hist: History = window.history): string | null {
  const url = new URL(loc.href);
  const token = url.searchParams.get('token');
  if (!token) return null;
  url.searchParams.delete('token');
  safe(() => hist.replaceState(hist.state, '', url.pathname + url.search + url.hash), undefined);
  return token;
}

export function subscribeSession(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function emit() {
  for (const fn of [...listeners]) fn();
}

/** The language the UI speaks right now (contract code, e.g. ES, EN, AR). Set by i18n. */
let currentLanguage = 'ES';
export function getLanguage(): string {
  return currentLanguage;
}
export function setCurrentLanguage(code: string): void {
  currentLanguage = code;
}

export function readLocal(key: string): string | null {
  return safe(() => localStorage.getItem(key), null);
}
export function writeLocal(key: string, value: string): void {
  safe(() => localStorage.setItem(key, value), undefined);
}
