import { inArray } from 'drizzle-orm';
import type { PrizeMode } from '../../modules/lottery/index.ts';
import { importCatalog } from '../../modules/games/index.ts';
import type { Db } from '../index.ts';
import { lotteryGames } from '../lottery-schema.ts';
import { merchants } from '../schema.ts';

/** Vendors that carry the lottery in the catalog (bet records, recent games, launch cards). */
export const LOTTERY_VENDORS = { vn: 'LOTT-VN', fast: 'ELOTT-FAST' } as const;

/** Vietnam's draw times (GMT+7): south 16:15, central 17:15, north 18:15. */
const VN_OFFSET = 7 * 60;
const VN = [
  { code: 'VN-NORTH', region: 'north', minute: 18 * 60 + 15, name: { ES: 'Lotería VN Norte', EN: 'VN Lottery North' } },
  { code: 'VN-CENTRAL', region: 'central', minute: 17 * 60 + 15, name: { ES: 'Lotería VN Centro', EN: 'VN Lottery Central' } },
  { code: 'VN-SOUTH', region: 'south', minute: 16 * 60 + 15, name: { ES: 'Lotería VN Sur', EN: 'VN Lottery South' } },
] as const;
const FAST = [
  { code: 'FAST1', seconds: 60, cutoff: 10, name: { ES: 'Lotería rápida 1 min', EN: 'Fast Lottery 1 min' } },
  { code: 'FAST3', seconds: 180, cutoff: 30, name: { ES: 'Lotería rápida 3 min', EN: 'Fast Lottery 3 min' } },
  { code: 'FAST5', seconds: 300, cutoff: 30, name: { ES: 'Lotería rápida 5 min', EN: 'Fast Lottery 5 min' } },
] as const;

const nodeOf = (code: string) => `lottery-${code.toLowerCase()}`;
const LIMITS = { minBet: 100n, maxBet: 1_000_000n, maxPerNumber: 5_000_000n };
const VN_MODES: PrizeMode[] = ['LOTT', 'ZY', 'SEA'];
const FAST_MODES: PrizeMode[] = ['ELOTT', 'LOTT'];

/**
 * The lottery of the demo brands: the catalog vendors and games (so lottery bets are game bets)
 * and the six lottery games. Idempotent; existing rows are left as operators set them.
 */
export async function seedLottery(db: Db, codes = ['demo', 'luna']): Promise<void> {
  const rows = await db.select({ id: merchants.id, config: merchants.config }).from(merchants).where(inArray(merchants.code, codes));
  for (const m of rows) {
    await importCatalog(db, m.id, {
      vendors: [
        { code: LOTTERY_VENDORS.vn, name: 'VN Lottery', gameType: 'LOTT', sort: 900 },
        { code: LOTTERY_VENDORS.fast, name: 'Fast Lottery', gameType: 'ELOTT', sort: 900 },
      ],
      games: [
        ...VN.map((g, i) => ({ nodeId: nodeOf(g.code), gameCode: g.code, name: g.name, gameType: 'LOTT' as const, vendor: LOTTERY_VENDORS.vn, sort: i })),
        ...FAST.map((g, i) => ({ nodeId: nodeOf(g.code), gameCode: g.code, name: g.name, gameType: 'ELOTT' as const, vendor: LOTTERY_VENDORS.fast, sort: i })),
      ],
    }, { skipExisting: true });
    const offset = (m.config as { gmtOffsetMinutes?: number }).gmtOffsetMinutes ?? 0;
    await db.insert(lotteryGames).values([
      ...VN.map((g, i) => ({
        merchantId: m.id, code: g.code, name: g.name, kind: 'vn' as const, region: g.region,
        drawMinute: (((g.minute - VN_OFFSET + offset) % 1440) + 1440) % 1440, cutoffSeconds: 300,
        prizeModes: VN_MODES, defaultPrizeMode: 'LOTT', gameType: 'LOTT', vendor: LOTTERY_VENDORS.vn, nodeId: nodeOf(g.code), sort: i, ...LIMITS,
      })),
      ...FAST.map((g, i) => ({
        merchantId: m.id, code: g.code, name: g.name, kind: 'fast' as const, intervalSeconds: g.seconds, cutoffSeconds: g.cutoff,
        prizeModes: FAST_MODES, defaultPrizeMode: 'ELOTT', gameType: 'ELOTT', vendor: LOTTERY_VENDORS.fast, nodeId: nodeOf(g.code), sort: 10 + i, ...LIMITS,
      })),
    ]).onConflictDoNothing();
  }
}
