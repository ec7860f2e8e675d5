/**
 * VIP: the member's level is the highest one whose thresholds on cumulative confirmed deposits
 * and cumulative valid bet are both met (levels are seeded per brand, VIP0 needs nothing). Each
 * reached level above 0 has a one-time reward: the claim inserts the (member, level) row and moves
 * bonus_pool → main wallet under the ledger key `vip:<member>:<level>` in one transaction, so a
 * retry or a concurrent claim pays once.
 */
import type { FastifyInstance } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { MODULES, type vip as contract } from '@lobby/contract';
import type { Db, Tx } from '../../db/index.ts';
import { vipLevels, vipRewards } from '../../db/missions-schema.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import type { Principal } from '../../plugins/session.ts';
import { balanceChanged } from '../../kernel/live/index.ts';
import { type Activity, lifetime } from '../missions/index.ts';
import { brandAccount, formatAmount, memberAccount, post } from '../../kernel/ledger/index.ts';
import type { Lang } from '../../kernel/lang/index.ts';

export const POSTING_KIND = 'bonus';
type LevelRow = typeof vipLevels.$inferSelect;

const LEVELS_TTL_MS = 30_000;
const levelCache = new Map<number, { at: number; rows: LevelRow[] }>();
/** Bus channel: a brand's levels changed (the console); every instance forgets them at once. */
export const LEVELS_CHANNEL = 'vip.levels';
export const forgetLevels = (merchantId: number) => void levelCache.delete(merchantId);

/** The brand's levels, lowest first (read rarely: remembered for LEVELS_TTL_MS). */
async function levelsOf(q: Db | Tx, merchantId: number, now: Date) {
  const hit = levelCache.get(merchantId);
  if (hit && now.getTime() - hit.at < LEVELS_TTL_MS) return hit.rows;
  const rows = await q.select().from(vipLevels).where(eq(vipLevels.merchantId, merchantId)).orderBy(asc(vipLevels.level));
  levelCache.set(merchantId, { at: now.getTime(), rows });
  return rows;
}

/** The highest level whose two thresholds are met (levels sorted ascending); null when none is. */
export function levelFor<L extends Pick<LevelRow, 'level' | 'minDeposit' | 'minValidBet'>>(levels: L[], a: Pick<Activity, 'depositAmount' | 'validBet'>): L | null {
  let at: L | null = null;
  for (const l of levels) if (a.depositAmount >= l.minDeposit && a.validBet >= l.minValidBet) at = l;
  return at;
}

const pct = (have: bigint, need: bigint) => (need <= 0n || have >= need ? 100 : Number((have * 100n) / need));
const labelOf = (l: LevelRow | null, lang: Lang = 'ES') => (l && (l.labels?.[lang] || l.label)) || 'VIP0';

/** For member info: the VIP flag, label and rank level. */
export async function vipInfo(db: Db, brand: Brand, viewer: Principal, now = new Date()) {
  if (viewer.isTrial || !brand.modules.has(MODULES.vip)) return { vip: false, vipLabel: '', rankLevel: 0 };
  const levels = await levelsOf(db, brand.id, now);
  if (!levels.length) return { vip: false, vipLabel: '', rankLevel: 0 };
  const l = levelFor(levels, await lifetime(db, brand.id, viewer.member.id, now));
  return { vip: (l?.level ?? 0) > 0, vipLabel: labelOf(l), rankLevel: l?.level ?? 0 };
}

export async function status(db: Db | Tx, brand: Brand, viewer: Principal, now = new Date(), fresh = false, lang: Lang = 'ES'): Promise<contract.VipStatus> {
  const levels = await levelsOf(db, brand.id, now);
  const a = await lifetime(db, brand.id, viewer.member.id, now, fresh);
  const cur = viewer.isTrial ? null : levelFor(levels, a);
  const level = cur?.level ?? 0;
  const paid = new Set((await db.select({ level: vipRewards.level }).from(vipRewards)
    .where(and(eq(vipRewards.merchantId, brand.id), eq(vipRewards.memberId, viewer.member.id)))).map((r) => r.level));
  const next = levels.find((l) => l.level > level && (l.minDeposit > a.depositAmount || l.minValidBet > a.validBet)) ?? null;
  const list = levels.map((l): contract.VipLevel => ({
    level: l.level, label: labelOf(l, lang), minDeposit: formatAmount(l.minDeposit), minValidBet: formatAmount(l.minValidBet), reward: formatAmount(l.reward),
    rewardStatus: l.reward <= 0n ? 'none' : paid.has(l.level) ? 'claimed' : l.level <= level ? 'claimable' : 'locked',
  }));
  const gap = (need: bigint, have: bigint) => formatAmount(need > have ? need - have : 0n);
  return {
    level, label: labelOf(cur, lang),
    totals: { deposit: formatAmount(a.depositAmount), validBet: formatAmount(a.validBet) },
    next: next && {
      level: next.level, label: labelOf(next, lang),
      depositPercent: pct(a.depositAmount, next.minDeposit), validBetPercent: pct(a.validBet, next.minValidBet),
      depositNeeded: gap(next.minDeposit, a.depositAmount), validBetNeeded: gap(next.minValidBet, a.validBet),
    },
    levels: list,
    claimableCount: list.filter((l) => l.rewardStatus === 'claimable').length,
  };
}

export async function claimReward(app: FastifyInstance, brand: Brand, viewer: Principal, level: number, now = new Date(), lang: Lang = 'ES') {
  if (viewer.isTrial) throw new AppError('in_need_true_account');
  const memberId = viewer.member.id;
  const l = (await levelsOf(app.db, brand.id, now)).find((x) => x.level === level);
  if (!l) throw new AppError('vip.level.not.found');
  const paid = await app.db.transaction(async (tx) => {
    const reached = levelFor(await levelsOf(tx, brand.id, now), await lifetime(tx, brand.id, memberId, now, true));
    if (!reached || reached.level < level) throw new AppError('vip.level.not.reached');
    if (l.reward <= 0n) return false;
    const [row] = await tx.insert(vipRewards).values({ merchantId: brand.id, memberId, level, amount: l.reward, claimedAt: now }).onConflictDoNothing().returning();
    if (!row) return false; // already paid (or a concurrent claim is paying)
    const idemKey = `vip:${memberId}:${level}`;
    const pool = await brandAccount(tx, brand.id, 'bonus_pool', idemKey);
    const main = await memberAccount(tx, brand.id, memberId, 'main');
    const r = await post(tx, { merchantId: brand.id, kind: POSTING_KIND, idemKey, memberId,
      lines: [{ account: pool, amount: -l.reward }, { account: main, amount: l.reward }], meta: { source: 'vip', level, label: l.label } });
    await tx.update(vipRewards).set({ postingId: r.postingId })
      .where(and(eq(vipRewards.merchantId, brand.id), eq(vipRewards.memberId, memberId), eq(vipRewards.level, level)));
    return true;
  });
  if (paid) balanceChanged(app, brand, memberId);
  return status(app.db, brand, viewer, now, false, lang);
}
