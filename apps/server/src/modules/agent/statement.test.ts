import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { agentContracts, agentContractTiers, depositOrders } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { addMember, api, brandOf, memberId, tokenFor } from '../../test/kits/wallet.ts';
import { brandAccount, memberAccount, postAlone } from '../../kernel/ledger/index.ts';
import { brandDate } from '../../kernel/brand-time/index.ts';
import { recompute, recomputeTeams } from './rollup.ts';
import { insertBet } from './testkit.ts';

/** The revenue behind the dividend (issue 25 item 3): statement lines and the tier reached, with why. */
const t = useTestApp();
const db = () => t.database.db;
const KEY = { 'x-operator-key': 'dev-operator-key' };

describe('dividend statement lines', () => {
  it('shows GGR per product with admin fees, bonuses, payment fees, NGR and the tier reached', async () => {
    const b = brandOf(t);
    expect((await t.call({ method: 'POST', url: '/wps/operator/affiliate/settings', headers: KEY, payload: { postbackHosts: [], adminFeeBps: { RNG: 1000 }, paymentFeeBps: 100 } })).statusCode).toBe(200);
    const m = await addMember(t, 'demo', { parent: 'subagent01' });
    const now = new Date();
    await insertBet(db(), { merchantId: b.id, memberId: m!.id, at: now, bet: 100_00n, win: 40_00n });
    await insertBet(db(), { merchantId: b.id, memberId: m!.id, at: now, bet: 50_00n, win: 70_00n });
    await db().execute(sql`update bet_records set game_type = 'LIVE' where member_id = ${m!.id} and bet = 5000`);
    const orderNo = `D${randomUUID().slice(0, 12)}`;
    await db().insert(depositOrders).values({ merchantId: b.id, memberId: m!.id, orderNo, requestId: randomUUID(), method: 'bank', channel: 'c', amount: 200_00n, status: 'confirmed', expiresAt: now, closedAt: now });
    await postAlone(db(), { merchantId: b.id, kind: 'deposit', idemKey: `deposit:${orderNo}`, memberId: m!.id, lines: [{ account: await brandAccount(db(), b.id, 'clearing'), amount: -200_00n }, { account: await memberAccount(db(), b.id, m!.id), amount: 200_00n }], meta: {} });
    // the rollup of this member's day alone (the job's full pass over every source is not needed here)
    const day = brandDate(b, now);
    await recomputeTeams(db(), await recompute(db(), sql`select ${b.id}::int as merchant_id, ${m!.id}::bigint as member_id, ${day}::date as day`));
    const sub = await memberId(t, 'subagent01');
    const [c] = await db().insert(agentContracts).values({ merchantId: b.id, kind: 'dividend', uplineId: await memberId(t, 'agent01'), downlineId: sub, status: 'success', period: 'monthly', maxPct: 1000n, acceptedAt: now }).returning();
    await db().insert(agentContractTiers).values([
      { contractId: c!.id, idx: 0, minBet: 0n, netLoss: 10_00n, activeMembers: 1, rateType: 'P', rate: 1000n },
      { contractId: c!.id, idx: 1, minBet: 1000_00n, netLoss: 10_00n, activeMembers: 1, rateType: 'P', rate: 2000n },
    ]);
    const r = await api(t, await tokenFor(t, 'subagent01'), 'GET', `/wps/relay/MCSFE_agentStatement?startDate=${day}&endDate=${day}`);
    expect(r.statusCode).toBe(200);
    const v = r.json().value;
    expect(v.products).toEqual([
      { product: 'LIVE', betAmount: '50.00', validBet: '50.00', ggr: '-20.00', adminFeeBps: 0, adminFee: '0.00' },
      { product: 'RNG', betAmount: '100.00', validBet: '100.00', ggr: '60.00', adminFeeBps: 1000, adminFee: '6.00' },
    ]);
    expect(v).toMatchObject({ ggr: '40.00', bonus: '0.00', deposits: '200.00', paymentFeeBps: 100, paymentFees: '2.00', adminFees: '6.00', ngr: '32.00', validBet: '150.00', activeMembers: 1 });
    expect(v.contract).toMatchObject({ reachedIdx: 0, estimate: '4.00', plan: 'revshare', negativeCarry: 'off', carryIn: '0.00', carryOut: '0.00' });
    expect(v.cpa).toEqual({ qualified: 0, amount: '0.00', lines: [] });
    expect(v.contract.tiers[1]).toMatchObject({ reached: false, why: [{ rule: 'validBet', need: '1000.00', have: '150.00', met: false }, { rule: 'netLoss', met: true }, { rule: 'activeMembers', met: true }] });
    // agent01 sees its own team (the same member, one level deeper) and no contract of its own
    const top = (await api(t, await tokenFor(t, 'agent01'), 'GET', `/wps/relay/MCSFE_agentStatement?startDate=${day}&endDate=${day}`)).json().value;
    expect([top.ggr, top.contract]).toEqual(['40.00', null]);
    expect((await api(t, await tokenFor(t, 'player01'), 'GET', `/wps/relay/MCSFE_agentStatement?startDate=${day}&endDate=${day}`)).json().errorCode).toBe('login.non.agent');
  });
});
