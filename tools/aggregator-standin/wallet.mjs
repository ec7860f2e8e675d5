// The stand-in's side of the Hub88 operator wallet API: it calls the operator's /user/balance,
// /transaction/bet, /transaction/win and /transaction/rollback with signed bodies and trusts an
// answer only when the operator's signature over the raw answer verifies.
import { randomUUID } from 'node:crypto';
import { SIGNATURE_HEADER, signBody, verifyBody } from './hub88.mjs';

const TIMEOUT_MS = 8000;

/**
 * One signed call. Answers `{ ok: true, body }` for a verified answer (whatever its status), or
 * `{ ok: false, reason }` when the operator did not answer, answered garbage or an unsigned or
 * wrongly signed body (the caller then treats the call as failed).
 */
export async function walletCall(keys, operator, path, payload) {
  const raw = JSON.stringify(payload);
  let res;
  try {
    res = await fetch(`${operator.wallet_url.replace(/\/+$/, '')}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(keys.privateKeyPem, raw) },
      body: raw,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    return { ok: false, reason: `network: ${err.message}` };
  }
  const text = await res.text();
  if (!verifyBody(operator.public_key, text, res.headers.get(SIGNATURE_HEADER))) {
    return { ok: false, reason: `answer ${res.status} not signed by the operator` };
  }
  try {
    const body = JSON.parse(text);
    if (!body || typeof body.status !== 'string') return { ok: false, reason: 'answer without status' };
    if (body.request_uuid !== payload.request_uuid) return { ok: false, reason: 'request_uuid not echoed' };
    return { ok: true, body };
  } catch {
    return { ok: false, reason: 'answer is not JSON' };
  }
}

const base = (s, extra) => ({
  user: s.user,
  token: s.token,
  request_uuid: randomUUID(),
  game_code: s.game_code,
  ...extra,
});

export const balance = (keys, operator, s) => walletCall(keys, operator, '/user/balance', base(s, {}));

export function bet(keys, operator, s, { round, transactionUuid, amount }) {
  return walletCall(keys, operator, '/transaction/bet', base(s, {
    transaction_uuid: transactionUuid,
    supplier_transaction_id: `st-${transactionUuid}`,
    supplier_user: null,
    round,
    round_closed: false,
    reward_uuid: null,
    is_free: false,
    is_aggregated: false,
    currency: s.currency,
    bet: null,
    amount,
    meta: null,
  }));
}

export function win(keys, operator, s, { round, transactionUuid, betUuid, amount }) {
  return walletCall(keys, operator, '/transaction/win', base(s, {
    transaction_uuid: transactionUuid,
    supplier_transaction_id: `st-${transactionUuid}`,
    supplier_user: null,
    round,
    round_closed: true,
    reward_uuid: null,
    reference_transaction_uuid: betUuid,
    is_free: false,
    is_aggregated: false,
    currency: s.currency,
    bet: null,
    amount,
    meta: null,
  }));
}

export function rollback(keys, operator, s, { round, transactionUuid, betUuid }) {
  return walletCall(keys, operator, '/transaction/rollback', base(s, {
    transaction_uuid: transactionUuid,
    supplier_transaction_id: `st-${transactionUuid}`,
    round,
    round_closed: true,
    reference_transaction_uuid: betUuid,
    meta: null,
  }));
}

/**
 * Repeats a call that must land (a win, a rollback) with the same transaction and request ids
 * until the operator answers: three quick tries, then every `laterMs` in the background.
 */
export async function deliver(send, { quick = 3, later = 10, laterMs = 10_000, onGiveUp } = {}) {
  let last;
  for (let i = 0; i < quick; i++) {
    last = await send();
    if (last.ok) return last;
    await new Promise((r) => setTimeout(r, 200 * (i + 1)));
  }
  let left = later;
  const again = () => {
    if (left-- <= 0) return onGiveUp?.(last);
    const t = setTimeout(async () => {
      last = await send();
      if (!last.ok) again();
    }, laterMs);
    t.unref();
  };
  again();
  return last;
}
