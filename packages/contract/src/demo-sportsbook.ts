import { z } from 'zod';
import { MODULES } from './brand.ts';
import { endpoint } from './endpoint.ts';

/**
 * The demo sportsbook's own API (sports and e-sports), called by its page
 * (`/demo-vendor/play/sports|esports?token=...`) with the launch token. It is an outside vendor:
 * it keeps its own books and moves money only through the platform's seamless wallet. Amounts
 * are decimal strings in major units ("1.00"); odds are decimal strings ("1.85").
 * Markets: `1x2`, `ml` (match winner), `ou:<line>` (over/under), `ah:<line>` (handicap on home).
 * Failures: demo.session.invalid, demo.bet.invalid (value.reason: selection.unknown,
 * market.closed, odds.changed (value.legs: the current odds), stake.min, stake.max, payout.max,
 * legs.count, parlay.same.match, bet.unknown, cashout.unavailable, cashout.changed
 * (value.cashOut)), demo.insufficient.funds, demo.wallet.unavailable, request_param_err.
 */
const M = MODULES.games;
export const API_PATH = '/demo-vendor/api/sports';
export const KINDS = ['sports', 'esports'] as const;
export type Kind = (typeof KINDS)[number];
export const SPORTS = ['football', 'basketball', 'tennis', 'cs2', 'dota2', 'lol'] as const;

const token = z.string().min(16).max(128);
const money = z.string();
const odds = z.string();

export const selectionView = z.object({
  selection: z.enum(['home', 'draw', 'away', 'over', 'under']),
  /** null: not offered now (suspended, or out of 1.01..100). */
  odds: odds.nullable(),
});

export const marketView = z.object({
  id: z.string(),
  type: z.enum(['1x2', 'ml', 'ou', 'ah']),
  line: z.number().nullable(),
  /** Offered in play too (handicaps are pre-match only). */
  inPlay: z.boolean(),
  /** Largest stake of a single on it now. */
  maxStake: money,
  selections: z.array(selectionView),
});

export const matchView = z.object({
  id: z.string(),
  sport: z.enum(SPORTS),
  league: z.string(),
  leagueName: z.string(),
  home: z.string(),
  away: z.string(),
  /** Team ratings −100..100 (public: pre-match prices come from them). */
  homeRating: z.number().int(),
  awayRating: z.number().int(),
  kickoffAt: z.string(),
  endsAt: z.string(),
  /** pre (betting pre-match), live (in play), ended (over, settling), settled. */
  phase: z.enum(['pre', 'live', 'ended', 'settled']),
  /** The clock: tick of ticks (football minutes of 90, basketball minutes of 48, races: events). */
  tick: z.number().int(),
  ticks: z.number().int(),
  /** Goals / points; races: sets or maps won, the current one's score, and the finished ones. */
  score: z.object({ home: z.number().int(), away: z.number().int(), unitHome: z.number().int(), unitAway: z.number().int(), units: z.array(z.tuple([z.number().int(), z.number().int()])) }).nullable(),
  abandoned: z.boolean(),
  markets: z.array(marketView),
  /** SHA-256 of the match's server seed, published before kick-off. */
  serverSeedHash: z.string(),
  /** Revealed once the match is settled: recompute the match with it (README of demo-sportsbook). */
  serverSeed: z.string().nullable(),
});
export type MatchView = z.infer<typeof matchView>;

export const legView = z.object({
  matchId: z.string(),
  sport: z.enum(SPORTS),
  leagueName: z.string(),
  home: z.string(),
  away: z.string(),
  kickoffAt: z.string(),
  market: z.string(),
  selection: z.string(),
  odds,
  live: z.boolean(),
  result: z.enum(['won', 'lost', 'push', 'void']).nullable(),
  /** The match's score now (or final), e.g. "2-1". */
  score: z.string().nullable(),
});

export const betView = z.object({
  betId: z.string(),
  /** The receipt number: the wallet round `SB<id>`. */
  receipt: z.string(),
  type: z.enum(['single', 'parlay']),
  placedAt: z.string(),
  stake: money,
  odds,
  potential: money,
  status: z.enum(['pending', 'open', 'won', 'lost', 'push', 'void', 'cashout', 'failed', 'refunded']),
  payout: money,
  settledAt: z.string().nullable(),
  /** The cash-out offer now (open bets with a leg still to play), else null. */
  cashOut: money.nullable(),
  legs: z.array(legView),
});
export type BetView = z.infer<typeof betView>;

export const sessionValue = z.object({
  kind: z.enum(KINDS),
  nodeId: z.string(),
  gameName: z.string(),
  vendor: z.string(),
  trial: z.boolean(),
  currency: z.string(),
  balance: money,
  language: z.string(),
  backUrl: z.string().nullable(),
  /** The book's margin (0.05: a bet returns 95 % of its stake on average). */
  margin: z.number(),
  minStake: money,
  parlayMaxStake: money,
  maxPayout: money,
  maxLegs: z.number().int(),
  /** Real seconds a match lasts. */
  matchSeconds: z.number(),
  leagues: z.array(z.object({ code: z.string(), sport: z.enum(SPORTS), name: z.string() })),
});
export type SessionValue = z.infer<typeof sessionValue>;

export const session = endpoint({
  method: 'GET', path: `${API_PATH}/session`, module: M, auth: 'none',
  summary: 'Demo sportsbook: the session of a launch token (balance, limits, leagues).',
  query: z.object({ token }),
  response: sessionValue,
});

export const board = endpoint({
  method: 'GET', path: `${API_PATH}/board`, module: M, auth: 'none',
  summary: 'Demo sportsbook: the matches (upcoming, live, just finished) with their markets and current odds.',
  query: z.object({ token }),
  response: z.object({ serverTime: z.string(), matches: z.array(matchView) }),
});

export const bets = endpoint({
  method: 'GET', path: `${API_PATH}/bets`, module: M, auth: 'none',
  summary: 'Demo sportsbook: the player\'s open bets and the last 20 settled ones, with the balance.',
  query: z.object({ token }),
  response: z.object({ balance: money, open: z.array(betView), settled: z.array(betView) }),
});

export const placeBet = endpoint({
  method: 'POST', path: `${API_PATH}/bet`, module: M, auth: 'none',
  summary: 'Demo sportsbook: place a single (1 leg) or a parlay (2..8 legs on different matches); the stake goes through the seamless wallet.',
  body: z.object({
    token,
    type: z.enum(['single', 'parlay']),
    stake: money,
    legs: z.array(z.object({ matchId: z.string().max(40), market: z.string().max(16), selection: z.string().max(8), odds })).min(1).max(8),
    /** Take the current odds when they moved (else demo.bet.invalid odds.changed with the new ones). */
    acceptOddsChange: z.boolean().default(false),
  }),
  response: z.object({ bet: betView, balance: money }),
});

export const cashOut = endpoint({
  method: 'POST', path: `${API_PATH}/cashout`, module: M, auth: 'none',
  summary: 'Demo sportsbook: cash out an open bet at the value shown (fair value of the bet now minus the margin).',
  body: z.object({ token, betId: z.string().regex(/^\d{1,18}$/), amount: money, acceptChange: z.boolean().default(false) }),
  response: z.object({ bet: betView, balance: money }),
});

export const demoSportsbookEndpoints = { session, board, bets, placeBet, cashOut };
