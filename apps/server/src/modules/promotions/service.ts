/**
 * Promotions and the reward centre: each rule kind's eligibility and amount on the member's
 * real records (confirmed deposits, settled bets, reviewed applications), the §4 labels, and
 * join / claim. A claim credits the bonus wallet through the ledger with its turnover
 * requirement, once per member, promotion and period (a unique row, a locked update and the
 * ledger's idempotency key): a retry or a concurrent claim answers the first claim.
 */
import type { FastifyInstance } from 'fastify';
import { MODULES, promotions as contract } from '@lobby/contract';
import type { Db, Tx } from '../../db/index.ts';
import type { Texts } from '../../db/promotions-schema.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import type { Principal } from '../../plugins/session.ts';
import { balanceChanged } from '../../kernel/live/index.ts';
import { insertTurnover } from '../cashier/index.ts';
import { brandAccount, formatAmount, memberAccount, post } from '../../kernel/ledger/index.ts';
import * as q from './queries.ts';
import { periodAt, previousPeriod, type Period } from '../../kernel/brand-time/index.ts';
import { fixedAmount, minDeposit, minValidBet, needsJoin, percentReward, turnoverFor } from './rules.ts';
import { textIn as text, type ContentLang as Lang } from '../../kernel/lang/index.ts';


/** Promotions ended this long ago still show (as closed) on the page. */
const SHOW_ENDED_MS = 30 * 86_400_000;
/** The posting kind (transaction history: share_bonus) and the member wallet credited. */
export const POSTING_KIND = 'promotion';
export const BONUS_WALLET = 'bonus';

interface Evaluation {
  period: Period;
  claim: q.ClaimRow | undefined;
  eligible: boolean;
  impossible: boolean;
  amount: bigint;
  basis: bigint;
  sourceRef: string | null;
  rank?: number;
}

/** The period a claim of this promotion belongs to now (a rebate: the previous day or week). */
function claimPeriod(p: q.PromotionRow, brand: Brand, now: Date): Period {
  return p.rule.kind === 'rebate' || p.rule.kind === 'ranking' ? previousPeriod(p.rule.period, now, brand.config.gmtOffsetMinutes) : periodAt(p.rule.period, now, brand.config.gmtOffsetMinutes);
}

/** What the member could claim in a promotion right now (reads only). */
async function evaluate(db: Db | Tx, brand: Brand, m: Principal['member'], p: q.PromotionRow, claim: q.ClaimRow | undefined, period: Period, now: Date): Promise<Evaluation> {
  const r = p.rule;
  const none = { period, claim, eligible: false, impossible: false, amount: 0n, basis: 0n, sourceRef: null };
  if (claim && claim.status !== 'joined') {
    return { ...none, eligible: claim.status === 'issued', amount: claim.amount, basis: claim.basis, sourceRef: claim.sourceRef };
  }
  switch (r.kind) {
    case 'deposit': {
      if (!claim) return none;
      const from = new Date(Math.max(claim.createdAt.getTime(), period.start.getTime(), p.startsAt.getTime()));
      const end = p.endsAt && p.endsAt < period.end ? p.endsAt : period.end;
      const d = await q.firstDepositSince(db, brand.id, m.id, from, end, minDeposit(r));
      if (!d) return { ...none, impossible: now >= end };
      const amount = percentReward(r, d.amount);
      return { ...none, eligible: amount > 0n, amount, basis: d.amount, sourceRef: `deposit:${d.orderNo}` };
    }
    case 'newbie': {
      const deadline = new Date(m.createdAt.getTime() + (r.withinDays ?? 0) * 86_400_000);
      const d = await q.firstDeposit(db, brand.id, m.id);
      if (!d) return { ...none, impossible: now > deadline };
      if (!d.at || d.at > deadline || d.amount < minDeposit(r)) return { ...none, impossible: true };
      const amount = percentReward(r, d.amount);
      return { ...none, eligible: amount > 0n, impossible: amount === 0n, amount, basis: d.amount, sourceRef: `deposit:${d.orderNo}` };
    }
    case 'rebate': {
      const from = new Date(Math.max(period.start.getTime(), p.startsAt.getTime()));
      const basis = from < period.end ? await q.validBetBetween(db, brand.id, m.id, from, period.end, r.gameTypes) : 0n;
      const amount = basis >= minValidBet(r) ? percentReward(r, basis) : 0n;
      return { ...none, eligible: amount > 0n, amount, basis, sourceRef: `validbet:${period.key}` };
    }
    case 'appDownload':
      return { ...none, amount: fixedAmount(r) };
    case 'ranking': {
      const prizes = r.prizes ?? [];
      const from = new Date(Math.max(period.start.getTime(), p.startsAt.getTime()));
      if (from >= period.end || !prizes.length) return none;
      const top = await q.rankingBetween(db, brand.id, from, period.end, r.gameTypes, minValidBet(r), prizes.length);
      const at = top.findIndex((x) => x.memberId === m.id);
      if (at < 0) return { ...none, basis: await q.validBetBetween(db, brand.id, m.id, from, period.end, r.gameTypes) };
      const amount = BigInt(prizes[at]);
      return { ...none, eligible: amount > 0n, amount, basis: BigInt(top[at].total), rank: at + 1, sourceRef: `rank:${period.key}:${at + 1}` };
    }
  }
}

function mineOf(p: q.PromotionRow, e: Evaluation, now: Date): contract.Mine {
  const label = contract.activityLabel({
    now: now.getTime(), startsAt: p.startsAt.getTime(), endsAt: p.endsAt?.getTime() ?? null, needsJoin: needsJoin(p.rule),
    status: e.claim?.status ?? null, eligible: e.eligible, impossible: e.impossible,
  });
  return {
    label,
    amount: formatAmount(e.amount),
    basis: formatAmount(e.basis),
    turnoverRequired: formatAmount(e.claim?.status === 'claimed' ? e.claim.turnoverRequired : e.eligible ? turnoverFor(p.rule, e.basis, e.amount) : 0n),
    periodKey: e.period.key,
    rank: e.rank ?? (e.claim?.sourceRef?.startsWith('rank:') ? Number(e.claim.sourceRef.split(':').pop()) : null),
  };
}

function ruleView(r: q.PromotionRow['rule']): contract.Rule {
  return {
    kind: r.kind, period: r.period, bps: r.bps ?? 0, maxBonus: formatAmount(r.maxBonus ?? '0'), minDeposit: formatAmount(r.minDeposit ?? '0'),
    minValidBet: formatAmount(r.minValidBet ?? '0'), fixedAmount: formatAmount(r.fixedAmount ?? '0'), turnoverMultiple: r.turnoverMultiple ?? 0,
    withinDays: r.withinDays ?? 0, gameTypes: r.gameTypes ?? [], prizes: (r.prizes ?? []).map((x) => formatAmount(x)),
  };
}

export function view(p: q.PromotionRow, lang: Lang, mine: contract.Mine | null): contract.Promotion {
  return {
    id: String(p.id), title: text(p.title, lang), summary: text(p.summary, lang), category: p.category as contract.PromotionCategory,
    image: p.image, startsAt: p.startsAt.toISOString(), endsAt: p.endsAt?.toISOString() ?? null, rule: ruleView(p.rule), mine,
  };
}

/** The member's state in each promotion. */
async function minesOf(db: Db, brand: Brand, m: Principal['member'], list: q.PromotionRow[], now: Date) {
  const periods = list.map((p) => claimPeriod(p, brand, now));
  const claims = await q.claimsOf(db, brand.id, m.id, list.map((p, i) => ({ promotionId: p.id, periodKey: periods[i].key })));
  return Promise.all(list.map(async (p, i) => {
    const claim = claims.find((c) => c.promotionId === p.id && c.periodKey === periods[i].key);
    return mineOf(p, await evaluate(db, brand, m, p, claim, periods[i], now), now);
  }));
}

const memberOf = (p: Principal | null) => (p && !p.isTrial ? p.member : null);

export async function list(db: Db, brand: Brand, viewer: Principal | null, category: contract.PromotionCategory | undefined, lang: Lang, now = new Date()) {
  const all = await q.listPromotions(db, brand.id, new Date(now.getTime() - SHOW_ENDED_MS));
  const rows = !category || category === 'all' ? all : all.filter((p) => p.category === category);
  const m = memberOf(viewer);
  const mines = m ? await minesOf(db, brand, m, rows, now) : rows.map(() => null);
  const categories = ['all', ...new Set(all.map((p) => p.category))] as contract.PromotionCategory[];
  return { list: rows.map((p, i) => view(p, lang, mines[i])), categories };
}

export async function detail(db: Db, brand: Brand, viewer: Principal | null, id: bigint, lang: Lang, now = new Date()): Promise<contract.PromotionDetail> {
  const p = await q.promotionById(db, brand.id, id);
  if (!p) throw new AppError('promotion.not.found');
  const m = memberOf(viewer);
  const [mine] = m ? await minesOf(db, brand, m, [p], now) : [null];
  return { ...view(p, lang, mine), content: text(p.content, lang) };
}

/** Closed promotions are not in the reward centre. */
const HIDDEN = new Set<contract.Label>(['closed']);
const AVAILABLE = new Set<contract.Label>(['claim', 'issued']);

export async function rewardCenter(db: Db, brand: Brand, viewer: Principal, lang: Lang, now = new Date()) {
  const m = viewer.member;
  const rows = await q.listPromotions(db, brand.id, now);
  const mines = viewer.isTrial ? [] : await minesOf(db, brand, m, rows, now);
  const list = rows.map((p, i) => view(p, lang, mines[i] ?? null)).filter((v) => v.mine && !HIDDEN.has(v.mine.label));
  const availableCount = list.filter((v) => AVAILABLE.has(v.mine!.label)).length;
  counts.set(countKey(brand.id, m.id), { at: now.getTime(), n: availableCount });
  return { list, availableCount };
}

/**
 * The badge count, remembered per member for a short while: member info is read often and the
 * count needs every promotion's evaluation (about 14 ms on PGlite). Join, claim and review forget
 * it at once in this process and, through the bus (routes.ts), in the others.
 */
const COUNT_TTL_MS = 15_000;
const COUNT_CACHE_MAX = 50_000;
const counts = new Map<string, { at: number; n: number }>();
const countKey = (brandId: number, memberId: bigint) => `${brandId}:${memberId}`;
/** Drops a count in this process only (what the bus message does on the other instances). */
export const dropCount = (key: string) => counts.delete(key);
/** Set by routes.ts: tells the other instances to drop a count too. */
export const countBus = { announce: (_key: string) => {} };
export const forgetCount = (brandId: number, memberId: bigint) => {
  const key = countKey(brandId, memberId);
  counts.delete(key);
  countBus.announce(key);
};

/** For member info: how many rewards can be claimed now. */
export async function availableCount(db: Db, brand: Brand, viewer: Principal, now = new Date()): Promise<number> {
  if (viewer.isTrial || !brand.modules.has(MODULES.promotions)) return 0;
  const key = countKey(brand.id, viewer.member.id);
  const hit = counts.get(key);
  if (hit && now.getTime() - hit.at < COUNT_TTL_MS) return hit.n;
  const n = (await rewardCenter(db, brand, viewer, 'ES', now)).availableCount;
  if (counts.size >= COUNT_CACHE_MAX) counts.clear();
  counts.set(key, { at: now.getTime(), n });
  return n;
}

async function open(db: Db | Tx, brand: Brand, id: bigint, now: Date) {
  const p = await q.promotionById(db, brand.id, id);
  if (!p) throw new AppError('promotion.not.found');
  if (now < p.startsAt) throw new AppError('promotion.not.started');
  return p;
}

/** Join (deposit) or apply (app download) for the current period; a second call answers the same state. */
export async function join(db: Db, brand: Brand, viewer: Principal, id: bigint, now = new Date()): Promise<contract.Mine> {
  if (viewer.isTrial) throw new AppError('in_need_true_account');
  const p = await open(db, brand, id, now);
  if (!needsJoin(p.rule)) throw new AppError('promotion.join.not.needed');
  const period = claimPeriod(p, brand, now);
  const [existing] = await q.claimsOf(db, brand.id, viewer.member.id, [{ promotionId: p.id, periodKey: period.key }]);
  if (!existing) {
    if (p.endsAt && now >= p.endsAt) throw new AppError('promotion.closed');
    await q.insertClaim(db, { merchantId: brand.id, promotionId: p.id, memberId: viewer.member.id, periodKey: period.key,
      status: p.rule.kind === 'appDownload' ? 'applying' : 'joined', amount: p.rule.kind === 'appDownload' ? fixedAmount(p.rule) : 0n, createdAt: now });
  }
  forgetCount(brand.id, viewer.member.id);
  const [mine] = await minesOf(db, brand, viewer.member, [p], now);
  return mine;
}

/**
 * Claims the reward of the current period. In one transaction: the claim row is locked (or
 * created), the reward is computed again from the records, the posting `promo:<id>:<member>:<period>`
 * moves bonus_pool → the member's bonus wallet, and the turnover requirement is recorded.
 */
export async function claim(app: FastifyInstance, brand: Brand, viewer: Principal, id: bigint, now = new Date()): Promise<contract.Mine> {
  if (viewer.isTrial) throw new AppError('in_need_true_account');
  const m = viewer.member;
  const p = await open(app.db, brand, id, now);
  const period = claimPeriod(p, brand, now);
  const paid = await app.db.transaction(async (tx) => {
    const key = { merchantId: brand.id, promotionId: p.id, memberId: m.id, periodKey: period.key };
    let row = await q.claimForUpdate(tx, brand.id, p.id, m.id, period.key);
    if (row?.status === 'claimed') return false;
    const e = await evaluate(tx, brand, m, p, row, period, now);
    if (!e.eligible) {
      if (p.endsAt && now >= p.endsAt) throw new AppError('promotion.closed');
      throw new AppError('promotion.not.eligible');
    }
    const turnover = turnoverFor(p.rule, e.basis, e.amount);
    const set = { status: 'claimed' as const, amount: e.amount, basis: e.basis, turnoverRequired: turnover, sourceRef: e.sourceRef, claimedAt: now };
    if (row) row = await q.updateClaim(tx, row.id, row.status, set);
    else row = await q.insertClaim(tx, { ...key, ...set, createdAt: now });
    if (!row) return false; // a concurrent claim won: it paid
    const idemKey = `promo:${p.id}:${m.id}:${period.key}`;
    const pool = await brandAccount(tx, brand.id, 'bonus_pool', idemKey);
    const bonus = await memberAccount(tx, brand.id, m.id, BONUS_WALLET);
    await post(tx, { merchantId: brand.id, kind: POSTING_KIND, idemKey, memberId: m.id,
      lines: [{ account: pool, amount: -e.amount }, { account: bonus, amount: e.amount }], meta: { promotionId: String(p.id), periodKey: period.key, sourceRef: e.sourceRef } });
    if (turnover > 0n) {
      await insertTurnover(tx, { merchantId: brand.id, memberId: m.id, source: `promotion:${p.id}`, sourceRef: idemKey, required: turnover, createdAt: now });
    }
    return true;
  });
  forgetCount(brand.id, m.id);
  if (paid) balanceChanged(app, brand, m.id);
  const [mine] = await minesOf(app.db, brand, m, [p], now);
  return mine;
}

function recordView(r: { c: q.ClaimRow; title: Texts }, lang: Lang): contract.ClaimRecord {
  return {
    id: String(r.c.id), promotionId: String(r.c.promotionId), title: text(r.title, lang), periodKey: r.c.periodKey, status: r.c.status,
    amount: formatAmount(r.c.amount), turnoverRequired: formatAmount(r.c.turnoverRequired), createdAt: r.c.createdAt.toISOString(),
    claimedAt: r.c.claimedAt?.toISOString() ?? null,
  };
}

export async function claimList(db: Db, brand: Brand, viewer: Principal, lang: Lang) {
  return { list: (await q.claimList(db, brand.id, viewer.member.id)).map((r) => recordView(r, lang)) };
}

export async function applications(db: Db, brand: Brand) {
  return { list: (await q.applications(db, brand.id)).map((r) => ({ ...recordView(r, 'EN'), username: r.username })) };
}

/** Operator review of an application: applying → issued (approve) or rejected. */
export async function review(db: Db, brand: Brand, claimId: bigint, approve: boolean) {
  const found = await q.claimById(db, brand.id, claimId);
  if (!found) throw new AppError('promotion.not.found');
  if (found.c.status !== 'applying') throw new AppError('promotion.review.done');
  const row = await q.updateClaim(db, claimId, 'applying', { status: approve ? 'issued' : 'rejected' });
  if (!row) throw new AppError('promotion.review.done');
  forgetCount(brand.id, row.memberId);
  return recordView({ c: row, title: found.title }, 'EN');
}
