import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { agentDailyStats, agentTeamDaily, affiliateAttribution, affiliatePostbackUrls, depositOrders } from '../../db/schema.ts';
import { rowsOf } from '../../db/index.ts';
import { useTestApp } from '../../test/harness.ts';
import { freshIp } from '../../test/kits/session.ts';
import { memberBalances } from '../../kernel/ledger/index.ts';
import { brandDate, DAY_MS } from '../../kernel/brand-time/index.ts';
import { addMember, brandOf, fund, memberId, tokenFor } from '../../test/kits/wallet.ts';
import { settleCpa } from './cpa.ts';
import { compute, lastDividendPeriod } from './settle.ts';

/** Commission plans (issue 25 item 4): CPA and hybrid offers, CPA paid once per qualified player, negative carry-over. */
const t = useTestApp();
const db = () => t.database.db;
const brand = () => brandOf(t);

const post = async (user: string, url: string, body: object) => t.call({ method: 'POST', url, token: await tokenFor(t, user), remoteAddress: freshIp(), payload: body });
const P = (minimumBet: string, rate: string, netLoss = '0') => ({ minimumBet, netLoss, activeMember: 0, rateType: 'P', rate });
const balance = async (id: bigint) => (await memberBalances(db(), brand().id, id)).find((r) => r.wallet === 'main')?.balance ?? 0n;

/** A new agent under agent01 with agent01's offer `body` accepted. */
async function contracted(body: object) {
  const m = await addMember(t, 'demo', { type: 2, parent: 'agent01' });
  const offered = await post('agent01', '/wps/relay/MCSFE_contractOffer', { downlineId: String(m!.id), kind: 'dividend', period: 'daily', ...body });
  expect(offered.statusCode, offered.body).toBe(200);
  expect((await post(m!.username, '/wps/relay/MCSFE_contractAccept', { contractId: offered.json().value.contractId })).json().value.status).toBe('success');
  return { id: m!.id, username: m!.username, contractId: BigInt(offered.json().value.contractId), view: offered.json().value };
}

/** A player under `parent` whose first deposit (`deposit`) and valid bet fall on `day`, as the rollup leaves them. */
async function player(parent: string, day: string, deposit: bigint, validBet: bigint) {
  const m = await addMember(t, 'demo', { parent });
  const now = new Date();
  await db().insert(depositOrders).values({ merchantId: brand().id, memberId: m!.id, orderNo: `D${randomUUID().slice(0, 12)}`, requestId: randomUUID(), method: 'bank', channel: 'c', amount: deposit, status: 'confirmed', expiresAt: now, closedAt: now });
  await db().insert(agentDailyStats).values({ merchantId: brand().id, memberId: m!.id, day, deposits: deposit, firstDeposit: true, validBet, bet: validBet, bets: 1 });
  return m!;
}

describe('commission plans', () => {
  it('offers: a CPA plan has no tiers, hybrid has both, only on dividends, and no one offers more CPA than its own', async () => {
    const m = await addMember(t, 'demo', { type: 2, parent: 'agent01' });
    const offer = (body: object) => post('agent01', '/wps/relay/MCSFE_contractOffer', { downlineId: String(m!.id), kind: 'dividend', period: 'monthly', tiers: [], ...body });
    const code = async (body: object) => (await offer(body)).json().errorCode;
    expect(await code({ plan: 'cpa', cpa: { amount: '10' }, tiers: [P('0', '10')] })).toBe('contract.plan.invalid');
    expect(await code({ plan: 'hybrid', tiers: [P('0', '10')] })).toBe('contract.plan.invalid');
    expect(await code({ plan: 'revshare', cpa: { amount: '10' }, tiers: [P('0', '10')] })).toBe('contract.plan.invalid');
    expect(await code({ kind: 'daily', plan: 'cpa', cpa: { amount: '10' } })).toBe('contract.plan.invalid');
    expect(await code({ kind: 'daily', negativeCarry: 'on', tiers: [P('0', '1')] })).toBe('contract.plan.invalid');
    expect(await code({ plan: 'cpa', cpa: { amount: '1000.01' } })).toBe('contract.rate.exceeds');
    const r = await offer({ plan: 'hybrid', negativeCarry: 'monthly', cpa: { amount: '25', minDeposit: '50' }, tiers: [P('0', '10')] });
    expect(r.statusCode, r.body).toBe(200);
    // unset terms show the brand's rule (here the product default: 30 days, no valid bet)
    expect(r.json().value).toMatchObject({ plan: 'hybrid', negativeCarry: 'monthly', cpa: { amount: '25.00', minDeposit: '50.00', minValidBet: '0.00', days: 30 } });
    await post(m!.username, '/wps/relay/MCSFE_contractAccept', { contractId: r.json().value.contractId });
    // the downline's own CPA (25.00) caps what it offers below it
    const sub = await addMember(t, 'demo', { type: 2, parent: m!.username });
    const below = await post(m!.username, '/wps/relay/MCSFE_contractOffer', { downlineId: String(sub!.id), kind: 'dividend', period: 'monthly', tiers: [], plan: 'cpa', cpa: { amount: '25.01' } });
    expect([below.json().errorCode, below.json().errorParams ?? below.json().message]).toMatchObject(['contract.rate.exceeds', expect.anything()]);
  });

  it('CPA pays once per qualified player through the ledger, queues the qualified CPA postback and shows in the statement', async () => {
    await fund(t, 'agent01', 100_000n);
    await db().execute(sql`insert into affiliate_settings (merchant_id, cpa_rule) values (${brand().id}, ${JSON.stringify({ minValidBet: '100.00', days: 7 })}::jsonb)
      on conflict (merchant_id) do update set cpa_rule = excluded.cpa_rule`);
    const a = await contracted({ plan: 'cpa', tiers: [], cpa: { amount: '25.00', minDeposit: '50.00' } });
    const now = new Date();
    const today = brandDate(brand(), now);
    const yes = await player(a.username, today, 60_00n, 150_00n);
    const lowDeposit = await player(a.username, today, 20_00n, 500_00n);
    const lowBet = await player(a.username, today, 80_00n, 99_99n);
    await db().insert(affiliateAttribution).values({ memberId: yes.id, merchantId: brand().id, agentId: a.id, linkKey: 0n, campaign: 'spring', subId: 's1', clickId: 'c1' });
    await db().insert(affiliatePostbackUrls).values({ agentId: a.id, merchantId: brand().id, event: 'cpa', template: 'https://tracker.example/cpa?sub={sub_id}&amount={amount}' });
    const upBefore = await balance(await memberId(t, 'agent01'));
    expect(await settleCpa(db(), [brand()], now)).toBe(2); // one row computed, one paid
    expect(await settleCpa(db(), [brand()], now)).toBe(0);
    expect(await balance(a.id)).toBe(25_00n);
    expect(upBefore - await balance(await memberId(t, 'agent01'))).toBe(25_00n);
    const rows = rowsOf<{ member_id: string; status: string; n: number }>(await db().execute(sql`
      select member_id::text as member_id, status, (select count(*)::int from postings p where p.idem_key = 'cpa_payout:' || x.id) as n
        from affiliate_cpa_payouts x where contract_id = ${a.contractId}`));
    expect(rows).toEqual([{ member_id: String(yes.id), status: 'disbursed', n: 1 }]);
    expect([lowDeposit.id, lowBet.id].some((id) => rows.some((r) => r.member_id === String(id)))).toBe(false);
    const pb = rowsOf<{ url: string }>(await db().execute(sql`select url from affiliate_postbacks where member_id = ${yes.id} and event = 'cpa'`));
    expect(pb).toEqual([{ url: 'https://tracker.example/cpa?sub=s1&amount=25.00' }]);
    // the valid bet reaching 100.00 later (within 7 days) qualifies the second one, once
    await db().execute(sql`update agent_daily_stats set valid_bet = 10000 where member_id = ${lowBet.id}`);
    expect(await settleCpa(db(), [brand()], now)).toBe(2);
    expect(await balance(a.id)).toBe(50_00n);
    const st = (await t.call({ method: 'GET', url: `/wps/relay/MCSFE_agentStatement?startDate=${today}&endDate=${today}`, token: await tokenFor(t, a.username) })).json().value;
    expect(st.cpa).toMatchObject({ qualified: 2, amount: '50.00' });
    expect(st.cpa.lines[1]).toMatchObject({ account: yes.username, firstDeposit: '60.00', validBet: '150.00', amount: '25.00', status: 'disbursed' });
    expect(st.contract).toMatchObject({ plan: 'cpa', negativeCarry: 'off' });
  });

  it('negative carry-over: a winning day is carried into the next (on), dropped (off)', async () => {
    const on = await contracted({ negativeCarry: 'on', tiers: [P('0', '10.00')] });
    const off = await contracted({ tiers: [P('0', '10.00')] });
    await db().execute(sql`update agent_contracts set accepted_at = now() - interval '10 days' where id in (${on.contractId}, ${off.contractId})`);
    const now = new Date(Date.now() + 2 * DAY_MS);
    const p2 = lastDividendPeriod(now, brand().config.gmtOffsetMinutes, 'daily');
    const d1 = new Date(Date.parse(`${p2.day}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
    for (const c of [on, off]) {
      await db().insert(agentTeamDaily).values([
        { merchantId: brand().id, agentId: c.id, day: d1, validBet: 1000_00n, bet: 1000_00n, profit: 100_00n }, // the team won 100.00
        { merchantId: brand().id, agentId: c.id, day: p2.day, validBet: 1000_00n, bet: 1000_00n, profit: -300_00n }, // and lost 300.00
      ]);
    }
    await compute(db(), brand(), 'dividend', now);
    const rows = async (id: bigint) => rowsOf<{ day: string; net_loss: string; carry_in: string; carry_out: string; amount: string }>(await db().execute(sql`
      select day::text as day, net_loss::text as net_loss, carry_in::text as carry_in, carry_out::text as carry_out, amount::text as amount
        from agent_contract_payouts where contract_id = ${id} and day in (${d1}::date, ${p2.day}::date) order by day`));
    expect(await rows(on.contractId)).toEqual([
      { day: d1, net_loss: '-10000', carry_in: '0', carry_out: '-10000', amount: '0' },
      { day: p2.day, net_loss: '20000', carry_in: '-10000', carry_out: '0', amount: '2000' },
    ]);
    expect((await rows(off.contractId)).map((r) => [r.net_loss, r.carry_out, r.amount])).toEqual([['-10000', '0', '0'], ['30000', '0', '3000']]);
  });
});
