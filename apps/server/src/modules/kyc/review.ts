/**
 * The risk review of withdrawals: a pending withdrawal whose member's score reaches the brand's
 * review score cannot be paid (the cashier's pay gate answers risk.review.required) until an
 * operator clears it here; the clearance keeps the score and signals it was given on.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { kyc, risk } from '@lobby/contract';
import type { Db, Tx } from '../../db/index.ts';
import { members, riskReviews, withdrawals } from '../../db/schema.ts';
import { formatAmount } from '../../kernel/ledger/index.ts';
import { record, type Actor } from '../../kernel/operator-access/index.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { AppError } from '../../plugins/errors.ts';
import { levelsOf } from './checks.ts';
import { memberSignals } from './risk.ts';
import { settingsOf } from './settings.ts';

type D = Db | Tx;
const LIST = 100;

async function reviewOf(db: D, merchantId: number, withdrawNo: string) {
  const [r] = await db.select().from(riskReviews).where(and(eq(riskReviews.merchantId, merchantId), eq(riskReviews.withdrawNo, withdrawNo)));
  return r;
}

/** Cashier's pay gate: above the review score a withdrawal must have been cleared. */
export async function payGate(db: D, brand: Brand, memberId: bigint, withdrawNo: string): Promise<void> {
  const r = await reviewOf(db, brand.id, withdrawNo);
  if (r?.status === 'cleared') return;
  const { score, reviewScore } = await memberSignals(db, brand.id, memberId);
  if (score >= reviewScore || r?.status === 'held') throw new AppError('risk.review.required', { score }, { score, reviewScore });
}

export async function memberRisk(db: D, merchantId: number, memberId: bigint, username: string, s?: kyc.Settings): Promise<risk.MemberRisk> {
  return { memberId: String(memberId), username, ...(await memberSignals(db, merchantId, memberId, s)) };
}

type WRow = { withdrawNo: string; memberId: bigint; amount: bigint; createdAt: Date; status: string; username: string; mobile: string | null; email: string | null };

async function itemOf(db: D, brand: Brand, s: kyc.Settings, w: WRow, cache: Map<bigint, Promise<risk.MemberRisk>>, now: Date): Promise<risk.ReviewItem> {
  let riskOf = cache.get(w.memberId);
  if (!riskOf) cache.set(w.memberId, (riskOf = memberRisk(db, brand.id, w.memberId, w.username, s)));
  const [r, mr, levels] = await Promise.all([reviewOf(db, brand.id, w.withdrawNo), riskOf, levelsOf(db, { id: w.memberId, mobile: w.mobile, email: w.email }, now)]);
  const status = (l: string) => levels.views.find((v) => v.level === l)?.status ?? 'none';
  return {
    withdrawNo: w.withdrawNo, memberId: String(w.memberId), username: w.username, amount: formatAmount(w.amount), createdAt: w.createdAt.toISOString(),
    withdrawalStatus: w.status, review: r?.status ?? (mr.score >= mr.reviewScore ? 'pending' : 'none'),
    kyc: { identity: status('identity'), address: status('address') }, risk: mr,
  };
}

const wSelect = {
  withdrawNo: withdrawals.withdrawNo, memberId: withdrawals.memberId, amount: withdrawals.amount, createdAt: withdrawals.createdAt, status: withdrawals.status,
  username: members.username, mobile: members.mobile, email: members.email,
};

/** Pending withdrawals (newest first) with verification and risk; `pending` keeps those waiting for the review. */
export async function pendingWithdrawals(db: Db, brand: Brand, only: 'all' | 'pending', now = new Date()) {
  const s = await settingsOf(db, brand.id);
  const rows = await db.select(wSelect).from(withdrawals).innerJoin(members, eq(members.id, withdrawals.memberId))
    .where(and(eq(withdrawals.merchantId, brand.id), inArray(withdrawals.status, ['pending']))).orderBy(desc(withdrawals.createdAt)).limit(LIST);
  const cache = new Map<bigint, Promise<risk.MemberRisk>>();
  const list = await Promise.all(rows.map((w) => itemOf(db, brand, s, w, cache, now)));
  return { list: only === 'pending' ? list.filter((i) => i.review === 'pending' || i.review === 'held') : list };
}

/** Clears (or keeps holding) a pending withdrawal; audited with the score and signals seen. */
export async function decideReview(app: FastifyInstance, brand: Brand, actor: Actor, ip: string, body: { withdrawNo: string; decision: 'clear' | 'hold'; note: string }, now = new Date()) {
  const db = app.db;
  const [w] = await db.select(wSelect).from(withdrawals).innerJoin(members, eq(members.id, withdrawals.memberId))
    .where(and(eq(withdrawals.merchantId, brand.id), eq(withdrawals.withdrawNo, body.withdrawNo)));
  if (!w || w.status !== 'pending') throw new AppError('risk.review.not.found');
  const s = await settingsOf(db, brand.id);
  const mr = await memberRisk(db, brand.id, w.memberId, w.username, s);
  const before = await reviewOf(db, brand.id, w.withdrawNo);
  const status = body.decision === 'clear' ? 'cleared' as const : 'held' as const;
  await db.insert(riskReviews).values({ merchantId: brand.id, withdrawNo: w.withdrawNo, memberId: w.memberId, score: mr.score, signals: mr.signals, status, note: body.note, decidedBy: actor.name, decidedAt: now })
    .onConflictDoUpdate({ target: [riskReviews.merchantId, riskReviews.withdrawNo], set: { score: mr.score, signals: mr.signals, status, note: body.note, decidedBy: actor.name, decidedAt: now } });
  await record(db, actor, brand, ip, { action: `risk.review.${body.decision}`, target: w.withdrawNo,
    before: { review: before?.status ?? 'none' }, after: { review: status, score: mr.score, signals: mr.signals.map((x) => x.signal), note: body.note, member: w.username } });
  return itemOf(db, brand, s, w, new Map([[w.memberId, Promise.resolve(mr)]]), now);
}
