/**
 * The derby page's client of its own API (packages/contract/src/demo-cockfight.ts; types only).
 * Every call carries the launch token; a failure throws DemoApiError with the envelope's
 * errorCode and the server's translated message.
 */
import type { demoCockfight, ValueOf } from '@lobby/contract';
import { DemoApiError } from '../api';

export type State = demoCockfight.StateValue;
export type Bet = demoCockfight.BetView;
export type Result = demoCockfight.ResultView;
export type Side = demoCockfight.Side;
export type BetAnswer = ValueOf<typeof demoCockfight.bet>;

export const CF_PATHS = { state: '/demo-vendor/api/cockfight/state', bet: '/demo-vendor/api/cockfight/bet' } as const;

export interface CockfightClient {
  state(): Promise<State>;
  bet(fightNo: number, side: Side, amount: string): Promise<BetAnswer>;
}

export function createCockfightClient(token: string, language: () => string): CockfightClient {
  async function request<T>(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', Language: language() };
    if (body) headers['Content-Type'] = 'application/json';
    const url = method === 'GET' ? `${path}?token=${encodeURIComponent(token)}` : path;
    let res: Response;
    try {
      res = await fetch(url, { method, headers, body: body ? JSON.stringify({ token, ...body }) : undefined, credentials: 'same-origin', cache: 'no-store' });
    } catch {
      throw new DemoApiError('network.error', '', 0);
    }
    const env = (await res.json().catch(() => null)) as { success?: boolean; value?: unknown; errorCode?: string; message?: string } | null;
    if (env?.success === true && res.ok) return env.value as T;
    throw new DemoApiError(env?.errorCode ?? 'unknown.error', env?.message ?? '', res.status);
  }
  return {
    state: () => request('GET', CF_PATHS.state),
    bet: (fightNo, side, amount) => request('POST', CF_PATHS.bet, { fightNo, side, amount }),
  };
}
