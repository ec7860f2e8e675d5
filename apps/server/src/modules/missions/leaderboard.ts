/**
 * The leaderboard: members ranked by the valid bet of the bets placed in the brand day or week,
 * usernames masked, with the caller's own rank. The ranking of a brand and period is read once
 * (one index range over the period's settled bets) and shared for CACHE_MS by every caller.
 */
import { missions as contract } from '@lobby/contract';
import type { Db } from '../../db/index.ts';
import type { Brand } from '../../plugins/merchant.ts';
import type { Principal } from '../../plugins/session.ts';
import { periodAt } from '../../kernel/brand-time/index.ts';
import { formatAmount } from '../../kernel/ledger/index.ts';
import { validBetRanking } from './activity.ts';

const CACHE_MS = 10_000;
type Ranking = Awaited<ReturnType<typeof validBetRanking>>;
const cache = new Map<string, { at: number; rows: Ranking; rankOf: Map<bigint, number> }>();

/** "player01" → "pl***01": the first two and last two characters (one each for short names). */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 2) return `${chars[0] ?? ''}***`;
  const keep = chars.length >= 6 ? 2 : 1;
  return `${chars.slice(0, keep).join('')}***${chars.slice(-keep).join('')}`;
}

export async function leaderboard(db: Db, brand: Brand, viewer: Principal, period: 'daily' | 'weekly', now = new Date()) {
  const p = periodAt(period, now, brand.config.gmtOffsetMinutes);
  const key = `${brand.id}:${p.key}`;
  let hit = cache.get(key);
  if (!hit || now.getTime() - hit.at >= CACHE_MS || now.getTime() < hit.at) {
    const rows = await validBetRanking(db, brand.id, p.start, p.end);
    hit = { at: now.getTime(), rows, rankOf: new Map(rows.map((r, i) => [r.memberId, i + 1])) };
    for (const [k, v] of cache) if (now.getTime() - v.at >= CACHE_MS) cache.delete(k);
    cache.set(key, hit);
  }
  const me = viewer.member.id;
  const rank = hit.rankOf.get(me) ?? null;
  return {
    period, periodKey: p.key, endsAt: p.end.toISOString(),
    list: hit.rows.slice(0, contract.LEADERBOARD_SIZE).map((r, i) => ({ rank: i + 1, name: maskName(r.username), validBet: formatAmount(r.total), me: r.memberId === me })),
    mine: { rank, validBet: formatAmount(rank ? hit.rows[rank - 1].total : 0n) },
  };
}
