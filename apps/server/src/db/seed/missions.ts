/**
 * Demo missions (daily, weekly, milestones) and VIP levels VIP0–VIP5 for both demo brands. Amounts
 * in minor units; counts for count kinds. Titles in ES and EN here, the other translated languages
 * from content/. Only for brands that have none yet; untouched ES/EN-only demo missions get the
 * translations added.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../index.ts';
import { merchants, missions, vipLevels } from '../schema.ts';
import { translated, untranslated, type ContentId } from './content/index.ts';

type NewMission = Omit<typeof missions.$inferInsert, 'merchantId'>;

export const DEMO_MISSIONS: NewMission[] = [
  { sort: 1, kind: 'validBet', period: 'daily', target: 1_000n, reward: 100n, title: { ES: 'Apueste 10 hoy', EN: 'Bet 10.00 today' } },
  { sort: 2, kind: 'betCount', period: 'daily', target: 5n, reward: 50n, title: { ES: 'Juegue 5 rondas hoy', EN: 'Play 5 rounds today' } },
  { sort: 3, kind: 'games', period: 'daily', target: 3n, reward: 200n, title: { ES: 'Pruebe 3 juegos distintos hoy', EN: 'Play 3 different games today' } },
  { sort: 4, kind: 'deposits', period: 'weekly', target: 1n, reward: 500n, title: { ES: 'Deposite una vez esta semana', EN: 'Deposit once this week' } },
  { sort: 5, kind: 'validBet', period: 'weekly', target: 50_000n, reward: 1_000n, title: { ES: 'Apueste 500 esta semana', EN: 'Bet 500.00 this week' } },
  { sort: 6, kind: 'validBet', period: 'milestone', target: 100_000n, reward: 2_000n, title: { ES: 'Hito: 1.000 apostados en total', EN: 'Milestone: 1,000.00 bet in total' } },
  { sort: 7, kind: 'depositAmount', period: 'milestone', target: 100_000n, reward: 1_500n, title: { ES: 'Hito: 1.000 depositados en total', EN: 'Milestone: 1,000.00 deposited in total' } },
];

/** A demo mission with its title in every translated language (content id `mission.<sort>`). */
const localized = (m: NewMission): NewMission => ({ ...m, title: translated(`mission.${m.sort}` as ContentId, m.title as { ES: string; EN: string }) });

async function upgradeMissions(db: Db, merchantId: number): Promise<void> {
  const rows = await db.select({ id: missions.id, title: missions.title }).from(missions).where(eq(missions.merchantId, merchantId));
  for (const r of rows) {
    const demo = DEMO_MISSIONS.find((m) => m.title.ES === r.title.ES && m.title.EN === r.title.EN);
    if (demo && untranslated(r.title)) await db.update(missions).set({ title: localized(demo).title }).where(and(eq(missions.id, r.id), eq(missions.merchantId, merchantId)));
  }
}

type NewLevel = Omit<typeof vipLevels.$inferInsert, 'merchantId'>;

export const DEMO_VIP_LEVELS: NewLevel[] = [
  { level: 0, label: 'VIP0', minDeposit: 0n, minValidBet: 0n, reward: 0n },
  { level: 1, label: 'VIP1', minDeposit: 10_000n, minValidBet: 1_000n, reward: 500n },
  { level: 2, label: 'VIP2', minDeposit: 100_000n, minValidBet: 500_000n, reward: 5_000n },
  { level: 3, label: 'VIP3', minDeposit: 1_000_000n, minValidBet: 5_000_000n, reward: 30_000n },
  { level: 4, label: 'VIP4', minDeposit: 5_000_000n, minValidBet: 25_000_000n, reward: 100_000n },
  { level: 5, label: 'VIP5', minDeposit: 20_000_000n, minValidBet: 100_000_000n, reward: 500_000n },
];

export async function seedMissions(db: Db, codes = ['demo', 'luna']): Promise<void> {
  const brands = await db.select({ id: merchants.id }).from(merchants).where(inArray(merchants.code, codes));
  for (const b of brands) {
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(missions).where(eq(missions.merchantId, b.id));
    if (n === 0) await db.insert(missions).values(DEMO_MISSIONS.map((m) => ({ ...localized(m), merchantId: b.id })));
    else await upgradeMissions(db, b.id);
    await db.insert(vipLevels).values(DEMO_VIP_LEVELS.map((l) => ({ ...l, merchantId: b.id }))).onConflictDoNothing();
  }
}
