import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { runExclusive } from '../../jobs/runner.ts';
import { useTestApp } from '../../test/harness.ts';
import { insertBet } from './testkit.ts';
import { brandAccount, memberAccount, postAlone } from '../../kernel/ledger/index.ts';
import { addMember, api, brandOf, tokenFor } from '../../test/kits/wallet.ts';
import { rollup } from './rollup.ts';
import { DAY_MS } from '../../kernel/brand-time/index.ts';

const t = useTestApp();
const db = () => t.database.db;
const LATER = () => new Date(Date.now() + 3_600_000);
const run = () => runExclusive(db(), { name: 'agent.rollup.reports', everyMs: 1, run: (tx, now) => rollup(tx, now) }, LATER());

const bet = (memberId: bigint, at: string, minor: bigint, win: bigint) => insertBet(db(), { merchantId: brandOf(t).id, memberId, at: new Date(at), bet: minor, win });

/** A credit of `kind` from the brand's clearing account, now (postings are immutable: their time is their insert). */
async function credit(memberId: bigint, kind: string, minor: bigint) {
  const b = brandOf(t);
  const clearing = await brandAccount(db(), b.id, 'clearing');
  const acct = await memberAccount(db(), b.id, memberId);
  const idemKey = `${kind}:${randomUUID()}`;
  await postAlone(db(), { merchantId: b.id, kind, idemKey, memberId, lines: [{ account: clearing, amount: -minor }, { account: acct, amount: minor }], meta: { remark: `test ${kind}` } });
}

const ago = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
/** Brand days around now (the demo brand is GMT-6: its today is the UTC today or yesterday). */
const RANGE = `startDate=${ago(4).slice(0, 10)}&endDate=${ago(-1).slice(0, 10)}`;

describe('P&L statement (user loss) and account details', () => {
  it('direct rows carry each downline with its subtree, all rows each member; the footer is the team; bonuses, salaries and dividends are in', async () => {
    const top = await addMember(t, 'demo', { type: 1 });
    const sub = await addMember(t, 'demo', { type: 2, parent: top.username });
    const p1 = await addMember(t, 'demo', { parent: sub.username });
    const p2 = await addMember(t, 'demo', { parent: top.username });
    await bet(p1.id, ago(2), 10_000n, 4_000n);
    await bet(p1.id, ago(1), 2_000n, 0n);
    await bet(p2.id, ago(1), 5_000n, 15_000n);
    await bet(p2.id, ago(20), 99_000n, 0n); // outside the range
    await credit(p1.id, 'deposit_bonus', 300n);
    await credit(sub.id, 'daily_wage', 700n);
    await credit(sub.id, 'dividend', 1_100n);
    await credit(p2.id, 'betting_rebate', 50n);
    await run();
    const token = await tokenFor(t, top.username);
    const direct = (await api(t, token, 'GET', `/wps/relay/ODSFE2_agentProfitLoss?${RANGE}&scope=direct`)).json().value;
    expect(direct.total).toBe(2);
    const byAccount = Object.fromEntries(direct.list.map((r: { account: string }) => [r.account, r]));
    expect(byAccount[sub.username]).toMatchObject({
      isAgent: true, level: 1, members: 2, betAmount: '120.00', validBet: '120.00', profit: '-80.00',
      bonus: '3.00', salary: '7.00', dividend: '11.00', net: '-59.00',
    });
    expect(byAccount[p2.username]).toMatchObject({ isAgent: false, members: 1, betAmount: '50.00', profit: '100.00', bonus: '0.50', net: '100.50' });
    expect(direct.footer).toEqual({
      deposits: '0.00', withdrawals: '0.00', betAmount: '170.00', validBet: '170.00', profit: '20.00',
      bonus: '3.50', salary: '7.00', dividend: '11.00', net: '41.50',
    });
    const all = (await api(t, token, 'GET', `/wps/relay/ODSFE2_agentProfitLoss?${RANGE}&scope=all`)).json().value;
    expect(all.list.map((r: { account: string; level: number; net: string }) => [r.account, r.level, r.net])).toEqual([
      [p1.username, 2, '-77.00'], [p2.username, 1, '100.50'], [sub.username, 1, '18.00'],
    ]);
    expect(all.footer).toEqual(direct.footer);
    expect(all.total).toBe(3);
    const page2 = (await api(t, token, 'GET', `/wps/relay/ODSFE2_agentProfitLoss?${RANGE}&scope=all&pageSize=2&pageNo=2`)).json().value;
    expect([page2.list.map((r: { account: string }) => r.account), page2.total, page2.totalPages]).toEqual([[sub.username], 3, 2]);
    const past = (await api(t, token, 'GET', `/wps/relay/ODSFE2_agentProfitLoss?${RANGE}&scope=all&pageSize=2&pageNo=5`)).json().value;
    expect([past.list, past.total]).toEqual([[], 3]);
    // the sub-agent's own statement: its team only
    const subView = (await api(t, await tokenFor(t, sub.username), 'GET', `/wps/relay/ODSFE2_agentProfitLoss?${RANGE}`)).json().value;
    expect(subView.list.map((r: { account: string }) => r.account)).toEqual([p1.username]);
    expect(subView.footer).toMatchObject({ betAmount: '120.00', bonus: '3.00', salary: '0.00', net: '-77.00' });
    // bad input
    const bad = await api(t, token, 'GET', '/wps/relay/ODSFE2_agentProfitLoss?startDate=2026-01-01&endDate=2026-04-01');
    expect([bad.statusCode, bad.json().errorCode]).toEqual([400, 'wallet.range.too.long']);
    expect((await api(t, token, 'GET', `/wps/relay/ODSFE2_agentProfitLoss?${RANGE}&scope=x`)).json().errorCode).toBe('request_param_err');

    // account details: the member's statement with its account, filtered by code type
    const tx = (await api(t, token, 'GET', `/wps/relay/ODSFE2_agentDownlineTransDet?${RANGE}&account=${sub.username}`)).json().value;
    expect(tx.member).toMatchObject({ account: sub.username, level: 1 });
    expect(tx.list.map((r: { txTypeName: string; amount: string; account: string }) => [r.txTypeName, r.amount, r.account])).toEqual([
      ['dividend', '11.00', sub.username], ['daily_wage', '7.00', sub.username],
    ]);
    expect(tx.list[0].balance).toBe('18.00');
    const wages = (await api(t, token, 'GET', `/wps/relay/ODSFE2_agentDownlineTransDet?${RANGE}&account=${sub.username}&codeTypes=daily_wage`)).json().value;
    expect(wages.list.map((r: { remark: string }) => r.remark)).toEqual(['test daily_wage']);
    expect((await api(t, token, 'GET', `/wps/relay/ODSFE2_agentDownlineTransDet?${RANGE}&account=${sub.username}&codeTypes=nope`)).json().errorCode).toBe('request_param_err');
    expect((await api(t, token, 'GET', `/wps/relay/ODSFE2_agentDownlineTransDet?${RANGE}`)).json().errorCode).toBe('request_param_err');
  });
});
