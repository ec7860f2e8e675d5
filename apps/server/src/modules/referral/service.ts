/**
 * Referral (issue 7 item 3): the member's code and invitations, and the income the brand's rule
 * pays for invitees' confirmed deposits. Rewards are settled by {@link settleRecent} (a job, after
 * deposits are confirmed) and by {@link settleReferrer} when the referrer opens the page; both
 * are safe to run together or again: a unique row per invitee and rule plus the ledger key
 * `referral:<inviteeId>:<rule>` in one transaction pay each reward exactly once.
 */
import type { FastifyInstance } from 'fastify';
import type { SQL } from 'drizzle-orm';
import { MODULES, referral } from '@lobby/contract';
import type { Db, Tx } from '../../db/index.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { requireRealAccount, type Principal } from '../../plugins/session.ts';
import { balanceChanged } from '../../kernel/live/index.ts';
import { brandAccount, formatAmount, memberAccount, post } from '../../kernel/ledger/index.ts';
import * as q from './queries.ts';
import { rewardsDue, ruleOf } from './rules.ts';

export const KIND = 'referral_rebate';
const iso = (d: Date | string) => new Date(d).toISOString();

/** Agents (paid by their contracts) and trial accounts earn no referral income. */
export const earns = (brand: Brand, type: number) => !brand.config.agentTypes.includes(type) && type !== brand.config.trialType;

/** Pays what is due for the invitees `where` selects, inside `tx`. Answers the referrers paid. */
async function settleIn(tx: Tx, brand: Brand, where: SQL, now: Date): Promise<bigint[]> {
  const rule = ruleOf(brand.config);
  const paid: bigint[] = [];
  for (const c of await q.candidates(tx, brand.id, where)) {
    if (!earns(brand, c.referrer_type)) continue;
    const done = new Set(Array.isArray(c.done) ? c.done : String(c.done).replace(/[{}]/g, '').split(',').filter(Boolean));
    const referrerId = BigInt(c.referrer_id);
    const inviteeId = BigInt(c.invitee_id);
    for (const r of rewardsDue(rule, c.first === null ? null : BigInt(c.first), BigInt(c.total))) {
      if (done.has(r.rule)) continue;
      const id = await q.insertReward(tx, { merchantId: brand.id, referrerId, inviteeId, rule: r.rule, basis: r.basis, amount: r.amount, now });
      if (id === null) continue;
      const idemKey = `referral:${inviteeId}:${r.rule}`;
      await post(tx, {
        merchantId: brand.id, kind: KIND, idemKey, memberId: referrerId,
        lines: [{ account: await brandAccount(tx, brand.id, 'bonus_pool', idemKey), amount: -r.amount }, { account: await memberAccount(tx, brand.id, referrerId), amount: r.amount }],
        meta: { inviteeId: String(inviteeId), rule: r.rule, basis: String(r.basis), rewardId: String(id) },
      });
      paid.push(referrerId);
    }
  }
  return paid;
}

/** Job: rewards for deposits confirmed in the last day, every brand. Answers how many were paid. */
export async function settleRecent(app: FastifyInstance, tx: Tx, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - 86_400_000);
  let n = 0;
  for (const brand of app.brands.all().filter((b) => b.modules.has(MODULES.referral))) {
    n += (await settleIn(tx, brand, q.depositedSince(brand.id, since), now)).length;
  }
  return n;
}

/** Pays whatever is still due for one referrer's invitees (when the referrer opens the page). */
export async function settleReferrer(app: FastifyInstance, db: Db, brand: Brand, referrerId: bigint, now = new Date()): Promise<number> {
  const paid = await db.transaction((tx) => settleIn(tx, brand, q.ofReferrer(referrerId), now));
  if (paid.length) balanceChanged(app, brand, referrerId);
  return paid.length;
}

const ruleView = (brand: Brand) => {
  const r = ruleOf(brand.config);
  return { firstDepositBps: r.firstDepositBps, firstDepositMax: formatAmount(r.firstDepositMax), thresholdAmount: formatAmount(r.thresholdAmount), thresholdReward: formatAmount(r.thresholdReward) };
};

export async function info(app: FastifyInstance, brand: Brand, p: Principal) {
  const m = requireRealAccount(p).member;
  const on = earns(brand, m.type);
  if (on) await settleReferrer(app, app.db, brand, m.id);
  const c = await q.counts(app.db, brand.id, m.id);
  const code = m.referralCode ?? '';
  return {
    referralCode: code, invitePath: `/register?referralCode=${encodeURIComponent(code)}`,
    invitations: c.invitations, depositedInvitations: c.deposited, totalIncome: formatAmount(c.income), earns: on, rule: ruleView(brand),
  };
}

const pageOf = <T>(list: T[], total: number, page: number) =>
  ({ list, page, pageSize: referral.PAGE_SIZE, total, totalPages: Math.ceil(total / referral.PAGE_SIZE) });

export async function invitations(app: FastifyInstance, brand: Brand, p: Principal, page: number) {
  const m = requireRealAccount(p).member;
  const size = referral.PAGE_SIZE;
  const [rows, c] = await Promise.all([q.invitees(app.db, brand.id, m.id, size, (page - 1) * size), q.counts(app.db, brand.id, m.id)]);
  return pageOf(rows.map((r) => ({
    username: referral.maskUsername(r.username), registeredAt: iso(r.created_at), firstDeposit: r.first, totalDeposits: formatAmount(r.total),
  })), c.invitations, page);
}

export async function income(app: FastifyInstance, brand: Brand, p: Principal, page: number) {
  const m = requireRealAccount(p).member;
  if (earns(brand, m.type)) await settleReferrer(app, app.db, brand, m.id);
  const size = referral.PAGE_SIZE;
  const [{ rows, total }, c] = await Promise.all([q.rewards(app.db, brand.id, m.id, size, (page - 1) * size), q.counts(app.db, brand.id, m.id)]);
  return {
    ...pageOf(rows.map((r) => ({
      id: r.id, invitee: referral.maskUsername(r.username), rule: r.rule, basis: formatAmount(r.basis), amount: formatAmount(r.amount), createdAt: iso(r.created_at),
    })), total, page),
    totalIncome: formatAmount(c.income),
  };
}
