import type { Tx } from '../../db/index.ts';
import { openTurnoverForUpdate, setTurnoverProgress } from './queries.ts';

export { turnoverRemaining } from './queries.ts';

/**
 * Counts a settled valid bet towards the member's open turnover requirements, oldest first
 * (the games issue calls it inside the transaction that settles the bet). A requirement is
 * completed when its progress reaches what is required. Answers the valid bet left over.
 */
export async function addTurnoverProgress(tx: Tx, merchantId: number, memberId: bigint, validBet: bigint): Promise<bigint> {
  if (validBet <= 0n) return 0n;
  let left = validBet;
  const open = await openTurnoverForUpdate(tx, merchantId, memberId);
  for (const r of open) {
    if (left <= 0n) break;
    const need = r.required - r.progress;
    const used = need < left ? need : left;
    const progress = r.progress + used;
    left -= used;
    await setTurnoverProgress(tx, r.id, progress, progress >= r.required ? new Date() : null);
  }
  return left;
}
