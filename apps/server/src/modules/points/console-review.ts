/**
 * Operator side of the points mall (X-Operator-Key): the review queue, approve / reject, and
 * the rewards. Approving a voucher credits its amount to the member's main wallet
 * (`points:voucher:<orderNo>`); rejecting gives the points back (`refund:<orderNo>`) and the
 * stock; both happen once, whoever calls twice.
 */
import type { FastifyInstance } from 'fastify';
import { points as contract } from '@lobby/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { balanceChanged } from '../../kernel/live/index.ts';
import { brandAccount, memberAccount, parseAmount, post } from '../../kernel/ledger/index.ts';
import { lockAccount, postPoints } from './ledger.ts';
import * as q from './queries.ts';
import type { Lang } from '../../kernel/lang/index.ts';
import { LEDGER_KIND, redemptionView } from './service.ts';

const opView = (r: q.RedemptionRow, lang: Lang) => ({ ...redemptionView(r, lang), username: r.username });

export async function list(db: Db, brand: Brand, query: { page: number; status: contract.RedemptionStatus }, lang: Lang) {
  const { rows, total } = await q.redemptions(db, brand.id, { status: query.status, limit: contract.PAGE_SIZE, offset: (query.page - 1) * contract.PAGE_SIZE });
  return { list: rows.map((r) => opView(r, lang)), page: query.page, pageSize: contract.PAGE_SIZE, total, totalPages: Math.ceil(total / contract.PAGE_SIZE) };
}

export async function review(app: FastifyInstance, brand: Brand, body: { orderNo: string; decision: 'approve' | 'reject'; remark?: string }, lang: Lang, now = new Date()) {
  const status = body.decision === 'approve' ? 'approved' : 'rejected';
  const moved = await app.db.transaction(async (tx) => {
    const r = await q.review(tx, brand.id, body.orderNo, status, body.remark, now);
    if (!r) return undefined;
    const memberId = BigInt(r.member_id);
    if (status === 'rejected') {
      await lockAccount(tx, brand.id, memberId);
      await postPoints(tx, { merchantId: brand.id, memberId, kind: 'refund', points: BigInt(r.points), idemKey: `refund:${body.orderNo}`, ref: body.orderNo });
      await q.takeStock(tx, BigInt(r.reward_id), 1);
    } else if (r.kind === 'voucher' && r.voucher_amount !== null) {
      const amount = BigInt(r.voucher_amount);
      await post(tx, {
        merchantId: brand.id, kind: LEDGER_KIND.voucher, idemKey: `points:voucher:${body.orderNo}`, memberId,
        lines: [{ account: await brandAccount(tx, brand.id, 'bonus_pool', body.orderNo), amount: -amount }, { account: await memberAccount(tx, brand.id, memberId), amount }],
        meta: { orderNo: body.orderNo },
      });
    }
    return r;
  });
  const row = await q.redemptionByNo(app.db, brand.id, body.orderNo);
  if (!row) throw new AppError('points.redemption.not.found');
  if (!moved) {
    // a repeated call with the same decision answers the row; another decision is a conflict
    if (row.status !== status) throw new AppError('points.redemption.reviewed', { status: row.status }, { status: row.status });
  } else if (row.kind === 'voucher' && status === 'approved') {
    balanceChanged(app, brand, BigInt(row.member_id));
  }
  return opView(row, lang);
}

type SaveBody = {
  id?: string; kind: 'item' | 'voucher'; name: { ES: string; EN: string }; description?: { ES: string; EN: string }; image?: string;
  cost: number; stock: number; perMemberLimit?: number | null; voucherAmount?: unknown; enabled?: boolean; sort?: number;
};

export async function saveReward(db: Db, brand: Brand, b: SaveBody) {
  const voucher = b.kind === 'voucher' ? parseAmount(b.voucherAmount) : null;
  if (b.image && !/^(https?:\/\/|\/)[^\s"'<>]*$/.test(b.image)) throw new AppError('request_param_err');
  const v = {
    kind: b.kind, name: JSON.stringify(b.name), description: JSON.stringify(b.description ?? { ES: '', EN: '' }), image: b.image ?? '',
    cost: b.cost, stock: b.stock, limit: b.perMemberLimit ?? null, voucher, enabled: b.enabled ?? true, sort: b.sort ?? 0,
  };
  const rows = (res: unknown) => (res as { rows: { id: string }[] }).rows;
  if (!b.id) {
    const [r] = rows(await db.execute(sql`
      insert into point_rewards (merchant_id, kind, name, description, image, cost, stock, per_member_limit, voucher_amount, enabled, sort)
      values (${brand.id}, ${v.kind}, ${v.name}::jsonb, ${v.description}::jsonb, ${v.image}, ${v.cost}, ${v.stock}, ${v.limit}, ${v.voucher}, ${v.enabled}, ${v.sort})
      returning id::text`));
    return { id: r.id };
  }
  const [r] = rows(await db.execute(sql`
    update point_rewards set kind = ${v.kind}, name = ${v.name}::jsonb, description = ${v.description}::jsonb, image = ${v.image}, cost = ${v.cost},
           stock = ${v.stock}, per_member_limit = ${v.limit}, voucher_amount = ${v.voucher}, enabled = ${v.enabled}, sort = ${v.sort}
     where merchant_id = ${brand.id} and id = ${BigInt(b.id)} returning id::text`));
  if (!r) throw new AppError('points.reward.not.found');
  return { id: r.id };
}
