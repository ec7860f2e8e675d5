import { describe, expect, it } from 'vitest';
import { operatorLottery } from '@lobby/contract';
import { useTestApp } from '../../test/harness.ts';
import { newOp, opCall, type Op, auditRows } from '../../test/kits/operator.ts';
import { audit } from '../../kernel/ledger/index.ts';
import { brandOf } from '../../test/kits/wallet.ts';
import { balanceOf, bettor, drawRow, placeSlip, upcoming } from './testkit.ts';

/** The console's Lottery page through a console session: games, recent issues, void (refund once, audited) and draw now. */
const t = useTestApp();


async function value<T>(op: Op, method: 'GET' | 'POST', url: string, schema: { parse: (v: unknown) => T }, payload?: object): Promise<T> {
  const r = await opCall(t, op, method, url, payload);
  const body = r.json();
  expect(body, url).toMatchObject({ success: true });
  return schema.parse(body.value);
}
const draws = (op: Op, q: string) => value(op, 'GET', `/wps/ops/lottery/draws?${q}`, operatorLottery.listDraws.response);

describe('console: lottery', () => {
  it('lists the games and a game\'s issues with their bets and stakes', async () => {
    const op = await newOp(t, 'owner');
    const games = await value(op, 'GET', '/wps/ops/lottery/games', operatorLottery.listGames.response);
    expect(games.map((g) => g.gameCode)).toEqual(expect.arrayContaining(['FAST1', 'FAST3', 'FAST5', 'VN-NORTH', 'VN-CENTRAL', 'VN-SOUTH']));
    expect(games.find((g) => g.gameCode === 'VN-NORTH')).toMatchObject({ kind: 'vn', region: 'north', name: { ES: expect.any(String), EN: expect.any(String) } });

    const { game, draw } = await upcoming(t, 'VN-SOUTH');
    const p = await bettor(t);
    expect((await placeSlip(t, p.token, game.code, draw.numero, [{ betType: 'lo2', numbers: ['12'], amount: '10' }, { betType: 'de', numbers: ['34'], amount: '5.50' }])).json.success).toBe(true);
    const page = await draws(op, 'gameCode=vn-south');
    expect(page.pageSize).toBe(operatorLottery.DRAWS_PAGE_SIZE);
    const row = page.list.find((d) => d.numero === draw.numero)!;
    expect(row).toMatchObject({ status: 'open', bets: 2, stake: '15.50', openBets: 2, win: '0.00', special: '', prizes: [], canVoid: true, canDraw: true, voidReason: null });
    expect((await draws(op, 'gameCode=VN-SOUTH&status=void')).list.every((d) => d.status === 'void')).toBe(true);
    // the next issue is listed first (latest draw time); it can be voided but not drawn ahead of the current one
    const next = page.list[0]!;
    expect(next.numero > draw.numero).toBe(true);
    expect(next).toMatchObject({ status: 'open', canVoid: true, canDraw: false });
    expect((await opCall(t, op, 'POST', '/wps/ops/lottery/draw-now', { gameCode: game.code, numero: next.numero })).json().errorCode).toBe('lottery.draw.state');
  });

  it('finance voids an issue with open bets: every bet refunded once, the reason kept, one audit row per call with before and after', async () => {
    const brand = brandOf(t);
    const fin = await newOp(t, 'finance');
    const { game, draw } = await upcoming(t, 'FAST3');
    const [a, b] = [await bettor(t), await bettor(t)];
    const start = [await balanceOf(t, a.id), await balanceOf(t, b.id)];
    expect((await placeSlip(t, a.token, game.code, draw.numero, [{ betType: 'big', numbers: [], amount: '7' }, { betType: 'num2', numbers: ['07'], amount: '3' }])).json.success).toBe(true);
    expect((await placeSlip(t, b.token, game.code, draw.numero, [{ betType: 'odd', numbers: [], amount: '20' }])).json.success).toBe(true);
    expect(await balanceOf(t, a.id)).toBe(start[0] - 1_000n);

    const body = { gameCode: game.code, numero: draw.numero, reason: 'RNG provider outage' };
    const r = await value(fin, 'POST', '/wps/ops/lottery/void', operatorLottery.voidDraw.response, body);
    expect(r.refunded).toBe(3);
    expect(r.draw).toMatchObject({ status: 'void', voidReason: 'RNG provider outage', voidedBy: fin.username, bets: 3, stake: '30.00', openBets: 0, canVoid: false, canDraw: false });
    expect([await balanceOf(t, a.id), await balanceOf(t, b.id)]).toEqual(start);

    // again: nothing more is refunded, still one refund each
    const again = await value(fin, 'POST', '/wps/ops/lottery/void', operatorLottery.voidDraw.response, { ...body, reason: 'second click' });
    expect(again.refunded).toBe(0);
    expect(again.draw.voidReason).toBe('RNG provider outage');
    expect([await balanceOf(t, a.id), await balanceOf(t, b.id)]).toEqual(start);
    expect((await drawRow(t, game.id, draw.numero)).status).toBe('void');

    const rows = await auditRows(t, 'lottery.void', `${game.code}:${draw.numero}`);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ operatorName: fin.username, before: { status: 'open', bets: 3, openBets: 3 }, after: { status: 'void', refunded: 3, reason: 'RNG provider outage' } });
    expect(rows[1]).toMatchObject({ before: { status: 'void' }, after: { refunded: 0 } });
    // a void issue cannot be drawn; the member sees the bets void
    expect((await opCall(t, fin, 'POST', '/wps/ops/lottery/draw-now', { gameCode: game.code, numero: draw.numero })).json()).toMatchObject({ errorCode: 'lottery.draw.state' });
    const mine = (await t.call({ method: 'GET', url: `/lotto/lgw/bets?gameCode=${game.code}`, token: a.token })).json().value.list;
    expect(mine.filter((x: { numero: string }) => x.numero === draw.numero).map((x: { status: string }) => x.status)).toEqual(['void', 'void']);
    expect(await audit(t.database.db, brand.id)).toEqual({ entrySum: 0n, mismatchedAccounts: 0, negativeMemberBalances: 0 });
  });

  it('draw now through the console draws and settles the issue, audited; a published issue cannot be voided', async () => {
    const op = await newOp(t, 'owner');
    const { game, draw, result } = await upcoming(t, 'FAST5');
    const p = await bettor(t);
    expect((await placeSlip(t, p.token, game.code, draw.numero, [{ betType: 'even', numbers: [], amount: '4' }])).json.success).toBe(true);
    const drawn = await value(op, 'POST', '/wps/ops/lottery/draw-now', operatorLottery.drawNow.response, { gameCode: game.code, numero: draw.numero });
    expect(drawn).toMatchObject({ status: 'settled', special: result.special, openBets: 0, canVoid: false, canDraw: false });
    expect(await auditRows(t, 'lottery.draw-now', `${game.code}:${draw.numero}`)).toMatchObject([{ before: { status: 'open' }, after: { status: 'settled' } }]);
    const refused = (await opCall(t, op, 'POST', '/wps/ops/lottery/void', { gameCode: game.code, numero: draw.numero, reason: 'too late' })).json();
    expect(refused).toMatchObject({ success: false, errorCode: 'lottery.draw.state' });
    expect((await drawRow(t, game.id, draw.numero)).status).toBe('settled');
  });

  it('refuses other roles, unknown games and issues and a missing reason with their errorCode; nothing changes', async () => {
    const content = await newOp(t, 'content');
    const support = await newOp(t, 'support');
    const { game, draw } = await upcoming(t, 'FAST1');
    const body = { gameCode: game.code, numero: draw.numero, reason: 'not allowed' };
    for (const op of [content, support]) {
      expect((await opCall(t, op, 'GET', `/wps/ops/lottery/draws?gameCode=${game.code}`)).json().errorCode).toBe('operator.forbidden');
      expect((await opCall(t, op, 'POST', '/wps/ops/lottery/void', body)).json().errorCode).toBe('operator.forbidden');
      // the older operator call with a session needs the same permission
      expect((await opCall(t, op, 'POST', '/wps/operator/lottery/void', { gameCode: game.code, numero: draw.numero })).json().errorCode).toBe('operator.forbidden');
    }
    expect((await opCall(t, null, 'GET', `/wps/ops/lottery/draws?gameCode=${game.code}`)).json().errorCode).toBe('operator.not.session');
    const owner = await newOp(t, 'owner');
    const err = async (payload: object) => (await opCall(t, owner, 'POST', '/wps/ops/lottery/void', payload)).json();
    expect(await err({ ...body, numero: 'abc' })).toMatchObject({ errorCode: 'lottery.draw.not.found', message: expect.any(String) });
    expect(await err({ ...body, numero: '1'.repeat(21) })).toMatchObject({ errorCode: 'request_param_err' });
    expect(await err({ ...body, gameCode: 'NOPE' })).toMatchObject({ errorCode: 'lottery.game.not.found' });
    expect(await err({ ...body, reason: ' x ' })).toMatchObject({ errorCode: 'request_param_err' });
    expect((await opCall(t, owner, 'GET', '/wps/ops/lottery/draws?gameCode=NOPE')).json().errorCode).toBe('lottery.game.not.found');
    expect((await opCall(t, owner, 'GET', `/wps/ops/lottery/draws?gameCode=${game.code}&status=gone`)).json().errorCode).toBe('request_param_err');
    expect((await drawRow(t, game.id, draw.numero)).status).toBe('open');
    expect(await auditRows(t, 'lottery.void', `${game.code}:${draw.numero}`)).toHaveLength(0);
  });
});
