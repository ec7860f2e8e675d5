import { createHmac } from 'node:crypto';
import type { fairness } from '@lobby/contract';
import { GameInputError, verifyRound, type VerifyInput } from '@lobby/contract/fairness';
import { AppError } from '../../plugins/errors.ts';

/**
 * POST /lgw/fairness/verify: the shared verifier (`@lobby/contract/fairness`, the code the
 * /fairness page runs in the browser) with node:crypto's HMAC. Input the engines refuse
 * answers fairness.input.invalid with the engine's reason, never a 500.
 */
const nodeHmac = (key: string, message: string): Uint8Array => createHmac('sha256', key).update(message).digest();

export function verify(body: fairness.VerifyBody) {
  try {
    return verifyRound(body as VerifyInput, nodeHmac);
  } catch (err) {
    if (err instanceof GameInputError || err instanceof RangeError) throw new AppError('fairness.input.invalid', { reason: err.message });
    throw err;
  }
}
