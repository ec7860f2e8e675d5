import { asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lotteryBets, lotteryDraws } from '../../db/lottery-schema.ts';
import { postings } from '../../db/schema.ts';
import { vendorTransactions } from '../../db/seamless-wallet-schema.ts';
import { jobsOf } from '../../jobs/index.ts';
import { runExclusive } from '../../jobs/runner.ts';
import { useTestApp } from '../../test/harness.ts';
import { seamless } from '../seamless-wallet/index.ts';
import { audit } from '../../kernel/ledger/index.ts';
import { brandOf } from '../../test/kits/wallet.ts';
import { finishVoids, VOID_GRACE_MS, voidDraw, type GameRow } from './draws.ts';
import { OPERATOR, balanceOf, bettor, drawRow, placeSlip, upcoming } from './testkit.ts';

/** Void refunds cut short by a crash are finished by the draw job, each bet once; the state in an error names it in the request's language. */
const t = useTestApp();
const db = () => t.database.db;

const betsOf = (drawId: bigint) => db().select().from(lotteryBets).where(eq(lotteryBets.drawId, drawId)).orderBy(asc(lotteryBets.id));

/** Per bet: its `:void` rollback transactions and its refund postings (each must be exactly one, with money moved). */
async function refundsOf(game: GameRow, txIds: string[]) {
  const txs = await db().select().from(vendorTransactions)
    .where(inArray(vendorTransactions.txId, txIds.map((x) => `${x}:void`)));
  const posts = await db().select().from(postings)
    .where(inArray(postings.idemKey, txIds.map((x) => `vendor:${game.vendor}:rollback:${x}`)));
  return txIds.map((x) => ({
    voidTxs: txs.filter((r) => r.txId === `${x}:void` && r.postingId !== null).length,
    postings: posts.filter((p) => p.idemKey === `vendor:${game.vendor}:rollback:${x}`).length,
  }));
}

/** Marks an issue void as voidDraw does, the crash coming before (some of) its refunds. */
const markVoid = (drawId: bigint, voidedAt: Date) =>
  db().update(lotteryDraws).set({ status: 'void', voidedAt, voidReason: 'crash test', voidedBy: 'test' }).where(eq(lotteryDraws.id, drawId));

describe('lottery: void refunds after a crash', () => {
  it('the draw job finishes a void cut short: every bet refunded once, balances back, ledger clean; later runs and a second void refund nothing', async () => {
    const brand = brandOf(t);
    const job = jobsOf(t.app).find((j) => j.name === 'lottery.draws')!;
    const { game, draw } = await upcoming(t, 'FAST3');
    const [a, b] = [await bettor(t), await bettor(t)];
    const start = [await balanceOf(t, a.id), await balanceOf(t, b.id)];
    expect((await placeSlip(t, a.token, game.code, draw.numero, [{ betType: 'big', numbers: [], amount: '7' }, { betType: 'num2', numbers: ['07'], amount: '3' }])).json.success).toBe(true);
    expect((await placeSlip(t, b.token, game.code, draw.numero, [{ betType: 'odd', numbers: [], amount: '20' }])).json.success).toBe(true);
    const bets = await betsOf(draw.id);
    expect(bets.map((x) => x.status)).toEqual(['open', 'open', 'open']);

    // the void: the issue marked void, the first bet refunded and marked, the second refunded but
    // the server died before it was marked void (the window of the old code), the third untouched
    const voidedAt = new Date();
    await markVoid(draw.id, voidedAt);
    const refund = (i: number, member: string) =>
      seamless.rollback(db(), brand, game.vendor, { txId: `${bets[i].txId}:void`, refTxId: bets[i].txId, roundId: bets[i].roundId, member });
    expect((await refund(0, a.username)).moved).toBe(true);
    await db().update(lotteryBets).set({ status: 'void', settledAt: voidedAt }).where(eq(lotteryBets.id, bets[0].id));
    expect((await refund(1, a.username)).moved).toBe(true);
    expect([await balanceOf(t, a.id), await balanceOf(t, b.id)]).toEqual([start[0], start[1] - 2_000n]);

    // within the grace period the job leaves it (the operator's call may still be refunding)
    await runExclusive(db(), job, new Date(voidedAt.getTime() + 1_000));
    expect((await betsOf(draw.id)).map((x) => x.status)).toEqual(['void', 'open', 'open']);

    const at = new Date(voidedAt.getTime() + VOID_GRACE_MS + 1_000);
    await runExclusive(db(), job, at);
    expect((await betsOf(draw.id)).map((x) => x.status)).toEqual(['void', 'void', 'void']);
    expect([await balanceOf(t, a.id), await balanceOf(t, b.id)]).toEqual(start);
    const once = bets.map(() => ({ voidTxs: 1, postings: 1 }));
    expect(await refundsOf(game, bets.map((x) => x.txId))).toEqual(once);
    const after = await drawRow(t, game.id, draw.numero);
    expect(after).toMatchObject({ status: 'void', voidReason: 'crash test' });
    expect(after.settledAt).not.toBeNull(); // refunds done: the job's query no longer finds it
    expect(await audit(db(), brand.id)).toEqual({ entrySum: 0n, mismatchedAccounts: 0, negativeMemberBalances: 0 });

    // a second job run and a second void (the operator's click) refund nothing
    await runExclusive(db(), job, new Date(at.getTime() + 2_000));
    expect(await finishVoids(db(), brand, new Date(at.getTime() + 4_000))).toBe(0);
    const again = (await t.call({ method: 'POST', url: '/wps/operator/lottery/void', headers: OPERATOR, payload: { gameCode: game.code, numero: draw.numero } })).json();
    expect(again).toMatchObject({ success: true, value: { refunded: 0 } });
    expect([await balanceOf(t, a.id), await balanceOf(t, b.id)]).toEqual(start);
    expect(await refundsOf(game, bets.map((x) => x.txId))).toEqual(once);
    expect(await audit(db(), brand.id)).toEqual({ entrySum: 0n, mismatchedAccounts: 0, negativeMemberBalances: 0 });
  });

  it('the job and an operator\'s second void at the same time refund each bet once between them; the refunded members are told', async () => {
    const brand = brandOf(t);
    const { game, draw } = await upcoming(t, 'FAST5');
    const players = [await bettor(t), await bettor(t), await bettor(t)];
    const start = await Promise.all(players.map((p) => balanceOf(t, p.id)));
    for (const p of players) {
      expect((await placeSlip(t, p.token, game.code, draw.numero, [{ betType: 'big', numbers: [], amount: '2' }, { betType: 'even', numbers: [], amount: '5' }])).json.success).toBe(true);
    }
    const bets = await betsOf(draw.id);
    expect(bets).toHaveLength(6);
    // the crash came right after the issue was marked void, before any refund
    await markVoid(draw.id, new Date(Date.now() - VOID_GRACE_MS - 1_000));

    const told: bigint[] = [];
    const [byJob, byOperator] = await Promise.all([
      finishVoids(db(), brand, new Date(), (ids) => told.push(...ids)),
      voidDraw(db(), brand, game, draw.numero),
    ]);
    expect(byJob + byOperator.refunded).toBe(6);
    expect(new Set([...told, ...byOperator.members])).toEqual(new Set(players.map((p) => p.id)));
    expect((await betsOf(draw.id)).every((x) => x.status === 'void')).toBe(true);
    expect(await Promise.all(players.map((p) => balanceOf(t, p.id)))).toEqual(start);
    expect(await refundsOf(game, bets.map((x) => x.txId))).toEqual(bets.map(() => ({ voidTxs: 1, postings: 1 })));
    expect((await drawRow(t, game.id, draw.numero)).settledAt).not.toBeNull();
    expect(await audit(db(), brand.id)).toEqual({ entrySum: 0n, mismatchedAccounts: 0, negativeMemberBalances: 0 });
  });

  it('lottery.draw.state names the issue\'s state in the request\'s language', async () => {
    const { game, draw } = await upcoming(t, 'VN-NORTH');
    const call = (url: string, language: string) =>
      t.call({ method: 'POST', url, headers: OPERATOR, language, payload: { gameCode: game.code, numero: draw.numero } });
    expect((await call('/wps/operator/lottery/void', 'ES')).json()).toMatchObject({ success: true });
    for (const [language, message] of [
      ['ES', 'Este sorteo ya no se puede modificar (está anulado).'],
      ['EN', 'This issue can no longer be changed (it is void).'],
    ]) {
      const r = await call('/wps/operator/lottery/draw-now', language);
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual({ success: false, errorCode: 'lottery.draw.state', message });
    }
  });

  it('a settled issue refused a void says so in Spanish', async () => {
    const { game, draw } = await upcoming(t, 'FAST1');
    const p = await bettor(t);
    expect((await placeSlip(t, p.token, game.code, draw.numero, [{ betType: 'odd', numbers: [], amount: '1' }])).json.success).toBe(true);
    const call = (url: string) =>
      t.call({ method: 'POST', url, headers: OPERATOR, language: 'ES', payload: { gameCode: game.code, numero: draw.numero } });
    expect((await call('/wps/operator/lottery/draw-now')).json().value).toMatchObject({ status: 'settled' });
    expect((await call('/wps/operator/lottery/void')).json()).toMatchObject({ errorCode: 'lottery.draw.state', message: 'Este sorteo ya no se puede modificar (está liquidado).' });
  });
});
