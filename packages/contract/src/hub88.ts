import { z } from 'zod';

/**
 * Hub88-compatible operator wallet API (issue 20 item 1; docs.hub88.io "Operator API reference →
 * Wallet API" and "Seamless wallet response statuses"). Hub88 (or the aggregator stand-in) calls
 * the operator's wallet base URL, here `/wallet/hub88/<merchantCode>/<partner>` (partner = the
 * aggregator's credential code at that brand, e.g. HUB88), with:
 *   POST /user/info, /user/balance, /transaction/bet, /transaction/win, /transaction/rollback.
 * Every request carries `X-Hub88-Signature`: base64 RSA-SHA256 over the exact body bytes with the
 * aggregator's private key, verified with its public key stored for the brand; every answer is
 * HTTP 200 JSON signed the same way with our private key (same header). Amounts are integers in
 * 1/100000 of the currency unit (3.56 = 356000); our wallet keeps hundredths, so an amount that is
 * not a multiple of 1000 is RS_ERROR_WRONG_TYPES. `user` is the member's username; `token` the
 * launch token of the game session (bets only: wins and rollbacks never check it).
 */
export const PATH_PREFIX = '/wallet/hub88';
export const SIGNATURE_HEADER = 'x-hub88-signature';
/** Hub88 integer units per our minor unit (hundredths). */
export const UNITS_PER_MINOR = 1000n;

export const STATUSES = [
  'RS_OK', 'RS_ERROR_UNKNOWN', 'RS_ERROR_INVALID_PARTNER', 'RS_ERROR_INVALID_TOKEN', 'RS_ERROR_INVALID_GAME',
  'RS_ERROR_WRONG_CURRENCY', 'RS_ERROR_NOT_ENOUGH_MONEY', 'RS_ERROR_USER_DISABLED', 'RS_ERROR_INVALID_SIGNATURE',
  'RS_ERROR_TOKEN_EXPIRED', 'RS_ERROR_WRONG_SYNTAX', 'RS_ERROR_WRONG_TYPES', 'RS_ERROR_DUPLICATE_TRANSACTION',
  'RS_ERROR_TRANSACTION_DOES_NOT_EXIST', 'RS_ERROR_TRANSACTION_ROLLED_BACK', 'RS_ERROR_LIMIT_REACHED',
] as const;
export type Status = (typeof STATUSES)[number];

const uuid = z.string().min(1).max(128);
const user = z.string().min(1).max(64);
const units = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const userInfo = z.object({ user, request_uuid: uuid });
export const userBalance = z.object({ user, request_uuid: uuid, token: z.string().max(128).nullish(), game_code: z.string().max(128).nullish() });

const txBase = {
  user,
  request_uuid: uuid,
  transaction_uuid: uuid,
  supplier_transaction_id: z.string().max(256).nullish(),
  token: z.string().max(128).nullish(),
  round: uuid,
  round_closed: z.boolean().nullish(),
  game_code: z.string().min(1).max(128),
  meta: z.unknown().optional(),
};

export const bet = z.object({
  ...txBase,
  token: z.string().min(1).max(128),
  currency: z.string().min(3).max(8),
  amount: units,
  bet: z.string().max(256).nullish(),
  reward_uuid: z.string().max(128).nullish(),
  is_free: z.boolean().nullish(),
  is_supplier_promo: z.boolean().nullish(),
  is_aggregated: z.boolean().nullish(),
});
export const win = z.object({
  ...txBase,
  reference_transaction_uuid: uuid.nullish(),
  currency: z.string().min(3).max(8),
  amount: units,
  bet: z.string().max(256).nullish(),
  reward_uuid: z.string().max(128).nullish(),
  is_free: z.boolean().nullish(),
  is_supplier_promo: z.boolean().nullish(),
  is_aggregated: z.boolean().nullish(),
});
export const rollback = z.object({ ...txBase, reference_transaction_uuid: uuid });

/** Every answer: `balance` in Hub88 units (also with RS_ERROR_NOT_ENOUGH_MONEY). */
export interface Answer { user?: string; status: Status; request_uuid?: string; currency?: string; balance?: number; country?: string; sub_partner_id?: string; registration_date?: string }
