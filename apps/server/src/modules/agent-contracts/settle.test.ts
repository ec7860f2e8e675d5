import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { agentDailyStats, agentTeamDaily } from '../../db/agent-schema.ts';
import { runExclusive } from '../../jobs/runner.ts';
import { useTestApp } from '../../test/harness.ts';
import { freshIp } from '../../test/kits/session.ts';
import { audit, memberAccount, memberBalances } from '../../kernel/ledger/index.ts';
import { addMember, brandOf, fund, memberId, tokenFor } from '../../test/kits/wallet.ts';
import { compute, lastDividendPeriod, lastSlot, pay, settle } from './settle.ts';
import { rowsOf } from '../../db/index.ts';

/** Settlement arithmetic of each kind on known rollup rows, and exactly once (issue 8 item 4). */
const t = useTestApp();
const db = () => t.database.db;
const brand = () => brandOf(t);
const HOUR = 3_600_000;

const api = (token: string, url: string, body: object) => t.call({ method: 'POST', url, token, remoteAddress: freshIp(), payload: body });

/** A new agent under `upline` with a contract of `upline` accepted: answers its id and name. */
async function contracted(upline: string, body: object) {
  const m = await addMember(t, 'demo', { type: 2, parent: upline });
  const offered = await api(await tokenFor(t, upline), '/wps/relay/MCSFE_contractOffer', { downlineId: String(m.id), ...body });
  expect(offered.statusCode, JSON.stringify(offered.json())).toBe(200);
  const accepted = await api(await tokenFor(t, m.username), '/wps/relay/MCSFE_contractAccept', { contractId: offered.json().value.contractId });
  expect(accepted.json().value.status).toBe('success');
  return { id: m.id, username: m.username, contractId: BigInt(offered.json().value.contractId) };
}

const P = (minimumBet: string, activeMember: number, rate: string, extra: object = {}) => ({ minimumBet, activeMember, rateType: 'P', rate, ...extra });

async function teamDay(agentId: bigint, day: string, validBet: bigint, active: number, profit = 0n) {
  await db().insert(agentTeamDaily).values({ merchantId: brand().id, agentId, day, validBet, bet: validBet, activeMembers: active, profit })
    .onConflictDoUpdate({ target: [agentTeamDaily.agentId, agentTeamDaily.day], set: { validBet, bet: validBet, activeMembers: active, profit } });
}

const payouts = async (contractId: bigint) => rowsOf<{ id: string; valid_bet: string; amount: string; status: string; active_members: number; net_loss: string; rate: string; posting_id: string | null }>(
  await db().execute(sql`select id::text as id, valid_bet::text as valid_bet, amount::text as amount, status, active_members, net_loss::text as net_loss, rate::text as rate, posting_id::text as posting_id
    from agent_contract_payouts where contract_id = ${contractId} and not (status = 'none' and valid_bet = 0) order by period_start`));
const balance = async (username: string) => (await memberBalances(db(), brand().id, await memberId(t, username))).find((r) => r.wallet === 'main')?.balance ?? 0n;
const postingsOf = async (memberIdValue: bigint) => rowsOf<{ n: number }>(await db().execute(sql`
  select count(*)::int as n from postings where member_id = ${memberIdValue} and idem_key like 'contract_payout:%'`))[0]!.n;

/** Two days ahead at 10:30 local (demo is GMT-6): after every contract of the test was accepted. */
function later(days = 2): Date {
  const d = new Date(Date.now() + days * 86_400_000);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 16, 30));
}

describe('settlement arithmetic', () => {
  it('daily wages: the highest tier reached, percent or fixed; below every tier nothing is paid; the upline pays', async () => {
    await fund(t, 'agent01', 1_000_000n);
    const pct = await contracted('agent01', { kind: 'daily', tiers: [P('1000', 1, '1.00'), P('5000', 3, '2.00')] });
    const fixed = await contracted('agent01', { kind: 'daily', tiers: [{ minimumBet: '1000', activeMember: 1, rateType: 'F', rate: '50.00' }] });
    const low = await contracted('agent01', { kind: 'daily', tiers: [P('1000', 1, '1.00')] });
    const now = later();
    const p = lastSlot(now, brand().config.gmtOffsetMinutes, 86_400_000);
    await teamDay(pct.id, p.day, 600_000n, 2); // 6000.00 with 2 active: tier 1 (tier 2 needs 3 active)
    await teamDay(fixed.id, p.day, 150_000n, 1);
    await teamDay(low.id, p.day, 50_000n, 5); // 500.00: below 1000.00
    const before = await balance('agent01');
    await settle(db(), [brand()], 'daily', now);
    expect((await payouts(pct.contractId)).map((r) => [r.valid_bet, r.active_members, r.rate, r.amount, r.status])).toEqual([['600000', 2, '100', '6000', 'disbursed']]);
    expect((await payouts(fixed.contractId)).map((r) => [r.amount, r.status])).toEqual([['5000', 'disbursed']]);
    expect((await payouts(low.contractId)).map((r) => [r.amount, r.status])).toEqual([['0', 'none']]);
    expect(await balance(pct.username)).toBe(6000n);
    expect(await balance(fixed.username)).toBe(5000n);
    expect(before - (await balance('agent01'))).toBe(11_000n);
    // the wage shows in the downline's records and income
    const token = await tokenFor(t, pct.username);
    const rec = await t.call({ method: 'GET', url: `/wps/relay/ODSFE2_contractRecords?kind=daily&startDate=${p.day}&endDate=${p.day}`, token });
    expect(rec.json().value.list[0]).toMatchObject({ account: 'agent01', validBet: '6000.00', rate: '1.00', amount: '60.00', status: 'disbursed', day: p.day });
    expect(rec.json().value.totals).toEqual({ validBet: '6000.00', amount: '60.00', disbursed: '60.00', pending: '0.00' });
    const inc = await t.call({ method: 'GET', url: `/wps/relay/ODSFE2_agentIncome?startDate=${p.day}&endDate=${p.day}`, token: await tokenFor(t, 'agent01') });
    expect(inc.json().value, inc.body).toBeDefined();
    expect(inc.json().value.paid).toMatchObject({ daily: '110.00', total: '110.00' });
  });

  it('hourly salary: the hour\'s valid bet (the day so far minus the last settlement), tier on the hour', async () => {
    await fund(t, 'agent01', 1_000_000n);
    const c = await contracted('agent01', { kind: 'hourly', tiers: [P('1000', 1, '0.50'), P('3000', 1, '1.00')] });
    const now = later();
    const off = brand().config.gmtOffsetMinutes;
    const p1 = lastSlot(now, off, HOUR);
    await teamDay(c.id, p1.day, 300_000n, 2);
    await settle(db(), [brand()], 'hourly', now);
    await teamDay(c.id, p1.day, 500_000n, 2);
    await settle(db(), [brand()], 'hourly', new Date(now.getTime() + HOUR));
    await settle(db(), [brand()], 'hourly', new Date(now.getTime() + HOUR + 60_000));
    // 3000.00 at 1.00% = 30.00; then 2000.00 at 0.50% = 10.00
    expect((await payouts(c.contractId)).map((r) => [r.valid_bet, r.amount, r.status])).toEqual([['300000', '3000', 'disbursed'], ['200000', '1000', 'disbursed']]);
    expect(await balance(c.username)).toBe(4000n);
  });

  it('real-time salary: every 5 minutes on the bets since the last settlement, tier on the day so far', async () => {
    await fund(t, 'agent01', 1_000_000n);
    const c = await contracted('agent01', { kind: 'realtime', tiers: [P('0', 0, '0.10'), P('5000', 0, '0.20')] });
    const now = later();
    const p1 = lastSlot(now, brand().config.gmtOffsetMinutes, 5 * 60_000);
    expect(p1.end.getTime() - p1.start.getTime()).toBe(300_000);
    await teamDay(c.id, p1.day, 300_000n, 1);
    await settle(db(), [brand()], 'realtime', now);
    await settle(db(), [brand()], 'realtime', new Date(now.getTime() + 60_000)); // same slot: nothing new
    await teamDay(c.id, p1.day, 600_000n, 1);
    await settle(db(), [brand()], 'realtime', new Date(now.getTime() + 300_000));
    // 3000.00 at 0.10% = 3.00; then 3000.00 more at 0.20% (6000.00 so far) = 6.00
    expect((await payouts(c.contractId)).map((r) => [r.valid_bet, r.amount])).toEqual([['300000', '300'], ['300000', '600']]);
    expect(await balance(c.username)).toBe(900n);
  });

  it('dividend: the period\'s valid bet, net loss and distinct active members; nothing when the team won', async () => {
    await fund(t, 'agent01', 1_000_000n);
    const tiers = [P('0', 1, '10', { netLoss: '100' }), P('10000', 2, '25', { netLoss: '1000' })];
    const c = await contracted('agent01', { kind: 'dividend', period: 'weekly', tiers });
    const won = await contracted('agent01', { kind: 'dividend', period: 'weekly', tiers });
    const now = later(9);
    const p = lastDividendPeriod(now, brand().config.gmtOffsetMinutes, 'weekly');
    expect(new Date(`${p.day}T00:00:00Z`).getUTCDay()).toBe(1);
    const d2 = new Date(Date.parse(`${p.day}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
    await teamDay(c.id, p.day, 700_000n, 2, -80_000n);
    await teamDay(c.id, d2, 500_000n, 1, -70_000n);
    await teamDay(won.id, p.day, 700_000n, 2, 50_000n);
    // two members active in the week (one on two days), one below the threshold
    for (const [valid, days] of [[20_000n, [p.day, d2]], [5_000n, [d2]], [50n, [p.day]]] as const) {
      const m = await addMember(t, 'demo', { parent: c.username });
      for (const day of days) await db().insert(agentDailyStats).values({ merchantId: brand().id, memberId: m.id, day, bets: 1, bet: valid, validBet: valid });
    }
    await settle(db(), [brand()], 'dividend', now);
    // 12000.00 valid, net loss 1500.00, 2 active: tier 2, 25% of 1500.00 = 375.00
    expect((await payouts(c.contractId)).map((r) => [r.valid_bet, r.net_loss, r.active_members, r.amount, r.status])).toEqual([['1200000', '150000', 2, '37500', 'disbursed']]);
    expect((await payouts(won.contractId)).map((r) => [r.net_loss, r.amount, r.status])).toEqual([['-50000', '0', 'none']]);
    expect(await balance(c.username)).toBe(37_500n);
  });
});

describe('catching up', () => {
  it('a brand day missed while the jobs were stopped is settled by the next run, once', async () => {
    await fund(t, 'agent01', 1_000_000n);
    const c = await contracted('agent01', { kind: 'daily', tiers: [P('100', 0, '1.00')] });
    const missed = lastSlot(later(2), brand().config.gmtOffsetMinutes, 86_400_000).day;
    await teamDay(c.id, missed, 100_000n, 1);
    await settle(db(), [brand()], 'daily', later(4));
    await settle(db(), [brand()], 'daily', later(3));
    expect((await payouts(c.contractId)).map((r) => [r.amount, r.status])).toEqual([['1000', 'disbursed']]);
  });
});

describe('a contract in force from mid-day', () => {
  it('real-time salary starts from the team\'s valid bet at acceptance (no pay for the bets before it)', async () => {
    await fund(t, 'agent01', 1_000_000n);
    const m = await addMember(t, 'demo', { type: 2, parent: 'agent01' });
    // The brand day of the slot under way (the acceptance's): the last slot ending by now + 5 min.
    // (now + 6 min would name the next day in the last minutes before the brand's midnight.)
    const today = lastSlot(new Date(Date.now() + 300_000), brand().config.gmtOffsetMinutes, 300_000).day;
    await teamDay(m.id, today, 300_000n, 1);
    const top = await tokenFor(t, 'agent01');
    const body = { kind: 'realtime', tiers: [P('0', 0, '1.00')] };
    const offered = await api(top, '/wps/relay/MCSFE_contractOffer', { downlineId: String(m.id), ...body });
    const contractId = BigInt(offered.json().value.contractId);
    await api(await tokenFor(t, m.username), '/wps/relay/MCSFE_contractAccept', { contractId: String(contractId) });
    await teamDay(m.id, today, 500_000n, 1);
    for (const k of [1, 2, 3]) await settle(db(), [brand()], 'realtime', new Date(Date.now() + k * 300_000));
    // only the 2000.00 bet after the acceptance: 1% = 20.00
    const rows = await payouts(contractId);
    expect(rows.map((r) => [r.valid_bet, r.amount])).toEqual([['200000', '2000']]);
    expect(await balance(m.username)).toBe(2000n);
  });
});

describe('exactly once', () => {
  it('two concurrent runs, with and without the job lock, pay once', async () => {
    await fund(t, 'agent01', 1_000_000n);
    const c = await contracted('agent01', { kind: 'daily', tiers: [P('100', 0, '1.00')] });
    const now = later();
    await teamDay(c.id, lastSlot(now, brand().config.gmtOffsetMinutes, 86_400_000).day, 100_000n, 1);
    const job = { name: 'contracts.daily.test', everyMs: 1, run: (tx: Parameters<typeof settle>[0], at: Date) => settle(tx, [brand()], 'daily', at) };
    await Promise.all([runExclusive(db(), job, now), runExclusive(db(), job, now), db().transaction((tx) => settle(tx, [brand()], 'daily', now)), settle(db(), [brand()], 'daily', now)]);
    expect((await payouts(c.contractId)).map((r) => [r.amount, r.status])).toEqual([['1000', 'disbursed']]);
    expect(await postingsOf(c.id)).toBe(1);
    expect(await balance(c.username)).toBe(1000n);
  });

  it('a crash between compute and pay, or between the posting and the record, is finished by the next run', async () => {
    await fund(t, 'agent01', 1_000_000n);
    const a = await contracted('agent01', { kind: 'daily', tiers: [P('100', 0, '1.00')] });
    const b = await contracted('agent01', { kind: 'daily', tiers: [P('100', 0, '2.00')] });
    const now = later();
    const day = lastSlot(now, brand().config.gmtOffsetMinutes, 86_400_000).day;
    await teamDay(a.id, day, 100_000n, 1);
    await teamDay(b.id, day, 100_000n, 1);
    // crash 1: computed (committed), never paid
    await db().transaction(async (tx) => { await compute(tx, brand(), 'daily', now); });
    expect((await payouts(a.contractId)).map((r) => r.status)).toEqual(['pending']);
    // crash 2: b's posting went through, its record was not marked (the same statement's posting, done alone)
    const [rb] = await payouts(b.contractId);
    const payer = await memberAccount(db(), brand().id, await memberId(t, 'agent01'));
    const payee = await memberAccount(db(), brand().id, b.id);
    await db().execute(sql`select * from ledger_post(${brand().id}, 'daily_wage', ${`contract_payout:${rb!.id}`}, ${b.id}, '{}'::jsonb, null,
      ${`{${[payer, payee].sort((x, y) => (x < y ? -1 : 1)).join(',')}}`}::bigint[], ${payer < payee ? '{-2000,2000}' : '{2000,-2000}'}::bigint[])`);
    // the next run computes nothing new and pays each once
    expect(await settle(db(), [brand()], 'daily', now)).toBe(2);
    expect(await settle(db(), [brand()], 'daily', now)).toBe(0);
    expect((await payouts(a.contractId)).map((r) => [r.amount, r.status])).toEqual([['1000', 'disbursed']]);
    expect((await payouts(b.contractId)).map((r) => [r.amount, r.status])).toEqual([['2000', 'disbursed']]);
    expect([await postingsOf(a.id), await postingsOf(b.id)]).toEqual([1, 1]);
    expect([await balance(a.username), await balance(b.username)]).toEqual([1000n, 2000n]);
    expect(await audit(db(), brand().id)).toEqual({ entrySum: 0n, mismatchedAccounts: 0, negativeMemberBalances: 0 });
  });

  it('an upline whose balance does not cover a wage leaves it pending until it does', async () => {
    await fund(t, 'agent01', 1_000_000n);
    const mid = await contracted('agent01', { kind: 'daily', tiers: [P('100', 0, '2.00')] });
    const c = await contracted(mid.username, { kind: 'daily', tiers: [P('100', 0, '1.00')] });
    const now = later();
    const day = lastSlot(now, brand().config.gmtOffsetMinutes, 86_400_000).day;
    await teamDay(c.id, day, 100_000n, 1);
    await teamDay(mid.id, day, 100_000n, 1);
    await settle(db(), [brand()], 'daily', now);
    // mid had nothing when the run started: its own wage (20.00) came in, its downline's (10.00) waits
    expect((await payouts(c.contractId)).map((r) => r.status)).toEqual(['pending']);
    expect(await balance(mid.username)).toBe(2000n);
    expect(await pay(db(), brand())).toBe(1);
    expect((await payouts(c.contractId)).map((r) => r.status)).toEqual(['disbursed']);
    expect([await balance(mid.username), await balance(c.username)]).toEqual([1000n, 1000n]);
    // a batch where mid is paid and pays: every entry's balance after it is its account's running balance
    const c2 = await contracted(mid.username, { kind: 'daily', tiers: [P('100', 0, '0.50')] });
    const now2 = later(3);
    const day2 = lastSlot(now2, brand().config.gmtOffsetMinutes, 86_400_000).day;
    await teamDay(mid.id, day2, 100_000n, 1);
    await teamDay(c.id, day2, 50_000n, 1);
    await teamDay(c2.id, day2, 100_000n, 1);
    await settle(db(), [brand()], 'daily', now2);
    expect([await balance(mid.username), await balance(c.username), await balance(c2.username)]).toEqual([1000n + 2000n - 500n - 500n, 1500n, 500n]);
    expect(await audit(db(), brand().id)).toEqual({ entrySum: 0n, mismatchedAccounts: 0, negativeMemberBalances: 0 });
    const steps = rowsOf<{ ok: boolean }>(await db().execute(sql`
      select bool_and(e.balance_after = (select sum(x.amount) from entries x where x.account_id = e.account_id and x.id <= e.id)) as ok
        from entries e join ledger_accounts a on a.id = e.account_id where a.member_id = ${mid.id}`));
    expect(steps[0]!.ok).toBe(true);
  });
});
