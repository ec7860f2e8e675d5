import { and, desc, eq, gt, gte } from 'drizzle-orm';
import { GAME_TYPES, games as contract } from '@lobby/contract';
import type { Db } from '../../db/index.ts';
import { betRecords, members } from '../../db/schema.ts';
import { formatAmount } from '../../kernel/ledger/index.ts';
import type { Lang } from '../../kernel/lang/index.ts';
import type { Catalog } from './catalog.ts';
import { PLAY_WINDOW_MS } from './plays.ts';

/** How long one brand's winner board is served from memory. */
export const WINNERS_TTL_MS = 30_000;
const LIMIT = contract.WINNER_BOARD_LIMIT;

/**
 * A member name as the board shows it: first and last character kept, the rest starred
 * (`player01` -> `p******1`); two characters keep the first (`ab` -> `a*`), one is `*`.
 */
export function maskName(name: string): string {
  const cs = [...name];
  if (cs.length <= 1) return '*';
  if (cs.length === 2) return `${cs[0]}*`;
  return `${cs[0]}${'*'.repeat(cs.length - 2)}${cs[cs.length - 1]}`;
}

interface Win { customerName: string; win: bigint; nodeId: string }

/** The biggest settled wins of the last 7 days (bet_records_settled index), masked, biggest first. */
async function loadWins(db: Db, merchantId: number, gameType: contract.GameType | null, now: number): Promise<Win[]> {
  const where = [
    eq(betRecords.merchantId, merchantId), gte(betRecords.settledAt, new Date(now - PLAY_WINDOW_MS)),
    eq(betRecords.status, 'settled'), gt(betRecords.win, 0n),
  ];
  if (gameType) where.push(eq(betRecords.gameType, gameType));
  // Twice the limit, so games dropped from the catalog since can be skipped and the board stays full.
  const rows = await db.select({ username: members.username, win: betRecords.win, nodeId: betRecords.game })
    .from(betRecords).innerJoin(members, eq(members.id, betRecords.memberId))
    .where(and(...where)).orderBy(desc(betRecords.win), desc(betRecords.settledAt)).limit(LIMIT * 2);
  return rows.map((r) => ({ customerName: maskName(r.username), win: r.win, nodeId: r.nodeId }));
}

/**
 * The winner board (GCSGAME_winnerBoard) per brand and category, kept in memory for 30 s: one
 * query per brand and category per 30 s however many players ask (concurrent misses share it).
 * A category that is not a game type (ALL, HOME…) is the whole brand.
 */
export class WinnerBoards {
  private cache = new Map<string, { at: number; wins: Promise<Win[]> }>();

  constructor(private db: Db, private ttlMs = WINNERS_TTL_MS) {}

  async list(merchantId: number, catalog: Catalog, category: string, limit: number, lang: Lang): Promise<contract.WinnerEntry[]> {
    const gameType = (GAME_TYPES as readonly string[]).includes(category) ? category as contract.GameType : null;
    const key = `${merchantId}|${gameType ?? 'ALL'}`;
    const now = Date.now();
    let hit = this.cache.get(key);
    if (!hit || now - hit.at > this.ttlMs) {
      const entry = { at: now, wins: loadWins(this.db, merchantId, gameType, now) };
      entry.wins.catch(() => { if (this.cache.get(key) === entry) this.cache.delete(key); });
      this.cache.set(key, entry);
      hit = entry;
    }
    const out: contract.WinnerEntry[] = [];
    for (const w of await hit.wins) {
      const g = catalog.game(w.nodeId);
      if (!g) continue;
      const wire = g.wire[lang];
      out.push({
        customerName: w.customerName, winAmount: formatAmount(w.win), gameName: wire.gameName, iconUrl: wire.iconUrl,
        nodeId: g.nodeId, gameType: g.gameType, vassalage: g.vendor.code,
      });
      if (out.length === limit) break;
    }
    return out;
  }
}
