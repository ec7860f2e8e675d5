/** Points mall queries: rewards and redemptions, every one scoped by brand (and member where it is the member's). */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/index.ts';
import type { PointTexts } from '../../db/points-schema.ts';


export interface RewardRow {
  id: string; kind: 'item' | 'voucher'; name: PointTexts; description: PointTexts; image: string; cost: string;
  stock: number; per_member_limit: number | null; voucher_amount: string | null; enabled: boolean; sort: number;
}
const REWARD_COLS = sql`id::text, kind, name, description, image, cost::text, stock, per_member_limit, voucher_amount::text, enabled, sort`;

/** Enabled rewards of a brand, in the operator's order. */
export async function rewards(db: Db, merchantId: number): Promise<RewardRow[]> {
  return rowsOf<RewardRow>(await db.execute(sql`
    select ${REWARD_COLS} from point_rewards where merchant_id = ${merchantId} and enabled order by sort, id`));
}

/** One reward, locked (FOR UPDATE) when `tx` is a redemption's transaction: stock and limits are read under the lock. */
export async function rewardForUpdate(tx: Tx, merchantId: number, id: bigint): Promise<RewardRow | undefined> {
  return rowsOf<RewardRow>(await tx.execute(sql`
    select ${REWARD_COLS} from point_rewards where merchant_id = ${merchantId} and id = ${id} for update`))[0];
}

/** How many of each reward the member redeemed (not counting rejected ones). */
export async function redeemedCounts(db: Db | Tx, merchantId: number, memberId: bigint, rewardId?: bigint): Promise<Map<string, number>> {
  const only = rewardId === undefined ? sql`` : sql`and reward_id = ${rewardId}`;
  const rows = rowsOf<{ reward_id: string; n: number }>(await db.execute(sql`
    select reward_id::text, count(*)::int as n from point_redemptions
     where merchant_id = ${merchantId} and member_id = ${memberId} and status <> 'rejected' ${only} group by reward_id`));
  return new Map(rows.map((r) => [r.reward_id, r.n]));
}

export async function takeStock(tx: Tx, rewardId: bigint, delta: number): Promise<void> {
  await tx.execute(sql`update point_rewards set stock = stock + ${delta} where id = ${rewardId}`);
}

export interface RedemptionRow {
  id: string; order_no: string; reward_id: string; kind: 'item' | 'voucher'; points: string; status: 'process' | 'approved' | 'rejected';
  receiver: string; address: string; mobile: string; voucher_amount: string | null; remark: string;
  created_at: Date | string; reviewed_at: Date | string | null; member_id: string;
  name: PointTexts; image: string; username: string;
}
const REDEMPTION_SELECT = sql`
  select d.id::text, d.order_no, d.reward_id::text, d.kind, d.points::text, d.status, d.receiver, d.address, d.mobile,
         d.voucher_amount::text, d.remark, d.created_at, d.reviewed_at, d.member_id::text, r.name, r.image, m.username,
         count(*) over ()::int as total
    from point_redemptions d join point_rewards r on r.id = d.reward_id join members m on m.id = d.member_id`;

export async function redemptionByRequest(db: Db | Tx, merchantId: number, memberId: bigint, requestId: string) {
  return rowsOf<RedemptionRow>(await db.execute(sql`${REDEMPTION_SELECT}
    where d.merchant_id = ${merchantId} and d.member_id = ${memberId} and d.request_id = ${requestId}`))[0];
}

export async function redemptionByNo(db: Db | Tx, merchantId: number, orderNo: string) {
  return rowsOf<RedemptionRow>(await db.execute(sql`${REDEMPTION_SELECT} where d.merchant_id = ${merchantId} and d.order_no = ${orderNo}`))[0];
}

/** Redemptions, newest first: one member's, or the brand's (operator) by status. */
export async function redemptions(db: Db, merchantId: number, f: { memberId?: bigint; status?: string; limit: number; offset: number }) {
  const member = f.memberId === undefined ? sql`` : sql`and d.member_id = ${f.memberId}`;
  const status = f.status === undefined ? sql`` : sql`and d.status = ${f.status}`;
  const rows = rowsOf<RedemptionRow & { total: number }>(await db.execute(sql`${REDEMPTION_SELECT}
    where d.merchant_id = ${merchantId} ${member} ${status} order by d.id desc limit ${f.limit} offset ${f.offset}`));
  let total = rows[0]?.total ?? 0;
  if (!rows.length && f.offset > 0) {
    total = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from point_redemptions d
      where d.merchant_id = ${merchantId} ${member} ${status}`))[0].n;
  }
  return { rows, total };
}

export async function insertRedemption(tx: Tx, r: {
  merchantId: number; memberId: bigint; rewardId: bigint; orderNo: string; requestId: string; kind: 'item' | 'voucher'; points: bigint;
  receiver: string; address: string; mobile: string; voucherAmount: bigint | null;
}): Promise<void> {
  await tx.execute(sql`
    insert into point_redemptions (merchant_id, member_id, reward_id, order_no, request_id, kind, points, receiver, address, mobile, voucher_amount)
    values (${r.merchantId}, ${r.memberId}, ${r.rewardId}, ${r.orderNo}, ${r.requestId}, ${r.kind}, ${r.points}, ${r.receiver}, ${r.address}, ${r.mobile}, ${r.voucherAmount})`);
}

/** process → approved / rejected, only from process; answers the row when this call moved it. */
export async function review(tx: Tx, merchantId: number, orderNo: string, status: 'approved' | 'rejected', remark: string | undefined, now: Date) {
  const set = remark === undefined ? sql`` : sql`, remark = ${remark}`;
  return rowsOf<{ id: string; member_id: string; reward_id: string; points: string; kind: 'item' | 'voucher'; voucher_amount: string | null }>(await tx.execute(sql`
    update point_redemptions set status = ${status}, reviewed_at = ${now} ${set}
     where merchant_id = ${merchantId} and order_no = ${orderNo} and status = 'process'
     returning id::text, member_id::text, reward_id::text, points::text, kind, voucher_amount::text`))[0];
}
