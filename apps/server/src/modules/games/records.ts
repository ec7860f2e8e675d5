import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { accountGames, type games as contract } from '@lobby/contract';
import type { Db } from '../../db/index.ts';
import { betRecords } from '../../db/schema.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { requireRealAccount, type Principal } from '../../plugins/session.ts';
import { formatAmount } from '../../kernel/ledger/index.ts';
import { dayRange } from '../../kernel/brand-time/index.ts';
import type { Lang } from '../../kernel/lang/index.ts';
import type { Catalog } from './catalog.ts';

const { BET_RECORDS_PAGE_SIZE: SIZE } = accountGames;

interface Query {
  startDate: string;
  endDate: string;
  page: number;
  gameType?: contract.GameType;
  status?: (typeof accountGames.BET_STATUSES)[number];
}

/**
 * The member's betting record (ODSFE2_betRecords): bets placed in the range of brand days
 * (at most 30; the wallet records' rule), newest first, 10 a page, on the bet_records_member
 * index. Totals over the whole filtered range: `bet` is what was staked and not refunded,
 * `validBet`, `win` and `profit` come from settled bets (open and refunded ones have none).
 * The game name is the catalog's in `lang` (the node id when the game left the catalog).
 */
export async function betRecordsPage(db: Db, brand: Brand, catalog: Catalog, p: Principal, q: Query, lang: Lang) {
  requireRealAccount(p);
  const { from, to } = dayRange(brand, q.startDate, q.endDate);
  const where = [eq(betRecords.merchantId, brand.id), eq(betRecords.memberId, p.member.id), gte(betRecords.betAt, from), lt(betRecords.betAt, to)];
  if (q.gameType) where.push(eq(betRecords.gameType, q.gameType));
  if (q.status) where.push(eq(betRecords.status, q.status));
  const settled = sql`${betRecords.status} = 'settled'`;
  const [rows, [sum]] = await Promise.all([
    db.select().from(betRecords).where(and(...where))
      .orderBy(desc(betRecords.betAt), desc(betRecords.id)).limit(SIZE).offset((q.page - 1) * SIZE),
    db.select({
      total: count(),
      bet: sql<string>`coalesce(sum(${betRecords.bet}) filter (where ${betRecords.status} <> 'refunded'), 0)`,
      validBet: sql<string>`coalesce(sum(${betRecords.validBet}) filter (where ${settled}), 0)`,
      win: sql<string>`coalesce(sum(${betRecords.win}) filter (where ${settled}), 0)`,
      profit: sql<string>`coalesce(sum(${betRecords.profit}) filter (where ${settled}), 0)`,
    }).from(betRecords).where(and(...where)),
  ]);
  const total = Number(sum.total);
  return {
    list: rows.map((r): accountGames.BetRecordRow => {
      const done = r.status === 'settled';
      return {
        orderNo: r.orderNo,
        roundId: r.roundId,
        gameName: catalog.game(r.game)?.name[lang] ?? r.game,
        nodeId: r.game,
        gameType: r.gameType,
        vassalage: r.vendor,
        bet: formatAmount(r.bet),
        validBet: formatAmount(done ? r.validBet : 0n),
        win: formatAmount(done ? r.win : 0n),
        profit: formatAmount(done ? r.profit : 0n),
        status: r.status,
        betTime: r.betAt.toISOString(),
        settleTime: r.settledAt?.toISOString() ?? null,
      };
    }),
    page: q.page,
    total,
    totalPages: Math.ceil(total / SIZE),
    totals: { bet: formatAmount(sum.bet), validBet: formatAmount(sum.validBet), win: formatAmount(sum.win), profit: formatAmount(sum.profit) },
  };
}
