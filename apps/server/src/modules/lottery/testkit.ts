/** Helpers for the lottery tests. Not loaded by the server. */
import { unseal } from '../../lib/seal.ts';
import { and, eq, sql } from 'drizzle-orm';
import type { lottery as contract } from '@lobby/contract';
import { lotteryDraws } from '../../db/lottery-schema.ts';
import type { TestApp } from '../../test/harness.ts';
import { player } from '../../test/kits/seamless.ts';
import { memberBalances } from '../../kernel/ledger/index.ts';
import { brandOf, rid } from '../../test/kits/wallet.ts';
import { currentDraw, gameByCode } from './draws.ts';
import { resultOf } from './rules.ts';

export const OPERATOR = { 'x-operator-key': 'dev-operator-key' };

/** A funded member with a live session (the seamless bet needs one). */
export const bettor = (t: TestApp, minor = 1_000_000n, code = 'demo') => player(t, minor, { code });

export async function balanceOf(t: TestApp, memberId: bigint, code = 'demo'): Promise<bigint> {
  return (await memberBalances(t.database.db, brandOf(t, code).id, memberId)).find((a) => a.wallet === 'main')?.balance ?? 0n;
}

/**
 * The game's current issue with the result it will have (the test reads the committed seed).
 * Its cut-off is moved at least 5 minutes ahead, so a fast game's real cut-off cannot pass
 * in the middle of a test.
 */
export async function upcoming(t: TestApp, gameCode: string, code = 'demo') {
  const brand = brandOf(t, code);
  const game = await gameByCode(t.database.db, brand, gameCode);
  const cur = (await currentDraw(t.database.db, brand, game))!;
  const [draw] = await t.database.db.update(lotteryDraws)
    .set({
      // open now (the clock may sit in the previous issue's cut-off, before this one opens), closing in 5 minutes at the earliest
      opensAt: sql`least(${lotteryDraws.opensAt}, now())`,
      closesAt: sql`greatest(${lotteryDraws.closesAt}, now() + interval '5 minutes')`, drawAt: sql`greatest(${lotteryDraws.drawAt}, now() + interval '5 minutes')` })
    .where(eq(lotteryDraws.id, cur.id)).returning();
  return { game, draw, result: resultOf(game.kind, game.region, unseal(draw.serverSeed), game.code, draw.numero) };
}

export async function placeSlip(t: TestApp, token: string, gameCode: string, numero: string, bets: contract.SlipBet[], o: { requestId?: string; prizeMode?: string; code?: string; numeros?: string[] } = {}) {
  const res = await t.call({
    method: 'POST', url: '/lotto/lgw/bets', merchant: o.code ?? 'demo', token,
    payload: { gameCode, numero, requestId: o.requestId ?? rid(), bets, ...(o.prizeMode ? { prizeMode: o.prizeMode } : {}), ...(o.numeros ? { numeros: o.numeros } : {}) },
  });
  return { status: res.statusCode, json: res.json() as { success: boolean; errorCode?: string; message?: string; value?: { bets: contract.LotteryBet[]; balance: string } } };
}

export async function drawNowCall(t: TestApp, gameCode: string, numero?: string, code = 'demo', awaitOfficial?: boolean) {
  const res = await t.call({ method: 'POST', url: '/wps/operator/lottery/draw-now', merchant: code, headers: OPERATOR, payload: { gameCode, numero, ...(awaitOfficial ? { awaitOfficial } : {}) } });
  return { status: res.statusCode, json: res.json() as { success: boolean; errorCode?: string; value?: contract.OpenedDraw } };
}

export async function drawRow(t: TestApp, gameId: number, numero: string) {
  const [d] = await t.database.db.select().from(lotteryDraws).where(and(eq(lotteryDraws.gameId, gameId), eq(lotteryDraws.numero, numero)));
  return d;
}

/** A result of the region's structure with every digit `d` (the tests change one prize). */
export function fullResult(region: 'north' | 'south' | 'central', d = '1') {
  const shape = region === 'north'
    ? [['DB', 1, 5], ['G1', 1, 5], ['G2', 2, 5], ['G3', 6, 5], ['G4', 4, 4], ['G5', 6, 4], ['G6', 3, 3], ['G7', 4, 2]]
    : [['DB', 1, 6], ['G1', 1, 5], ['G2', 1, 5], ['G3', 2, 5], ['G4', 7, 5], ['G5', 1, 4], ['G6', 3, 4], ['G7', 1, 3], ['G8', 1, 2]];
  return shape.map(([prize, count, digits]) => ({ prize: prize as string, numbers: Array.from({ length: count as number }, () => d.repeat(digits as number)) }));
}
