import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorLottery } from '@lobby/contract';
import { useTestApp } from '../../test/harness.ts';
import { auditRows, newOp, opCall, type Op } from '../../test/kits/operator.ts';
import { audit } from '../../kernel/ledger/index.ts';
import { brandOf } from '../../test/kits/wallet.ts';
import { spawnFeed } from '../../../../../tools/vn-results-feed/spawn.mjs';
import { gameByCode, runBrand } from './draws.ts';
import { importFeed, vnDate } from './official.ts';
import { provincesAt } from './provinces.ts';
import { balanceOf, bettor, drawNowCall, drawRow, fullResult, placeSlip } from './testkit.ts';

/**
 * VN issues settle on official results only: per province, never before the draw time, after
 * two matching console entries by two operators (a mismatch blocks and is shown) or the feed;
 * no result in time voids and refunds; money moves exactly once.
 */
const t = useTestApp();
type Feed = Awaited<ReturnType<typeof spawnFeed>>;
let feed: Feed;
beforeAll(async () => { feed = await spawnFeed(); });
afterAll(async () => { await feed?.stop(); });

const enter = (op: Op, gameCode: string, numero: string, prizes: object) => opCall(t, op, 'POST', '/wps/ops/lottery/result', { gameCode, numero, prizes });
const rowOf = async (op: Op, gameCode: string, numero: string) => {
  const page = operatorLottery.listDraws.response.parse((await opCall(t, op, 'GET', `/wps/ops/lottery/draws?gameCode=${gameCode}`)).json().value);
  return page.list.find((d) => d.numero === numero)!;
};

/** The current issues of a VN game (one per province) and the first one's province, read as the player page does. */
async function provinceIssue(gameCode: string) {
  const cur = (await t.call({ method: 'GET', url: `/lotto/lgw/games/current?gameCode=${gameCode}` })).json().value;
  return { issues: cur.issues as { numero: string; drawAt: string; seedHash: string; province: { code: string; name: string }; resultSource: string }[] };
}

describe('VN lottery on official results', () => {
  it('a province issue settles only after two operators enter the same result; a mismatch blocks it', async () => {
    const brand = brandOf(t);
    const [owner, finance] = [await newOp(t, 'owner'), await newOp(t, 'finance')];
    const { issues } = await provinceIssue('VN-SOUTH');
    // the day's provinces, by the weekly schedule of the draw's weekday in Vietnam
    expect(issues.map((i) => i.province.code)).toEqual(provincesAt('south', new Date(issues[0].drawAt)).map((p) => p.code));
    expect(issues.every((i) => i.resultSource === 'official' && i.seedHash === '' && i.numero.endsWith(`-${i.province.code}`))).toBe(true);
    const numero = issues[0].numero;
    const p = await bettor(t);
    expect((await placeSlip(t, p.token, 'VN-SOUTH', numero, [{ betType: 'lo2', numbers: ['22'], amount: '10' }, { betType: 'de', numbers: ['11'], amount: '1' }])).json.success).toBe(true);
    const afterBet = await balanceOf(t, p.id);

    // before its draw time nothing can be entered
    expect((await enter(owner, 'VN-SOUTH', numero, fullResult('south'))).json()).toMatchObject({ errorCode: 'lottery.result.too.early' });
    // the console's draw-now (test acceleration) only makes the issue due: no result, the bets stay open
    expect((await opCall(t, owner, 'POST', '/wps/ops/lottery/draw-now', { gameCode: 'VN-SOUTH', numero })).json().value).toMatchObject({ status: 'closed', special: '', openBets: 2 });
    await runBrand(t.database.db, brand, new Date());
    expect((await drawRow(t, await gameIdOf('VN-SOUTH'), numero)).status).toBe('closed');

    // structure checked on entry, in the operator's language
    const bad = fullResult('south');
    bad[4].numbers.pop();
    const refused = (await opCall(t, owner, 'POST', '/wps/ops/lottery/result', { gameCode: 'VN-SOUTH', numero, prizes: bad })).json();
    expect(refused).toMatchObject({ errorCode: 'lottery.result.invalid', message: expect.stringContaining('G4') });

    // first entry: awaiting; the same operator cannot confirm it
    const result = fullResult('south', '1');
    result[8].numbers = ['22'];
    result[4].numbers[0] = '00022';
    expect((await enter(owner, 'VN-SOUTH', numero, result)).json().value).toMatchObject({ outcome: 'awaiting', settled: 0 });
    expect((await enter(owner, 'VN-SOUTH', numero, result)).json()).toMatchObject({ errorCode: 'lottery.result.same.operator' });
    // a second operator types G7 wrong: mismatch, shown, settlement blocked, a third entry refused
    const typo = structuredClone(result);
    typo[7].numbers = ['999'];
    expect((await enter(finance, 'VN-SOUTH', numero, typo)).json().value).toMatchObject({ outcome: 'mismatch', settled: 0 });
    expect((await rowOf(owner, 'VN-SOUTH', numero)).official).toMatchObject({ state: 'mismatch', differing: ['G7'], canEnter: false });
    expect((await enter(owner, 'VN-SOUTH', numero, result)).json()).toMatchObject({ errorCode: 'lottery.result.mismatch' });
    await runBrand(t.database.db, brand, new Date());
    expect(await balanceOf(t, p.id)).toBe(afterBet);

    // discarded (audited), entered again by both: published and settled once
    expect((await opCall(t, finance, 'POST', '/wps/ops/lottery/result/discard', { gameCode: 'VN-SOUTH', numero, reason: 'G7 typed wrong' })).json().value).toMatchObject({ discarded: 2 });
    expect((await enter(finance, 'VN-SOUTH', numero, result)).json().value).toMatchObject({ outcome: 'awaiting' });
    const done = (await enter(owner, 'VN-SOUTH', numero, result)).json().value;
    expect(done).toMatchObject({ outcome: 'published', settled: 2, draw: { status: 'settled', special: '111111', openBets: 0, official: { state: 'published' } } });
    // lô 22 hits twice (G8 and G4's tail) at 5.3, đề 11 once at 95
    const win = 2n * 1000n * 5300n / 1000n + 100n * 95000n / 1000n;
    expect(await balanceOf(t, p.id)).toBe(afterBet + win);
    // a replay, the job and a late feed result change nothing
    expect((await enter(finance, 'VN-SOUTH', numero, result)).json().value).toMatchObject({ outcome: 'published', settled: 0 });
    await runBrand(t.database.db, brand, new Date());
    expect(await balanceOf(t, p.id)).toBe(afterBet + win);
    expect((await auditRows(t, 'lottery.result.enter', `VN-SOUTH:${numero}`)).length).toBe(5);
    expect((await auditRows(t, 'lottery.result.discard', `VN-SOUTH:${numero}`)).length).toBe(1);
    expect(await audit(t.database.db, brand.id)).toEqual({ entrySum: 0n, mismatchedAccounts: 0, negativeMemberBalances: 0 });
  });

  it('the results feed publishes a due issue; one that breaks the structure is refused; the service key cannot enter', async () => {
    const brand = brandOf(t);
    const withFeed = { ...brand, config: { ...brand.config, lottery: { lotteryType: 'Lott' as const, prizeModes: ['LOTT' as const], resultsFeedUrl: `${feed.url}/results` } } };
    const { issues } = await provinceIssue('VN-CENTRAL');
    const [a, b] = issues;
    const p = await bettor(t);
    expect((await placeSlip(t, p.token, 'VN-CENTRAL', a.numero, [{ betType: 'de', numbers: ['45'], amount: '2' }])).json.success).toBe(true);
    const afterBet = await balanceOf(t, p.id);
    for (const i of [a, b]) expect((await drawNowCall(t, 'VN-CENTRAL', i.numero, 'demo', true)).json.value).toMatchObject({ status: 'closed', special: '' });
    const now = new Date();
    const good = Object.fromEntries(fullResult('central', '3').map((x) => [x.prize, x.numbers]));
    good.DB = ['123445'];
    await feed.post({ region: 'central', province: a.province.code, date: vnDate(now), prizes: good });
    await feed.post({ region: 'central', province: b.province.code, date: vnDate(now), prizes: { ...good, G8: ['1'] } });
    expect(await importFeed(t.database.db, withFeed, now)).toMatchObject({ imported: 1, refused: 1 });
    await runBrand(t.database.db, brand, now); // the draw job settles what the feed published
    const gameId = await gameIdOf('VN-CENTRAL');
    expect(await drawRow(t, gameId, a.numero)).toMatchObject({ status: 'settled', special: '123445', resultSource: 'official' });
    expect((await drawRow(t, gameId, b.numero)).status).toBe('closed');
    expect(await balanceOf(t, p.id)).toBe(afterBet + 200n * 95000n / 1000n);
    expect(await importFeed(t.database.db, withFeed, now)).toMatchObject({ imported: 0 });

    // four eyes need named operators: the service key is refused
    const key = await t.call({ method: 'POST', url: '/wps/ops/lottery/result', headers: { 'x-operator-key': 'dev-operator-key' }, payload: { gameCode: 'VN-CENTRAL', numero: b.numero, prizes: fullResult('central') } });
    expect(key.json().success).toBe(false);
    // no feed configured: a clear error
    const owner = await newOp(t, 'owner');
    expect((await opCall(t, owner, 'POST', '/wps/ops/lottery/result/import', {})).json()).toMatchObject({ errorCode: 'lottery.feed.unset' });
  });

  it('all provinces of the day: one slip is a bet on each province issue, settled on its own result; the set must be one open draw time', async () => {
    const brand = brandOf(t);
    const [owner, finance] = [await newOp(t, 'owner'), await newOp(t, 'finance')];
    const { issues } = await provinceIssue('VN-SOUTH');
    const numeros = issues.map((i) => i.numero);
    expect(numeros.length).toBeGreaterThanOrEqual(2);
    const p = await bettor(t);
    const before = await balanceOf(t, p.id);
    const slip = [{ betType: 'lo2' as const, numbers: ['22'], amount: '2' }, { betType: 'de' as const, numbers: ['11'], amount: '1' }];
    // the shown issue must be one of the set; a fast game has no provinces; an unknown issue is not open
    expect((await placeSlip(t, p.token, 'VN-SOUTH', numeros[0], slip, { numeros: numeros.slice(1) })).json).toMatchObject({ errorCode: 'request_param_err' });
    expect((await placeSlip(t, p.token, 'VN-SOUTH', numeros[0], slip, { numeros: [numeros[0], `${numeros[0]}X`] })).json).toMatchObject({ errorCode: 'lottery.draw.closed' });
    expect(await balanceOf(t, p.id)).toBe(before);

    const requestId = `allprov-${Date.now()}`;
    const placed = (await placeSlip(t, p.token, 'VN-SOUTH', numeros[0], slip, { numeros, requestId })).json;
    expect(placed.success).toBe(true);
    expect(placed.value!.bets.map((b) => `${b.numero}/${b.betType}`)).toEqual(numeros.flatMap((n) => [`${n}/lo2`, `${n}/de`]));
    const each = 200n + 100n; // 2.00 + 1.00 on each province
    expect(await balanceOf(t, p.id)).toBe(before - each * BigInt(numeros.length));
    // the same slip again: nothing more
    expect((await placeSlip(t, p.token, 'VN-SOUTH', numeros[0], slip, { numeros, requestId })).json.value!.bets).toHaveLength(2 * numeros.length);
    expect(await balanceOf(t, p.id)).toBe(before - each * BigInt(numeros.length));

    // the first province's result (lô 22 once, no đề) settles that province's bets only
    expect((await opCall(t, owner, 'POST', '/wps/ops/lottery/draw-now', { gameCode: 'VN-SOUTH', numero: numeros[0] })).json()).toMatchObject({ value: { status: 'closed' } });
    const result = fullResult('south', '3');
    result[8].numbers = ['22'];
    expect((await enter(owner, 'VN-SOUTH', numeros[0], result)).json()).toMatchObject({ value: { outcome: 'awaiting' } });
    expect((await enter(finance, 'VN-SOUTH', numeros[0], result)).json().value).toMatchObject({ outcome: 'published', settled: 2 });
    expect(await balanceOf(t, p.id)).toBe(before - each * BigInt(numeros.length) + 200n * 5300n / 1000n);
    const others = (await t.call({ method: 'GET', url: '/lotto/lgw/bets?gameCode=VN-SOUTH&status=open&pageNo=1&pageSize=20', token: p.token })).json().value;
    expect(others.list.map((b: { numero: string }) => b.numero).sort()).toEqual(numeros.slice(1).flatMap((n) => [n, n]).sort());
    expect(await audit(t.database.db, brand.id)).toEqual({ entrySum: 0n, mismatchedAccounts: 0, negativeMemberBalances: 0 });
  });

  it('no official result in time: the issue is void and every bet refunded once', async () => {
    const brand = brandOf(t);
    const { issues } = await provinceIssue('VN-NORTH');
    const numero = issues[0].numero;
    const p = await bettor(t);
    const before = await balanceOf(t, p.id);
    expect((await placeSlip(t, p.token, 'VN-NORTH', numero, [{ betType: 'lo2', numbers: ['07'], amount: '5' }])).json.success).toBe(true);
    const drawAt = new Date(issues[0].drawAt);
    await runBrand(t.database.db, brand, new Date(drawAt.getTime() + 60_000)); // due, no result: still open
    expect(await balanceOf(t, p.id)).toBe(before - 500n);
    const late = new Date(drawAt.getTime() + 25 * 3_600_000);
    await runBrand(t.database.db, brand, late);
    await runBrand(t.database.db, brand, late);
    expect(await drawRow(t, await gameIdOf('VN-NORTH'), numero)).toMatchObject({ status: 'void', voidReason: 'no official result', voidedBy: 'system' });
    expect(await balanceOf(t, p.id)).toBe(before);
    expect(await audit(t.database.db, brand.id)).toEqual({ entrySum: 0n, mismatchedAccounts: 0, negativeMemberBalances: 0 });
  });
});

const gameIdOf = async (code: string) => (await gameByCode(t.database.db, brandOf(t), code)).id;
