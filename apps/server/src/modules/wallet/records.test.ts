import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { audit, brandAccount, CODE_TYPE_OF_KIND, memberAccount, postAlone } from '../../kernel/ledger/index.ts';
import { addMember, api, brandOf, fund, rid, tokenFor } from '../../test/kits/wallet.ts';

const t = useTestApp();
const HISTORY = '/wps/relay/ODSFE2_MemTransDet';

/** A local day of the demo brand (UTC-6), `delta` days from today. */
function localDay(delta = 0, code = 'demo') {
  const off = brandOf(t, code).config.gmtOffsetMinutes;
  return new Date(Date.now() + off * 60_000 + delta * 86_400_000).toISOString().slice(0, 10);
}
const today = () => ({ startDate: localDay(-1), endDate: localDay(1) });
const qs = (o: Record<string, string | number>) => new URLSearchParams(Object.entries(o).map(([k, v]) => [k, String(v)])).toString();

async function post(username: string, memberIdv: bigint, kind: string, from: 'house' | 'bonus_pool', minor: bigint, meta: Record<string, unknown> = {}) {
  const db = t.database.db;
  const b = brandOf(t).id;
  const brandAcct = await brandAccount(db, b, from);
  const main = await memberAccount(db, b, memberIdv);
  return postAlone(db, { merchantId: b, kind, idemKey: `${kind}:${rid()}`, memberId: memberIdv, meta, lines: [{ account: brandAcct, amount: -minor }, { account: main, amount: minor }] });
}

describe('transaction history', () => {
  it('lists main wallet rows newest first, 10 a page, with code types and the balance after', async () => {
    const m = await addMember(t, 'demo');
    const token = await tokenFor(t, m.username);
    for (let i = 1; i <= 11; i++) await fund(t, m.username, BigInt(i * 100));
    await api(t, token, 'POST', '/wps/relay/GCS_walletTransfer', { from: 'main', to: 'game:RNG-AURORA', amount: '5', requestId: 'req-history-1' });
    await post(m.username, m.id, 'mystery_kind', 'house', 1n);
    const p1 = (await api(t, token, 'GET', `${HISTORY}?${qs(today())}`)).json().value;
    expect(p1).toMatchObject({ page: 1, total: 13, totalPages: 2 });
    expect(p1.list).toHaveLength(10);
    expect(p1.list[0]).toMatchObject({ txTypeName: 'other', amount: '0.01', balance: '61.01' });
    expect(p1.list[1]).toMatchObject({ txTypeName: 'transfer', orderNo: 'req-history-1', remark: 'main -> game:RNG-AURORA', amount: '-5.00', balance: '61.00' });
    expect(p1.list[2]).toMatchObject({ txTypeName: 'deposit', orderNo: 'D-TEST', amount: '11.00', balance: '66.00' });
    expect(new Date(p1.list[0].txTime).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const p2 = (await api(t, token, 'GET', `${HISTORY}?${qs({ ...today(), page: 2 })}`)).json().value;
    expect(p2.list.map((r: { amount: string; balance: string }) => [r.amount, r.balance])).toEqual([['3.00', '6.00'], ['2.00', '3.00'], ['1.00', '1.00']]);
    const deposits = (await api(t, token, 'GET', `${HISTORY}?${qs({ ...today(), codeTypes: 'deposit' })}`)).json().value;
    expect(deposits.total).toBe(11);
    const two = (await api(t, token, 'GET', `${HISTORY}?${qs({ ...today(), codeTypes: 'transfer,other' })}`)).json().value;
    expect(two.list.map((r: { txTypeName: string }) => r.txTypeName)).toEqual(['other', 'transfer']);
    const none = (await api(t, token, 'GET', `${HISTORY}?${qs({ ...today(), codeTypes: 'winning' })}`)).json().value;
    expect(none).toEqual({ list: [], page: 1, total: 0, totalPages: 0 });
    const past = (await api(t, token, 'GET', `${HISTORY}?${qs({ startDate: localDay(-20), endDate: localDay(-2) })}`)).json().value;
    expect(past.total).toBe(0);
  });

  it('checks the range, the code types and the login', async () => {
    const token = await tokenFor(t, 'player01');
    const err = async (o: Record<string, string | number>) => (await api(t, token, 'GET', `${HISTORY}?${qs(o)}`)).json().errorCode;
    expect(await err({ startDate: localDay(-31), endDate: localDay(0) })).toBe('wallet.range.too.long');
    expect(await err({ startDate: localDay(-30), endDate: localDay(0) })).toBeUndefined();
    expect(await err({ startDate: localDay(1), endDate: localDay(0) })).toBe('wallet.range.invalid');
    expect(await err({ startDate: '2024-02-30', endDate: '2024-03-01' })).toBe('request_param_err');
    expect(await err({ startDate: 'yesterday', endDate: localDay(0) })).toBe('request_param_err');
    expect(await err({ ...today(), codeTypes: 'deposit,lottery' })).toBe('request_param_err');
    expect(await err({ ...today(), page: 0 })).toBe('request_param_err');
    expect((await api(t, undefined, 'GET', `${HISTORY}?${qs(today())}`)).json().errorCode).toBe('customer.not.login');
    const msg = (await t.call({ method: 'GET', url: `${HISTORY}?${qs({ startDate: localDay(-40), endDate: localDay(0) })}`, token, language: 'EN' })).json().message;
    expect(msg).toContain('30 days');
  });

  it('every posting kind maps to a code type of the contract', () => {
    for (const v of Object.values(CODE_TYPE_OF_KIND)) expect(typeof v).toBe('string');
  });
});

describe('personal profit and bonus details', () => {
  it('sums bets, wins and rollbacks per day and game type, with deposit, withdraw and bonus totals', async () => {
    const m = await addMember(t, 'demo');
    const token = await tokenFor(t, m.username);
    const er = await api(t, token, "GET", `/wps/relay/ODSFE2_personalProfit?${qs(today())}`);
    if (er.statusCode !== 200) console.log(er.body);
    const empty = er.json().value;
    expect(empty).toEqual({ days: [], categories: [], totals: { bet: '0.00', win: '0.00', profit: '0.00', deposit: '0.00', withdraw: '0.00', bonus: '0.00' } });
    await fund(t, m.username, 50_000n);
    const db = t.database.db;
    const b = brandOf(t).id;
    const house = await brandAccount(db, b, 'house');
    const main = await memberAccount(db, b, m.id);
    const play = (kind: string, amount: bigint, gameType: string) => postAlone(db, { merchantId: b, kind, idemKey: `${kind}:${rid()}`, memberId: m.id, meta: { gameType },
      lines: [{ account: main, amount }, { account: house, amount: -amount }] });
    await play('bet', -10_000n, 'RNG');
    await play('win', 2_500n, 'RNG');
    await play('bet', -4_000n, 'LIVE');
    await play('rollback', 1_000n, 'LIVE');
    await post(m.username, m.id, 'deposit_bonus', 'bonus_pool', 700n, { remark: 'WELCOME100' });
    const v = (await api(t, token, 'GET', `/wps/relay/ODSFE2_personalProfit?${qs(today())}`)).json().value;
    expect(v.categories).toEqual([
      { gameType: 'LIVE', bet: '30.00', win: '0.00', profit: '-30.00' },
      { gameType: 'RNG', bet: '100.00', win: '25.00', profit: '-75.00' },
    ]);
    expect(v.days).toEqual([
      { date: localDay(0), gameType: 'LIVE', bet: '30.00', win: '0.00', profit: '-30.00' },
      { date: localDay(0), gameType: 'RNG', bet: '100.00', win: '25.00', profit: '-75.00' },
    ]);
    expect(v.totals).toEqual({ bet: '130.00', win: '25.00', profit: '-105.00', deposit: '500.00', withdraw: '0.00', bonus: '7.00' });

    const bonus = (await api(t, token, 'GET', `/wps/relay/ODSFE2_bonusDetails?${qs(today())}`)).json().value;
    expect(bonus).toMatchObject({ total: 1, totalPages: 1, page: 1, totalAmount: '7.00' });
    expect(bonus.list[0]).toMatchObject({ txTypeName: 'share_bonus', remark: 'WELCOME100', amount: '7.00' });
  });

  it('keeps the ledger invariants', async () => {
    expect(await audit(t.database.db, brandOf(t).id)).toEqual({ entrySum: 0n, mismatchedAccounts: 0, negativeMemberBalances: 0 });
  });
});
