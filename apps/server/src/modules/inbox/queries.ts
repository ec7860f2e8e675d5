/** Inbox queries: every read and change is scoped by brand and recipient (only own messages). */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/index.ts';
import { AppError } from '../../plugins/errors.ts';


export interface BoxRow {
  id: string; title: string; content: string; sender_kind: 'operator' | 'upline' | 'member';
  sender_name: string | null; created_at: Date | string; read: boolean;
}

/** A member's messages, newest first. */
export async function box(db: Db, merchantId: number, memberId: bigint, opts: { limit: number; offset: number; unreadOnly: boolean }) {
  const unread = opts.unreadOnly ? sql`and d.read_at is null` : sql``;
  const rows = rowsOf<BoxRow & { total: number }>(await db.execute(sql`
    select d.id::text as id, m.title, m.content, m.sender_kind, coalesce(nullif(s.nickname, ''), s.username) as sender_name,
           m.created_at, d.read_at is not null as read, count(*) over ()::int as total
      from inbox_deliveries d
      join inbox_messages m on m.id = d.message_id
      left join members s on s.id = m.sender_id
     where d.merchant_id = ${merchantId} and d.recipient_id = ${memberId} and d.deleted_at is null ${unread}
     order by d.id desc
     limit ${opts.limit} offset ${opts.offset}`));
  return { rows, total: rows[0]?.total ?? (opts.offset > 0 ? await countBox(db, merchantId, memberId, opts.unreadOnly) : 0) };
}

async function countBox(db: Db, merchantId: number, memberId: bigint, unreadOnly: boolean): Promise<number> {
  const unread = unreadOnly ? sql`and read_at is null` : sql``;
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`
    select count(*)::int as n from inbox_deliveries
     where merchant_id = ${merchantId} and recipient_id = ${memberId} and deleted_at is null ${unread}`));
  return row?.n ?? 0;
}

export const unreadCount = (db: Db, merchantId: number, memberId: bigint) => countBox(db, merchantId, memberId, true);

/** Marks own deliveries read (ids null = all); answers how many of the ids are the member's. */
export async function markRead(db: Db, merchantId: number, memberId: bigint, ids: bigint[] | null): Promise<number> {
  const only = ids ? sql`and id = any(${sqlArray(ids)})` : sql``;
  const owned = rowsOf<{ id: string }>(await db.execute(sql`
    update inbox_deliveries set read_at = coalesce(read_at, now())
     where merchant_id = ${merchantId} and recipient_id = ${memberId} and deleted_at is null ${only}
     returning id::text as id`));
  return owned.length;
}

export async function markDeleted(db: Db, merchantId: number, memberId: bigint, ids: bigint[]): Promise<number> {
  const owned = rowsOf<{ id: string }>(await db.execute(sql`
    update inbox_deliveries set deleted_at = now(), read_at = coalesce(read_at, now())
     where merchant_id = ${merchantId} and recipient_id = ${memberId} and deleted_at is null and id = any(${sqlArray(ids)})
     returning id::text as id`));
  return owned.length;
}

const sqlArray = (ids: bigint[]) => sql`${`{${ids.join(',')}}`}::bigint[]`;

/** Who receives a message: one member, the direct downlines, the team, every real member, or support (null). */
export type Audience =
  | { kind: 'member'; id: bigint }
  | { kind: 'support' }
  | { kind: 'direct' | 'team'; agentId: bigint }
  | { kind: 'brand'; excludeType: number };

/** Who sends a message. */
export interface Sender { senderKind: 'operator' | 'upline' | 'member'; senderId: bigint | null; title: string; content: string }

/** Writes a message and its deliveries in one transaction; answers its id and the member recipients (none: inbox.team.empty, nothing written). */
export async function send(
  db: Db, merchantId: number,
  msg: Sender,
  to: Audience,
): Promise<{ id: bigint; recipients: bigint[] }> {
  return db.transaction(async (tx) => {
    const [m] = rowsOf<{ id: string }>(await tx.execute(sql`
      insert into inbox_messages (merchant_id, sender_kind, sender_id, title, content)
      values (${merchantId}, ${msg.senderKind}, ${msg.senderId}, ${msg.title}, ${msg.content}) returning id::text as id`));
    const id = BigInt(m.id);
    let who;
    switch (to.kind) {
      case 'member': who = sql`select ${to.id}::bigint`; break;
      case 'support': who = sql`select null::bigint`; break;
      case 'direct': who = sql`select descendant_id from member_tree where ancestor_id = ${to.agentId} and merchant_id = ${merchantId} and depth = 1`; break;
      case 'team': who = sql`select descendant_id from member_tree where ancestor_id = ${to.agentId} and merchant_id = ${merchantId} and depth > 0`; break;
      // a brand-wide (marketing) message skips members on a cool-off or self-exclusion (responsible gaming)
      case 'brand': who = sql`select id from members where merchant_id = ${merchantId} and type <> ${to.excludeType} and status = 'active'
        and not exists (select 1 from responsible_limits r where r.member_id = members.id and r.break_until > now())`; break;
    }
    const rows = rowsOf<{ r: string | null }>(await tx.execute(sql`
      insert into inbox_deliveries (message_id, merchant_id, recipient_id)
      select ${id}, ${merchantId}, w from (${who}) as t(w)
      returning recipient_id::text as r`));
    if (rows.length === 0) throw new AppError('inbox.team.empty');
    return { id, recipients: rows.filter((r) => r.r !== null).map((r) => BigInt(r.r!)) };
  });
}

export interface SupportRow { id: string; title: string; content: string; from_account: string; created_at: Date | string; read: boolean; total: number }

/** Messages to support (the operator's box), newest first; reading them marks them read. */
export async function supportBox(db: Db, merchantId: number, limit: number, offset: number) {
  return rowsOf<SupportRow>(await db.execute(sql`
    select d.id::text as id, m.title, m.content, s.username as from_account, m.created_at, d.read_at is not null as read,
           count(*) over ()::int as total
      from inbox_deliveries d join inbox_messages m on m.id = d.message_id join members s on s.id = m.sender_id
     where d.merchant_id = ${merchantId} and d.recipient_id is null
     order by d.id desc limit ${limit} offset ${offset}`));
}
