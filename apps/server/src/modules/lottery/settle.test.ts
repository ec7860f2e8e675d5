import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lotteryBets, lotteryExposure } from '../../db/lottery-schema.ts';
import { postings } from '../../db/schema.ts';
import { betRecords, vendorTransactions } from '../../db/seamless-wallet-schema.ts';
import { jobsOf } from '../../jobs/index.ts';
import { runExclusive } from '../../jobs/runner.ts';
import { useTestApp } from '../../test/harness.ts';
import { audit } from '../../kernel/ledger/index.ts';
import { brandOf } from '../../test/kits/wallet.ts';
import { publish, runBrand, settle } from './draws.ts';
import { hits, oddsMilli } from './rules.ts';
import { OPERATOR, balanceOf, bettor, drawNowCall, drawRow, placeSlip, upcoming } from './testkit.ts';

const t = useTestApp();
const db = () => t.database.db;

describe('lottery: exactly-once settlement', () => {
  it('a settlement cut short after one batch ("crash") and run again credits every bet once', async () => {
    const brand = brandOf(t);
    const { game, draw, result } = await upcoming(t, 'FAST3');
    const players = await Promise.all([1, 2, 3].map(() => bettor(t)));
    const slip = [
      { betType: 'big' as const, numbers: [], amount: '3' }, { betType: 'small' as const, numbers: [], amount: '2' },
      { betType: 'odd' as const, numbers: [], amount: '1' }, { betType: 'even' as const, numbers: [], amount: '4' },
      { betType: 'num2' as const, numbers: [result.special.slice(-2)], amount: '1' }, { betType: 'num2' as const, numbers: ['00'], amount: '1' },
      { betType: 'big' as const, numbers: [], amount: '5' }, { betType: 'odd' as const, numbers: [], amount: '2' },
    ];
    for (const p of players) expect((await placeSlip(t, p.token, game.code, draw.numero, slip)).json.success).toBe(true);
    const after = await Promise.all(players.map((p) => balanceOf(t, p.id)));
    const perMember = slip.reduce((s, b) => s + (BigInt(Number(b.amount) * 100) * BigInt(oddsMilli('fast', null, 'ELOTT', b.betType)!) * BigInt(hits(b.betType, b.numbers, result))) / 1000n, 0n);
    expect(perMember).toBeGreaterThan(0n);

    const drawn = (await publish(db(), game, draw))!;
    expect(drawn.special).toBe(result.special);
    expect(await publish(db(), game, drawn)).toBeNull(); // written once
    expect(await settle(db(), brand, game, drawn, { batch: 10, maxBatches: 1 })).toBe(10);
    const open = await db().select({ n: sql<number>`count(*)::int` }).from(lotteryBets).where(and(eq(lotteryBets.drawId, draw.id), eq(lotteryBets.status, 'open')));
    expect(open[0].n).toBe(14);
    expect((await drawRow(t, game.id, draw.numero)).status).toBe('drawn');

    // another instance picks it up: the job settles what is left and marks the issue settled
    expect(await settle(db(), brand, game, drawn, { batch: 5 })).toBe(14);
    expect(await settle(db(), brand, game, drawn)).toBe(0);
    expect((await drawRow(t, game.id, draw.numero)).status).toBe('settled');
    expect(await Promise.all(players.map((p) => balanceOf(t, p.id)))).toEqual(after.map((b) => b + perMember));

    // one win posting per member and batch (3 members, batches of 10 then 5: at most 4 each)
    const wins = await db().select({ n: sql<number>`count(*)::int` }).from(postings).where(and(eq(postings.kind, 'win'), sql`${postings.idemKey} like ${`lottery:${draw.id}:%`}`));
    expect(wins[0].n).toBeGreaterThanOrEqual(3);
    expect(wins[0].n).toBeLessThanOrEqual(12);
    const txs = await db().select({ n: sql<number>`count(*)::int` }).from(vendorTransactions).where(and(eq(vendorTransactions.vendor, 'ELOTT-FAST'), eq(vendorTransactions.kind, 'bet')));
    expect(txs[0].n).toBe(24);
    const recs = await db().select().from(betRecords).where(eq(betRecords.vendor, 'ELOTT-FAST'));
    expect(recs.filter((r) => r.status === 'settled')).toHaveLength(24);
    expect(await audit(db(), brand.id)).toEqual({ entrySum: 0n, mismatchedAccounts: 0, negativeMemberBalances: 0 });
  });

  it('the draw job makes issues ahead, draws due ones and settles them; a second run changes nothing', async () => {
    const brand = brandOf(t);
    const { game, draw } = await upcoming(t, 'FAST1');
    const p = await bettor(t);
    expect((await placeSlip(t, p.token, game.code, draw.numero, [{ betType: 'even', numbers: [], amount: '1' }])).json.success).toBe(true);
    const at = new Date(draw.drawAt.getTime() + 1000);
    expect(await runBrand(db(), brand, at)).toBeGreaterThanOrEqual(2); // published + 1 bet (+ other due issues)
    expect((await drawRow(t, game.id, draw.numero)).status).toBe('settled');
    const balance = await balanceOf(t, p.id);
    await runBrand(db(), brand, at);
    expect(await balanceOf(t, p.id)).toBe(balance);
  });

  it('the registered job runs under its lock in one transaction and draws what is due', async () => {
    const job = jobsOf(t.app).find((j) => j.name === 'lottery.draws')!;
    const { game, draw } = await upcoming(t, 'FAST1');
    const at = new Date(draw.drawAt.getTime() + 1000);
    expect(await runExclusive(db(), job, at)).toBeGreaterThanOrEqual(1);
    // PGlite settles in the job's transaction; on PostgreSQL the next pass settles on the pool
    await runExclusive(db(), job, at);
    expect((await drawRow(t, game.id, draw.numero)).status).toBe('settled');
  });

  it('with a pool to settle on, a pass draws due issues and the next pass settles them in parts', async () => {
    const brand = brandOf(t);
    const { game, draw } = await upcoming(t, 'FAST3', 'demo');
    const players = await Promise.all([1, 2].map(() => bettor(t)));
    for (const p of players) {
      const bets = ['big', 'small', 'odd', 'even', 'big'].map((betType) => ({ betType: betType as 'big', numbers: [], amount: '1' }));
      expect((await placeSlip(t, p.token, game.code, draw.numero, bets)).json.success).toBe(true);
    }
    const at = new Date(draw.drawAt.getTime() + 1000);
    await runBrand(db(), brand, at, db());
    expect((await drawRow(t, game.id, draw.numero)).status).toBe('drawn');
    await runBrand(db(), brand, at, db());
    expect((await drawRow(t, game.id, draw.numero)).status).toBe('settled');
    const left = await db().select({ n: sql<number>`count(*)::int` }).from(lotteryBets).where(and(eq(lotteryBets.drawId, draw.id), eq(lotteryBets.status, 'open')));
    expect(left[0].n).toBe(0);
    expect(await audit(db(), brand.id)).toEqual({ entrySum: 0n, mismatchedAccounts: 0, negativeMemberBalances: 0 });
  });

  it('a bet left pending by a crash is failed after the grace period and its stake leaves the per-number total', async () => {
    const brand = brandOf(t);
    const { game, draw } = await upcoming(t, 'VN-CENTRAL');
    const p = await bettor(t);
    await db().insert(lotteryExposure).values({ drawId: draw.id, betType: 'de', numKey: '11', total: 500n });
    await db().insert(lotteryBets).values({
      merchantId: brand.id, memberId: p.id, gameId: game.id, drawId: draw.id, requestId: 'crash-0001', idx: 0, betType: 'de', numbers: ['11'], numKey: '11',
      prizeMode: 'LOTT', amount: 500n, oddsMilli: 95_000, status: 'pending', txId: 'Lcrash', roundId: 'Lcrash', betAt: new Date(Date.now() - 60_000),
    });
    const drawn = (await drawNowCall(t, game.code, draw.numero)).json.value!;
    expect(drawn.status).toBe('settled');
    const [b] = await db().select().from(lotteryBets).where(eq(lotteryBets.txId, 'Lcrash'));
    expect(b.status).toBe('failed');
    const [e] = await db().select().from(lotteryExposure).where(and(eq(lotteryExposure.drawId, draw.id), eq(lotteryExposure.numKey, '11')));
    expect(e.total).toBe(0n);
  });
});

describe('lottery: void and immutability', () => {
  it('an operator void refunds every bet once; a voided or published issue cannot be drawn or voided again', async () => {
    const { game, draw } = await upcoming(t, 'VN-SOUTH');
    const a = await bettor(t);
    const b = await bettor(t);
    await placeSlip(t, a.token, game.code, draw.numero, [{ betType: 'lo2', numbers: ['10'], amount: '12.5' }, { betType: 'de', numbers: ['10'], amount: '3' }]);
    await placeSlip(t, b.token, game.code, draw.numero, [{ betType: 'xien4', numbers: ['10', '20', '30', '40'], amount: '7' }]);
    expect(await balanceOf(t, a.id)).toBe(998_450n);
    const voidCall = (code = 'demo', headers: Record<string, string> = OPERATOR) =>
      t.call({ method: 'POST', url: '/wps/operator/lottery/void', merchant: code, headers, payload: { gameCode: game.code, numero: draw.numero } });
    expect((await voidCall('demo', { 'x-operator-key': 'wrong-key-123' })).json().errorCode).toBe('cashier.operator.unauthorized');
    const v = (await voidCall()).json();
    expect(v.value).toMatchObject({ refunded: 3, draw: { numero: draw.numero, status: 'void' } });
    expect([await balanceOf(t, a.id), await balanceOf(t, b.id)]).toEqual([1_000_000n, 1_000_000n]);
    expect((await voidCall()).json().value.refunded).toBe(0);
    expect([await balanceOf(t, a.id), await balanceOf(t, b.id)]).toEqual([1_000_000n, 1_000_000n]);
    const mine = (await t.call({ method: 'GET', url: '/lotto/lgw/bets?status=void', token: a.token })).json();
    expect(mine.value.list.map((x: { status: string }) => x.status)).toEqual(['void', 'void']);
    const recs = await db().select().from(betRecords).where(eq(betRecords.memberId, a.id));
    expect(recs.map((r) => r.status)).toEqual(['refunded', 'refunded']);
    expect((await drawNowCall(t, game.code, draw.numero)).json.errorCode).toBe('lottery.draw.state');
    expect((await placeSlip(t, a.token, game.code, draw.numero, [{ betType: 'de', numbers: ['10'], amount: 1 }])).json.errorCode).toBe('lottery.draw.closed');
    const board = (await t.call({ method: 'GET', url: `/lgw/vn/numeros/opened/game?gameCode=${game.code}` })).json();
    expect(board.value.list[0]).toMatchObject({ numero: draw.numero, status: 'void', special: '', serverSeed: null });
    // the next issue takes bets
    const next = (await t.call({ method: 'GET', url: `/lotto/lgw/games/current?gameCode=${game.code}` })).json().value.current;
    expect(next.numero).not.toBe(draw.numero);
    // a published issue cannot be voided
    const drawn = (await drawNowCall(t, 'VN-NORTH')).json.value!;
    const r = await t.call({ method: 'POST', url: '/wps/operator/lottery/void', headers: OPERATOR, payload: { gameCode: 'VN-NORTH', numero: drawn.numero } });
    expect([r.statusCode, r.json().errorCode]).toEqual([409, 'lottery.draw.state']);
  });

  it('the database refuses to change a published result or delete an issue', async () => {
    const { game, draw } = await upcoming(t, 'FAST5');
    await drawNowCall(t, game.code, draw.numero);
    await expect(db().execute(sql`update lottery_draws set special = '00000' where id = ${draw.id}`)).rejects.toThrow();
    await expect(db().execute(sql`update lottery_draws set server_seed = 'x' where id = ${draw.id}`)).rejects.toThrow();
    await expect(db().execute(sql`update lottery_draws set status = 'void' where id = ${draw.id}`)).rejects.toThrow();
    await expect(db().execute(sql`delete from lottery_draws where id = ${draw.id}`)).rejects.toThrow();
  });
});

describe('lottery: brand isolation', () => {
  it('each brand has its own issues, bets and sessions', async () => {
    const demo = await upcoming(t, 'VN-NORTH', 'demo');
    const luna = await upcoming(t, 'VN-NORTH', 'luna');
    expect(luna.draw.id).not.toBe(demo.draw.id);
    expect(luna.draw.seedHash).not.toBe(demo.draw.seedHash);
    const p = await bettor(t);
    expect((await placeSlip(t, p.token, 'VN-NORTH', demo.draw.numero, [{ betType: 'de', numbers: ['55'], amount: 1 }])).json.success).toBe(true);
    expect((await placeSlip(t, p.token, 'VN-NORTH', luna.draw.numero, [{ betType: 'de', numbers: ['55'], amount: 1 }], { code: 'luna' })).json.errorCode).toBe('login.not.session');
    const q = await bettor(t, 100_000n, 'luna');
    const lunaBets = (await t.call({ method: 'GET', url: '/lotto/lgw/bets', merchant: 'luna', token: q.token })).json();
    expect(lunaBets.value.totalCount).toBe(0);
    // voiding luna's issue leaves demo's open
    const r = await t.call({ method: 'POST', url: '/wps/operator/lottery/void', merchant: 'luna', headers: OPERATOR, payload: { gameCode: 'VN-NORTH', numero: luna.draw.numero } });
    expect(r.json().value.refunded).toBe(0);
    expect((await drawRow(t, demo.game.id, demo.draw.numero)).status).toBe('open');
  });
});
