/**
 * The sportsbook page's client of its own API (packages/contract/src/demo-sportsbook.ts; types
 * only). Every call carries the launch token; a failure throws DemoApiError with the envelope's
 * errorCode, the server's translated message and its `value` (e.g. the new odds).
 */
import type { demoSportsbook, ValueOf } from '@lobby/contract';
import { DemoApiError, tokenRequest } from '../api';

export type Session = demoSportsbook.SessionValue;
export type Match = demoSportsbook.MatchView;
export type Bet = demoSportsbook.BetView;
export type Board = ValueOf<typeof demoSportsbook.board>;
export type Bets = ValueOf<typeof demoSportsbook.bets>;
export type Placed = ValueOf<typeof demoSportsbook.placeBet>;

export const SB_PATHS = {
  session: '/demo-vendor/api/sports/session',
  board: '/demo-vendor/api/sports/board',
  bets: '/demo-vendor/api/sports/bets',
  placeBet: '/demo-vendor/api/sports/bet',
  cashOut: '/demo-vendor/api/sports/cashout',
} as const;

/** A refusal with the server's facts (`value.reason`, `value.legs`, `value.cashOut`). */
export class SportsApiError extends DemoApiError {
  readonly value: Record<string, unknown>;
  constructor(errorCode: string, message: string, status: number, value: unknown) {
    super(errorCode, message, status);
    this.value = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  }
}

export interface LegInput { matchId: string; market: string; selection: string; odds: string }

export interface SportsClient {
  session(): Promise<Session>;
  board(): Promise<Board>;
  bets(): Promise<Bets>;
  place(type: 'single' | 'parlay', stake: string, legs: LegInput[], acceptOddsChange: boolean): Promise<Placed>;
  cashOut(betId: string, amount: string, acceptChange: boolean): Promise<Placed>;
}

export function createSportsClient(token: string, language: () => string): SportsClient {
  const request = tokenRequest(token, language, (code, message, status, value) => new SportsApiError(code, message, status, value));
  return {
    session: () => request('GET', SB_PATHS.session),
    board: () => request('GET', SB_PATHS.board),
    bets: () => request('GET', SB_PATHS.bets),
    place: (type, stake, legs, acceptOddsChange) => request('POST', SB_PATHS.placeBet, { type, stake, legs, acceptOddsChange }),
    cashOut: (betId, amount, acceptChange) => request('POST', SB_PATHS.cashOut, { betId, amount, acceptChange }),
  };
}
