import { z } from 'zod';
import { MODULES } from './brand.ts';
import { endpoint } from './endpoint.ts';
import { amountInput, money } from './wallet.ts';

/**
 * Lottery (issue 6, spec §2 /lottery /lottert /seaLottery /vnLottery, §3 prize modes, §7): the
 * brand's lottery games (fast draws every 1, 3 and 5 minutes; the daily Vietnamese regional
 * draws north, central and south), their issues (numero) with open / cut-off / draw times,
 * results from an auditable RNG (the SHA-256 of the server seed is published before the draw,
 * the seed after it: result = HMAC-SHA256(seed, "<gameCode>:<numero>") read as digits), bets
 * (debited through the seamless wallet, so they appear in the betting record) and their
 * settlement. Times are ISO instants (UTC); the brand's GMT offset is sent for display.
 * Money is a decimal string in major units ("12.50").
 *
 * Failures: lottery.game.not.found, lottery.draw.not.found, lottery.draw.closed,
 * lottery.bet.invalid ({reason}), lottery.bet.amount ({min},{max}), lottery.bet.number.limit
 * ({number},{left}), lottery.prize.mode.invalid, lottery.draw.state ({status}),
 * wallet.insufficient.funds, in_need_true_account, customer.not.login, request_param_err.
 */
const M = MODULES.lottery;

/** Prize modes (§3 brand config): each has its own odds table. */
export const PRIZE_MODES = ['LOTT', 'ZY', 'ELOTT', 'SEA'] as const;
export const prizeMode = z.enum(PRIZE_MODES);
export type PrizeMode = z.infer<typeof prizeMode>;

export const LOTTERY_KINDS = ['fast', 'vn'] as const;
export const lotteryKind = z.enum(LOTTERY_KINDS);
export type LotteryKind = z.infer<typeof lotteryKind>;

export const VN_REGIONS = ['north', 'central', 'south'] as const;
export const vnRegion = z.enum(VN_REGIONS);
export type VnRegion = z.infer<typeof vnRegion>;

/**
 * Bet types. VN: lo2 (lô: the last 2 digits of any prize; paid per occurrence), de (đề: the
 * last 2 of the special prize), cang3 (3-càng: the last 3 of the special prize), xien2/3/4
 * (xiên: 2, 3 or 4 two-digit numbers that must all appear among the last 2 digits of the prizes).
 * Fast (result: 5 digits): big (digit sum 23-45), small (0-22), odd, even (of the sum),
 * num2 (the last 2 digits of the result).
 */
export const VN_BET_TYPES = ['lo2', 'de', 'cang3', 'xien2', 'xien3', 'xien4'] as const;
export const FAST_BET_TYPES = ['big', 'small', 'odd', 'even', 'num2'] as const;
export const BET_TYPES = [...VN_BET_TYPES, ...FAST_BET_TYPES] as const;
export const betType = z.enum(BET_TYPES);
export type BetType = z.infer<typeof betType>;

/** How many numbers a bet type takes and how many digits each has (0 = no numbers). */
export const BET_SHAPE: Readonly<Record<BetType, { numbers: number; digits: number }>> = {
  lo2: { numbers: 1, digits: 2 }, de: { numbers: 1, digits: 2 }, cang3: { numbers: 1, digits: 3 },
  xien2: { numbers: 2, digits: 2 }, xien3: { numbers: 3, digits: 2 }, xien4: { numbers: 4, digits: 2 },
  big: { numbers: 0, digits: 0 }, small: { numbers: 0, digits: 0 }, odd: { numbers: 0, digits: 0 }, even: { numbers: 0, digits: 0 },
  num2: { numbers: 1, digits: 2 },
};

/** Fast games: the result has this many digits; big = digit sum at least FAST_BIG_MIN. */
export const FAST_DIGITS = 5;
export const FAST_BIG_MIN = 23;

/**
 * The published prize structure of the VN regional draws: per prize, how many numbers are
 * drawn and how many digits each has. North: 27 numbers (special 5 digits); central and
 * south: 18 numbers (special 6 digits, prize 8 two digits).
 */
export const VN_PRIZES = ['DB', 'G1', 'G2', 'G3', 'G4', 'G5', 'G6', 'G7', 'G8'] as const;
export const vnPrize = z.enum(VN_PRIZES);
export type VnPrize = z.infer<typeof vnPrize>;
export const VN_STRUCTURE: Readonly<Record<VnRegion, readonly { prize: VnPrize; count: number; digits: number }[]>> = {
  north: [
    { prize: 'DB', count: 1, digits: 5 }, { prize: 'G1', count: 1, digits: 5 }, { prize: 'G2', count: 2, digits: 5 },
    { prize: 'G3', count: 6, digits: 5 }, { prize: 'G4', count: 4, digits: 4 }, { prize: 'G5', count: 6, digits: 4 },
    { prize: 'G6', count: 3, digits: 3 }, { prize: 'G7', count: 4, digits: 2 },
  ],
  central: [
    { prize: 'DB', count: 1, digits: 6 }, { prize: 'G1', count: 1, digits: 5 }, { prize: 'G2', count: 1, digits: 5 },
    { prize: 'G3', count: 2, digits: 5 }, { prize: 'G4', count: 7, digits: 5 }, { prize: 'G5', count: 1, digits: 4 },
    { prize: 'G6', count: 3, digits: 4 }, { prize: 'G7', count: 1, digits: 3 }, { prize: 'G8', count: 1, digits: 2 },
  ],
  south: [
    { prize: 'DB', count: 1, digits: 6 }, { prize: 'G1', count: 1, digits: 5 }, { prize: 'G2', count: 1, digits: 5 },
    { prize: 'G3', count: 2, digits: 5 }, { prize: 'G4', count: 7, digits: 5 }, { prize: 'G5', count: 1, digits: 4 },
    { prize: 'G6', count: 3, digits: 4 }, { prize: 'G7', count: 1, digits: 3 }, { prize: 'G8', count: 1, digits: 2 },
  ],
};

/** Issue states: open (bets taken until closesAt), closed (past cut-off, waiting for the draw), drawn (result published, settling), settled, void (refunded). */
export const DRAW_STATUSES = ['open', 'closed', 'drawn', 'settled', 'void'] as const;
export const drawStatus = z.enum(DRAW_STATUSES);
export type DrawStatus = z.infer<typeof drawStatus>;

/** Bet states: open (waiting for the draw), won, lost, void (refunded). */
export const BET_STATUSES = ['open', 'won', 'lost', 'void'] as const;
export const betStatus = z.enum(BET_STATUSES);
export type BetStatus = z.infer<typeof betStatus>;

export const MAX_SLIP = 20;
export const RESULTS_PAGE_SIZE = 20;
export const BETS_PAGE_SIZE = 20;
export const TREND_MAX = 100;

const gameCode = z.string().trim().min(1).max(40);
const language = z.string().max(10).optional();
const iso = z.string();

/** A lottery game of the brand. */
export const lotteryGame = z.object({
  /** E.g. FAST1, FAST3, FAST5, VN-NORTH, VN-CENTRAL, VN-SOUTH. */
  gameCode: z.string(),
  name: z.string(),
  kind: lotteryKind,
  region: vnRegion.nullable(),
  /** Fast games: seconds between draws; null for daily draws. */
  intervalSeconds: z.number().int().nullable(),
  /** Daily draws: the draw time in the brand's local time ("18:15"); null for fast games. */
  drawTime: z.string().nullable(),
  /** Seconds before the draw when bets close. */
  cutoffSeconds: z.number().int(),
  prizeModes: z.array(prizeMode),
  defaultPrizeMode: prizeMode,
  /** The catalog game (launch, betting record): gameType LOTT or ELOTT, vendor code, nodeId. */
  gameType: z.enum(['LOTT', 'ELOTT']),
  vassalage: z.string(),
  nodeId: z.string(),
});
export type LotteryGame = z.infer<typeof lotteryGame>;

/** An issue (numero) of a game. */
export const draw = z.object({
  gameCode: z.string(),
  /** yyyyMMdd for daily draws, yyyyMMdd-NNNN (slot of the brand's local day) for fast games. */
  numero: z.string(),
  status: drawStatus,
  opensAt: iso,
  /** Cut-off: bets are refused from this instant. */
  closesAt: iso,
  drawAt: iso,
  /** SHA-256 (hex) of the server seed, published before the draw ('' for a VN issue: its result is the official one). */
  seedHash: z.string(),
  /** VN: the province whose draw this issue is (south and centre: one issue per province of the day; north: the day's province). */
  province: z.object({ code: z.string(), name: z.string() }).nullable().optional(),
  /** Where the result comes from: seed (fast games), official (VN: four-eyes console entry or the results feed), test (a draw-now stand-in). */
  resultSource: z.enum(['seed', 'official', 'test']).optional(),
});
export type Draw = z.infer<typeof draw>;

/** A game with its current issue (the one taking bets, or the next to be drawn). */
export const menuGame = lotteryGame.extend({ current: draw.nullable() });
export type MenuGame = z.infer<typeof menuGame>;

/** A published result. */
export const openedDraw = draw.extend({
  /** The special prize (VN) or the 5-digit result (fast). Empty for a void issue. */
  special: z.string(),
  /** VN: every prize with its numbers (DB first). Fast: one entry, prize "DB", the result. */
  prizes: z.array(z.object({ prize: z.string(), numbers: z.array(z.string()) })),
  /** Fast games: digit sum, big/small, odd/even; null for VN. */
  sum: z.number().int().nullable(),
  bigSmall: z.enum(['big', 'small']).nullable(),
  oddEven: z.enum(['odd', 'even']).nullable(),
  /** The revealed seed (check: sha256(serverSeed) = seedHash, HMAC-SHA256(serverSeed, "<gameCode>:<numero>") gives the digits). */
  serverSeed: z.string().nullable(),
  publishedAt: iso.nullable(),
});
export type OpenedDraw = z.infer<typeof openedDraw>;

/** A bet type as the bet slip offers it, with the odds of the chosen prize mode. */
export const betOption = z.object({
  betType,
  numbers: z.number().int(),
  digits: z.number().int(),
  /** Win = stake × odds (× occurrences for lo2), e.g. "3.5". */
  odds: z.string(),
});
export type BetOption = z.infer<typeof betOption>;

export const limits = z.object({
  minBet: money,
  maxBet: money,
  /** The most all members may stake on one number (or xiên combination) of one issue and bet type. */
  maxPerNumber: money,
});

// ---- menus (§7) --------------------------------------------------------------------------

/** The games with their current issue; the brand's lotteryType (§3 brand config: Lott). */
const menusResponse = z.object({ list: z.array(menuGame), serverTime: iso, gmtOffsetMinutes: z.number().int(), lotteryType: z.enum(['Lott']) });

export const gameMenu = endpoint({
  method: 'GET', path: '/lotto/lgw/games/game_menu', module: M, auth: 'none',
  summary: 'Every lottery game of the brand (fast and VN) with its current issue.',
  query: z.object({ language }),
  response: menusResponse,
});

export const vnGameMenu = endpoint({
  method: 'GET', path: '/lgw/vn/games/game_menu', module: M, auth: 'none',
  summary: 'The VN regional lottery games (north, central, south) with their current issue.',
  query: z.object({ language }),
  response: menusResponse,
});

export const recentMenu = endpoint({
  method: 'GET', path: '/game_menu/recent', module: M, auth: 'member',
  summary: 'The lottery games the member bet on lately, most recent first (at most 20).',
  query: z.object({ language }),
  response: z.object({ list: z.array(menuGame.extend({ lastBetAt: iso })) }),
});

// ---- issues and results ------------------------------------------------------------------

export const currentIssue = endpoint({
  method: 'GET', path: '/lotto/lgw/games/current', module: M, auth: 'none',
  summary: 'A game, its current issue (countdown: closesAt - serverTime), the last result, the bet options with the odds of the prize mode and the limits.',
  query: z.object({ gameCode, prizeMode: prizeMode.optional(), language }),
  response: z.object({
    game: lotteryGame,
    current: draw.nullable(),
    /** VN: every issue taking bets at the current draw time (one per province drawing then); fast games: the current one. */
    issues: z.array(draw).optional(),
    last: openedDraw.nullable(),
    serverTime: iso,
    gmtOffsetMinutes: z.number().int(),
    prizeMode,
    options: z.array(betOption),
    limits,
  }),
});

const resultsQuery = z.object({
  gameCode,
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(RESULTS_PAGE_SIZE),
  language,
});
const resultsPage = z.object({ list: z.array(openedDraw), pageNo: z.number().int(), totalPages: z.number().int(), totalCount: z.number().int() });

export const vnOpenedNumeros = endpoint({
  method: 'GET', path: '/lgw/vn/numeros/opened/game', module: M, auth: 'none',
  summary: 'Results history of a VN game (the regional results board): published and void issues, newest first, paged.',
  query: resultsQuery,
  response: resultsPage,
});

export const openedNumeros = endpoint({
  method: 'GET', path: '/lotto/lgw/games/opened/numero', module: M, auth: 'none',
  summary: 'Results history of any lottery game (opened numeros), newest first, paged.',
  query: resultsQuery,
  response: resultsPage,
});

export const trend = endpoint({
  method: 'GET', path: '/lotto/lgw/games/trend', module: M, auth: 'none',
  summary: 'Trend data over the last `limit` published issues: per issue the result digits (fast: sum, big/small, odd/even); the count of each 2-digit tail 00-99 and how many issues since each last appeared.',
  query: z.object({ gameCode, limit: z.coerce.number().int().min(1).max(TREND_MAX).default(30) }),
  response: z.object({
    gameCode: z.string(),
    rows: z.array(z.object({
      numero: z.string(),
      special: z.string(),
      digits: z.array(z.number().int()),
      sum: z.number().int().nullable(),
      bigSmall: z.enum(['big', 'small']).nullable(),
      oddEven: z.enum(['odd', 'even']).nullable(),
    })),
    /** 100 entries, tail "00".."99": occurrences over the rows (every prize for VN) and issues since last seen (rows.length when never). */
    tails: z.array(z.object({ tail: z.string(), count: z.number().int(), missing: z.number().int() })),
  }),
});

// ---- bets -----------------------------------------------------------------------------------

export const slipBet = z.object({
  betType,
  /** Numbers as digit strings ("07", "123"); none for big/small/odd/even. */
  numbers: z.array(z.string().max(4)).max(4).default([]),
  amount: amountInput,
});
export type SlipBet = z.input<typeof slipBet>;

export const placeBetsBody = z.object({
  gameCode,
  /** The issue the member sees; a bet on another issue than the open one answers lottery.draw.closed. */
  numero: z.string().max(20),
  /**
   * VN south and centre: the same slip on several provinces' issues of one draw time (the "all
   * provinces" combination): `numero` and the others, each line a bet of its own on each issue
   * (the total is the slip's times the issues). Absent: `numero` only.
   */
  numeros: z.array(z.string().max(20)).min(1).max(4).optional(),
  prizeMode: prizeMode.optional(),
  /** The client's id of this slip (uuid-like): a retry with the same id places nothing twice. */
  requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  bets: z.array(slipBet).min(1).max(MAX_SLIP),
});
export type PlaceBetsBody = z.input<typeof placeBetsBody>;

export const lotteryBet = z.object({
  orderNo: z.string(),
  gameCode: z.string(),
  gameName: z.string(),
  numero: z.string(),
  betType,
  numbers: z.array(z.string()),
  prizeMode,
  amount: money,
  odds: z.string(),
  status: betStatus,
  win: money,
  betAt: iso,
  settledAt: iso.nullable(),
});
export type LotteryBet = z.infer<typeof lotteryBet>;

export const placeBets = endpoint({
  method: 'POST', path: '/lotto/lgw/bets', module: M, auth: 'member',
  summary: 'Place a slip of bets on the open issue: each bet is checked (type, numbers, amount, per-number limit, cut-off) and debited through the seamless wallet; all-or-nothing for the checks, then bet by bet.',
  body: placeBetsBody,
  response: z.object({ bets: z.array(lotteryBet), balance: money }),
});

export const myBets = endpoint({
  method: 'GET', path: '/lotto/lgw/bets', module: M, auth: 'member',
  summary: 'The member\'s lottery bets, newest first, paged; filter by game and status.',
  query: z.object({
    gameCode: gameCode.optional(),
    status: betStatus.optional(),
    pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(BETS_PAGE_SIZE),
    language,
  }),
  response: z.object({ list: z.array(lotteryBet), pageNo: z.number().int(), totalPages: z.number().int(), totalCount: z.number().int() }),
});

// ---- operator (X-Operator-Key, like the cashier's operator API) -----------------------------

export const operatorDrawNow = endpoint({
  method: 'POST', path: '/wps/operator/lottery/draw-now', module: M, auth: 'none',
  summary: 'Test acceleration: closes the game\'s current issue (or the given unpublished one) now, draws it and settles its bets; answers the result.',
  /** awaitOfficial: a VN issue only closes and becomes due now; its result then comes through the results adapter (console entry or feed). */
  body: z.object({ gameCode, numero: z.string().max(20).optional(), awaitOfficial: z.boolean().optional() }),
  response: openedDraw,
});

export const operatorVoidDraw = endpoint({
  method: 'POST', path: '/wps/operator/lottery/void', module: M, auth: 'none',
  summary: 'Voids an issue that has no published result: every bet is refunded (once).',
  body: z.object({ gameCode, numero: z.string().max(20) }),
  response: z.object({ draw, refunded: z.number().int() }),
});

// ---- official results of the VN issues (issue 21) ---------------------------------------------

/** An official result as entered or imported: every prize of the region's structure (VN_STRUCTURE) with its numbers in order. */
export const officialPrizes = z.array(z.object({ prize: z.string().max(4), numbers: z.array(z.string().max(8)).max(10) })).max(12);

/**
 * The results feed (a brand's `lottery.resultsFeedUrl`): `GET <url>?date=yyyy-MM-dd` (the draw
 * date in Vietnam, GMT+7) answers JSON `{ "results": [ { "region": "south", "province": "HCM",
 * "date": "2026-11-30", "prizes": { "DB": ["123456"], "G1": ["12345"], …, "G8": ["12"] } } ] }`;
 * `province` is the province code of our schedule (north: optional), every prize of the region
 * with its numbers as strings (digits, leading zeros kept). The server reads it every 15 s while
 * an issue waits for its result; a result that breaks the structure is refused (logged).
 */
export const vnFeedResult = z.object({
  region: vnRegion,
  province: z.string().max(8).optional(),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  prizes: z.record(z.string(), z.array(z.string())),
});
export const vnResultsFeed = z.object({ results: z.array(vnFeedResult) });
export type VnResultsFeed = z.infer<typeof vnResultsFeed>;
