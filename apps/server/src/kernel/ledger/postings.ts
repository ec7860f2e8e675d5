import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/index.ts';
import { entries, ledgerAccounts, postings } from '../../db/ledger-schema.ts';

/** All of a member's wallet accounts, locked in id order (the order `post` locks in). */
export async function lockMemberAccounts(tx: Tx, merchantId: number, memberId: bigint) {
  return tx.select({ id: ledgerAccounts.id, wallet: ledgerAccounts.wallet, balance: ledgerAccounts.balance }).from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.merchantId, merchantId), eq(ledgerAccounts.memberId, memberId)))
    .orderBy(asc(ledgerAccounts.id)).for('update');
}

export async function postingByKey(db: Db | Tx, merchantId: number, idemKey: string) {
  const [p] = await db.select().from(postings).where(and(eq(postings.merchantId, merchantId), eq(postings.idemKey, idemKey))).limit(1);
  return p;
}

export async function postingEntries(db: Db | Tx, postingId: bigint) {
  return db.select({ accountId: entries.accountId, amount: entries.amount, balanceAfter: entries.balanceAfter, wallet: ledgerAccounts.wallet })
    .from(entries).innerJoin(ledgerAccounts, eq(ledgerAccounts.id, entries.accountId)).where(eq(entries.postingId, postingId));
}
