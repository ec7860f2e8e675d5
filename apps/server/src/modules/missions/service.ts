/**
 * Missions: each mission's progress is the member's real activity in its period (the brand day,
 * the Monday-to-Monday week cut at the brand's GMT offset, or since ever for milestones), read
 * in two indexed queries for all missions at once. A completed mission is claimed once per
 * period: in one transaction the progress is read again, the claim row is inserted (unique per
 * member, mission and period) and the reward moves bonus_pool → main wallet under the ledger
 * key `mission:<id>:<member>:<period>`; a retry or a concurrent claim answers the first claim.
 */
import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { missions as contract } from '@lobby/contract';
import type { Db, Tx } from '../../db/index.ts';
import { missionClaims, missions } from '../../db/missions-schema.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import type { Principal } from '../../plugins/session.ts';
import { balanceChanged } from '../../kernel/live/index.ts';
import { periodAt, type Period } from '../../kernel/brand-time/index.ts';
import { brandAccount, formatAmount, memberAccount, post } from '../../kernel/ledger/index.ts';
import { activityIn, lifetime, NO_ACTIVITY, type Activity, type Window } from './activity.ts';
import { textIn, type ContentLang as Lang } from '../../kernel/lang/index.ts';

export const POSTING_KIND = 'mission_reward';
type MissionRow = typeof missions.$inferSelect;
type ClaimRow = typeof missionClaims.$inferSelect;

/** The period a mission counts in at `now`. */
export function missionPeriod(period: MissionRow['period'], now: Date, gmtOffsetMinutes: number): Period {
  return periodAt(period === 'milestone' ? 'once' : period, now, gmtOffsetMinutes);
}

const windowOf = (p: Period, now: Date): Window => ({ from: p.key === 'once' ? null : p.start, to: p.key === 'once' ? new Date(now.getTime() + 1) : p.end });

/** Progress of a mission from the activity of its period. */
export const progressOf = (kind: MissionRow['kind'], a: Activity): bigint => a[kind];

function view(m: MissionRow, period: Period, progress: bigint, claim: ClaimRow | undefined, lang: Lang): contract.Mission {
  const done = claim ? claim.progress : progress;
  const shown = done > m.target ? m.target : done;
  const fmt = (v: bigint) => (contract.MONEY_KINDS.has(m.kind) ? formatAmount(v) : String(v));
  return {
    id: String(m.id), kind: m.kind, period: m.period, title: textIn(m.title, lang),
    target: fmt(m.target), progress: fmt(shown), percent: Number((shown * 100n) / m.target), reward: formatAmount(claim ? claim.reward : m.reward),
    status: claim ? 'claimed' : done >= m.target ? 'claimable' : 'progress', periodKey: period.key,
    endsAt: m.period === 'milestone' ? null : period.end.toISOString(),
  };
}

const listMissions = (q: Db | Tx, merchantId: number) => q.select().from(missions)
  .where(and(eq(missions.merchantId, merchantId), eq(missions.enabled, true))).orderBy(asc(missions.sort), asc(missions.id));

/**
 * Every mission with the member's progress in its current period: the day and week windows in two
 * queries, since-ever totals from the rollup (distinct games since ever only when a milestone asks).
 */
async function evaluate(q: Db | Tx, brand: Brand, memberId: bigint, list: MissionRow[], now: Date, fresh = false) {
  const periods = list.map((m) => missionPeriod(m.period, now, brand.config.gmtOffsetMinutes));
  const keys = [...new Set(periods.map((p) => p.key))].filter((k) => k !== 'once');
  const acts = await activityIn(q, brand.id, memberId, keys.map((k) => windowOf(periods.find((p) => p.key === k)!, now)));
  const milestones = list.filter((m) => m.period === 'milestone');
  let ever = NO_ACTIVITY;
  if (milestones.length) {
    ever = await lifetime(q, brand.id, memberId, now, fresh);
    if (milestones.some((m) => m.kind === 'games')) {
      const [all] = await activityIn(q, brand.id, memberId, [{ from: null, to: new Date(now.getTime() + 1) }]);
      ever = { ...ever, games: all.games };
    }
  }
  const claims = list.length ? await q.select().from(missionClaims)
    .where(and(eq(missionClaims.merchantId, brand.id), eq(missionClaims.memberId, memberId), inArray(missionClaims.periodKey, [...keys, 'once']))) : [];
  return list.map((m, i) => {
    const a = periods[i].key === 'once' ? ever : acts[keys.indexOf(periods[i].key)] ?? NO_ACTIVITY;
    const claim = claims.find((c) => c.missionId === m.id && c.periodKey === periods[i].key);
    return { m, period: periods[i], progress: progressOf(m.kind, a), claim };
  });
}

export async function summary(db: Db, brand: Brand, viewer: Principal, lang: Lang, now = new Date()) {
  if (viewer.isTrial) return { list: [], claimableCount: 0 };
  const rows = await evaluate(db, brand, viewer.member.id, await listMissions(db, brand.id), now);
  const list = rows.map((r) => view(r.m, r.period, r.progress, r.claim, lang));
  return { list, claimableCount: list.filter((x) => x.status === 'claimable').length };
}

export async function claim(app: FastifyInstance, brand: Brand, viewer: Principal, missionId: bigint, lang: Lang, now = new Date()) {
  if (viewer.isTrial) throw new AppError('in_need_true_account');
  const memberId = viewer.member.id;
  const [m] = await app.db.select().from(missions)
    .where(and(eq(missions.merchantId, brand.id), eq(missions.id, missionId), eq(missions.enabled, true)));
  if (!m) throw new AppError('mission.not.found');
  const period = missionPeriod(m.period, now, brand.config.gmtOffsetMinutes);
  const paid = await app.db.transaction(async (tx) => {
    const [{ progress, claim: existing }] = await evaluate(tx, brand, memberId, [m], now, true);
    if (existing) return false;
    if (progress < m.target) throw new AppError('mission.not.complete');
    const [row] = await tx.insert(missionClaims).values({ merchantId: brand.id, missionId: m.id, memberId, periodKey: period.key, progress, reward: m.reward, claimedAt: now })
      .onConflictDoNothing().returning();
    if (!row) return false; // a concurrent claim won and paid
    if (m.reward > 0n) {
      const idemKey = `mission:${m.id}:${memberId}:${period.key}`;
      const pool = await brandAccount(tx, brand.id, 'bonus_pool', idemKey);
      const main = await memberAccount(tx, brand.id, memberId, 'main');
      const r = await post(tx, { merchantId: brand.id, kind: POSTING_KIND, idemKey, memberId,
        lines: [{ account: pool, amount: -m.reward }, { account: main, amount: m.reward }], meta: { missionId: String(m.id), periodKey: period.key } });
      await tx.update(missionClaims).set({ postingId: r.postingId }).where(eq(missionClaims.id, row.id));
    }
    return true;
  });
  if (paid) balanceChanged(app, brand, memberId);
  const [r] = await evaluate(app.db, brand, memberId, [m], now);
  return view(r.m, r.period, r.progress, r.claim, lang);
}
