import { z } from 'zod';
import { MODULES } from './brand.ts';
import { endpoint } from './endpoint.ts';
import { drawStatus, lotteryGame } from './lottery.ts';
import { money } from './wallet.ts';

/**
 * Operator console — Lottery (issue 6 item 1): the brand's lottery games, the recent issues of
 * one game with their result and bets, voiding an issue that has no published result (every bet
 * refunded once through the seamless rollback; the reason lands on the issue and in the audit
 * log with the issue before and after) and drawing an unpublished issue now. Every call needs
 * `lottery.manage`, the console session (X-Operator-Session) and the Merchant header.
 *
 * Failures: request_param_err, `operator.not.session` (401), `operator.forbidden` (403),
 * `lottery.game.not.found` (404), `lottery.draw.not.found` (404), `lottery.draw.state` (409,
 * {status}: the issue is already published).
 */

export const DRAWS_PAGE_SIZE = 20;

const gameCode = z.string().trim().min(1).max(40);
const numero = z.string().trim().min(1).max(20);
const iso = z.string();

/** A lottery game as the members' menu describes it (lotteryGame), with its name in both languages. */
export const consoleGame = lotteryGame
  .pick({ gameCode: true, kind: true, region: true, intervalSeconds: true, drawTime: true, cutoffSeconds: true })
  .extend({ name: z.object({ ES: z.string(), EN: z.string() }) });
export type ConsoleGame = z.infer<typeof consoleGame>;

export const listGames = endpoint({
  method: 'GET', path: '/wps/ops/lottery/games', module: MODULES.common, auth: 'none',
  summary: 'The brand\'s lottery games in menu order (lottery.manage).',
  response: z.array(consoleGame),
});

export const drawRow = z.object({
  numero: z.string(),
  status: drawStatus,
  opensAt: iso,
  closesAt: iso,
  drawAt: iso,
  publishedAt: iso.nullable(),
  settledAt: iso.nullable(),
  voidedAt: iso.nullable(),
  /** Why the issue was voided and by whom (null when it was not, or voided through the service key without a reason). */
  voidReason: z.string().nullable(),
  voidedBy: z.string().nullable(),
  /** The special prize (VN) or the 5-digit result (fast); '' before the draw. */
  special: z.string(),
  /** Every prize with its numbers (DB first); [] before the draw. */
  prizes: z.array(z.object({ prize: z.string(), numbers: z.array(z.string()) })),
  seedHash: z.string(),
  /** Bets taken on the issue (refused debits not counted), their stakes and the wins paid. */
  bets: z.number().int(),
  stake: money,
  win: money,
  /** Bets still waiting for the draw (or for their refund on a void issue). */
  openBets: z.number().int(),
  /** No result yet: the issue can be voided (a void one with bets left: the refund finished). */
  canVoid: z.boolean(),
  /** No result yet and already open for bets: the issue can be drawn now (a later one cannot). */
  canDraw: z.boolean(),
});
export type DrawRow = z.infer<typeof drawRow>;

export const listDraws = endpoint({
  method: 'GET', path: '/wps/ops/lottery/draws', module: MODULES.common, auth: 'none',
  summary: 'The recent issues of a game, latest draw time first (the next ones included), with result, bets and stakes (lottery.manage).',
  query: z.object({
    gameCode,
    status: drawStatus.optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  }),
  response: z.object({ list: z.array(drawRow), page: z.number().int(), pageSize: z.number().int(), total: z.number().int() }),
});

export const voidDraw = endpoint({
  method: 'POST', path: '/wps/ops/lottery/void', module: MODULES.common, auth: 'none',
  summary: 'Voids an issue without a published result and refunds each of its bets once; again on a void issue finishes its refunds (lottery.manage, audited).',
  body: z.object({ gameCode, numero, reason: z.string().trim().min(3).max(200) }),
  response: z.object({ draw: drawRow, refunded: z.number().int() }),
});

export const drawNow = endpoint({
  method: 'POST', path: '/wps/ops/lottery/draw-now', module: MODULES.common, auth: 'none',
  summary: 'Closes an unpublished issue now, draws it and settles its bets (lottery.manage, audited).',
  body: z.object({ gameCode, numero }),
  response: drawRow,
});
