import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/index.ts';
import { members } from '../../db/schema.ts';
import { lotteryBets, lotteryDraws, lotteryExposure, lotteryGames } from '../../db/lottery-schema.ts';
import { vendorTransactions } from '../../db/seamless-wallet-schema.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { brandAccount } from '../../kernel/ledger/index.ts';
import { seamless } from '../seamless-wallet/index.ts';
import { needsReseal, seal, unseal } from '../../lib/seal.ts';
import { DEFAULT_LOTTERY_CONFIG } from '@lobby/contract';
import { newSeed, nextSlot, resultOf, slotAt, type PrizeMode, type Slot } from './rules.ts';
import { provinceNumero, provincesAt, resultVoidMs } from './provinces.ts';


/**
 * The draw engine: issues are created ahead (unique per game and numero, so two instances
 * create each once), closed at their cut-off, drawn at their draw time (the result is written
 * once: `published_at IS NULL` in the update, and the table's trigger freezes it), and their
 * bets settled in batches by lottery_settle (each bet only while open: a rerun after a crash
 * settles what is left). A void refunds every bet through the seamless rollback, each once; the
 * job finishes the refunds of a void cut short.
 */
export type GameRow = typeof lotteryGames.$inferSelect;
export type DrawRow = typeof lotteryDraws.$inferSelect;


/** Bets settled per lottery_settle call (one transaction each when not inside the job's). */
export const SETTLE_BATCH = 50_000;
/** A bet still pending (its debit not answered) this long after it was placed was cut short by a crash. */
const PENDING_GRACE_MS = 30_000;

export async function gamesOf(db: Db | Tx, merchantId: number): Promise<GameRow[]> {
  return db.select().from(lotteryGames).where(and(eq(lotteryGames.merchantId, merchantId), eq(lotteryGames.enabled, true)))
    .orderBy(asc(lotteryGames.sort), asc(lotteryGames.id));
}

export async function gameByCode(db: Db | Tx, brand: Brand, code: string): Promise<GameRow> {
  const [g] = await db.select().from(lotteryGames)
    .where(and(eq(lotteryGames.merchantId, brand.id), eq(lotteryGames.code, code.toUpperCase()), eq(lotteryGames.enabled, true)));
  if (!g) throw new AppError('lottery.game.not.found');
  return g;
}

/**
 * The prize modes a game offers on a brand (§3 brand config): its own that the brand's lottery
 * config lists, and the one chosen when none is asked for (its default, else the first).
 */
/** The brand's lottery settings (§3), the defaults when it sets none. */
export const lotteryConfigOf = (brand: Brand) => brand.config.lottery ?? DEFAULT_LOTTERY_CONFIG;

export function modesOf(brand: Brand, g: GameRow): { modes: PrizeMode[]; preferred: PrizeMode | null } {
  const allowed = lotteryConfigOf(brand).prizeModes;
  const modes = (g.prizeModes as PrizeMode[]).filter((m) => allowed.includes(m));
  return { modes, preferred: modes.includes(g.defaultPrizeMode as PrizeMode) ? (g.defaultPrizeMode as PrizeMode) : modes[0] ?? null };
}

/** The games members see: enabled, with at least one prize mode the brand offers. */
export async function offeredGames(db: Db | Tx, brand: Brand): Promise<GameRow[]> {
  return (await gamesOf(db, brand.id)).filter((g) => modesOf(brand, g).modes.length > 0);
}

/** A game members may open and bet on (lottery.game.not.found when the brand offers none of its prize modes). */
export async function offeredGame(db: Db | Tx, brand: Brand, code: string): Promise<GameRow> {
  const g = await gameByCode(db, brand, code);
  if (modesOf(brand, g).modes.length === 0) throw new AppError('lottery.game.not.found');
  return g;
}

/** The prize mode of a request: the asked one when the game offers it on the brand, else lottery.prize.mode.invalid. */
export function modeFor(brand: Brand, g: GameRow, asked: PrizeMode | undefined): PrizeMode {
  const { modes, preferred } = modesOf(brand, g);
  const mode = asked ?? preferred;
  if (!mode || !modes.includes(mode)) throw new AppError('lottery.prize.mode.invalid');
  return mode;
}

/**
 * Writes a slot's issues: one for a fast game (seeded), one per province drawing that day for a
 * VN region (official result; the north one a day, its province named).
 */
async function insertSlot(db: Db | Tx, game: GameRow, s: Slot): Promise<void> {
  const base = { merchantId: game.merchantId, gameId: game.id, opensAt: s.opensAt, closesAt: s.closesAt, drawAt: s.drawAt };
  const rows = game.kind === 'vn' && game.region
    ? provincesAt(game.region, s.drawAt).map((p) => ({ ...base, numero: provinceNumero(game.region!, s.numero, p), province: p.code, resultSource: 'official' as const, ...newSeed() }))
    : [{ ...base, numero: s.numero, ...newSeed() }];
  await db.insert(lotteryDraws).values(rows).onConflictDoNothing();
}

/** Last numero made sure of, per game (skips two inserts a read). */
const ensured = new WeakMap<object, Map<number, string>>();

/** Makes sure the current issue and the next exist (idempotent). */
export async function ensureDraws(db: Db | Tx, brand: Brand, game: GameRow, now = new Date()): Promise<Slot> {
  const cur = slotAt(game, brand.config.gmtOffsetMinutes, now);
  let seen = ensured.get(db);
  if (!seen) ensured.set(db, (seen = new Map()));
  if (seen.get(game.id) !== cur.numero) {
    await insertSlot(db, game, cur);
    await insertSlot(db, game, nextSlot(game, brand.config.gmtOffsetMinutes, cur));
    seen.set(game.id, cur.numero);
  }
  return cur;
}

/** The issue taking bets now (or the next to be drawn when the current one was drawn early). */
export async function currentDraw(db: Db | Tx, brand: Brand, game: GameRow, now = new Date()): Promise<DrawRow | null> {
  await ensureDraws(db, brand, game, now);
  const [d] = await db.select().from(lotteryDraws)
    .where(and(eq(lotteryDraws.gameId, game.id), eq(lotteryDraws.status, 'open'), sql`${lotteryDraws.closesAt} > ${now}`))
    .orderBy(asc(lotteryDraws.drawAt), asc(lotteryDraws.id)).limit(1);
  return d ?? null;
}

/** The issues taking bets now at the current issue's draw time (a VN region: one per province drawing then). */
export async function openIssues(db: Db | Tx, brand: Brand, game: GameRow, now = new Date()): Promise<DrawRow[]> {
  const cur = await currentDraw(db, brand, game, now);
  if (!cur) return [];
  return db.select().from(lotteryDraws)
    .where(and(eq(lotteryDraws.gameId, game.id), eq(lotteryDraws.status, 'open'), eq(lotteryDraws.drawAt, cur.drawAt), sql`${lotteryDraws.closesAt} > ${now}`))
    .orderBy(asc(lotteryDraws.id));
}

/** Writes the result of an issue that has none (once: the update only matches an unpublished row). */
export async function publish(db: Db | Tx, game: GameRow, draw: DrawRow, now = new Date()): Promise<DrawRow | null> {
  const serverSeed = unseal(draw.serverSeed);
  const r = resultOf(game.kind, game.region, serverSeed, game.code, draw.numero);
  // the result is published with its seed revealed (plain text from now on); an official issue
  // drawn from its seed (draw-now, a test acceleration) says so: result source 'test'
  const [row] = await db.update(lotteryDraws)
    .set({ status: 'drawn', special: r.special, prizes: r.prizes, numbers: r.numbers, publishedAt: now, serverSeed, ...(draw.resultSource === 'official' ? { resultSource: 'test' as const } : {}) })
    .where(and(eq(lotteryDraws.id, draw.id), inArray(lotteryDraws.status, ['open', 'closed']), sql`${lotteryDraws.publishedAt} is null`))
    .returning();
  return row ?? null;
}

/**
 * Pending bets older than the grace period: open when their debit went through (the vendor
 * transaction is applied), else failed with their stake given back to the per-number limit.
 * Answers how many bets of the draw are still pending.
 */
async function reconcilePending(db: Db | Tx, game: GameRow, drawId: bigint, now: Date): Promise<number> {
  const pending = await db.select().from(lotteryBets).where(and(eq(lotteryBets.drawId, drawId), eq(lotteryBets.status, 'pending')));
  let left = 0;
  for (const b of pending) {
    if (now.getTime() - b.betAt.getTime() < PENDING_GRACE_MS) { left++; continue; }
    const [tx] = await db.select({ status: vendorTransactions.status }).from(vendorTransactions)
      .where(and(eq(vendorTransactions.merchantId, b.merchantId), eq(vendorTransactions.vendor, game.vendor), eq(vendorTransactions.txId, b.txId)));
    await markPlaced(db, b, tx?.status === 'applied');
  }
  return left;
}

/** A pending bet's debit answered: open, or failed (its stake released from the per-number total). */
export async function markPlaced(db: Db | Tx, b: { id: bigint; drawId: bigint; betType: string; numKey: string; amount: bigint }, ok: boolean): Promise<void> {
  const [row] = await db.update(lotteryBets).set({ status: ok ? 'open' : 'failed' })
    .where(and(eq(lotteryBets.id, b.id), eq(lotteryBets.status, 'pending'))).returning({ id: lotteryBets.id });
  if (row && !ok) {
    await db.update(lotteryExposure).set({ total: sql`${lotteryExposure.total} - ${b.amount}` })
      .where(and(eq(lotteryExposure.drawId, b.drawId), eq(lotteryExposure.betType, b.betType), eq(lotteryExposure.numKey, b.numKey)));
  }
}

/** Parts settled side by side (each on its own connection and house shard) when not inside a transaction. */
export const SETTLE_PARTS = 2;

/**
 * Settles a drawn issue's open bets, `batch` at a time (one transaction each), up to
 * `maxBatches` calls per part; `parts` > 1 splits the bets by id and settles the parts side by
 * side (only on a pool, never inside a transaction). Marks the issue settled when no bet is
 * left. Answers bets settled.
 */
export interface SettleOpts {
  batch?: number;
  maxBatches?: number;
  parts?: number;
  now?: Date;
  /** Told the members credited by this settlement (for the live balance push). */
  onCredited?: (memberIds: bigint[]) => void;
}

export async function settle(db: Db | Tx, brand: Brand, game: GameRow, draw: DrawRow, opts: SettleOpts = {}): Promise<number> {
  const now = opts.now ?? new Date();
  if (await reconcilePending(db, game, draw.id, now) > 0) return 0;
  const parts = opts.parts ?? 1;
  const runPart = async (part: number) => {
    const house = await brandAccount(db, brand.id, 'house', `lottery:${game.code}:${draw.numero}:${part}`);
    let total = 0;
    for (let i = 0; i < (opts.maxBatches ?? Infinity); i++) {
      const [row] = rowsOf<{ n: number }>(await db.execute(sql`select lottery_settle(${draw.id}, ${house}, ${opts.batch ?? SETTLE_BATCH}, ${parts}, ${part}) as n`));
      const n = Number(row.n);
      total += n;
      if (n === 0) break;
    }
    return total;
  };
  const total = (await Promise.all(Array.from({ length: parts }, (_, k) => runPart(k)))).reduce((a, b) => a + b, 0);
  if (total > 0 && opts.onCredited) {
    const won = await db.selectDistinct({ id: lotteryBets.memberId }).from(lotteryBets)
      .where(and(eq(lotteryBets.drawId, draw.id), eq(lotteryBets.status, 'won')));
    opts.onCredited(won.map((r) => r.id));
  }
  await db.update(lotteryDraws).set({ status: 'settled', settledAt: now })
    .where(and(eq(lotteryDraws.id, draw.id), eq(lotteryDraws.status, 'drawn'),
      sql`not exists (select 1 from ${lotteryBets} where ${lotteryBets.drawId} = ${draw.id} and ${lotteryBets.status} in ('open', 'pending'))`));
  return total;
}

/**
 * One pass of the draw job for a brand: issues made ahead, past cut-off ones closed, due ones
 * drawn (in `tx`, the job's transaction), drawn ones settled. With `settleDb` (the pool) the
 * issues drawn by an earlier pass are settled there, in parts side by side, and the ones drawn
 * now by the next pass (they are committed by then); without it everything happens in `tx`.
 * Void issues whose refunds a crash cut short are finished the same way ({@link finishVoids}:
 * refunds on `settleDb` when given). `onCredited` is told the members paid (winners and refunds).
 * Answers rows changed (draws published + bets settled + bets refunded).
 */
export async function runBrand(tx: Db | Tx, brand: Brand, now = new Date(), settleDb?: Db, onCredited?: SettleOpts['onCredited']): Promise<number> {
  let changed = await finishVoids(tx, brand, now, onCredited, settleDb ?? tx);
  const games = await gamesOf(tx, brand.id);
  if (games.length === 0) return changed;
  for (const g of games) await ensureDraws(tx, brand, g, now);
  const ids = games.map((g) => g.id);
  await tx.update(lotteryDraws).set({ status: 'closed' })
    .where(and(inArray(lotteryDraws.gameId, ids), eq(lotteryDraws.status, 'open'), lte(lotteryDraws.closesAt, now)));
  const due = await tx.select().from(lotteryDraws)
    .where(and(inArray(lotteryDraws.gameId, ids), inArray(lotteryDraws.status, ['open', 'closed', 'drawn']), lte(lotteryDraws.drawAt, now)))
    .orderBy(asc(lotteryDraws.drawAt));
  for (const d of due) {
    const g = games.find((x) => x.id === d.gameId)!;
    if (d.status === 'drawn') {
      changed += settleDb ? await settle(settleDb, brand, g, d, { now, parts: SETTLE_PARTS, onCredited }) : await settle(tx, brand, g, d, { now, onCredited });
      continue;
    }
    if (d.resultSource === 'official') {
      // a VN issue waits for its official result (results.ts); none in time: void, bets refunded
      changed += await expireOfficial(tx, brand, g, d, now, onCredited);
      continue;
    }
    const drawn = await publish(tx, g, d, now);
    if (!drawn) continue;
    changed++;
    if (!settleDb) changed += await settle(tx, brand, g, drawn, { now, onCredited });
  }
  return changed;
}

/**
 * Seals the seeds of unpublished issues stored in plain text (issues from before sealing) or
 * under an old key (after a key rotation); run at start. Answers how many it sealed again.
 */
export async function resealDraws(db: Db): Promise<number> {
  const rows = await db.select({ id: lotteryDraws.id, s: lotteryDraws.serverSeed }).from(lotteryDraws)
    .where(sql`${lotteryDraws.publishedAt} is null`);
  let n = 0;
  for (const r of rows) {
    if (!needsReseal(r.s)) continue;
    await db.update(lotteryDraws).set({ serverSeed: seal(unseal(r.s)) })
      .where(and(eq(lotteryDraws.id, r.id), eq(lotteryDraws.serverSeed, r.s), sql`${lotteryDraws.publishedAt} is null`));
    n++;
  }
  return n;
}

/**
 * Test acceleration (operator): the game's current issue closes and is drawn now, its bets
 * settled. An official (VN) issue with `awaitOfficial` only closes and becomes due now: its
 * result is then entered or imported (results.ts); without it, it is drawn from its seed as a
 * stand-in (result source 'test').
 */
export async function drawNow(db: Db, brand: Brand, game: GameRow, numero?: string, now = new Date(), onCredited?: SettleOpts['onCredited'], awaitOfficial = false): Promise<DrawRow> {
  const d = numero === undefined ? await currentDraw(db, brand, game, now)
    : (await db.select().from(lotteryDraws).where(and(eq(lotteryDraws.gameId, game.id), eq(lotteryDraws.numero, numero))))[0];
  if (!d) throw new AppError('lottery.draw.not.found');
  const drawn = await db.transaction(async (tx) => {
    await tx.update(lotteryDraws).set({ status: 'closed', opensAt: sql`least(${lotteryDraws.opensAt}, ${now})`, closesAt: now, drawAt: now })
      .where(and(eq(lotteryDraws.id, d.id), eq(lotteryDraws.status, 'open'), sql`${lotteryDraws.publishedAt} is null`));
    const [locked] = await tx.select().from(lotteryDraws).where(eq(lotteryDraws.id, d.id)).for('update');
    if (locked.publishedAt || (awaitOfficial && locked.resultSource === 'official' && locked.status === 'closed')) return locked;
    const row = await publish(tx, game, locked, now);
    if (!row) throw new AppError('lottery.draw.state', { status: locked.status });
    return row;
  });
  if (drawn.status === 'void') throw new AppError('lottery.draw.state', { status: drawn.status });
  if (drawn.status === 'drawn') await settle(db, brand, game, drawn, { now, parts: SETTLE_PARTS, onCredited });
  const [after] = await db.select().from(lotteryDraws).where(eq(lotteryDraws.id, d.id));
  return after;
}

/** A void issue's refunds are left to the draw job this long after the void (the operator's call is likely still refunding). */
export const VOID_GRACE_MS = PENDING_GRACE_MS;

type Refundable = { bet: typeof lotteryBets.$inferSelect; username: string };

/** The open and pending bets of an issue, with their members' usernames (the rollback names the member). */
async function refundableBets(db: Db | Tx, drawId: bigint): Promise<Refundable[]> {
  return db.select({ bet: lotteryBets, username: members.username }).from(lotteryBets)
    .innerJoin(members, eq(members.id, lotteryBets.memberId))
    .where(and(eq(lotteryBets.drawId, drawId), inArray(lotteryBets.status, ['open', 'pending'])));
}

/**
 * Refunds one bet of a void issue, once: the seamless rollback (its own tx id `<bet tx>:void`,
 * unique per vendor, so a second call only replays the first answer) and the bet marked void,
 * in one transaction. Two callers at once (the job and an operator's second void): the second
 * waits on the first's tx id, then replays it without moving money and finds the bet void.
 * Answers whether this call refunded it.
 */
async function refundBet(db: Db | Tx, brand: Brand, game: GameRow, { bet, username }: Refundable, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const r = await seamless.rollback(tx, brand, game.vendor, { txId: `${bet.txId}:void`, refTxId: bet.txId, roundId: bet.roundId, member: username });
    const [row] = await tx.update(lotteryBets).set({ status: 'void', settledAt: now })
      .where(and(eq(lotteryBets.id, bet.id), inArray(lotteryBets.status, ['open', 'pending']))).returning({ id: lotteryBets.id });
    return Boolean(row) && r.moved;
  });
}

/**
 * Refunds every open or pending bet of a void issue and, when none is left, marks its refunds
 * done (`settled_at`: the void issues the draw job still has to finish are the ones without it).
 * Answers the bets refunded by this call and their members.
 */
async function refundVoid(db: Db | Tx, brand: Brand, game: GameRow, drawId: bigint, now: Date): Promise<{ refunded: number; members: bigint[] }> {
  let refunded = 0;
  const refundedMembers = new Set<bigint>();
  for (const b of await refundableBets(db, drawId)) {
    if (await refundBet(db, brand, game, b, now)) {
      refunded++;
      refundedMembers.add(b.bet.memberId);
    }
  }
  await db.update(lotteryDraws).set({ settledAt: now })
    .where(and(eq(lotteryDraws.id, drawId), eq(lotteryDraws.status, 'void'), sql`${lotteryDraws.settledAt} is null`,
      sql`not exists (select 1 from ${lotteryBets} where ${lotteryBets.drawId} = ${drawId} and ${lotteryBets.status} in ('open', 'pending'))`));
  return { refunded, members: [...refundedMembers] };
}

/**
 * The draw job's part of voids: finishes the refunds of void issues cut short (the server died
 * in the middle of a void), voided at least {@link VOID_GRACE_MS} ago. One query on the partial
 * index lottery_draws_void_unrefunded (void issues without `settled_at`), empty when there is
 * nothing to do. Answers the bets refunded; `onRefunded` is told their members.
 */
export async function finishVoids(db: Db | Tx, brand: Brand, now = new Date(), onRefunded?: (memberIds: bigint[]) => void, refundDb: Db | Tx = db): Promise<number> {
  const voids = await db.select({ id: lotteryDraws.id, gameId: lotteryDraws.gameId }).from(lotteryDraws)
    .where(and(eq(lotteryDraws.merchantId, brand.id), eq(lotteryDraws.status, 'void'), sql`${lotteryDraws.settledAt} is null`,
      lte(lotteryDraws.voidedAt, new Date(now.getTime() - VOID_GRACE_MS))));
  let total = 0;
  for (const v of voids) {
    // the game may have been disabled since: its vendor is still the one to refund through
    const [game] = await db.select().from(lotteryGames).where(eq(lotteryGames.id, v.gameId));
    const r = await refundVoid(refundDb, brand, game, v.id, now);
    total += r.refunded;
    if (r.members.length > 0) onRefunded?.(r.members);
  }
  return total;
}

/**
 * Voids an unpublished issue and refunds each of its bets once (see {@link refundBet}); on a void
 * issue it finishes the refunds (so does the draw job). `why` (the console's reason and operator)
 * is kept on the issue. Answers the bets refunded by this call.
 */
export async function voidDraw(db: Db, brand: Brand, game: GameRow, numero: string, now = new Date(), why?: { reason: string | null; by: string }): Promise<{ draw: DrawRow; refunded: number; members: bigint[] }> {
  const [d] = await db.select().from(lotteryDraws).where(and(eq(lotteryDraws.gameId, game.id), eq(lotteryDraws.numero, numero)));
  if (!d) throw new AppError('lottery.draw.not.found');
  if (d.status !== 'void') {
    if (d.publishedAt) throw new AppError('lottery.draw.state', { status: d.status });
    const [v] = await db.update(lotteryDraws).set({ status: 'void', voidedAt: now, voidReason: why?.reason ?? null, voidedBy: why?.by ?? null })
      .where(and(eq(lotteryDraws.id, d.id), sql`${lotteryDraws.publishedAt} is null`, inArray(lotteryDraws.status, ['open', 'closed']))).returning();
    if (!v) {
      const [again] = await db.select().from(lotteryDraws).where(eq(lotteryDraws.id, d.id));
      if (again.status !== 'void') throw new AppError('lottery.draw.state', { status: again.status });
    }
  }
  const r = await refundVoid(db, brand, game, d.id, now);
  const [after] = await db.select().from(lotteryDraws).where(eq(lotteryDraws.id, d.id));
  return { draw: after, ...r };
}

/**
 * A VN issue still without its official result {@link resultVoidMs} after its draw time: void
 * (reason "no official result", by "system") and every bet refunded once through the seamless
 * rollback. Answers the bets refunded.
 */
export async function expireOfficial(db: Db | Tx, brand: Brand, game: GameRow, d: DrawRow, now: Date, onRefunded?: SettleOpts['onCredited']): Promise<number> {
  if (now.getTime() < d.drawAt.getTime() + resultVoidMs(brand)) return 0;
  const [v] = await db.update(lotteryDraws).set({ status: 'void', voidedAt: now, voidReason: 'no official result', voidedBy: 'system' })
    .where(and(eq(lotteryDraws.id, d.id), sql`${lotteryDraws.publishedAt} is null`, inArray(lotteryDraws.status, ['open', 'closed']))).returning();
  if (!v) return 0;
  const r = await refundVoid(db, brand, game, d.id, now);
  if (r.members.length > 0) onRefunded?.(r.members);
  return r.refunded;
}
