import { and, count, desc, eq, gt, gte, inArray, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/index.ts';
import { depositOrders, memberSecrets, members, payouts, turnoverRequirements, withdrawAccounts, withdrawals } from '../../db/schema.ts';
import { PAGE_SIZE } from './common.ts';

type Q = Db | Tx;
export type DepositRow = typeof depositOrders.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type AccountRow = typeof withdrawAccounts.$inferSelect;
export type DepositStatus = DepositRow['status'];
export type WithdrawStatus = WithdrawalRow['status'];

/** Serialises one member's money requests (daily counts, pending limits) inside a transaction. */
export async function lockMember(tx: Tx, memberId: bigint): Promise<void> {
  // NO KEY UPDATE: serialises money requests without blocking the foreign-key checks of
  // concurrent inserts that reference the member (ledger accounts), which would deadlock.
  await tx.execute(sql`select id from members where id = ${memberId} for no key update`);
}

// ---- deposits --------------------------------------------------------------------------------

/**
 * Runs an insert made under the member's lock (so its request id is new) until its random number
 * is free: two orders in one second may draw the same 6 digits, and the insert then answers no row.
 */
async function withFreeNumber<R>(what: string, insert: () => Promise<R[]>): Promise<R> {
  for (let tries = 0; tries < 9; tries++) {
    const [row] = await insert();
    if (row) return row;
  }
  throw new Error(`no free ${what} number`);
}

export const insertDeposit = (q: Q, v: Omit<typeof depositOrders.$inferInsert, 'orderNo'>, orderNo: () => string): Promise<DepositRow> =>
  withFreeNumber('deposit order', () => q.insert(depositOrders).values({ ...v, orderNo: orderNo() }).onConflictDoNothing().returning());

export async function depositByRequest(q: Q, merchantId: number, memberId: bigint, requestId: string) {
  const [row] = await q.select().from(depositOrders)
    .where(and(eq(depositOrders.merchantId, merchantId), eq(depositOrders.memberId, memberId), eq(depositOrders.requestId, requestId)));
  return row;
}

export async function depositByNo(q: Q, merchantId: number, orderNo: string, memberId?: bigint) {
  const [row] = await q.select().from(depositOrders).where(and(
    eq(depositOrders.merchantId, merchantId), eq(depositOrders.orderNo, orderNo),
    memberId === undefined ? undefined : eq(depositOrders.memberId, memberId),
  ));
  return row;
}

export async function countOpenDeposits(q: Q, merchantId: number, memberId: bigint, now: Date): Promise<number> {
  const [r] = await q.select({ n: count() }).from(depositOrders).where(and(
    eq(depositOrders.merchantId, merchantId), eq(depositOrders.memberId, memberId),
    eq(depositOrders.status, 'pending'), gt(depositOrders.expiresAt, now),
  ));
  return r.n;
}

/**
 * Moves a pending order to `to`, race-safe: only a row still pending (and, unless
 * `evenIfExpired`, not past its expiry) changes. Answers the changed row or undefined.
 */
export async function closeDeposit(q: Q, merchantId: number, orderNo: string, to: Exclude<DepositStatus, 'pending'>,
  o: { now: Date; memberId?: bigint; remark?: string; evenIfExpired?: boolean; from?: DepositStatus[] }): Promise<DepositRow | undefined> {
  const [row] = await q.update(depositOrders)
    .set({ status: to, closedAt: o.now, ...(o.remark !== undefined ? { remark: o.remark } : {}) })
    .where(and(
      eq(depositOrders.merchantId, merchantId), eq(depositOrders.orderNo, orderNo),
      o.from ? inArray(depositOrders.status, o.from) : eq(depositOrders.status, 'pending'),
      o.memberId === undefined ? undefined : eq(depositOrders.memberId, o.memberId),
      o.evenIfExpired ? undefined : gt(depositOrders.expiresAt, o.now),
    ))
    .returning();
  return row;
}

/** Job: pending orders past their expiry become expired (each row once). */
export async function expireDeposits(q: Q, now: Date, limit = 500): Promise<DepositRow[]> {
  return q.update(depositOrders).set({ status: 'expired', closedAt: now })
    .where(and(eq(depositOrders.status, 'pending'), lte(depositOrders.expiresAt, now), inArray(depositOrders.id,
      q.select({ id: depositOrders.id }).from(depositOrders)
        .where(and(eq(depositOrders.status, 'pending'), lte(depositOrders.expiresAt, now))).limit(limit))))
    .returning();
}

export interface ListFilter<S> {
  merchantId: number; memberId?: bigint; username?: string; status?: S; from: Date; to: Date; page: number;
}

export async function listDeposits(q: Q, f: ListFilter<DepositStatus>) {
  const where = and(
    eq(depositOrders.merchantId, f.merchantId), gte(depositOrders.createdAt, f.from), lt(depositOrders.createdAt, f.to),
    f.memberId === undefined ? undefined : eq(depositOrders.memberId, f.memberId),
    f.status ? eq(depositOrders.status, f.status) : undefined,
    f.username ? eq(members.usernameKey, f.username.toLowerCase()) : undefined,
  );
  const [{ n }] = await q.select({ n: count() }).from(depositOrders).innerJoin(members, eq(members.id, depositOrders.memberId)).where(where);
  const rows = await q.select({ o: depositOrders, username: members.username }).from(depositOrders)
    .innerJoin(members, eq(members.id, depositOrders.memberId)).where(where)
    .orderBy(desc(depositOrders.createdAt), desc(depositOrders.id)).limit(PAGE_SIZE).offset((f.page - 1) * PAGE_SIZE);
  return { rows, total: n };
}

export async function usernameOf(q: Q, memberId: bigint): Promise<string> {
  const [m] = await q.select({ username: members.username }).from(members).where(eq(members.id, memberId));
  return m?.username ?? '';
}

// ---- withdrawal password and payee name ------------------------------------------------------

export async function secretsOf(q: Q, memberId: bigint) {
  const [row] = await q.select().from(memberSecrets).where(eq(memberSecrets.memberId, memberId));
  return row;
}

export async function savePaymentPassword(q: Q, memberId: bigint, hash: string, now: Date) {
  await q.insert(memberSecrets).values({ memberId, paymentPasswordHash: hash, updatedAt: now })
    .onConflictDoUpdate({ target: memberSecrets.memberId, set: { paymentPasswordHash: hash, paymentPasswordFailures: 0, paymentPasswordLockedUntil: null, updatedAt: now } });
}

/** Counts one wrong password; the `lockAfter`-th in a row starts a lock of `lockMs`. Atomic. */
export async function paymentPasswordFailed(q: Q, memberId: bigint, lockAfter: number, lockMs: number, now: Date) {
  const until = new Date(now.getTime() + lockMs);
  const [row] = await q.insert(memberSecrets).values({ memberId, paymentPasswordFailures: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: memberSecrets.memberId,
      set: {
        paymentPasswordFailures: sql`${memberSecrets.paymentPasswordFailures} + 1`,
        paymentPasswordLockedUntil: sql`case when ${memberSecrets.paymentPasswordFailures} + 1 >= ${lockAfter} then ${until.toISOString()}::timestamptz else ${memberSecrets.paymentPasswordLockedUntil} end`,
        updatedAt: now,
      },
    })
    .returning({ failures: memberSecrets.paymentPasswordFailures, lockedUntil: memberSecrets.paymentPasswordLockedUntil });
  return row;
}

/** A right password, or a lock that ran out: the count starts again. */
export async function resetPaymentPasswordFailures(q: Q, memberId: bigint) {
  await q.update(memberSecrets).set({ paymentPasswordFailures: 0, paymentPasswordLockedUntil: null })
    .where(and(eq(memberSecrets.memberId, memberId), ne(memberSecrets.paymentPasswordFailures, 0)));
}

/** Binds the payee name if none is bound yet; answers the bound name (first writer wins). */
export async function bindPayeeName(q: Q, memberId: bigint, name: string, now: Date): Promise<string> {
  const [row] = await q.insert(memberSecrets).values({ memberId, payeeName: name, updatedAt: now })
    .onConflictDoUpdate({ target: memberSecrets.memberId, set: { payeeName: sql`coalesce(${memberSecrets.payeeName}, excluded.payee_name)` } })
    .returning({ payeeName: memberSecrets.payeeName });
  return row.payeeName ?? name;
}

// ---- withdraw accounts -------------------------------------------------------------------------

export async function accountsOf(q: Q, merchantId: number, memberId: bigint) {
  return q.select().from(withdrawAccounts)
    .where(and(eq(withdrawAccounts.merchantId, merchantId), eq(withdrawAccounts.memberId, memberId))).orderBy(withdrawAccounts.id);
}

export async function insertAccount(q: Q, v: typeof withdrawAccounts.$inferInsert): Promise<AccountRow | undefined> {
  const [row] = await q.insert(withdrawAccounts).values(v).onConflictDoNothing().returning();
  return row;
}

export async function accountById(q: Q, merchantId: number, memberId: bigint, id: bigint) {
  const [row] = await q.select().from(withdrawAccounts).where(and(
    eq(withdrawAccounts.id, id), eq(withdrawAccounts.merchantId, merchantId), eq(withdrawAccounts.memberId, memberId)));
  return row;
}

// ---- withdrawals ---------------------------------------------------------------------------------

export const insertWithdrawal = (q: Q, v: Omit<typeof withdrawals.$inferInsert, 'withdrawNo'>, withdrawNo: () => string): Promise<WithdrawalRow> =>
  withFreeNumber('withdrawal', () => q.insert(withdrawals).values({ ...v, withdrawNo: withdrawNo() }).onConflictDoNothing().returning());

export async function withdrawalByRequest(q: Q, merchantId: number, memberId: bigint, requestId: string) {
  const [row] = await q.select().from(withdrawals)
    .where(and(eq(withdrawals.merchantId, merchantId), eq(withdrawals.memberId, memberId), eq(withdrawals.requestId, requestId)));
  return row;
}

export async function withdrawalByNo(q: Q, merchantId: number, withdrawNo: string, memberId?: bigint) {
  const [row] = await q.select().from(withdrawals).where(and(
    eq(withdrawals.merchantId, merchantId), eq(withdrawals.withdrawNo, withdrawNo),
    memberId === undefined ? undefined : eq(withdrawals.memberId, memberId),
  ));
  return row;
}

/** Withdrawals requested since `since` that count against the daily limit (rejected ones do not). */
export async function countWithdrawalsSince(q: Q, merchantId: number, memberId: bigint, since: Date): Promise<number> {
  const [r] = await q.select({ n: count() }).from(withdrawals).where(and(
    eq(withdrawals.merchantId, merchantId), eq(withdrawals.memberId, memberId),
    gte(withdrawals.createdAt, since), ne(withdrawals.status, 'rejected'),
  ));
  return r.n;
}

/** Race-safe status change: only a row in `from` changes. Answers the changed row or undefined. */
export async function moveWithdrawal(q: Q, merchantId: number, withdrawNo: string, from: WithdrawStatus,
  set: Partial<typeof withdrawals.$inferInsert>, memberId?: bigint): Promise<WithdrawalRow | undefined> {
  const [row] = await q.update(withdrawals).set(set).where(and(
    eq(withdrawals.merchantId, merchantId), eq(withdrawals.withdrawNo, withdrawNo), eq(withdrawals.status, from),
    memberId === undefined ? undefined : eq(withdrawals.memberId, memberId),
  )).returning();
  return row;
}

/** Job: paid withdrawals of a brand unconfirmed since before `paidBefore` are taken as received. */
export async function autoReceive(q: Q, merchantId: number, paidBefore: Date, now: Date): Promise<WithdrawalRow[]> {
  return q.update(withdrawals).set({ status: 'auto_received', receipt: 'auto', closedAt: now })
    .where(and(eq(withdrawals.merchantId, merchantId), eq(withdrawals.status, 'paid'), lte(withdrawals.paidAt, paidBefore)))
    .returning();
}

export async function listWithdrawalRows(q: Q, f: ListFilter<WithdrawStatus>) {
  const where: SQL | undefined = and(
    eq(withdrawals.merchantId, f.merchantId), gte(withdrawals.createdAt, f.from), lt(withdrawals.createdAt, f.to),
    f.memberId === undefined ? undefined : eq(withdrawals.memberId, f.memberId),
    f.status ? eq(withdrawals.status, f.status) : undefined,
    f.username ? eq(members.usernameKey, f.username.toLowerCase()) : undefined,
  );
  const [{ n }] = await q.select({ n: count() }).from(withdrawals).innerJoin(members, eq(members.id, withdrawals.memberId)).where(where);
  // the provider payout of each (issue 22; payments owns the table, the list only reads its state)
  const rows = await q.select({ w: withdrawals, username: members.username, payout: { status: payouts.status, detail: payouts.detail, updatedAt: payouts.updatedAt } }).from(withdrawals)
    .innerJoin(members, eq(members.id, withdrawals.memberId))
    .leftJoin(payouts, and(eq(payouts.merchantId, withdrawals.merchantId), eq(payouts.withdrawNo, withdrawals.withdrawNo))).where(where)
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id)).limit(PAGE_SIZE).offset((f.page - 1) * PAGE_SIZE);
  return { rows, total: n };
}

/** The provider payout's state of one withdrawal, if a payment provider pays it (issue 22). */
export async function payoutStatusOf(q: Q, merchantId: number, withdrawNo: string) {
  const [row] = await q.select({ status: payouts.status }).from(payouts).where(and(eq(payouts.merchantId, merchantId), eq(payouts.withdrawNo, withdrawNo)));
  return row?.status ?? null;
}

// ---- turnover -------------------------------------------------------------------------------------

export async function insertTurnover(q: Q, v: typeof turnoverRequirements.$inferInsert) {
  await q.insert(turnoverRequirements).values(v).onConflictDoNothing();
}

/** Valid bets still needed over the member's open requirements (0 when none). */
export async function turnoverRemaining(q: Q, merchantId: number, memberId: bigint): Promise<bigint> {
  const [r] = await q.select({ left: sql<string>`coalesce(sum(greatest(${turnoverRequirements.required} - ${turnoverRequirements.progress}, 0)), 0)` })
    .from(turnoverRequirements)
    .where(and(eq(turnoverRequirements.merchantId, merchantId), eq(turnoverRequirements.memberId, memberId), sql`${turnoverRequirements.completedAt} is null`));
  return BigInt(r.left);
}

/** The open requirements, oldest first, locked for update. */
export async function openTurnoverForUpdate(tx: Tx, merchantId: number, memberId: bigint) {
  return tx.select().from(turnoverRequirements)
    .where(and(eq(turnoverRequirements.merchantId, merchantId), eq(turnoverRequirements.memberId, memberId), sql`${turnoverRequirements.completedAt} is null`))
    .orderBy(turnoverRequirements.id).for('update');
}

export async function setTurnoverProgress(tx: Tx, id: bigint, progress: bigint, completedAt: Date | null) {
  await tx.update(turnoverRequirements).set({ progress, completedAt }).where(eq(turnoverRequirements.id, id));
}
