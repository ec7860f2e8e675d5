import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { agentTeamDaily } from '../../db/agent-schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { freshIp } from '../../test/kits/session.ts';
import { audit, brandWalletBalance, memberBalances } from '../../kernel/ledger/index.ts';
import { addMember, brandOf, fund, tokenFor } from '../../test/kits/wallet.ts';
import { lastSlot, settle } from './settle.ts';
import { rowsOf } from '../../db/index.ts';

/** Platform -> top agent -> downline (issue 8): the operator offers a top agent its contract. */
const t = useTestApp();
const db = () => t.database.db;
const brand = () => brandOf(t);
const KEY = { 'x-operator-key': 'dev-operator-key' };
const operator = (url: string, payload: object, headers: Record<string, string> = KEY) => t.call({ method: 'POST', url, headers, payload, remoteAddress: freshIp() });
const member = (token: string, url: string, payload: object) => t.call({ method: 'POST', url, token, payload, remoteAddress: freshIp() });
const P = (minimumBet: string, activeMember: number, rate: string) => ({ minimumBet, activeMember, rateType: 'P', rate });
const OFFER = '/wps/operator/agentContracts/offer';
const balance = async (id: bigint) => (await memberBalances(db(), brand().id, id)).find((r) => r.wallet === 'main')?.balance ?? 0n;

function later(days = 2): Date {
  const d = new Date(Date.now() + days * 86_400_000);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 16, 30));
}

describe('platform contracts of top agents', () => {
  it('operator offers, the top agent accepts; its rate caps its own offers; the house pays it, it pays its downline', async () => {
    const top = await addMember(t, 'demo', { type: 1 });
    const sub = await addMember(t, 'demo', { type: 2, parent: top.username });
    // refusals: no key, not a top agent, above the platform cap, bad tiers
    expect((await operator(OFFER, { account: top.username, kind: 'daily', tiers: [P('100', 1, '1.00')] }, {})).json().errorCode).toBe('cashier.operator.unauthorized');
    expect((await operator(OFFER, { account: sub.username, kind: 'daily', tiers: [P('100', 1, '1.00')] })).json().errorCode).toBe('contract.not.top.agent');
    expect((await operator(OFFER, { account: 'player01', kind: 'daily', tiers: [P('100', 1, '1.00')] })).json().errorCode).toBe('contract.not.top.agent');
    expect((await operator(OFFER, { account: top.username, kind: 'daily', tiers: [P('100', 1, '3.01')] })).json().errorCode).toBe('contract.rate.exceeds');
    expect((await operator(OFFER, { account: top.username, kind: 'daily', tiers: [P('100', 1, '0')] })).json().errorCode).toBe('contract.tiers.invalid');

    const offered = await operator(OFFER, { account: top.username.toUpperCase(), kind: 'daily', tiers: [P('100', 1, '1.00')] });
    expect(offered.statusCode, JSON.stringify(offered.json())).toBe(200);
    const c = offered.json().value;
    expect(c).toMatchObject({ status: 'new', uplineId: '', uplineAccount: '', fromPlatform: true, downlineAccount: top.username });
    expect((await operator(OFFER, { account: top.username, kind: 'daily', tiers: [P('100', 1, '1.00')] })).json().errorCode).toBe('contract.offer.pending');

    // the top agent sees the offer (flags, list) and accepts it
    const topToken = await tokenFor(t, top.username);
    const list = (await t.call({ method: 'GET', url: '/wps/relay/MCSFE_contracts?role=downline&kind=daily', token: topToken })).json().value;
    expect(list.list.map((x: { contractId: string; canAccept: boolean; fromPlatform: boolean }) => [x.contractId, x.canAccept, x.fromPlatform])).toEqual([[c.contractId, true, true]]);
    expect((await member(topToken, '/wps/relay/MCSFE_contractAccept', { contractId: c.contractId })).json().value.status).toBe('success');

    // its own rate is now 1.00 %: it cannot offer more, it can offer less
    expect((await member(topToken, '/wps/relay/MCSFE_contractOffer', { downlineId: String(sub.id), kind: 'daily', tiers: [P('100', 1, '2.00')] })).json().errorCode).toBe('contract.rate.exceeds');
    const down = await member(topToken, '/wps/relay/MCSFE_contractOffer', { downlineId: String(sub.id), kind: 'daily', tiers: [P('100', 1, '0.50')] });
    expect(down.statusCode).toBe(200);
    expect((await member(await tokenFor(t, sub.username), '/wps/relay/MCSFE_contractAccept', { contractId: down.json().value.contractId })).json().value.status).toBe('success');

    // a day of team betting: the house pays the top agent 1 % of its team's valid bet, the top agent pays 0.5 % of the sub-agent's
    await fund(t, top.username, 1_000n);
    const now = later();
    const day = lastSlot(now, brand().config.gmtOffsetMinutes, 86_400_000).day;
    await db().insert(agentTeamDaily).values([
      { merchantId: brand().id, agentId: top.id, day, validBet: 500_000n, bet: 500_000n, activeMembers: 3 },
      { merchantId: brand().id, agentId: sub.id, day, validBet: 200_000n, bet: 200_000n, activeMembers: 2 },
    ]);
    const house = await brandWalletBalance(db(), brand().id, 'house');
    await settle(db(), [brand()], 'daily', now);
    await settle(db(), [brand()], 'daily', now); // a second run pays nothing again
    expect(await balance(top.id)).toBe(1_000n + 5_000n - 1_000n);
    expect(await balance(sub.id)).toBe(1_000n);
    expect(house - (await brandWalletBalance(db(), brand().id, 'house'))).toBe(5_000n);
    const rows = rowsOf<{ upline_id: string | null; amount: string; status: string }>(await db().execute(sql`
      select upline_id::text as upline_id, amount::text as amount, status from agent_contract_payouts where downline_id in (${top.id}, ${sub.id}) and status <> 'none' order by id`));
    expect(rows).toEqual([{ upline_id: null, amount: '5000', status: 'disbursed' }, { upline_id: String(top.id), amount: '1000', status: 'disbursed' }]);
    // the wage shows in the top agent's records (upline: the platform)
    const rec = (await t.call({ method: 'GET', url: `/wps/relay/ODSFE2_contractRecords?kind=daily&role=mine&startDate=${day}&endDate=${day}`, token: topToken })).json();
    expect(rec.value.list.map((r: { amount: string; account: string; status: string }) => [r.amount, r.account, r.status])).toEqual([['50.00', '', 'disbursed']]);
    expect(await audit(db(), brand().id)).toMatchObject({ entrySum: 0n, mismatchedAccounts: 0, negativeMemberBalances: 0 });

    // the platform ends it: the top agent's own offers of the kind end with it
    const ended = await operator('/wps/operator/agentContracts/terminate', { contractId: c.contractId });
    expect(ended.json().value).toMatchObject({ status: 'termination', endReason: 'terminated' });
    const subContract = rowsOf<{ status: string; end_reason: string }>(await db().execute(sql`select status, end_reason from agent_contracts where id = ${BigInt(down.json().value.contractId)}`))[0];
    expect(subContract).toEqual({ status: 'termination', end_reason: 'upline_rate' });
    expect((await operator('/wps/operator/agentContracts/terminate', { contractId: c.contractId })).json().errorCode).toBe('contract.state.invalid');
    expect((await operator('/wps/operator/agentContracts/terminate', { contractId: down.json().value.contractId })).json().errorCode).toBe('contract.not.found');
  });
});
