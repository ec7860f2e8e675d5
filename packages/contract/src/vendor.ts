import { z } from 'zod';
import { MODULES } from './brand.ts';
import { endpoint } from './endpoint.ts';

/**
 * Seamless wallet (issue 5 item 5): the API any game vendor calls to read a member's balance,
 * debit a bet, credit a win and refund a bet. Calls carry no session: each is signed.
 *
 * Signing: headers `X-Vendor` (the vendor code, equal to body.vendor), `X-Timestamp` (Unix ms,
 * within ±5 minutes of the server clock) and `X-Signature` = lower-case hex
 * HMAC-SHA256(secret, `${timestamp}.${rawBody}`), computed over the exact bytes of the request
 * body as sent (the server captures the raw body; no canonical JSON needed). The brand is the
 * request's Merchant header (or host), and the secret is the vendor's secret at that brand.
 *
 * Amounts are decimal strings (or JSON numbers) in major units, e.g. "12.50". Every answer
 * carries the member's new main balance as a decimal string. A duplicate `txId` with the same
 * fields returns the first answer; with any field different (amount, round, member, game,
 * currency, reference, flags) it is `vendor.tx.conflict` and nothing moves.
 *
 * Rules (issue 20): a bet needs `token`, the live launch token of that member and vendor (the
 * launch URL carries it); wins and rollbacks need none. A member's round is closed by its win (or
 * a bet with `roundClosed`): no bet and no win on a closed round, except a `promo` win, which may
 * also come without any bet. A rollback must name the bet's round. `currency`, when sent, must be
 * the brand's. A `free` bet has amount 0 and debits nothing (still a round and a betting record).
 *
 * Failures: vendor.signature.invalid, vendor.member.unknown, vendor.game.unknown,
 * vendor.token.invalid, vendor.token.expired, vendor.session.invalid (in-process callers),
 * vendor.insufficient.funds (value: {balance, currency}), vendor.round.unknown,
 * vendor.round.closed, vendor.round.mismatch, vendor.currency.wrong, vendor.bet.rolled.back,
 * vendor.bet.settled, vendor.tx.conflict, responsible.* (breaks and limits), request_param_err.
 */
const M = MODULES.games;

export const SIGNATURE_WINDOW_MS = 5 * 60_000;
export const HEADERS = { vendor: 'x-vendor', timestamp: 'x-timestamp', signature: 'x-signature' } as const;

const id = z.string().min(1).max(128);
const amount = z.union([z.string().max(32), z.number()]);

export const answer = z.object({
  /** The member's main balance after the call ("1234.50"). */
  balance: z.string(),
  currency: z.string(),
  /** The request's txId (absent on a balance call). */
  txId: z.string().optional(),
});
export type Answer = z.infer<typeof answer>;

export const balanceBody = z.object({
  vendor: id,
  /** The member's account name, or `memberId`. */
  account: z.string().min(1).max(64).optional(),
  memberId: z.string().regex(/^[0-9]{1,19}$/).optional(),
  currency: z.string().max(8).optional(),
}).refine((b) => b.account !== undefined || b.memberId !== undefined, { message: 'account or memberId' });

export const betBody = z.object({
  vendor: id, txId: id, roundId: id,
  /** The member's account name. */
  member: z.string().min(1).max(64),
  /** The game's nodeId in the brand's catalog. */
  gameId: z.string().min(1).max(128),
  amount,
  /** The launch token (game session) of this member at this vendor. */
  token: z.string().min(1).max(128),
  currency: z.string().max(8).optional(),
  /** A free bet: amount 0, nothing debited. */
  free: z.boolean().optional(),
  /** This bet closes its round (no win will follow). */
  roundClosed: z.boolean().optional(),
});
export const winBody = z.object({
  vendor: id, txId: id, roundId: id,
  member: z.string().min(1).max(64),
  /** 0 settles the round as a loss. */
  amount,
  currency: z.string().max(8).optional(),
  /** A promotional win: paid without a bet or on a closed round. */
  promo: z.boolean().optional(),
  /** Recorded with a promotional win that has no bet (the game's nodeId). */
  gameId: z.string().min(1).max(128).optional(),
});
export const rollbackBody = z.object({
  vendor: id,
  /** This rollback's own id. */
  txId: id,
  /** The bet to refund. */
  refTxId: id,
  roundId: id,
  member: z.string().min(1).max(64),
});

export const balance = endpoint({
  method: 'POST', path: '/vendor/seamless/balance', module: M, auth: 'none',
  summary: 'Seamless wallet: a member balance (signed vendor call)', body: balanceBody, response: answer,
});
export const bet = endpoint({
  method: 'POST', path: '/vendor/seamless/bet', module: M, auth: 'none',
  summary: 'Seamless wallet: debit a bet (signed vendor call)', body: betBody, response: answer,
});
export const win = endpoint({
  method: 'POST', path: '/vendor/seamless/win', module: M, auth: 'none',
  summary: 'Seamless wallet: credit a win, settling the round (signed vendor call)', body: winBody, response: answer,
});
export const rollback = endpoint({
  method: 'POST', path: '/vendor/seamless/rollback', module: M, auth: 'none',
  summary: 'Seamless wallet: refund a bet (signed vendor call)', body: rollbackBody, response: answer,
});
