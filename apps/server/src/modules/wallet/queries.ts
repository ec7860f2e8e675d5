import { and, count, desc, eq, gte, inArray, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { members } from '../../db/schema.ts';
import { entries, ledgerAccounts, postings } from '../../db/ledger-schema.ts';

export async function memberOfBrand(db: Db, merchantId: number, id: bigint) {
  const [m] = await db.select().from(members).where(and(eq(members.merchantId, merchantId), eq(members.id, id))).limit(1);
  return m;
}

/**
 * Is `memberId` below `agentId` in the brand's tree (direct or deeper)? Walks parentId upwards
 * from the member (bounded depth, so a cycle cannot loop). The agent issue replaces this with
 * a closure table.
 */
export async function isInSubtree(db: Db, merchantId: number, agentId: bigint, memberId: bigint): Promise<boolean> {
  const res = await db.execute(sql`
    with recursive up(id, parent_id, depth) as (
      select id, parent_id, 0 from members where id = ${memberId} and merchant_id = ${merchantId}
      union all
      select m.id, m.parent_id, up.depth + 1 from members m join up on m.id = up.parent_id
      where m.merchant_id = ${merchantId} and up.depth < 64
    )
    select 1 as hit from up where id = ${agentId} and depth > 0 limit 1`);
  return (res as unknown as { rows: unknown[] }).rows.length > 0;
}

export interface StatementFilter {
  accountIds: bigint[];
  from: Date;
  to: Date;
  /** Kinds to include; `other` adds every kind outside `known`. null = all kinds. */
  kinds: { kinds: string[]; other: boolean; known: string[] } | null;
}

function statementWhere(f: StatementFilter): SQL {
  const parts: (SQL | undefined)[] = [
    f.accountIds.length === 1 ? eq(entries.accountId, f.accountIds[0]) : inArray(entries.accountId, f.accountIds),
    gte(entries.createdAt, f.from),
    lt(entries.createdAt, f.to),
  ];
  if (f.kinds) {
    const picked = f.kinds.kinds.length ? inArray(postings.kind, f.kinds.kinds) : sql`false`;
    parts.push(f.kinds.other ? or(picked, notInArray(postings.kind, f.kinds.known)) : picked);
  }
  return and(...parts)!;
}

/**
 * One page of statement rows of some accounts (newest first), with the total count and sum.
 * Reads entries through entries_account (account_id, id) and postings by primary key.
 */
export async function statementPage(db: Db, f: StatementFilter, limit: number, offset: number) {
  const where = statementWhere(f);
  const rows = await db.select({
    entryId: entries.id, postingId: postings.id, kind: postings.kind, idemKey: postings.idemKey, meta: postings.meta,
    amount: entries.amount, balanceAfter: entries.balanceAfter, createdAt: entries.createdAt,
  }).from(entries).innerJoin(postings, eq(postings.id, entries.postingId))
    .where(where).orderBy(desc(entries.id)).limit(limit).offset(offset);
  const [agg] = await db.select({ n: count(), sum: sql<string>`coalesce(sum(${entries.amount}), 0)` })
    .from(entries).innerJoin(postings, eq(postings.id, entries.postingId)).where(where);
  return { rows, total: Number(agg.n), sum: BigInt(agg.sum) };
}

/**
 * A member's money by local day, posting kind and game type over a range: the member-side
 * entries of the member's postings (postings_member (member_id, created_at), entries_posting).
 */
export async function memberTotalsByDay(db: Db, merchantId: number, memberId: bigint, from: Date, to: Date, gmtOffsetMinutes: number) {
  // The offset is inlined (an integer from the brand config): a bound parameter would make
  // the select and group-by expressions differ for PostgreSQL.
  const dayExpr = sql<string>`to_char((${postings.createdAt} at time zone 'UTC') + interval '${sql.raw(String(Math.trunc(gmtOffsetMinutes)))} minutes', 'YYYY-MM-DD')`;
  const gameType = sql<string>`coalesce(${postings.meta}->>'gameType', '')`;
  const rows = await db.select({ day: dayExpr, kind: postings.kind, gameType, amount: sql<string>`sum(${entries.amount})` })
    .from(postings)
    .innerJoin(entries, eq(entries.postingId, postings.id))
    .innerJoin(ledgerAccounts, and(eq(ledgerAccounts.id, entries.accountId), eq(ledgerAccounts.memberId, memberId)))
    .where(and(eq(postings.memberId, memberId), eq(postings.merchantId, merchantId), gte(postings.createdAt, from), lt(postings.createdAt, to)))
    .groupBy(dayExpr, postings.kind, gameType);
  return rows.map((r) => ({ ...r, amount: BigInt(r.amount) }));
}
