import { z } from 'zod';
import { MODULES } from './brand.ts';
import { endpoint } from './endpoint.ts';
import { drawStatus, lotteryGame, officialPrizes } from './lottery.ts';
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
  /** VN: the province of the issue. */
  province: z.object({ code: z.string(), name: z.string() }).nullable().optional(),
  /** seed (fast games), official (VN), test (a draw-now stand-in). */
  resultSource: z.enum(['seed', 'official', 'test']).optional(),
  /**
   * VN official result: none (nothing entered), awaiting (one entry, waiting for a second
   * operator), mismatch (two entries differ: settlement blocked until they are discarded),
   * published; the active entries and the prizes that differ.
   */
  official: z.object({
    state: z.enum(['none', 'awaiting', 'mismatch', 'published']),
    entries: z.array(z.object({ seq: z.number().int(), source: z.enum(['console', 'feed']), by: z.string(), at: iso, prizes: officialPrizes })),
    differing: z.array(z.string()),
    /** The draw time has passed and nothing is published: a result can be entered now. */
    canEnter: z.boolean(),
  }).nullable().optional(),
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

/**
 * Issue 21: an official VN result entered in the console (four eyes). The first entry waits for
 * a second operator, who enters the result again from the official source: equal entries
 * publish it and settle the bets; different ones block the issue (the row shows the prizes that
 * differ) until an operator discards them. Failures: lottery.result.invalid (409: a prize's
 * count or digits), lottery.result.too.early (409, {drawAt}), lottery.result.same.operator (409),
 * lottery.result.mismatch (409), lottery.result.not.official (409), lottery.draw.state (409).
 */
export const enterResult = endpoint({
  method: 'POST', path: '/wps/ops/lottery/result', module: MODULES.common, auth: 'none',
  summary: 'Enters the official result of a VN issue (first entry, or the second operator\'s confirming one) (lottery.manage, audited).',
  body: z.object({ gameCode, numero, prizes: officialPrizes }),
  response: z.object({ outcome: z.enum(['awaiting', 'mismatch', 'published']), draw: drawRow, settled: z.number().int() }),
});

export const discardResult = endpoint({
  method: 'POST', path: '/wps/ops/lottery/result/discard', module: MODULES.common, auth: 'none',
  summary: 'Discards the entries of an unpublished VN issue (after a mismatch) so it can be entered again (lottery.manage, audited).',
  body: z.object({ gameCode, numero, reason: z.string().trim().min(3).max(200) }),
  response: z.object({ draw: drawRow, discarded: z.number().int() }),
});

export const importResults = endpoint({
  method: 'POST', path: '/wps/ops/lottery/result/import', module: MODULES.common, auth: 'none',
  summary: 'Reads the brand\'s results feed now for the VN issues waiting for their result (lottery.manage, audited). Failures: lottery.feed.unset (409), lottery.feed.failed (502, {reason}).',
  body: z.object({}),
  response: z.object({ imported: z.number().int(), refused: z.number().int() }),
});

export const drawNow = endpoint({
  method: 'POST', path: '/wps/ops/lottery/draw-now', module: MODULES.common, auth: 'none',
  summary: 'Closes an unpublished issue now, draws it and settles its bets (lottery.manage, audited).',
  body: z.object({ gameCode, numero }),
  response: drawRow,
});
