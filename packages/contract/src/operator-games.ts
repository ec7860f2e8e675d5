import { z } from 'zod';
import { MODULES } from './brand.ts';
import { endpoint } from './endpoint.ts';
import { gameType } from './games.ts';

/**
 * Operator console — Games (issue 9 item 4, issue 5 item 1): the brand's vendors (on/off, order,
 * maintenance), its games (search, on/off, hot flag, order, bulk on/off) and the import of a
 * catalog file. Every call needs `games.manage`, the console session (X-Operator-Session) and the
 * Merchant header; every change reloads the lobby's in-memory catalog on every instance.
 *
 * Failures: request_param_err, `operator.not.session` (401), `operator.forbidden` (403),
 * `operator.games.vendor.not.found` (404), `operator.games.game.not.found` (404),
 * `operator.games.import.invalid` (422, value {@link importErrors}: nothing was imported),
 * `request.body.too.large` (413).
 */

export const GAMES_PAGE_SIZE = 50;
export const BULK_MAX = 500;
/** The largest catalog file the console uploads (the server accepts the same). */
export const IMPORT_MAX_BYTES = 16 * 1024 * 1024;

const vendorCode = z.string().trim().min(1).max(40);
const nodeId = z.string().trim().min(1).max(40);
const sort = z.number().int().min(0).max(1_000_000);
const flag = z.enum(['all', 'on', 'off']).default('all');

export const vendorRow = z.object({
  code: z.string(),
  name: z.string(),
  /** The vendor's category (its code prefix). */
  gameType,
  sort: z.number().int(),
  enabled: z.boolean(),
  maintenance: z.boolean(),
  games: z.number().int(),
  enabledGames: z.number().int(),
});
export type VendorRow = z.infer<typeof vendorRow>;

export const listVendors = endpoint({
  method: 'GET', path: '/wps/ops/games/vendors', module: MODULES.common, auth: 'none',
  summary: 'The brand\'s vendors in menu order with their game counts (games.manage).',
  query: z.object({ gameType: gameType.optional() }),
  response: z.array(vendorRow),
});

export const updateVendor = endpoint({
  method: 'POST', path: '/wps/ops/games/vendors/update', module: MODULES.common, auth: 'none',
  summary: 'Turns a vendor on/off, sets its order or its maintenance for this brand (launch then answers game_maintenance) (games.manage).',
  body: z.object({ code: vendorCode, enabled: z.boolean().optional(), maintenance: z.boolean().optional(), sort: sort.optional() }),
  response: vendorRow,
});

export const gameRow = z.object({
  nodeId: z.string(),
  gameCode: z.string(),
  name: z.object({ ES: z.string(), EN: z.string() }),
  gameType,
  vendor: z.string(),
  isHot: z.boolean(),
  supportPlay: z.number().int(),
  sort: z.number().int(),
  enabled: z.boolean(),
  /** All-time launches. */
  plays: z.string(),
});
export type GameRow = z.infer<typeof gameRow>;

export const gamesQuery = z.object({
  /** Part of the name (ES or EN), the nodeId or the game code. */
  q: z.string().trim().max(80).optional(),
  vendor: vendorCode.optional(),
  gameType: gameType.optional(),
  enabled: flag,
  hot: flag,
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type GamesQueryInput = z.output<typeof gamesQuery>;

export const listGames = endpoint({
  method: 'GET', path: '/wps/ops/games', module: MODULES.common, auth: 'none',
  summary: 'The brand\'s games (enabled or not) by vendor, category and name, in catalog order (games.manage).',
  query: gamesQuery,
  response: z.object({ list: z.array(gameRow), page: z.number().int(), pageSize: z.number().int(), total: z.number().int() }),
});

export const updateGame = endpoint({
  method: 'POST', path: '/wps/ops/games/update', module: MODULES.common, auth: 'none',
  summary: 'Turns a game on/off, sets its hot flag or its order (games.manage).',
  body: z.object({ nodeId, enabled: z.boolean().optional(), isHot: z.boolean().optional(), sort: sort.optional() }),
  response: gameRow,
});

export const bulkGames = endpoint({
  method: 'POST', path: '/wps/ops/games/bulk', module: MODULES.common, auth: 'none',
  summary: 'Turns the selected games on or off at once (games.manage).',
  body: z.object({ nodeIds: z.array(nodeId).min(1).max(BULK_MAX), enabled: z.boolean() }),
  response: z.object({ changed: z.number().int(), unknown: z.array(z.string()) }),
});

/** Why a row of a catalog file is refused. */
export const ROW_ERRORS = [
  'required', 'type', 'format', 'too_long', 'too_short', 'out_of_range', 'not_allowed', 'unknown_field',
  'duplicate', 'vendor_unknown', 'vendor_category', 'reserved', 'too_many', 'invalid',
] as const;
export type RowErrorCode = (typeof ROW_ERRORS)[number];

export const rowError = z.object({
  /** `file` for the file itself (not an object, lists missing). */
  section: z.enum(['file', 'vendors', 'games']),
  /** 0-based index of the row in its list; null for the file. */
  row: z.number().int().nullable(),
  /** The field of the row (e.g. `name.EN`), '' for the row itself. */
  field: z.string(),
  errorCode: z.enum(ROW_ERRORS),
});
export type RowError = z.infer<typeof rowError>;

/** The value of `operator.games.import.invalid`: the first problems (at most {@link IMPORT_ERRORS_MAX}). */
export const importErrors = z.object({ errors: z.array(rowError), total: z.number().int() });
export type ImportErrors = z.infer<typeof importErrors>;
export const IMPORT_ERRORS_MAX = 200;

const counts = z.object({ added: z.number().int(), updated: z.number().int(), unchanged: z.number().int() });
export type ImportCounts = z.infer<typeof counts>;

/**
 * The catalog file (the same shape as the server's seed import, modules/games/import.ts):
 * `{ vendors: [{code, name, gameType, sort?, enabled?, maintenance?}], games: [{nodeId, gameCode,
 * name: {ES, EN}, gameType, vendor, isHot?, supportPlay?, sort?, enabled?}] }`. Rows are matched by
 * vendor code and nodeId; rows not in the file stay as they are. The whole file is checked first;
 * one bad row refuses it all.
 */
export const importCatalog = endpoint({
  method: 'POST', path: '/wps/ops/games/import', module: MODULES.common, auth: 'none',
  summary: 'Imports a catalog file (JSON) in one transaction: counts of added, updated and unchanged rows, or the row errors (games.manage).',
  body: z.object({ file: z.unknown(), fileName: z.string().trim().max(200).optional() }),
  response: z.object({ vendors: counts, games: counts }),
});
