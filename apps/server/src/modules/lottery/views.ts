import { and, count, desc, eq, inArray, max } from 'drizzle-orm';
import type { lottery as contract } from '@lobby/contract';
import type { Db } from '../../db/index.ts';
import { lotteryBets, lotteryDraws } from '../../db/lottery-schema.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import type { Principal } from '../../plugins/session.ts';
import { formatAmount } from '../../kernel/ledger/index.ts';
import { langOf, type Lang } from '../../kernel/lang/index.ts';
import { provinceName } from './provinces.ts';
import { currentDraw, openIssues, gameByCode, lotteryConfigOf, modeFor, modesOf, offeredGame, offeredGames, type DrawRow, type GameRow } from './draws.ts';
import { betTypesOf, fastFigures, hhmm, oddsMilli, oddsText, type PrizeMode } from './rules.ts';
import { lottery } from '@lobby/contract';

/** What the lottery pages read: menus, the current issue, results history and trend data. */

/** What a game is, as the members' menu and the console both show it (code, kind, schedule). */
export function gameFacts(g: GameRow) {
  return {
    gameCode: g.code, kind: g.kind, region: g.region ?? null, intervalSeconds: g.intervalSeconds ?? null,
    drawTime: g.drawMinute === null ? null : hhmm(g.drawMinute), cutoffSeconds: g.cutoffSeconds,
  };
}

export function gameView(g: GameRow, lang: Lang, brand: Brand): contract.LotteryGame {
  const { modes, preferred } = modesOf(brand, g);
  return {
    ...gameFacts(g), name: g.name[lang], prizeModes: modes, defaultPrizeMode: preferred ?? (g.defaultPrizeMode as PrizeMode),
    gameType: g.gameType as 'LOTT' | 'ELOTT', vassalage: g.vendor, nodeId: g.nodeId,
  };
}

/** The province of a VN issue with its name (null for fast games). */
export const provinceOf = (d: Pick<DrawRow, 'province'>) => (d.province === null ? null : { code: d.province, name: provinceName(d.province)! });

export function drawView(g: GameRow, d: DrawRow): contract.Draw {
  return {
    gameCode: g.code, numero: d.numero, status: d.status, opensAt: d.opensAt.toISOString(), closesAt: d.closesAt.toISOString(), drawAt: d.drawAt.toISOString(),
    // an official issue's result does not come from its seed: no seed hash is published for it
    seedHash: d.resultSource === 'official' ? '' : d.seedHash, province: provinceOf(d), resultSource: d.resultSource,
  };
}

export function openedView(g: GameRow, d: DrawRow): contract.OpenedDraw {
  const published = d.publishedAt !== null && d.special !== null;
  const fig = published && g.kind === 'fast' ? fastFigures(d.special!) : null;
  return {
    ...drawView(g, d),
    special: d.special ?? '', prizes: d.prizes ?? [],
    sum: fig?.sum ?? null, bigSmall: fig?.bigSmall ?? null, oddEven: fig?.oddEven ?? null,
    serverSeed: published && d.resultSource !== 'official' ? d.serverSeed : null, publishedAt: d.publishedAt?.toISOString() ?? null,
  };
}

async function menuOf(db: Db, brand: Brand, games: GameRow[], lang: Lang, now: Date) {
  const list = [];
  for (const g of games) {
    const d = await currentDraw(db, brand, g, now);
    list.push({ ...gameView(g, lang, brand), current: d ? drawView(g, d) : null });
  }
  return list;
}

export async function menus(db: Db, brand: Brand, q: { language?: string }, only?: 'vn', now = new Date()) {
  const games = (await offeredGames(db, brand)).filter((g) => !only || g.kind === only);
  const { lotteryType } = lotteryConfigOf(brand);
  return { list: await menuOf(db, brand, games, langOf(q.language), now), serverTime: now.toISOString(), gmtOffsetMinutes: brand.config.gmtOffsetMinutes, lotteryType };
}

export async function recent(db: Db, brand: Brand, principal: Principal, q: { language?: string }, now = new Date()) {
  const rows = await db.select({ gameId: lotteryBets.gameId, last: max(lotteryBets.betAt) }).from(lotteryBets)
    .where(and(eq(lotteryBets.merchantId, brand.id), eq(lotteryBets.memberId, principal.member.id)))
    .groupBy(lotteryBets.gameId).orderBy(desc(max(lotteryBets.betAt))).limit(20);
  const games = await offeredGames(db, brand);
  const lang = langOf(q.language);
  const list = [];
  for (const r of rows) {
    const g = games.find((x) => x.id === r.gameId);
    if (!g || !r.last) continue;
    const [item] = await menuOf(db, brand, [g], lang, now);
    list.push({ ...item, lastBetAt: r.last.toISOString() });
  }
  return { list };
}

const PUBLISHED = ['drawn', 'settled'] as const;

async function lastOpened(db: Db, g: GameRow): Promise<DrawRow | null> {
  const [d] = await db.select().from(lotteryDraws).where(and(eq(lotteryDraws.gameId, g.id), inArray(lotteryDraws.status, [...PUBLISHED])))
    .orderBy(desc(lotteryDraws.drawAt)).limit(1);
  return d ?? null;
}

export async function current(db: Db, brand: Brand, q: { gameCode: string; prizeMode?: PrizeMode; language?: string }, now = new Date()) {
  const g = await offeredGame(db, brand, q.gameCode);
  const mode = modeFor(brand, g, q.prizeMode);
  const d = await currentDraw(db, brand, g, now);
  const issues = g.kind === 'vn' ? await openIssues(db, brand, g, now) : d ? [d] : [];
  const last = await lastOpened(db, g);
  return {
    game: gameView(g, langOf(q.language), brand),
    current: d ? drawView(g, d) : null,
    issues: issues.map((x) => drawView(g, x)),
    last: last ? openedView(g, last) : null,
    serverTime: now.toISOString(),
    gmtOffsetMinutes: brand.config.gmtOffsetMinutes,
    prizeMode: mode,
    options: betTypesOf(g.kind).map((t) => ({ betType: t, ...lottery.BET_SHAPE[t], odds: oddsText(oddsMilli(g.kind, g.region, mode, t)!) })),
    limits: { minBet: formatAmount(g.minBet), maxBet: formatAmount(g.maxBet), maxPerNumber: formatAmount(g.maxPerNumber) },
  };
}

/** Results history: published and void issues, newest first. `vnOnly` answers lottery.game.not.found for a fast game. */
export async function opened(db: Db, brand: Brand, q: { gameCode: string; pageNo: number; pageSize: number }, vnOnly = false) {
  const g = await gameByCode(db, brand, q.gameCode);
  if (vnOnly && g.kind !== 'vn') throw new AppError('lottery.game.not.found');
  const where = and(eq(lotteryDraws.gameId, g.id), inArray(lotteryDraws.status, [...PUBLISHED, 'void']));
  const [{ n }] = await db.select({ n: count() }).from(lotteryDraws).where(where);
  const rows = await db.select().from(lotteryDraws).where(where).orderBy(desc(lotteryDraws.drawAt))
    .limit(q.pageSize).offset((q.pageNo - 1) * q.pageSize);
  return { list: rows.map((d) => openedView(g, d)), pageNo: q.pageNo, totalPages: Math.ceil(n / q.pageSize), totalCount: n };
}

export async function trend(db: Db, brand: Brand, q: { gameCode: string; limit: number }) {
  const g = await gameByCode(db, brand, q.gameCode);
  const rows = await db.select().from(lotteryDraws).where(and(eq(lotteryDraws.gameId, g.id), inArray(lotteryDraws.status, [...PUBLISHED])))
    .orderBy(desc(lotteryDraws.drawAt)).limit(q.limit);
  const counts = new Array<number>(100).fill(0);
  const missing = new Array<number>(100).fill(-1);
  rows.forEach((d, i) => {
    const tails = (g.kind === 'vn' ? d.numbers ?? [] : [d.special ?? '']).map((n) => Number(n.slice(-2)));
    for (const t of tails) {
      counts[t]++;
      if (missing[t] < 0) missing[t] = i;
    }
  });
  return {
    gameCode: g.code,
    rows: rows.map((d) => {
      const special = d.special ?? '';
      const fig = g.kind === 'fast' ? fastFigures(special) : null;
      return { numero: d.numero, special, digits: [...special].map(Number), sum: fig?.sum ?? null, bigSmall: fig?.bigSmall ?? null, oddEven: fig?.oddEven ?? null };
    }),
    tails: counts.map((c, t) => ({ tail: String(t).padStart(2, '0'), count: c, missing: missing[t] < 0 ? rows.length : missing[t] })),
  };
}
