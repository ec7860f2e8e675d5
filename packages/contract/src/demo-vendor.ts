import { z } from 'zod';
import { MODULES } from './brand.ts';
import { endpoint } from './endpoint.ts';

/**
 * The built-in demo vendor's own API, called by its HTML5 game pages (`/demo-vendor/play/...`).
 * It is a separate party: it moves money only through the platform's seamless wallet, and
 * free-play sessions use play money it keeps itself. Every call carries the session `token`
 * that the launch created. Amounts are decimal strings in major units ("1.00").
 *
 * Engines and their `input` of a play call:
 * - slot5:    { betPerLine: "0.10" }                       (total bet = 20 lines x betPerLine)
 * - baccarat: { player?: "5.00", banker?: "5.00", tie?: "1.00" }  (timed rounds: the bet joins
 *             the table's current round; the answer's round is `pending` until the deal)
 * - fish:     { bet: "1.00", target: "SHARK" }
 * - dice:     { bet: "1.00", target: 49.5, direction: "over" | "under" }
 * - crash:    { bet: "1.00", cashOut?: 2.5 }               (shared timed rounds on a published hash
 *             chain: the bet joins the current round during betting, with an optional automatic
 *             cash-out; `cashout` cashes out by hand during the flight; pending until settled)
 * - keno:     { bet: "1.00", picks: [1..80 x 1-10 distinct] }
 * Failures: demo.session.invalid, demo.bet.invalid, demo.round.closed, demo.insufficient.funds,
 * demo.wallet.unavailable, request_param_err.
 */
const M = MODULES.games;

export const ENGINES = ['slot5', 'baccarat', 'fish', 'dice', 'crash', 'keno'] as const;
export type Engine = (typeof ENGINES)[number];
export const HISTORY_SIZE = 10;
export const PLAY_PATH = '/demo-vendor/play';

const token = z.string().min(16).max(128);
const money = z.string();

export const fairness = z.object({
  /** SHA-256 of the active server seed, shown before play. */
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** Nonce of the next round. */
  nonce: z.number().int(),
  /** SHA-256 of the NEXT server seed: committed before the client seed can change (rotation makes it active). */
  nextServerSeedHash: z.string(),
});

export const roundView = z.object({
  roundId: z.string(),
  nodeId: z.string(),
  engine: z.enum(ENGINES),
  bet: money,
  payout: money,
  /** payout - bet. */
  profit: money,
  status: z.enum(['pending', 'settled', 'refunded', 'failed']),
  input: z.record(z.string(), z.unknown()),
  /** What the screen draws (reels, cards, drawn numbers...); null while pending. */
  outcome: z.record(z.string(), z.unknown()).nullable(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int().nullable(),
  /** Revealed once the seed pair is rotated; null before. */
  serverSeed: z.string().nullable(),
  createdAt: z.string(),
});
export type RoundView = z.infer<typeof roundView>;

export const sessionValue = z.object({
  engine: z.enum(ENGINES),
  nodeId: z.string(),
  gameName: z.string(),
  vendor: z.string(),
  trial: z.boolean(),
  currency: z.string(),
  /** Real play: the member's balance read through the seamless wallet; free play: play money. */
  balance: money,
  language: z.string(),
  /** Where "close" goes (a lobby path); null = close the popup/window. */
  backUrl: z.string().nullable(),
  minBet: money,
  maxBet: money,
  /** Stated RTP (0.9606 = 96.06 %), and per bet type when the game has several. */
  rtp: z.number(),
  rtpByBet: z.record(z.string(), z.number()).optional(),
  /** Engine facts the screen needs (paytable, targets, symbols...). */
  info: z.record(z.string(), z.unknown()),
  fairness,
  /** The player's last 10 rounds of this engine, newest first. */
  history: z.array(roundView),
});
export type SessionValue = z.infer<typeof sessionValue>;

export const session = endpoint({
  method: 'GET', path: '/demo-vendor/api/session', module: M, auth: 'none',
  summary: 'Demo vendor: the game session of a launch token, with balance, fairness and the last 10 rounds.',
  query: z.object({ token }),
  response: sessionValue,
});

export const play = endpoint({
  method: 'POST', path: '/demo-vendor/api/play', module: M, auth: 'none',
  summary: 'Demo vendor: play one round (debit through the seamless wallet, settle, credit the win).',
  body: z.object({ token, input: z.record(z.string(), z.unknown()) }),
  response: z.object({ round: roundView, balance: money, fairness }),
});

export const seed = endpoint({
  method: 'POST', path: '/demo-vendor/api/seed', module: M, auth: 'none',
  summary: 'Demo vendor: rotate the seed pair (reveals the old server seed; the committed next seed becomes active) with a new client seed.',
  /** nextServerSeedHash: the commitment the screen showed; a rotation against another one answers demo.seed.stale. */
  body: z.object({ token, clientSeed: z.string().min(1).max(64), nextServerSeedHash: z.string().regex(/^[0-9a-f]{64}$/).optional() }),
  response: z.object({
    revealed: z.object({ serverSeed: z.string(), serverSeedHash: z.string(), clientSeed: z.string(), roundsPlayed: z.number().int() }),
    fairness,
  }),
});

export const history = endpoint({
  method: 'GET', path: '/demo-vendor/api/history', module: M, auth: 'none',
  summary: 'Demo vendor: the player\'s last 10 rounds of this engine, newest first.',
  query: z.object({ token }),
  response: z.object({ list: z.array(roundView) }),
});

/** The baccarat table's timed rounds: betting, then dealing, then the next round. */
export const table = endpoint({
  method: 'GET', path: '/demo-vendor/api/table', module: M, auth: 'none',
  summary: 'Demo vendor: the live table state (current round, phase and times, last results).',
  query: z.object({ token }),
  response: z.object({
    roundId: z.string(),
    phase: z.enum(['betting', 'dealing']),
    /** ISO times: betting closes, and the next round opens. */
    closesAt: z.string(),
    nextAt: z.string(),
    serverTime: z.string(),
    /** Hash of the table round's server seed (revealed in the round's result). */
    serverSeedHash: z.string(),
    /** The previous deals, newest first (road). */
    results: z.array(z.object({ roundId: z.string(), outcome: z.record(z.string(), z.unknown()) })),
    /** This player's bets on the current round. */
    myBets: z.record(z.string(), money),
  }),
});

const crashPlayer = z.object({
  /** A masked name (never the account or a token). */
  name: z.string(),
  me: z.boolean(),
  bet: money,
  /** The multiplier cashed out at, once reached (auto) or taken (by hand); null while in or lost. */
  cashedOut: z.number().nullable(),
  /** Known once cashed out or crashed. */
  payout: money.nullable(),
});

/** The crash game's shared rounds on a published hash chain (one per brand and game). */
export const crash = endpoint({
  method: 'GET', path: '/demo-vendor/api/crash', module: M, auth: 'none',
  summary: 'Demo vendor: the crash game\'s current shared round (phase, times, players, cash-outs), the last crash points and the chain\'s published hashes.',
  query: z.object({ token }),
  response: z.object({
    roundId: z.string(),
    phase: z.enum(['betting', 'flying', 'crashed']),
    serverTime: z.string(),
    /** ISO times: betting opens, the flight takes off; crashedAt and crashPoint only once crashed. */
    opensAt: z.string(),
    flightAt: z.string(),
    crashedAt: z.string().nullable(),
    crashPoint: z.number().nullable(),
    /** When the next round opens (crashed phase). */
    nextAt: z.string().nullable(),
    /** The flight curve: multiplier = floor(100·e^(growthPerMs·ms))/100. */
    growthPerMs: z.number(),
    /** The chain: id, this round's index (1 = first), its length, the published terminating hash and salt. */
    chain: z.object({ id: z.string(), index: z.number().int(), length: z.number().int(), terminatingHash: z.string(), salt: z.string() }),
    /** SHA-256 of this round's seed = the previous round's seed (the terminating hash for round 1). */
    serverSeedHash: z.string(),
    /** This round's seed, revealed once crashed. */
    serverSeed: z.string().nullable(),
    players: z.array(crashPlayer),
    /** This player's bet in the round: amount, automatic cash-out (null = none), cash-out taken. */
    myBet: z.object({ bet: money, cashOut: z.number().nullable(), cashedOut: z.number().nullable(), payout: money.nullable() }).nullable(),
    /** The last crashed rounds, newest first. */
    results: z.array(z.object({ roundId: z.string(), crashPoint: z.number(), serverSeed: z.string(), serverSeedHash: z.string(), hash: z.string() })),
  }),
});

/** Crash: cash out by hand now (the server's clock decides; after the crash it answers demo.round.closed). */
export const cashout = endpoint({
  method: 'POST', path: '/demo-vendor/api/cashout', module: M, auth: 'none',
  summary: 'Demo vendor: cash out the player\'s crash bet of the current flight at the multiplier of the server\'s time.',
  body: z.object({ token }),
  response: z.object({ round: roundView, balance: money, cashedOut: z.number() }),
});

export const demoVendorEndpoints = { session, play, seed, history, table, crash, cashout };
