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

export async function placeSlip(t: TestApp, token: string, gameCode: string, numero: string, bets: contract.SlipBet[], o: { requestId?: string; prizeMode?: string; code?: string } = {}) {
  const res = await t.call({
    method: 'POST', url: '/lotto/lgw/bets', merchant: o.code ?? 'demo', token,
    payload: { gameCode, numero, requestId: o.requestId ?? rid(), bets, ...(o.prizeMode ? { prizeMode: o.prizeMode } : {}) },
  });
  return { status: res.statusCode, json: res.json() as { success: boolean; errorCode?: string; message?: string; value?: { bets: contract.LotteryBet[]; balance: string } } };
}

export async function drawNowCall(t: TestApp, gameCode: string, numero?: string, code = 'demo') {
  const res = await t.call({ method: 'POST', url: '/wps/operator/lottery/draw-now', merchant: code, headers: OPERATOR, payload: { gameCode, numero } });
  return { status: res.statusCode, json: res.json() as { success: boolean; errorCode?: string; value?: contract.OpenedDraw } };
}

export async function drawRow(t: TestApp, gameId: number, numero: string) {
  const [d] = await t.database.db.select().from(lotteryDraws).where(and(eq(lotteryDraws.gameId, gameId), eq(lotteryDraws.numero, numero)));
  return d;
}
