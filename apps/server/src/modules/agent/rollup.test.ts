import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { agentDailyStats, agentRollupMarks, agentTeamNow } from '../../db/agent-schema.ts';
import { members } from '../../db/schema.ts';
import { depositOrders } from '../../db/cashier-schema.ts';
import { betRecords, vendorTransactions } from '../../db/seamless-wallet-schema.ts';
import { runExclusive } from '../../jobs/runner.ts';
import { useTestApp } from '../../test/harness.ts';
import { insertBet } from './testkit.ts';
import { addMember, api, brandOf, tokenFor } from '../../test/kits/wallet.ts';
import { brandAccount, memberAccount, postAlone } from '../../kernel/ledger/index.ts';
import { rollup } from './rollup.ts';

const t = useTestApp();
const db = () => t.database.db;
/** Far enough ahead that every row is past the watermark lag. */
const LATER = () => new Date(Date.now() + 3_600_000);
const run = () => runExclusive(db(), { name: 'agent.rollup.test', everyMs: 1, run: (tx, now) => rollup(tx, now) }, LATER());

const bet = (memberId: bigint, at: string, minor: bigint, win: bigint, status: 'settled' | 'refunded' | 'open' = 'settled') =>
  insertBet(db(), { merchantId: brandOf(t).id, memberId, at: new Date(at), bet: minor, win, status });

async function deposit(memberId: bigint, at: string, minor: bigint) {
  const b = brandOf(t);
  const orderNo = `D${randomUUID().slice(0, 12)}`;
  await db().insert(depositOrders).values({
    merchantId: b.id, memberId, orderNo, requestId: randomUUID(), method: 'bank', channel: 'c', amount: minor,
    status: 'confirmed', expiresAt: new Date(at), closedAt: new Date(at),
  });
  const clearing = await brandAccount(db(), b.id, 'clearing');
  const acct = await memberAccount(db(), b.id, memberId);
  await postAlone(db(), { merchantId: b.id, kind: 'deposit', idemKey: `deposit:${orderNo}`, memberId, lines: [{ account: clearing, amount: -minor }, { account: acct, amount: minor }], meta: {} });
}

const statsOf = (memberId: bigint) => db().select().from(agentDailyStats).where(eq(agentDailyStats.memberId, memberId)).orderBy(agentDailyStats.day);

describe('agent_daily_stats rollup', () => {
  it('folds bets and deposits into brand days, with first-bet and first-deposit flags; twice changes nothing', async () => {
    const sub = await addMember(t, 'demo', { type: 2, parent: 'agent01' });
    const m = await addMember(t, 'demo', { parent: sub.username });
    // demo brand is GMT-6: 03:00Z on the 3rd is the evening of the 2nd
    await bet(m.id, '2026-01-03T03:00:00Z', 1_000n, 2_500n);
    await bet(m.id, '2026-01-03T07:00:00Z', 500n, 0n);
    await bet(m.id, '2026-01-03T08:00:00Z', 9_999n, 0n, 'refunded');
    await bet(m.id, '2026-01-04T12:00:00Z', 50n, 0n);
    await deposit(m.id, '2026-01-03T02:00:00Z', 20_000n);
    await deposit(m.id, '2026-01-04T12:00:00Z', 5_000n);
    expect(await run()).toBeGreaterThan(0);

    const rows = (await statsOf(m.id)).filter((r) => r.day < '2026-02-01');
    expect(rows.map((r) => [r.day, r.bets, r.bet, r.validBet, r.win, r.profit, r.deposits, r.firstBet, r.firstDeposit])).toEqual([
      ['2026-01-02', 1, 1_000n, 1_000n, 2_500n, 1_500n, 20_000n, true, true],
      ['2026-01-03', 1, 500n, 500n, 0n, -500n, 0n, false, false],
      ['2026-01-04', 1, 50n, 50n, 0n, -50n, 5_000n, false, false],
    ]);
    const registered = (await statsOf(m.id)).filter((r) => r.registered);
    expect(registered).toHaveLength(1);

    // nothing new: no member row rewritten; from scratch again: the same rows
    const before = await statsOf(m.id);
    await run();
    expect((await statsOf(m.id)).map((r) => r.updatedAt.getTime())).toEqual(before.map((r) => r.updatedAt.getTime()));
    await db().update(agentRollupMarks).set({ lastId: 0n });
    await run();
    expect((await statsOf(m.id)).map(({ updatedAt: _u, ...r }) => r)).toEqual(before.map(({ updatedAt: _u, ...r }) => r));

    // the team overview reads the rollups of the whole subtree; a sub-agent sees its part
    const overview = await api(t, await tokenFor(t, 'agent01'), 'GET', '/wps/relay/ODSFE2_agentTeamOverview?startDate=2026-01-01&endDate=2026-01-05');
    const v = overview.json().value;
    expect(v).toMatchObject({ betAmount: '15.50', validBet: '15.50', win: '25.00', profit: '9.50', deposits: '250.00', firstBets: 1, firstDeposits: 1, activeMembers: 1 });
    expect(v.days.map((d: { day: string; activeMembers: number }) => [d.day, d.activeMembers])).toEqual([
      ['2026-01-01', 0], ['2026-01-02', 1], ['2026-01-03', 1], ['2026-01-04', 0], ['2026-01-05', 0],
    ]);
    expect(v.teamMembers).toBeGreaterThanOrEqual(5);
    expect(v.teamBalance).not.toBe('0.00');
    expect(v.asOf).not.toBeNull();
    const oneDay = (await api(t, await tokenFor(t, 'agent01'), 'GET', '/wps/relay/ODSFE2_agentTeamOverview?startDate=2026-01-02&endDate=2026-01-02')).json().value;
    expect([oneDay.activeMembers, oneDay.betAmount, oneDay.days.length]).toEqual([1, '10.00', 1]);
    const subView = (await api(t, await tokenFor(t, sub.username), 'GET', '/wps/relay/ODSFE2_agentTeamOverview?startDate=2026-01-01&endDate=2026-01-05')).json().value;
    expect(subView).toMatchObject({ teamMembers: 1, directMembers: 1, betAmount: '15.50', onlineUsers: 0 });

    // team betting: one row per member with its direct agent, and the footer
    const betting = (await api(t, await tokenFor(t, 'agent01'), 'GET', '/wps/relay/ODSFE2_agentTeamBetting?startDate=2026-01-01&endDate=2026-01-05')).json().value;
    expect(betting.list).toEqual([{ memberId: String(m.id), account: m.username, directAgent: sub.username, bets: 3, betAmount: '15.50', validBet: '15.50', win: '25.00', profit: '9.50' }]);
    expect(betting.footer).toEqual({ bets: 3, betAmount: '15.50', validBet: '15.50', win: '25.00', profit: '9.50' });
  });

  it('a settlement after the fold (a later win on an open bet) is folded by the next run', async () => {
    const m = await addMember(t, 'demo', { parent: 'agent01' });
    await bet(m.id, '2026-01-10T18:00:00Z', 1_000n, 0n, 'open');
    await run();
    const [open] = await statsOf(m.id).then((r) => r.filter((x) => x.day === '2026-01-10'));
    expect([open!.bets, open!.validBet, open!.win]).toEqual([1, 0n, 0n]);
    const [rec] = await db().select().from(betRecords).where(eq(betRecords.memberId, m.id));
    await db().update(betRecords).set({ status: 'settled', validBet: 1_000n, win: 3_000n, profit: 2_000n }).where(eq(betRecords.id, rec!.id));
    await db().insert(vendorTransactions).values({ merchantId: rec!.merchantId, vendor: rec!.vendor, txId: randomUUID(), roundId: rec!.roundId, memberId: m.id, kind: 'win', amount: 3_000n, status: 'applied' });
    await run();
    const [settled] = await db().select().from(agentDailyStats).where(and(eq(agentDailyStats.memberId, m.id), eq(agentDailyStats.day, '2026-01-10')));
    expect([settled!.bets, settled!.validBet, settled!.win, settled!.profit]).toEqual([1, 1_000n, 3_000n, 2_000n]);
  });

  it('rows newer than the lag are read again until they are old enough (the watermark waits)', async () => {
    const m = await addMember(t, 'demo', { parent: 'agent01' });
    await run();
    const [mark] = await db().select().from(agentRollupMarks).where(eq(agentRollupMarks.source, 'members'));
    const n = await addMember(t, 'demo', { parent: 'agent01' });
    await db().transaction((tx) => rollup(tx, new Date()));
    const [after] = await db().select().from(agentRollupMarks).where(eq(agentRollupMarks.source, 'members'));
    expect(after!.lastId).toBe(mark!.lastId);
    expect((await statsOf(n.id)).some((r) => r.registered)).toBe(true);
    expect(mark!.lastId).toBeGreaterThanOrEqual(m.id);
    const [{ max }] = (await db().execute(sql`select max(id)::text as max from members`) as unknown as { rows: { max: string }[] }).rows as [{ max: string }];
    await run();
    const [done] = await db().select().from(agentRollupMarks).where(eq(agentRollupMarks.source, 'members'));
    expect(done!.lastId).toBe(BigInt(max));
  });

  it('postings of other kinds move the postings watermark too (a run of bets or transfers cannot stall it)', async () => {
    const m = await addMember(t, 'demo', { parent: 'agent01' });
    await deposit(m.id, '2026-01-12T12:00:00Z', 1_000n);
    await run();
    const b = brandOf(t);
    const clearing = await brandAccount(db(), b.id, 'clearing');
    const acct = await memberAccount(db(), b.id, m.id);
    await postAlone(db(), { merchantId: b.id, kind: 'bonus', idemKey: `bonus:${randomUUID()}`, memberId: m.id, lines: [{ account: clearing, amount: -10n }, { account: acct, amount: 10n }], meta: {} });
    await run();
    const [mark] = await db().select().from(agentRollupMarks).where(eq(agentRollupMarks.source, 'postings'));
    const [{ max }] = (await db().execute(sql`select max(id)::text as max from postings`) as unknown as { rows: { max: string }[] }).rows as [{ max: string }];
    expect(mark!.lastId).toBe(BigInt(max));
  });

  it('team size and balance follow the tree: an agent whose only member moves away loses its row', async () => {
    const a = await addMember(t, 'demo', { type: 2, parent: 'agent01' });
    const m = await addMember(t, 'demo', { parent: a.username });
    await run();
    const row = async () => (await db().select().from(agentTeamNow).where(eq(agentTeamNow.agentId, a.id)))[0];
    expect((await row())).toMatchObject({ teamMembers: 1, directMembers: 1 });
    await db().update(members).set({ parentId: null }).where(eq(members.id, m.id));
    await run();
    expect(await row()).toBeUndefined();
  });
});
