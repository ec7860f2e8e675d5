/** Test data for the agent reports: a settled (or refunded/open) bet as the seamless wallet leaves it. */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/index.ts';
import { betRecords, vendorTransactions } from '../../db/seamless-wallet-schema.ts';

/**
 * The vendor's bet transaction and its bet record (vendor RNG-TEST, game g1) at `at`. Only a
 * settled bet has a valid bet and a profit.
 */
export async function insertBet(db: Db, o: { merchantId: number; memberId: bigint; at: Date; bet: bigint; win?: bigint; status?: 'settled' | 'refunded' | 'open' }) {
  const { merchantId, memberId, at, bet, win = 0n, status = 'settled' } = o;
  const roundId = randomUUID();
  const settled = status === 'settled';
  await db.insert(vendorTransactions).values({ merchantId, vendor: 'RNG-TEST', txId: randomUUID(), roundId, memberId, kind: 'bet', amount: bet, status: 'applied' });
  const [row] = await db.insert(betRecords).values({
    merchantId, memberId, orderNo: randomUUID(), vendor: 'RNG-TEST', game: 'g1', gameType: 'RNG', roundId,
    bet, validBet: settled ? bet : 0n, win, profit: settled ? win - bet : 0n, status, betAt: at, settledAt: at,
  }).returning();
  return row!;
}
