import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/index.ts';


/** Confirmed deposits of one member, as a scalar subquery's body. */
const confirmed = (member: SQL) => sql`from deposit_orders d where d.merchant_id = m.merchant_id and d.member_id = ${member} and d.status = 'confirmed'`;

export interface Candidate {
  invitee_id: string;
  referrer_id: string;
  referrer_type: number;
  /** The first confirmed deposit's amount; null when none. */
  first: string | null;
  total: string;
  done: string[] | string;
}

/**
 * Invitees (members whose upline is a member) with at least one confirmed deposit, their
 * first and total deposits and the rules already paid for them; `where` narrows the invitees.
 */
export async function candidates(db: Db | Tx, merchantId: number, where: SQL): Promise<Candidate[]> {
  return rowsOf<Candidate>(await db.execute(sql`
    select m.id::text as invitee_id, m.parent_id::text as referrer_id, r.type as referrer_type,
           (select d.amount::text ${confirmed(sql`m.id`)} order by d.closed_at, d.id limit 1) as first,
           (select coalesce(sum(d.amount), 0)::text ${confirmed(sql`m.id`)}) as total,
           array(select w.rule from referral_rewards w where w.merchant_id = m.merchant_id and w.invitee_id = m.id) as done
      from members m join members r on r.id = m.parent_id
     where m.merchant_id = ${merchantId} and ${where}
       and exists (select 1 ${confirmed(sql`m.id`)})`));
}

/** Invitees of one referrer. */
export const ofReferrer = (referrerId: bigint) => sql`m.parent_id = ${referrerId}`;

/** Invitees with a deposit confirmed since `since` (the job's window). */
export const depositedSince = (merchantId: number, since: Date) => sql`m.id in (select d.member_id from deposit_orders d
  where d.merchant_id = ${merchantId} and d.status = 'confirmed' and d.closed_at >= ${since.toISOString()}::timestamptz)`;

/** Records a reward; answers its id, or null when that invitee and rule were already paid. */
export async function insertReward(tx: Tx, r: { merchantId: number; referrerId: bigint; inviteeId: bigint; rule: string; basis: bigint; amount: bigint; now: Date }): Promise<bigint | null> {
  const [row] = rowsOf<{ id: string }>(await tx.execute(sql`
    insert into referral_rewards (merchant_id, referrer_id, invitee_id, rule, basis, amount, created_at)
    values (${r.merchantId}, ${r.referrerId}, ${r.inviteeId}, ${r.rule}, ${r.basis}, ${r.amount}, ${r.now.toISOString()}::timestamptz)
    on conflict (merchant_id, invitee_id, rule) do nothing returning id::text as id`));
  return row ? BigInt(row.id) : null;
}

export interface Counts { invitations: number; deposited: number; income: string }

export async function counts(db: Db, merchantId: number, referrerId: bigint): Promise<Counts> {
  const [row] = rowsOf<Counts>(await db.execute(sql`
    select (select count(*)::int from members m where m.merchant_id = ${merchantId} and m.parent_id = ${referrerId}) as invitations,
           (select count(*)::int from members m where m.merchant_id = ${merchantId} and m.parent_id = ${referrerId}
               and exists (select 1 ${confirmed(sql`m.id`)})) as deposited,
           (select coalesce(sum(amount), 0)::text from referral_rewards where merchant_id = ${merchantId} and referrer_id = ${referrerId}) as income`));
  return row;
}

export interface InviteeRow { username: string; created_at: Date | string; first: boolean; total: string }

export async function invitees(db: Db, merchantId: number, referrerId: bigint, limit: number, offset: number): Promise<InviteeRow[]> {
  return rowsOf<InviteeRow>(await db.execute(sql`
    select m.username, m.created_at, exists (select 1 ${confirmed(sql`m.id`)}) as first,
           (select coalesce(sum(d.amount), 0)::text ${confirmed(sql`m.id`)}) as total
      from members m where m.merchant_id = ${merchantId} and m.parent_id = ${referrerId}
     order by m.created_at desc, m.id desc limit ${limit} offset ${offset}`));
}

export interface RewardRow { id: string; username: string; rule: 'first_deposit' | 'threshold'; basis: string; amount: string; created_at: Date | string }

export async function rewards(db: Db, merchantId: number, referrerId: bigint, limit: number, offset: number): Promise<{ rows: RewardRow[]; total: number }> {
  const rows = rowsOf<RewardRow>(await db.execute(sql`
    select w.id::text as id, m.username, w.rule, w.basis::text as basis, w.amount::text as amount, w.created_at
      from referral_rewards w join members m on m.id = w.invitee_id
     where w.merchant_id = ${merchantId} and w.referrer_id = ${referrerId}
     order by w.created_at desc, w.id desc limit ${limit} offset ${offset}`));
  const [c] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from referral_rewards where merchant_id = ${merchantId} and referrer_id = ${referrerId}`));
  return { rows, total: c.n };
}
