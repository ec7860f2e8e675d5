import { z } from 'zod';
import { MODULES } from './brand.ts';
import { endpoint } from './endpoint.ts';

/**
 * The demo cockfight derby's own API (COCKFIGHT), called by its page
 * (`/demo-vendor/play/cockfight?token=...`) with the launch token. It behaves as an outside
 * "sabong" vendor: it keeps its own books and moves money only through the platform's seamless
 * wallet (one wallet round per bet: `CF<betId>`, tx ids `CF<betId>:bet|win|rb`).
 *
 * Fights follow a fixed timetable from the epoch (betting, then the fight; the result is revealed
 * when the fight ends), so every server agrees on the fight number. Meron (red) and Wala (blue)
 * are pari-mutuel: the winning side shares both sides' pools less the house commission
 * (`odds = (meron + wala) x (1 - commission) / side`, final at the cut-off; the pools include the
 * arena floor's bets). Draw pays a fixed multiple (stake included); on a draw Meron and Wala bets
 * are returned; a cancelled fight returns every bet. Each fight's result comes from its own
 * server seed: its SHA-256 is shown while betting, the seed is revealed with the result
 * (roll = the first uint32 of HMAC-SHA256(seed, "<fightId>:0:0") reduced to 0..9999 by rejection,
 * see `rules`). Amounts are decimal strings in major units ("10.00").
 * Failures: demo.session.invalid, demo.bet.invalid, demo.round.closed, demo.insufficient.funds,
 * demo.wallet.unavailable, request_param_err.
 */
export const API_PATH = '/demo-vendor/api/cockfight';
export const PLAY_PATH = '/demo-vendor/play/cockfight';
const M = MODULES.games;

export const SIDES = ['meron', 'wala', 'draw'] as const;
export type Side = (typeof SIDES)[number];
export const RESULTS = ['meron', 'wala', 'draw', 'cancelled'] as const;
export type Result = (typeof RESULTS)[number];
/** How many settled fights the board shows. */
export const BOARD_SIZE = 20;

const token = z.string().min(16).max(128);
const money = z.string();

export const rooster = z.object({
  name: z.string(),
  /** Grams. */
  weight: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
});
export type Rooster = z.infer<typeof rooster>;

const sides = <T extends z.ZodType>(v: T) => z.object({ meron: v, wala: v, draw: v });

export const fightView = z.object({
  fightNo: z.number().int(),
  /** `CF<nodeId>-<fightNo>`: the client seed of the fight's roll. */
  fightId: z.string(),
  phase: z.enum(['betting', 'fighting']),
  /** ISO times: betting opens, closes (the cut-off), and the fight ends (result). */
  opensAt: z.string(),
  closesAt: z.string(),
  endsAt: z.string(),
  serverSeedHash: z.string(),
  meron: rooster,
  wala: rooster,
  /** Money on each side so far (arena floor and players). */
  pools: sides(money),
  /** Current payout per 1.00 staked (stake included), e.g. "1.87"; draw is fixed. */
  odds: sides(z.string()),
});
export type FightView = z.infer<typeof fightView>;

export const resultView = z.object({
  fightNo: z.number().int(),
  fightId: z.string(),
  result: z.enum(RESULTS),
  meron: z.string(),
  wala: z.string(),
  /** Final odds at the cut-off. */
  odds: sides(z.string()),
  roll: z.number().int(),
  serverSeed: z.string(),
  serverSeedHash: z.string(),
  endsAt: z.string(),
});
export type ResultView = z.infer<typeof resultView>;

export const betView = z.object({
  betId: z.string(),
  fightNo: z.number().int(),
  side: z.enum(SIDES),
  amount: money,
  /** The odds shown when the bet was placed (Meron / Wala settle at the final odds). */
  oddsAtBet: z.string(),
  /** open: waiting for the result; won / lost; push: returned on a draw; void: fight cancelled (returned). */
  state: z.enum(['open', 'won', 'lost', 'push', 'void', 'failed']),
  /** What the wallet paid back (won: stake x odds; push / void: the stake). */
  payout: money,
  createdAt: z.string(),
});
export type BetView = z.infer<typeof betView>;

export const rules = z.object({
  /** House commission on the Meron / Wala pools (0.05 = 5 %). */
  commission: z.number(),
  /** Draw pays this multiple of the stake (stake included). */
  drawPays: z.number(),
  /** Chances built into the roll (out of 10,000): cancelled (no contest), draw; the rest Meron / Wala by the roosters' form. */
  cancelPer10k: z.number().int(),
  drawPer10k: z.number().int(),
  /** Stated house edge per side (simulated in the server's tests). */
  houseEdge: z.object({ meronWala: z.number(), draw: z.number() }),
  bettingSeconds: z.number().int(),
  fightSeconds: z.number().int(),
});

export const stateValue = z.object({
  gameName: z.string(),
  nodeId: z.string(),
  trial: z.boolean(),
  currency: z.string(),
  balance: money,
  language: z.string(),
  backUrl: z.string().nullable(),
  minBet: money,
  maxBet: money,
  serverTime: z.string(),
  rules,
  fight: fightView,
  /** The last settled fights, newest first. */
  results: z.array(resultView),
  /** This player's last bets, newest first (open and settled). */
  myBets: z.array(betView),
});
export type StateValue = z.infer<typeof stateValue>;

export const state = endpoint({
  method: 'GET', path: `${API_PATH}/state`, module: M, auth: 'none',
  summary: 'Demo cockfight: the derby as the page shows it (current fight, odds, last results, my bets); settles fights that ended.',
  query: z.object({ token }),
  response: stateValue,
});

export const bet = endpoint({
  method: 'POST', path: `${API_PATH}/bet`, module: M, auth: 'none',
  summary: 'Demo cockfight: bet on Meron, Wala or Draw of the current fight (debited through the seamless wallet).',
  /** fightNo: the fight the screen showed; a bet that reaches the server after its cut-off is refused (demo.round.closed). */
  body: z.object({ token, fightNo: z.number().int(), side: z.enum(SIDES), amount: z.string().max(20) }),
  response: z.object({ bet: betView, balance: money, fight: fightView }),
});

export const demoCockfightEndpoints = { state, bet };
