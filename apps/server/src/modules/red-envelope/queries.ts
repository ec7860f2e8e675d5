import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/index.ts';
import { redEnvelopes, redEnvelopeShares } from '../../db/referral-schema.ts';


export type EnvelopeRow = typeof redEnvelopes.$inferSelect;

/** Envelope columns as drizzle reads them (raw queries select these aliases). */
const COLS = sql`e.id, e.merchant_id as "merchantId", e.kind, e.sender_id as "senderId", e.scope, e.title, e.total, e.count, e.split,
  e.opened_count as "openedCount", e.opened_amount as "openedAmount", e.refunded, e.status, e.request_id as "requestId",
  e.starts_at as "startsAt", e.expires_at as "expiresAt", e.created_at as "createdAt", e.closed_at as "closedAt"`;

interface RawEnvelope { id: string; merchantId: number; kind: 'agent' | 'promotion'; senderId: string | null; scope: 'direct' | 'team' | 'all'; title: string;
  total: string; count: number; split: 'random' | 'equal'; openedCount: number; openedAmount: string; refunded: string; status: 'open' | 'finished' | 'expired';
  requestId: string | null; startsAt: Date | string; expiresAt: Date | string; createdAt: Date | string; closedAt: Date | string | null }

const d = (v: Date | string) => new Date(v);
export function envelopeOf(r: RawEnvelope): EnvelopeRow {
  return {
    ...r, id: BigInt(r.id), senderId: r.senderId === null ? null : BigInt(r.senderId), total: BigInt(r.total), openedAmount: BigInt(r.openedAmount),
    refunded: BigInt(r.refunded), startsAt: d(r.startsAt), expiresAt: d(r.expiresAt), createdAt: d(r.createdAt), closedAt: r.closedAt === null ? null : d(r.closedAt),
  };
}

export async function insertEnvelope(tx: Tx, v: typeof redEnvelopes.$inferInsert, shares: bigint[]): Promise<EnvelopeRow> {
  const [row] = await tx.insert(redEnvelopes).values(v).returning();
  await tx.insert(redEnvelopeShares).values(shares.map((amount, i) => ({ envelopeId: row.id, seq: i + 1, amount })));
  return row;
}

export async function byRequest(db: Db | Tx, merchantId: number, senderId: bigint, requestId: string): Promise<EnvelopeRow | undefined> {
  const [r] = rowsOf<RawEnvelope>(await db.execute(sql`select ${COLS} from red_envelopes e
    where e.merchant_id = ${merchantId} and e.sender_id = ${senderId} and e.request_id = ${requestId}`));
  return r && envelopeOf(r);
}

/** The envelope, locked for the rest of the transaction (opens and expiry take turns on it). */
export async function lockEnvelope(tx: Tx, merchantId: number, id: bigint): Promise<EnvelopeRow | undefined> {
  const [r] = rowsOf<RawEnvelope>(await tx.execute(sql`select ${COLS} from red_envelopes e where e.merchant_id = ${merchantId} and e.id = ${id} for update`));
  return r && envelopeOf(r);
}

/** Is `memberId` someone `env` is open to? Promotion: any real member; agent: direct or team downline. */
export const audience = (memberAlias: string) => sql.raw(`(
  (e.scope = 'all')
  or (e.scope = 'direct' and exists (select 1 from members x where x.id = ${memberAlias} and x.parent_id = e.sender_id))
  or (e.scope = 'team' and exists (select 1 from member_tree t where t.ancestor_id = e.sender_id and t.descendant_id = ${memberAlias} and t.depth > 0))
)`);

export async function isInAudience(tx: Tx | Db, envelopeId: bigint, memberId: bigint): Promise<boolean> {
  const [r] = rowsOf<{ ok: boolean }>(await tx.execute(sql`select ${audience(String(memberId))} as ok from red_envelopes e where e.id = ${envelopeId}`));
  return r?.ok === true;
}

export async function shareOf(tx: Tx | Db, envelopeId: bigint, memberId: bigint): Promise<{ amount: bigint } | undefined> {
  const [r] = await tx.select({ amount: redEnvelopeShares.amount }).from(redEnvelopeShares)
    .where(sql`${redEnvelopeShares.envelopeId} = ${envelopeId} and ${redEnvelopeShares.memberId} = ${memberId}`);
  return r;
}

/** Gives the next unopened share to the member; null when none is left. */
export async function takeShare(tx: Tx, envelopeId: bigint, memberId: bigint, now: Date): Promise<bigint | null> {
  const [r] = rowsOf<{ amount: string }>(await tx.execute(sql`
    update red_envelope_shares set member_id = ${memberId}, opened_at = ${now.toISOString()}::timestamptz
     where id = (select id from red_envelope_shares where envelope_id = ${envelopeId} and member_id is null order by seq limit 1)
    returning amount::text as amount`));
  if (!r) return null;
  await tx.execute(sql`update red_envelopes set opened_count = opened_count + 1, opened_amount = opened_amount + ${BigInt(r.amount)},
      status = case when opened_count + 1 = count then 'finished' else status end,
      closed_at = case when opened_count + 1 = count then ${now.toISOString()}::timestamptz else closed_at end
    where id = ${envelopeId}`);
  return BigInt(r.amount);
}

export interface AvailableRow { id: string; kind: 'agent' | 'promotion'; title: string; sender: string | null; remaining: number; count: number; expires_at: Date | string }

/** Open, started, unexpired envelopes with shares left that the member may open and has not. */
export async function availableFor(db: Db, merchantId: number, memberId: bigint, now: Date): Promise<AvailableRow[]> {
  return rowsOf<AvailableRow>(await db.execute(sql`
    select e.id::text as id, e.kind, e.title, s.nickname as sender, e.count - e.opened_count as remaining, e.count, e.expires_at
      from red_envelopes e left join members s on s.id = e.sender_id
     where e.merchant_id = ${merchantId} and e.status = 'open' and e.starts_at <= ${now.toISOString()}::timestamptz
       and e.expires_at > ${now.toISOString()}::timestamptz
       and not exists (select 1 from red_envelope_shares h where h.envelope_id = e.id and h.member_id = ${memberId})
       and ${audience(String(memberId))}
     order by e.expires_at limit 20`));
}

export interface OpenedRow { id: string; kind: 'agent' | 'promotion'; title: string; sender: string | null; amount: string; opened_at: Date | string }

export async function openedBy(db: Db, merchantId: number, memberId: bigint, limit: number, offset: number) {
  const rows = rowsOf<OpenedRow>(await db.execute(sql`
    select e.id::text as id, e.kind, e.title, s.nickname as sender, h.amount::text as amount, h.opened_at
      from red_envelope_shares h join red_envelopes e on e.id = h.envelope_id left join members s on s.id = e.sender_id
     where h.member_id = ${memberId} and e.merchant_id = ${merchantId}
     order by h.opened_at desc, h.id desc limit ${limit} offset ${offset}`));
  const [c] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from red_envelope_shares h join red_envelopes e on e.id = h.envelope_id
    where h.member_id = ${memberId} and e.merchant_id = ${merchantId}`));
  return { rows, total: c.n };
}

export async function sentBy(db: Db, merchantId: number, senderId: bigint, limit: number, offset: number) {
  const rows = rowsOf<RawEnvelope>(await db.execute(sql`select ${COLS} from red_envelopes e where e.merchant_id = ${merchantId} and e.sender_id = ${senderId}
    order by e.created_at desc, e.id desc limit ${limit} offset ${offset}`));
  const [c] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from red_envelopes where merchant_id = ${merchantId} and sender_id = ${senderId}`));
  return { rows: rows.map(envelopeOf), total: c.n };
}

/** Open envelopes past their expiry (any brand), locked; others' locks are skipped. */
export async function dueForExpiry(tx: Tx, now: Date, limit = 200): Promise<EnvelopeRow[]> {
  return rowsOf<RawEnvelope>(await tx.execute(sql`select ${COLS} from red_envelopes e
    where e.status = 'open' and e.expires_at <= ${now.toISOString()}::timestamptz order by e.expires_at limit ${limit} for update skip locked`)).map(envelopeOf);
}

export async function markExpired(tx: Tx, id: bigint, refunded: bigint, now: Date) {
  await tx.execute(sql`update red_envelopes set status = 'expired', refunded = ${refunded}, closed_at = ${now.toISOString()}::timestamptz where id = ${id} and status = 'open'`);
}

/** Members of the audience (for the socket push): direct downlines or the team. */
export async function audienceIds(db: Db | Tx, merchantId: number, senderId: bigint, scope: 'direct' | 'team'): Promise<bigint[]> {
  const rows = scope === 'direct'
    ? rowsOf<{ id: string }>(await db.execute(sql`select id::text as id from members where merchant_id = ${merchantId} and parent_id = ${senderId} limit 5000`))
    : rowsOf<{ id: string }>(await db.execute(sql`select descendant_id::text as id from member_tree where merchant_id = ${merchantId} and ancestor_id = ${senderId} and depth > 0 limit 5000`));
  return rows.map((r) => BigInt(r.id));
}
