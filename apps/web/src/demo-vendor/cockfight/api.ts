/**
 * The derby page's client of its own API (packages/contract/src/demo-cockfight.ts; types only).
 * Every call carries the launch token; a failure throws DemoApiError with the envelope's
 * errorCode and the server's translated message.
 */
import type { demoCockfight, ValueOf } from '@lobby/contract';
import { tokenRequest } from '../api';

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
  const request = tokenRequest(token, language);
  return {
    state: () => request('GET', CF_PATHS.state),
    bet: (fightNo, side, amount) => request('POST', CF_PATHS.bet, { fightNo, side, amount }),
  };
}
