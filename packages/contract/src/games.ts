import { z } from 'zod';
import { MODULES } from './brand.ts';
import { GAME_TYPES } from './constants.ts';
import { endpoint } from './endpoint.ts';

/**
 * Games catalog (§2 home and game list centre, §3 game and vendor card, §7, §9): category
 * menu, game list with paging and search, vendor lanes and hot games. All answers come from
 * an in-memory catalog per brand. Failures: request_param_err, function.not.available.
 */
const M = MODULES.games;

export const gameType = z.enum(GAME_TYPES);
export type GameType = z.infer<typeof gameType>;

/** Category order of the menu (server-sorted); HOME and FAV are added by the client. */
export const CATEGORY_ORDER: readonly GameType[] = ['RNG', 'LIVE', 'FISH', 'SPORTS', 'PVP', 'ESPORTS', 'LOTT', 'ELOTT', 'COCKFIGHT'];
/** Above this many vendors the header shows the large dropdown (§2). */
export const LARGE_DROPDOWN_VENDORS = 10;
export const GAME_PAGE_SIZE = 20;
export const GAME_PAGE_SIZE_MAX = 100;
export const HOT_GAMES_LIMIT = 24;

/** A vendor code: category prefix and a name, e.g. RNG-AURORA (§9); the same rule as game wallets. */
export { VENDOR_CODE } from './wallet.ts';

/** The image folder of a category: LOTT images use the ELOTT folder (§9). */
export const imageFolder = (t: GameType): GameType => (t === 'LOTT' ? 'ELOTT' : t);
/** Artwork of a game: `/lgw/images/<vendor>/<folder>/<nodeId>.svg` (§9). */
export const gameImagePath = (vendor: string, t: GameType, nodeId: string) =>
  `/lgw/images/${vendor}/${imageFolder(t)}/${encodeURIComponent(nodeId)}.svg`;
/** A vendor's card logo: `/lgw/images/<vendor>/<folder>/vendor.svg`. */
export const vendorImagePath = (vendor: string, t: GameType) => `/lgw/images/${vendor}/${imageFolder(t)}/vendor.svg`;
export const IMAGE_ROUTE = '/lgw/images/:vendor/:category/:file';

/** A game as lists show it (wire reference). */
export const game = z.object({
  nodeId: z.string(),
  gameId: z.string(),
  gameCode: z.string(),
  gameName: z.string(),
  nodeName: z.string(),
  gameType,
  /** The vendor code. */
  vassalage: z.string(),
  showIcon: z.string(),
  iconUrl: z.string(),
  /** 1 = hot badge. */
  isHot: z.union([z.literal(0), z.literal(1)]),
  /** 0 = free trial offered. */
  supportPlay: z.number().int(),
  /** The vendor is in maintenance for this brand (launch answers game_maintenance). */
  maintenance: z.boolean(),
});
export type Game = z.infer<typeof game>;

export const menuVendor = z.object({
  vassalage: z.string(),
  displayName: z.string(),
  gameCount: z.number().int(),
  maintenance: z.boolean(),
  lagerIcon: z.string(),
});
export const menuCategory = z.object({
  gameType,
  vendorCount: z.number().int(),
  gameCount: z.number().int(),
  /** vendorCount > LARGE_DROPDOWN_VENDORS. */
  largeDropdown: z.boolean(),
  vendors: z.array(menuVendor),
});
export type MenuCategory = z.infer<typeof menuCategory>;

/** HOME's preview rows (§2): slots of up to 3 vendors, live casino and fishing of 1, skipping vendors in maintenance. */
const HOME_PREVIEW: ReadonlyArray<readonly [GameType, number]> = [['RNG', 3], ['LIVE', 1], ['FISH', 1]];
export function homePreviewRows(menus: MenuCategory[]): Array<{ gameType: GameType; vendor: MenuCategory['vendors'][number] }> {
  return HOME_PREVIEW.flatMap(([gameType, n]) =>
    (menus.find((m) => m.gameType === gameType)?.vendors ?? [])
      .filter((v) => !v.maintenance)
      .slice(0, n)
      .map((vendor) => ({ gameType, vendor })),
  );
}

export const gameMenus = endpoint({
  method: 'GET', path: '/lgw/games/game_menus', module: M, auth: 'none',
  summary: 'The category menu, server-sorted: only categories with enabled vendors, with their vendors.',
  response: z.array(menuCategory),
});

const language = z.string().max(10).optional();

export const gameListQuery = z.object({
  /** Omitted: every category (the lobby's search box). */
  gameType: gameType.optional(),
  vassalage: z.string().max(40).optional(),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(GAME_PAGE_SIZE_MAX).default(GAME_PAGE_SIZE),
  language,
  /** Part of the game name (ES or EN, accents and case ignored). */
  search: z.string().trim().max(60).optional(),
  clientType: z.string().max(10).optional(),
  platform: z.string().max(20).optional(),
  merchant: z.string().max(40).optional(),
});

export const gameListValue = z.object({
  games: z.array(game),
  totalPages: z.number().int(),
  totalCount: z.number().int(),
});

export const gameList = endpoint({
  method: 'GET', path: '/wps/relay/GCSGAME_gameList', module: M, auth: 'none',
  summary: 'Games of a category (and vendor), paged (20 a page, at most 100), searchable by name.',
  query: gameListQuery,
  response: gameListValue,
});

export const vendorCard = z.object({
  cardId: z.string(),
  vassalage: z.string(),
  displayName: z.string(),
  gameType,
  lagerIcon: z.string(),
  /** For a vendor that is one game (sports, lottery lobby): the game to launch. */
  gameCode: z.string(),
  /** 1 = the card launches a game; 0 = it opens the vendor's game list. */
  isGame: z.union([z.literal(0), z.literal(1)]),
  /** nodeId of that game when isGame is 1, else "". */
  nodeId: z.string(),
  maintenance: z.boolean(),
});
export type VendorCard = z.infer<typeof vendorCard>;

export const vendorLanesValue = z.object({
  data: z.object({ lanes: z.array(z.object({ title: gameType, cards: z.array(vendorCard) })) }),
});

const brandQuery = z.object({ merchantCode: z.string().max(40).optional(), language, platform: z.string().max(20).optional(), isPlatform: z.string().max(4).optional() });

export const gameVendor = endpoint({
  method: 'GET', path: '/wps/relay/GCSGAME_gameVendor', module: M, auth: 'none',
  summary: 'Vendor lanes: one lane per category (menu order) with its vendor cards.',
  query: brandQuery,
  response: vendorLanesValue,
});

export const vassGameType = endpoint({
  method: 'GET', path: '/wps/relay/GCSGAME_getVassGameType', module: M, auth: 'none',
  summary: 'Vendor lanes (the same answer as GCSGAME_gameVendor).',
  query: brandQuery,
  response: vendorLanesValue,
});

export const hotGames = endpoint({
  method: 'GET', path: '/wps/relay/GCSGAME_hotGamesV2', module: M, auth: 'none',
  summary: 'Hot games: hot-flagged first, then by play count; top 24.',
  query: brandQuery,
  response: z.object({ list: z.array(game) }),
});

// ---- Winner board and launch -------------------------------------------------------------

export const WINNER_BOARD_LIMIT = 20;

/** A recent big win; the member name is masked (first and last character kept: `p******1`). */
export const winnerEntry = z.object({
  customerName: z.string(),
  /** Decimal string in major units ("1234.50"). */
  winAmount: z.string(),
  gameName: z.string(),
  iconUrl: z.string(),
  nodeId: z.string(),
  gameType,
  vassalage: z.string(),
});
export type WinnerEntry = z.infer<typeof winnerEntry>;

export const winnerBoard = endpoint({
  method: 'GET', path: '/wps/relay/GCSGAME_winnerBoard', module: M, auth: 'none',
  summary: 'Biggest recent wins (last 7 days), win amount descending, names masked; cached per brand.',
  query: z.object({
    category: z.string().max(12).default('ALL'),
    limitNum: z.coerce.number().int().min(1).max(WINNER_BOARD_LIMIT).default(WINNER_BOARD_LIMIT),
    language,
  }),
  response: z.object({ list: z.array(winnerEntry) }),
});

/** accountType of a launch: 1 real money (login, non-trial account), 0 free play (play money). */
export const ACCOUNT_TYPE = { real: 1, free: 0 } as const;

export const launchBody = z.object({
  gameType,
  vassalage: z.string().min(1).max(40),
  nodeId: z.string().min(1).max(128),
  gameId: z.string().max(128).optional(),
  platform: z.string().max(20).optional(),
  launchMode: z.string().max(20).optional(),
  accountType: z.coerce.number().int().min(0).max(1).default(1),
  language: z.string().max(10).optional(),
  /** Where the game's close/back button returns (same origin path, e.g. "/rng"). */
  backUrl: z.string().max(300).regex(/^\/(?!\/)/).optional(),
});
export type LaunchBody = z.input<typeof launchBody>;

export const launchValue = z.object({
  content: z.object({ game_url: z.string() }),
  /** True for a free-play launch (play money, never the real wallet). */
  trial: z.boolean(),
});

export const launchGame = endpoint({
  method: 'POST', path: '/wps/game/launchGame', module: M, auth: 'optional',
  summary: 'Launch a game: real play needs a logged-in non-trial member; free play (accountType 0) needs no login and uses play money. Records the recent game and its play count. game_maintenance when the vendor is in maintenance.',
  body: launchBody,
  response: launchValue,
});
