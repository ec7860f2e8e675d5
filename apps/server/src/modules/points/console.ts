/**
 * Console points mall: rewards (list, add, edit, enable/disable) and the redemption review queue.
 * Reviewing goes through the points module's rule (console-review.ts): approving a voucher
 * credits it through the ledger, rejecting gives points and stock back, each once. The member
 * mall reads rewards from the table on every call (no cache): a change is seen at once.
 * Also the operator API's review and rewards (points.operator*). Registered by the points routes (routes.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { operatorRewards as contract, points as api } from '@lobby/contract';
import type { Db, Tx } from '../../db/index.ts';
import { pointRedemptions, pointRewards } from '../../db/points-schema.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import * as points from './console-review.ts';
import * as pointQueries from './queries.ts';
import { langOf, requestLangOf, type Lang } from '../../kernel/lang/index.ts';
import { formatAmount, parseAmount } from '../../kernel/ledger/index.ts';
import { operatorOf, record, type Actor } from '../../kernel/operator-access/index.ts';
import { route } from '../../lib/route.ts';

type Row = typeof pointRewards.$inferSelect;
type SaveBody = Omit<contract.PointRewardRow, 'id' | 'redeemed' | 'voucherAmount'> & { id?: string; voucherAmount: string | number | null };

const IMAGE = /^(https?:\/\/|\/)[^\s"'<>]*$/;

const view = (r: Row, redeemed: number): contract.PointRewardRow => ({
  id: String(r.id), kind: r.kind, name: { ES: r.name.ES ?? '', EN: r.name.EN ?? '' },
  description: { ES: r.description.ES ?? '', EN: r.description.EN ?? '' }, image: r.image, cost: Number(r.cost), stock: r.stock,
  perMemberLimit: r.perMemberLimit, voucherAmount: r.voucherAmount === null ? null : formatAmount(r.voucherAmount), enabled: r.enabled, sort: r.sort, redeemed,
});

async function redeemedCounts(db: Db | Tx, merchantId: number, rewardId?: bigint): Promise<Map<string, number>> {
  const rows = await db.select({ id: pointRedemptions.rewardId, n: sql<number>`count(*)::int` }).from(pointRedemptions)
    .where(and(eq(pointRedemptions.merchantId, merchantId), ne(pointRedemptions.status, 'rejected'),
      rewardId === undefined ? undefined : eq(pointRedemptions.rewardId, rewardId)))
    .groupBy(pointRedemptions.rewardId);
  return new Map(rows.map((r) => [String(r.id), r.n]));
}

export async function list(db: Db, brand: Brand): Promise<contract.PointRewardRow[]> {
  const rows = await db.select().from(pointRewards).where(eq(pointRewards.merchantId, brand.id)).orderBy(asc(pointRewards.sort), asc(pointRewards.id));
  const counts = await redeemedCounts(db, brand.id);
  return rows.map((r) => view(r, counts.get(String(r.id)) ?? 0));
}

export async function save(db: Db, brand: Brand, actor: Actor, ip: string, b: SaveBody): Promise<contract.PointRewardRow> {
  if ((b.kind === 'voucher') !== (b.voucherAmount !== null && b.voucherAmount !== '')) throw new AppError('operator.rewards.voucher');
  if (b.image && !IMAGE.test(b.image)) throw new AppError('request_param_err');
  const values = {
    kind: b.kind, name: { ES: b.name.ES, EN: b.name.EN }, description: { ES: b.description.ES, EN: b.description.EN }, image: b.image,
    cost: BigInt(b.cost), stock: b.stock, perMemberLimit: b.perMemberLimit, voucherAmount: b.kind === 'voucher' ? parseAmount(b.voucherAmount) : null,
    enabled: b.enabled, sort: b.sort,
  };
  if (!b.id) {
    const [r] = await db.insert(pointRewards).values({ ...values, merchantId: brand.id }).returning();
    const after = view(r, 0);
    await record(db, actor, brand, ip, { action: 'rewards.points.create', target: after.id, after });
    return after;
  }
  const id = BigInt(b.id);
  return db.transaction(async (tx) => {
    // the reward row is locked like a redemption locks it: stock is not changed under a redemption
    const [r] = await tx.select().from(pointRewards).where(and(eq(pointRewards.merchantId, brand.id), eq(pointRewards.id, id))).for('update');
    if (!r) throw new AppError('points.reward.not.found');
    const [u] = await tx.update(pointRewards).set(values).where(eq(pointRewards.id, id)).returning();
    const n = (await redeemedCounts(tx, brand.id, id)).get(b.id!) ?? 0;
    const before = view(r, n);
    const after = view(u, n);
    await record(tx, actor, brand, ip, { action: 'rewards.points.update', target: after.id, before, after });
    return after;
  });
}

export async function setEnabled(db: Db, brand: Brand, actor: Actor, ip: string, idText: string, enabled: boolean): Promise<contract.PointRewardRow> {
  const id = BigInt(idText);
  const [r] = await db.select().from(pointRewards).where(and(eq(pointRewards.merchantId, brand.id), eq(pointRewards.id, id)));
  if (!r) throw new AppError('points.reward.not.found');
  const [u] = await db.update(pointRewards).set({ enabled }).where(eq(pointRewards.id, id)).returning();
  await record(db, actor, brand, ip, { action: enabled ? 'rewards.points.enable' : 'rewards.points.disable', target: idText,
    before: { enabled: r.enabled }, after: { enabled: u.enabled } });
  return view(u, (await redeemedCounts(db, brand.id, id)).get(idText) ?? 0);
}

export const redemptions = (db: Db, brand: Brand, q: { status: 'process' | 'approved' | 'rejected'; page: number }, lang: Lang) =>
  points.list(db, brand, q, lang);

/** Approve or reject through the points rule (once, whoever calls twice), audited with the status before and after. */
export async function review(app: FastifyInstance, brand: Brand, actor: Actor, ip: string,
  body: { orderNo: string; decision: 'approve' | 'reject'; remark?: string }, lang: Lang) {
  const before = await pointQueries.redemptionByNo(app.db, brand.id, body.orderNo);
  if (!before) throw new AppError('points.redemption.not.found');
  const r = await points.review(app, brand, body, lang);
  await record(app.db, actor, brand, ip, { action: `rewards.redemption.${body.decision}`, target: r.orderNo,
    before: { status: before.status }, after: { status: r.status, member: r.username, points: r.points, reward: r.rewardName, voucherAmount: r.voucherAmount, remark: r.remark } });
  return r;
}

/** The operator API's points calls and the console's points mall page (content.manage): rewards and the redemption review queue. */
export async function pointsConsoleRoutes(app: FastifyInstance) {
  const db = app.db;
  const g = (ctx: { req: FastifyRequest }) => operatorOf(ctx.req);
  const lang = (ctx: { req: { headers: Record<string, unknown> } }) => langOf(typeof ctx.req.headers.language === 'string' ? ctx.req.headers.language : undefined);
  // operator API (X-Operator-Key or a console session)
  route(app, api.operatorListRedemptions, async ({ brand, req, query }) => {
    operatorOf(req);
    return points.list(db, brand, query, requestLangOf(req));
  });
  route(app, api.operatorReview, async ({ brand, req, body }) => {
    operatorOf(req);
    return points.review(app, brand, body, requestLangOf(req));
  });
  route(app, api.operatorSaveReward, async ({ brand, req, body }) => {
    operatorOf(req);
    return points.saveReward(db, brand, body);
  });

  // the points mall page
  route(app, contract.listPointRewards, async (ctx) => (g(ctx), list(db, ctx.brand)));
  route(app, contract.savePointReward, async (ctx) => save(db, ctx.brand, g(ctx), ctx.req.ip, ctx.body));
  route(app, contract.setPointRewardEnabled, async (ctx) => setEnabled(db, ctx.brand, g(ctx), ctx.req.ip, ctx.body.id, ctx.body.enabled));
  route(app, contract.listRedemptions, async (ctx) => (g(ctx), redemptions(db, ctx.brand, ctx.query, lang(ctx))));
  route(app, contract.reviewRedemption, async (ctx) => review(app, ctx.brand, g(ctx), ctx.req.ip, ctx.body, lang(ctx)));
}
