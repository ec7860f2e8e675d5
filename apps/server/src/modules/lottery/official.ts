import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { lottery as contract, type operatorLottery } from '@lobby/contract';
import type { Db, Tx } from '../../db/index.ts';
import { lotteryDraws, lotteryGames, lotteryResultEntries } from '../../db/lottery-schema.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { lotteryConfigOf, SETTLE_PARTS, settle, type DrawRow, type GameRow, type SettleOpts } from './draws.ts';
import { checkResult, differingPrizes, sameResult, type Prizes } from './provinces.ts';

/**
 * The results adapter of the VN issues: their result is the official one, entered in the console
 * by two operators (four eyes) or imported from the brand's results feed. Each entry is checked
 * against the region's structure; two active entries per issue at most (seq 1 and 2, a unique
 * index): equal ones publish the result (never before the draw time), different ones block the
 * issue until an operator discards them. A feed result alone publishes (it is the official
 * source); next to an operator's entry it is the second entry. Settlement is the seeded draws'
 * (lottery_settle: each bet once).
 */
export type EntryRow = typeof lotteryResultEntries.$inferSelect;
export interface Who { source: 'console' | 'feed'; by: string; operatorId: bigint | null }
export type Outcome = 'awaiting' | 'mismatch' | 'published';

/** The active entries of some issues, by issue, seq order. */
export async function entriesOf(db: Db | Tx, drawIds: bigint[]): Promise<Map<bigint, EntryRow[]>> {
  const out = new Map<bigint, EntryRow[]>();
  if (drawIds.length === 0) return out;
  const rows = await db.select().from(lotteryResultEntries)
    .where(and(inArray(lotteryResultEntries.drawId, drawIds), isNull(lotteryResultEntries.discardedAt))).orderBy(asc(lotteryResultEntries.seq));
  for (const r of rows) out.set(r.drawId, [...(out.get(r.drawId) ?? []), r]);
  return out;
}

/** The console's view of an issue's official result (null for seeded issues). */
export function officialView(d: DrawRow, entries: EntryRow[] = [], now = new Date()): operatorLottery.DrawRow['official'] {
  if (d.resultSource === 'seed') return null;
  const published = d.publishedAt !== null;
  const state = published ? 'published' : entries.length === 0 ? 'none' : entries.length === 1 ? 'awaiting' : 'mismatch';
  return {
    state,
    entries: entries.map((e) => ({ seq: e.seq, source: e.source, by: e.enteredBy, at: e.createdAt.toISOString(), prizes: e.prizes })),
    differing: entries.length === 2 ? differingPrizes(entries[0].prizes, entries[1].prizes) : [],
    canEnter: !published && d.resultSource === 'official' && (d.status === 'open' || d.status === 'closed') && d.drawAt.getTime() <= now.getTime() && entries.length < 2,
  };
}

/**
 * Enters an official result for an issue (in one transaction, the issue locked): refused before
 * the draw time, on a published, void or seeded issue, on a blocked one (mismatch), and from the
 * operator who made the first entry. A replay of the published result answers published.
 */
export async function enterResult(db: Db | Tx, game: GameRow, numero: string, prizes: Prizes, who: Who, now = new Date()): Promise<{ outcome: Outcome; draw: DrawRow }> {
  if (game.kind !== 'vn' || !game.region) throw new AppError('lottery.result.not.official');
  const checked = checkResult(game.region, prizes);
  return db.transaction(async (tx) => {
    const [d] = await tx.select().from(lotteryDraws).where(and(eq(lotteryDraws.gameId, game.id), eq(lotteryDraws.numero, numero))).for('update');
    if (!d) throw new AppError('lottery.draw.not.found');
    if (d.publishedAt) {
      if (d.resultSource === 'official' && sameResult(d.prizes ?? [], checked.prizes)) return { outcome: 'published' as const, draw: d };
      throw new AppError('lottery.draw.state', { status: d.status });
    }
    if (d.resultSource !== 'official') throw new AppError('lottery.result.not.official');
    if (d.status !== 'open' && d.status !== 'closed') throw new AppError('lottery.draw.state', { status: d.status });
    if (d.drawAt.getTime() > now.getTime()) throw new AppError('lottery.result.too.early', { drawAt: d.drawAt.toISOString() });
    const active = (await entriesOf(tx, [d.id])).get(d.id) ?? [];
    if (active.length >= 2) throw new AppError('lottery.result.mismatch', { prizes: differingPrizes(active[0].prizes, active[1].prizes).join(', ') });
    const first = active[0];
    if (first && who.source === 'console' && first.source === 'console' && first.operatorId === who.operatorId) throw new AppError('lottery.result.same.operator');
    if (first && who.source === 'feed' && first.source === 'feed') return { outcome: 'awaiting' as const, draw: d };
    await tx.insert(lotteryResultEntries).values({
      merchantId: d.merchantId, drawId: d.id, seq: first ? 2 : 1, source: who.source, enteredBy: who.by, operatorId: who.operatorId, prizes: checked.prizes, createdAt: now,
    });
    const agreed = first ? sameResult(first.prizes, checked.prizes) : who.source === 'feed';
    if (!agreed) return { outcome: first ? 'mismatch' as const : 'awaiting' as const, draw: d };
    const [row] = await tx.update(lotteryDraws)
      .set({ status: 'drawn', special: checked.special, prizes: checked.prizes, numbers: checked.numbers, publishedAt: now })
      .where(and(eq(lotteryDraws.id, d.id), inArray(lotteryDraws.status, ['open', 'closed']), sql`${lotteryDraws.publishedAt} is null`, lte(lotteryDraws.drawAt, now)))
      .returning();
    return { outcome: 'published' as const, draw: row };
  });
}

/** Settles a published issue's bets now (the draw job would on its next pass). */
export async function settleNow(db: Db, brand: Brand, game: GameRow, d: DrawRow, now: Date, onCredited?: SettleOpts['onCredited']): Promise<number> {
  return d.status === 'drawn' ? settle(db, brand, game, d, { now, parts: SETTLE_PARTS, onCredited }) : 0;
}

/** Discards the active entries of an unpublished issue (after a mismatch, or a wrong first entry). Answers how many. */
export async function discardEntries(db: Db, game: GameRow, numero: string, by: string, now = new Date()): Promise<{ draw: DrawRow; discarded: number }> {
  const [d] = await db.select().from(lotteryDraws).where(and(eq(lotteryDraws.gameId, game.id), eq(lotteryDraws.numero, numero)));
  if (!d) throw new AppError('lottery.draw.not.found');
  if (d.publishedAt || d.resultSource !== 'official') throw new AppError('lottery.draw.state', { status: d.status });
  const rows = await db.update(lotteryResultEntries).set({ discardedAt: now, discardedBy: by })
    .where(and(eq(lotteryResultEntries.drawId, d.id), isNull(lotteryResultEntries.discardedAt))).returning({ id: lotteryResultEntries.id });
  return { draw: d, discarded: rows.length };
}

// ---- the results feed ----------------------------------------------------------------------

/** The draw date in Vietnam (GMT+7) of an issue, as the feed names it. */
export const vnDate = (at: Date) => new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);

/** The brand's VN issues past their draw time without a result (the ones the feed is read for). */
export async function awaitingIssues(db: Db | Tx, brand: Brand, now: Date): Promise<{ draw: DrawRow; game: GameRow }[]> {
  return db.select({ draw: lotteryDraws, game: lotteryGames }).from(lotteryDraws).innerJoin(lotteryGames, eq(lotteryGames.id, lotteryDraws.gameId))
    .where(and(eq(lotteryDraws.merchantId, brand.id), eq(lotteryDraws.resultSource, 'official'), inArray(lotteryDraws.status, ['open', 'closed']),
      lte(lotteryDraws.drawAt, now), isNull(lotteryDraws.publishedAt)))
    .orderBy(asc(lotteryDraws.drawAt), asc(lotteryDraws.numero)).limit(200);
}

export type FetchFeed = (url: string) => Promise<unknown>;
/** GET with a 5 s limit; anything but a 200 with JSON is lottery.feed.failed. */
export const httpFeed: FetchFeed = async (url) => {
  const res = await fetch(url, { signal: AbortSignal.timeout(5_000), headers: { accept: 'application/json' } }).catch((err: Error) => {
    throw new AppError('lottery.feed.failed', { reason: err.name === 'TimeoutError' ? 'timeout' : 'unreachable' });
  });
  if (res.status !== 200) throw new AppError('lottery.feed.failed', { reason: `HTTP ${res.status}` });
  return res.json().catch(() => { throw new AppError('lottery.feed.failed', { reason: 'not JSON' }); });
};

/** A feed result's prizes as entries (the prize names of the region's structure, in order). */
const prizesOf = (region: contract.VnRegion, rec: Record<string, string[]>): Prizes =>
  contract.VN_STRUCTURE[region].map((s) => ({ prize: s.prize, numbers: rec[s.prize] ?? rec[s.prize.toLowerCase()] ?? [] }));

/**
 * Reads the brand's feed for each date with issues waiting and enters each matching result
 * (source feed). Answers the issues published and the results refused (bad structure, or
 * disagreeing with an operator's entry); `log` hears each refusal.
 */
export async function importFeed(db: Db | Tx, brand: Brand, now = new Date(), fetchFeed: FetchFeed = httpFeed, log?: (msg: string, detail: object) => void): Promise<{ imported: number; refused: number; published: { draw: DrawRow; game: GameRow }[] }> {
  const url = lotteryConfigOf(brand).resultsFeedUrl;
  if (!url) throw new AppError('lottery.feed.unset');
  const waiting = await awaitingIssues(db, brand, now);
  const out = { imported: 0, refused: 0, published: [] as { draw: DrawRow; game: GameRow }[] };
  for (const date of [...new Set(waiting.map((w) => vnDate(w.draw.drawAt)))]) {
    const u = new URL(url);
    u.searchParams.set('date', date);
    const parsed = contract.vnResultsFeed.safeParse(await fetchFeed(u.toString()));
    if (!parsed.success) throw new AppError('lottery.feed.failed', { reason: 'format' });
    for (const w of waiting.filter((x) => vnDate(x.draw.drawAt) === date)) {
      const r = parsed.data.results.find((x) => x.region === w.game.region && x.date === date && (w.game.region === 'north' || x.province === w.draw.province));
      if (!r) continue;
      try {
        const res = await enterResult(db, w.game, w.draw.numero, prizesOf(w.game.region!, r.prizes), { source: 'feed', by: `feed ${u.host}`, operatorId: null }, now);
        if (res.outcome === 'published') {
          out.imported++;
          out.published.push({ draw: res.draw, game: w.game });
        } else if (res.outcome === 'mismatch') out.refused++;
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        out.refused++;
        log?.('lottery feed result refused', { numero: w.draw.numero, code: err.code, params: err.params });
      }
    }
  }
  return out;
}
