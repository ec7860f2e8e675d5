/**
 * Console API client: the contract's operator calls with the console token (X-Operator-Session,
 * kept in sessionStorage so it ends with the tab) instead of the member token.
 */
import { useSyncExternalStore } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cashier, operator, type BodyOf, type Endpoint, type QueryOf, type ValueOf } from '@lobby/contract';
import { ApiError, buildUrl, requestHeaders } from '@/lib/api';

const KEY = 'lobby.console.token';
const listeners = new Set<() => void>();
const read = () => {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
};
let token: string | null = read();

export function setConsoleToken(t: string | null) {
  token = t;
  try {
    if (t) sessionStorage.setItem(KEY, t);
    else sessionStorage.removeItem(KEY);
  } catch {
    /* private mode */
  }
  for (const fn of [...listeners]) fn();
}
export const useConsoleToken = () => useSyncExternalStore((fn) => (listeners.add(fn), () => listeners.delete(fn)), () => token);

export async function opCall<E extends Endpoint>(ep: E, o: { query?: QueryOf<E>; body?: BodyOf<E>; signal?: AbortSignal } = {}): Promise<ValueOf<E>> {
  const headers = requestHeaders();
  delete headers.Authorization;
  if (token) headers[operator.SESSION_HEADER] = token;
  const hasBody = ep.method !== 'GET';
  if (hasBody) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(buildUrl(ep.path, o.query as Record<string, unknown> | undefined), { method: ep.method, headers, body: hasBody ? JSON.stringify(o.body ?? {}) : undefined, signal: o.signal });
  } catch (e) {
    if ((e as Error)?.name === 'AbortError') throw e;
    throw new ApiError('network.error', 'Network link abnormal', 0);
  }
  const env = (await res.json().catch(() => null)) as { success?: boolean; value?: unknown; errorCode?: string; message?: string } | null;
  if (env?.success === true && res.ok) return env.value as ValueOf<E>;
  const err = new ApiError(env?.errorCode ?? 'unknown.error', env?.message ?? res.statusText, res.status, env?.value);
  if (err.errorCode === 'operator.not.session' && ep !== (operator.login as Endpoint)) setConsoleToken(null);
  throw err;
}

/** The audit CSV through the console token, saved as a file. */
export async function downloadAuditCsv(filter: Record<string, string | undefined>) {
  const headers = requestHeaders();
  delete headers.Authorization;
  if (token) headers[operator.SESSION_HEADER] = token;
  const res = await fetch(buildUrl(operator.AUDIT_CSV_PATH, filter), { headers });
  if (!res.ok) throw new ApiError('unknown.error', res.statusText, res.status);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = 'audit.csv';
  a.click();
  URL.revokeObjectURL(url);
}

export const keys = {
  me: ['console', 'me'] as const,
  all: ['console'] as const,
};

export function useMe(enabled: boolean) {
  return useQuery({ queryKey: keys.me, queryFn: ({ signal }) => opCall(operator.getMe, { signal }), enabled, retry: false, staleTime: 60_000 });
}

export function useOp<E extends Endpoint>(ep: E, query?: QueryOf<E>, enabled = true) {
  return useQuery({
    queryKey: ['console', ep.path, query ?? null],
    queryFn: ({ signal }) => opCall(ep, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
  });
}

/** A console action; every console query is read again after it. */
export function useOpAction<E extends Endpoint>(ep: E) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<E>) => opCall(ep, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.all }),
  });
}

export { cashier, operator };
