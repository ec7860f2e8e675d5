import { z } from 'zod';
import { MODULES } from './brand.ts';
import { endpoint } from './endpoint.ts';
import { game, gameType } from './games.ts';
import { dateRange, money } from './wallet.ts';

/**
 * The member's own games (§2 /favorite and /recent, §3 favourite, §5 favourite throttle, §7,
 * §9) and the betting record (member centre `personalHistoryCopy`). All need a logged-in
 * member. Failures: customer.not.login, request_param_err, game.not.found, favorite.limit.
 */
const M = MODULES.games;

export const FAVORITES_PAGE_SIZE = 999;
/** At most this many favourites per member. */
export const FAVORITES_MAX = 999;
export const RECENT_PAGE_SIZE = 20;

/** Favourite payload (§3): nodeId, vendor, gameType. */
export const favoriteBody = z.object({ nodeId: z.string().min(1).max(128), vendor: z.string().min(1).max(40), gameType });
export type FavoriteBody = z.infer<typeof favoriteBody>;

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const language = z.string().max(10).optional();

export const getFavoriteGames = endpoint({
  method: 'GET', path: '/wps/relay/MCSFE_getFavoriteGames', module: M, auth: 'member',
  summary: 'The node ids of the member\'s favourite games (to mark hearts).',
  query: z.object({ pageNo: page, pageSize: z.coerce.number().int().min(1).max(FAVORITES_PAGE_SIZE).default(FAVORITES_PAGE_SIZE) }),
  response: z.object({ content: z.array(z.object({ nodeId: z.string() })), pageNum: z.number().int(), totalPages: z.number().int() }),
});

export const getFavoriteGamesList = endpoint({
  method: 'GET', path: '/wps/relay/MCSFE_getFavoriteGamesList', module: M, auth: 'member',
  summary: 'The member\'s favourite games with their catalog fields, newest first (page size 999).',
  query: z.object({ pageNo: page, pageSize: z.coerce.number().int().min(1).max(FAVORITES_PAGE_SIZE).default(FAVORITES_PAGE_SIZE), language }),
  response: z.object({ content: z.array(game), pageNum: z.number().int(), totalPages: z.number().int() }),
});

export const addFavoriteGame = endpoint({
  method: 'POST', path: '/wps/relay/MCSFE_addFavoriteGameV2', module: M, auth: 'member',
  summary: 'Add a favourite game (already a favourite: no change, success).',
  body: favoriteBody,
  response: z.object({ nodeId: z.string(), favorite: z.literal(true) }),
});

export const removeFavoriteGame = endpoint({
  method: 'POST', path: '/wps/relay/MCSFE_removeFavoriteGameV2', module: M, auth: 'member',
  summary: 'Remove a favourite game (not a favourite: no change, success).',
  body: favoriteBody,
  response: z.object({ nodeId: z.string(), favorite: z.literal(false) }),
});

export const recentGame = endpoint({
  method: 'GET', path: '/wps/relay/GCS_recentGame', module: M, auth: 'member',
  summary: 'Games the member launched, most recent first, 20 a page (gameType filters; absent = all).',
  query: z.object({
    page,
    pageSize: z.coerce.number().int().min(1).max(100).default(RECENT_PAGE_SIZE),
    gameType: gameType.optional(),
    language,
    clientType: z.string().max(10).optional(),
  }),
  response: z.object({
    list: z.array(game.extend({ lastPlayedAt: z.string() })),
    page: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  }),
});

// ---- Betting record (member centre personalHistoryCopy) --------------------------------------

export const BET_RECORDS_PAGE_SIZE = 10;
export const BET_STATUSES = ['open', 'settled', 'refunded'] as const;

export const betRecordRow = z.object({
  orderNo: z.string(),
  roundId: z.string(),
  gameName: z.string(),
  nodeId: z.string(),
  gameType: z.string(),
  vassalage: z.string(),
  bet: money,
  validBet: money,
  win: money,
  /** win - bet once settled ("0.00" while open or refunded). */
  profit: money,
  status: z.enum(BET_STATUSES),
  /** ISO times (UTC). */
  betTime: z.string(),
  settleTime: z.string().nullable(),
});
export type BetRecordRow = z.infer<typeof betRecordRow>;

export const betRecords = endpoint({
  method: 'GET', path: '/wps/relay/ODSFE2_betRecords', module: M, auth: 'member',
  summary: 'The member\'s bets, newest first, 10 a page, with totals over the range (brand days, at most 30).',
  query: dateRange.extend({ page, gameType: gameType.optional(), status: z.enum(BET_STATUSES).optional() }),
  response: z.object({
    list: z.array(betRecordRow),
    page: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
    totals: z.object({ bet: money, validBet: money, win: money, profit: money }),
  }),
});
