/**
 * The points ledger: every change of a member's points is one posting with the balance after
 * it, keyed by an idempotency key unique per brand. The account row is locked first, so
 * postings of one member are serial; a balance that would go below zero fails with
 * `points.not.enough` (the CHECK decides, not only this code).
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { pgError } from '../../lib/pg-error.ts';

const CHECK_VIOLATION = '23514';

export type PointKind = 'earn' | 'redeem' | 'refund' | 'convert' | 'adjust';

export interface AccountRow { balance: bigint; earned: bigint; carry: bigint }

/** Creates the member's points account if missing, then locks it (FOR UPDATE) and reads it. */
export async function lockAccount(tx: Tx | Db, merchantId: number, memberId: bigint): Promise<AccountRow> {
  await tx.execute(sql`insert into point_accounts (member_id, merchant_id) values (${memberId}, ${merchantId}) on conflict (member_id) do nothing`);
  const [r] = rowsOf<{ balance: string; earned: string; carry: string }>(await tx.execute(sql`
    select balance::text, earned::text, carry::text from point_accounts where member_id = ${memberId} for update`));
  return { balance: BigInt(r.balance), earned: BigInt(r.earned), carry: BigInt(r.carry) };
}

export async function readAccount(db: Tx | Db, memberId: bigint): Promise<AccountRow> {
  const [r] = rowsOf<{ balance: string; earned: string; carry: string }>(await db.execute(sql`
    select balance::text, earned::text, carry::text from point_accounts where member_id = ${memberId}`));
  return r ? { balance: BigInt(r.balance), earned: BigInt(r.earned), carry: BigInt(r.carry) } : { balance: 0n, earned: 0n, carry: 0n };
}

export interface PostingRow { id: string; kind: PointKind; points: string; balance_after: string; ref: string; created_at: Date | string }

export async function postingByKey(db: Tx | Db, merchantId: number, idemKey: string): Promise<PostingRow | undefined> {
  return rowsOf<PostingRow>(await db.execute(sql`
    select id::text, kind, points::text, balance_after::text, ref, created_at from point_postings
     where merchant_id = ${merchantId} and idem_key = ${idemKey}`))[0];
}


/**
 * One points posting inside the caller's transaction (call {@link lockAccount} first). A key
 * already used answers its first posting and changes nothing. `carry` sets the valid bet carried
 * (earn postings).
 */
export async function postPoints(
  tx: Tx, input: { merchantId: number; memberId: bigint; kind: PointKind; points: bigint; idemKey: string; ref?: string; carry?: bigint },
): Promise<{ posting: PostingRow; applied: boolean }> {
  const before = await postingByKey(tx, input.merchantId, input.idemKey);
  if (before) return { posting: before, applied: false };
  const earned = input.kind === 'earn' ? input.points : 0n;
  const carry = input.carry === undefined ? sql`carry` : sql`${input.carry}`;
  let balance: string;
  try {
    [{ balance }] = rowsOf<{ balance: string }>(await tx.execute(sql`
      update point_accounts set balance = balance + ${input.points}, earned = earned + ${earned}, carry = ${carry}, updated_at = now()
       where member_id = ${input.memberId} and merchant_id = ${input.merchantId} returning balance::text`));
  } catch (err) {
    if (pgError(err).code === CHECK_VIOLATION) throw new AppError('points.not.enough', { need: String(-input.points) });
    throw err;
  }
  const [posting] = rowsOf<PostingRow>(await tx.execute(sql`
    insert into point_postings (merchant_id, member_id, kind, points, balance_after, idem_key, ref)
    values (${input.merchantId}, ${input.memberId}, ${input.kind}, ${input.points}, ${balance}, ${input.idemKey}, ${input.ref ?? ''})
    returning id::text, kind, points::text, balance_after::text, ref, created_at`));
  return { posting, applied: true };
}

/** A member's postings, newest first. */
export async function postingsOf(db: Db, merchantId: number, memberId: bigint, limit: number, offset: number) {
  const rows = rowsOf<PostingRow & { total: number }>(await db.execute(sql`
    select id::text, kind, points::text, balance_after::text, ref, created_at, count(*) over ()::int as total
      from point_postings where merchant_id = ${merchantId} and member_id = ${memberId}
     order by id desc limit ${limit} offset ${offset}`));
  let total = rows[0]?.total ?? 0;
  if (!rows.length && offset > 0) {
    total = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from point_postings where merchant_id = ${merchantId} and member_id = ${memberId}`))[0].n;
  }
  return { rows, total };
}
