/**
 * Points mall rules (member side): points summary and details, rewards, redeem and convert.
 * Redeem and convert need the withdrawal password (cashier's check, with its lock after wrong
 * tries); the same requestId answers the first result. Redeem locks the reward row, so stock
 * and the per-member limit are read and changed by one redemption at a time: stock is never
 * oversold.
 */
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { points as contract } from '@lobby/contract';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { requireRealAccount, type Principal } from '../../plugins/session.ts';
import { balanceChanged } from '../../kernel/live/index.ts';
import { paymentPasswordState, verifyPaymentPassword } from '../cashier/index.ts';
import { brandAccount, formatAmount, memberAccount, post } from '../../kernel/ledger/index.ts';
import { accrueMember, pointsConfigOf } from './accrue.ts';
import { lockAccount, postingByKey, postingsOf, postPoints, readAccount } from './ledger.ts';
import * as q from './queries.ts';
import { textIn as text, type ContentLang as Lang } from '../../kernel/lang/index.ts';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const me = (p: Principal) => requireRealAccount(p).member;
/** Ledger posting kind of a conversion and of an approved voucher (main wallet credit). */
export const LEDGER_KIND = { convert: 'points_convert', voucher: 'points_voucher' } as const;

export function redemptionView(r: q.RedemptionRow, lang: Lang): contract.Redemption {
  return {
    orderNo: r.order_no, rewardId: r.reward_id, rewardName: text(r.name, lang), kind: r.kind, image: r.image, points: r.points,
    status: r.status, receiver: r.receiver, address: r.address, mobile: r.mobile,
    voucherAmount: r.voucher_amount === null ? null : formatAmount(r.voucher_amount), remark: r.remark,
    createdAt: iso(r.created_at)!, reviewedAt: iso(r.reviewed_at),
  };
}

const pageOf = <T>(list: T[], total: number, page: number) =>
  ({ list, page, pageSize: contract.PAGE_SIZE, total, totalPages: Math.ceil(total / contract.PAGE_SIZE) });

export async function summary(app: FastifyInstance, brand: Brand, p: Principal): Promise<contract.Summary> {
  const m = me(p);
  await accrueMember(app.db, brand, m.id);
  const acc = await readAccount(app.db, m.id);
  const cfg = pointsConfigOf(brand);
  return {
    balance: String(acc.balance), earned: String(acc.earned), carry: formatAmount(acc.carry),
    validBetPerPoint: formatAmount(cfg.validBetPerPoint), convertValue: formatAmount(cfg.convertValue), convertMin: cfg.convertMin,
    currencySymbol: brand.config.currency.symbol, hasPaymentPassword: (await paymentPasswordState(app.db, p)).isSet,
  };
}

export async function rewards(db: Db, brand: Brand, viewer: Principal | null, lang: Lang) {
  const rows = await q.rewards(db, brand.id);
  const mine = viewer && !viewer.isTrial ? await q.redeemedCounts(db, brand.id, viewer.member.id) : new Map<string, number>();
  return {
    list: rows.map((r): contract.Reward => ({
      id: r.id, kind: r.kind, name: text(r.name, lang), description: text(r.description, lang), image: r.image, cost: r.cost,
      stock: r.stock, perMemberLimit: r.per_member_limit, voucherAmount: r.voucher_amount === null ? null : formatAmount(r.voucher_amount),
      redeemed: mine.get(r.id) ?? 0,
    })),
  };
}

export async function postings(db: Db, brand: Brand, p: Principal, page: number) {
  const m = me(p);
  const { rows, total } = await postingsOf(db, brand.id, m.id, contract.PAGE_SIZE, (page - 1) * contract.PAGE_SIZE);
  return pageOf(rows.map((r): contract.Posting => ({
    id: r.id, kind: r.kind, points: r.points, balanceAfter: r.balance_after, ref: r.ref, createdAt: iso(r.created_at)!,
  })), total, page);
}

export async function history(db: Db, brand: Brand, p: Principal, query: { page: number; status?: contract.RedemptionStatus }, lang: Lang) {
  const m = me(p);
  const { rows, total } = await q.redemptions(db, brand.id, { memberId: m.id, status: query.status, limit: contract.PAGE_SIZE, offset: (query.page - 1) * contract.PAGE_SIZE });
  return pageOf(rows.map((r) => redemptionView(r, lang)), total, query.page);
}

/** Order numbers: P + UTC yyyyMMddHHmmss + 6 random digits. */
const orderNo = (now: Date) => `P${now.toISOString().replace(/\D/g, '').slice(0, 14)}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;

type RedeemBody = { rewardId: string; paymentPassword: string; receiver?: string; address?: string; mobile?: string; requestId: string };

/**
 * Redeem: rules in order — reward exists and is on, delivery details for an item, withdrawal
 * password; then in one transaction with the reward row locked: stock, the member's limit,
 * the points (the member's account locked), stock − 1, the redemption (in process).
 */
export async function redeem(app: FastifyInstance, brand: Brand, p: Principal, body: RedeemBody, lang: Lang, now = new Date()) {
  const m = me(p);
  const db = app.db;
  const replay = await q.redemptionByRequest(db, brand.id, m.id, body.requestId);
  if (replay) return redemptionView(replay, lang);
  const rewardId = BigInt(body.rewardId);
  const listed = (await q.rewards(db, brand.id)).find((r) => r.id === body.rewardId);
  if (!listed) throw new AppError('points.reward.not.found');
  const delivery = { receiver: '', address: '', mobile: '' };
  if (listed.kind === 'item') {
    delivery.receiver = (body.receiver ?? '').trim();
    delivery.address = (body.address ?? '').trim();
    delivery.mobile = contract.mobileDigits(body.mobile ?? '');
    if (delivery.address.length < 5 || delivery.receiver.length < 2) throw new AppError('points.address.required');
    if (!contract.MOBILE_PATTERN.test((body.mobile ?? '').trim())) throw new AppError('points.mobile.invalid');
  }
  await verifyPaymentPassword(db, p, body.paymentPassword, now);

  const no = orderNo(now);
  await db.transaction(async (tx) => {
    const r = await q.rewardForUpdate(tx, brand.id, rewardId);
    if (!r || !r.enabled) throw new AppError('points.reward.not.found');
    if (await q.redemptionByRequest(tx, brand.id, m.id, body.requestId)) return;
    if (r.stock <= 0) throw new AppError('points.reward.sold.out');
    if (r.per_member_limit !== null && ((await q.redeemedCounts(tx, brand.id, m.id, rewardId)).get(r.id) ?? 0) >= r.per_member_limit) {
      throw new AppError('points.reward.limit', { limit: r.per_member_limit });
    }
    const acc = await lockAccount(tx, brand.id, m.id);
    const cost = BigInt(r.cost);
    if (acc.balance < cost) throw new AppError('points.not.enough', { need: r.cost });
    await postPoints(tx, { merchantId: brand.id, memberId: m.id, kind: 'redeem', points: -cost, idemKey: `redeem:${no}`, ref: no });
    await q.takeStock(tx, rewardId, -1);
    await q.insertRedemption(tx, {
      merchantId: brand.id, memberId: m.id, rewardId, orderNo: no, requestId: body.requestId, kind: r.kind, points: cost,
      ...delivery, voucherAmount: r.voucher_amount === null ? null : BigInt(r.voucher_amount),
    });
  });
  return redemptionView((await q.redemptionByRequest(db, brand.id, m.id, body.requestId))!, lang);
}

/** A whole number of points from the body (a string or a number). */
function wholePoints(v: unknown, min: number): bigint {
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  if (!/^\d{1,15}$/.test(s) || BigInt(s) < BigInt(min)) throw new AppError('points.convert.min', { min });
  return BigInt(s);
}

/**
 * Convert points to main balance: points × convertValue minor units, from the brand's bonus
 * pool. In one transaction with the points account locked: the points posting
 * `convert:<member>:<requestId>` and the ledger posting `points:convert:<member>:<requestId>`.
 */
export async function convert(app: FastifyInstance, brand: Brand, p: Principal, body: { points: unknown; paymentPassword: string; requestId: string }, now = new Date()) {
  const m = me(p);
  const cfg = pointsConfigOf(brand);
  const key = `convert:${m.id}:${body.requestId}`;
  const answer = (pt: { points: string; balance_after: string }) => {
    const n = -BigInt(pt.points);
    return { points: String(n), amount: formatAmount(n * BigInt(cfg.convertValue)), balance: pt.balance_after };
  };
  const first = await postingByKey(app.db, brand.id, key);
  if (first) return answer(first);
  const n = wholePoints(body.points, cfg.convertMin);
  if (cfg.convertValue <= 0) throw new AppError('function.not.available');
  await verifyPaymentPassword(app.db, p, body.paymentPassword, now);
  const r = await app.db.transaction(async (tx) => {
    const acc = await lockAccount(tx, brand.id, m.id);
    const again = await postingByKey(tx, brand.id, key);
    if (again) return { posting: again, applied: false };
    if (acc.balance < n) throw new AppError('points.not.enough', { need: String(n) });
    const amount = n * BigInt(cfg.convertValue);
    const res = await postPoints(tx, { merchantId: brand.id, memberId: m.id, kind: 'convert', points: -n, idemKey: key, ref: formatAmount(amount) });
    await post(tx, {
      merchantId: brand.id, kind: LEDGER_KIND.convert, idemKey: `points:${key}`, memberId: m.id,
      lines: [{ account: await brandAccount(tx, brand.id, 'bonus_pool', key), amount: -amount }, { account: await memberAccount(tx, brand.id, m.id), amount }],
      meta: { points: String(n) },
    });
    return res;
  });
  if (r.applied) balanceChanged(app, brand, m.id);
  return answer(r.posting);
}
