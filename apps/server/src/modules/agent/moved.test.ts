/**
 * Reports over members' day rows after an operator move (agent_team_spans): P&L "all members" rows
 * and team betting follow the team totals' rule: days before the move stay with the old upline,
 * the move day on counts for the new one. The move lands in the middle of the report's period.
 */
import { describe, expect, it } from 'vitest';
import { runExclusive } from '../../jobs/runner.ts';
import { useTestApp } from '../../test/harness.ts';
import { insertBet } from './testkit.ts';
import { brandDate as brandDay, DAY_MS } from '../../kernel/brand-time/index.ts';
import { newOp, opCall, type Op } from '../../test/kits/operator.ts';
import { addMember, api, brandOf, tokenFor } from '../../test/kits/wallet.ts';
import { rollup } from './rollup.ts';

const t = useTestApp();
const db = () => t.database.db;
const run = () => runExclusive(db(), { name: 'agent.rollup.moved', everyMs: 1, run: (tx, now) => rollup(tx, now) }, new Date(Date.now() + 3_600_000));

const bet = (memberId: bigint, at: Date, minor: bigint) => insertBet(db(), { merchantId: brandOf(t).id, memberId, at, bet: minor });

const today = () => brandDay(brandOf(t));
const daysAgo = (n: number) => brandDay(brandOf(t), new Date(Date.now() - n * DAY_MS));
const range = () => `startDate=${daysAgo(3)}&endDate=${today()}`;
const move = async (op: Op, id: bigint, to: bigint) => {
  const r = await opCall(t, op, 'POST', '/wps/ops/people/move', { id: String(id), toAgentId: String(to) });
  expect(r.statusCode, r.body).toBe(200);
};

type Row = { account: string; level: number; betAmount: string };
/**
 * P&L "all members" rows as [account, level, bet], its footer's bet and total; P&L "direct" rows as
 * [account, bet] (each direct downline with its team) and total; team betting rows as [account, bets, bet] and its footer.
 */
async function reports(username: string, account = '') {
  const token = await tokenFor(t, username);
  const pl = (await api(t, token, 'GET', `/wps/relay/ODSFE2_agentProfitLoss?${range()}&scope=all`)).json().value;
  const dir = (await api(t, token, 'GET', `/wps/relay/ODSFE2_agentProfitLoss?${range()}&scope=direct`)).json().value;
  const tb = (await api(t, token, 'GET', `/wps/relay/ODSFE2_agentTeamBetting?${range()}${account ? `&account=${account}` : ''}`)).json().value;
  return {
    all: (pl.list as Row[]).map((r) => [r.account, r.level, r.betAmount]), plTotal: pl.total as number, plFooter: pl.footer.betAmount as string,
    direct: (dir.list as Row[]).map((r) => [r.account, r.betAmount]), directTotal: dir.total as number,
    betting: (tb.list as { account: string; bets: number; betAmount: string }[]).map((r) => [r.account, r.bets, r.betAmount]),
    bettingFooter: [tb.footer.bets, tb.footer.betAmount], bettingTotal: tb.total as number,
  };
}

/** The team overview's figures (range totals and days), without what reads the present (direct members now, sessions, balance time). */
async function overview(username: string) {
  const v = (await api(t, await tokenFor(t, username), 'GET', `/wps/relay/ODSFE2_agentTeamOverview?${range()}`)).json().value;
  const { asOf: _a, directMembers: _d, onlineUsers: _o, ...rest } = v;
  return rest as Record<string, unknown>;
}

/** The P&L direct rows' bets summed (minor units), to compare with the footer. */
const directSum = (rows: unknown[][]) => rows.reduce((n, r) => n + Math.round(Number(r[1]) * 100), 0);
const minor = (s: string) => Math.round(Number(s) * 100);

describe('agent reports after a move', () => {
  it('a member moved mid-period: the new upline sees the move day on, the old upline keeps the earlier days', async () => {
    const op = await newOp(t, 'support');
    const a = await addMember(t, 'demo', { type: 1 });
    const b = await addMember(t, 'demo', { type: 1 });
    const m = await addMember(t, 'demo', { parent: a.username });
    const stay = await addMember(t, 'demo', { parent: b.username });
    await bet(m.id, new Date(Date.now() - 2 * DAY_MS), 10_000n);
    await bet(m.id, new Date(Date.now() - 1 * DAY_MS), 5_000n);
    await bet(m.id, new Date(Date.now() - 60_000), 3_000n);
    await bet(stay.id, new Date(Date.now() - 2 * DAY_MS), 700n);
    await run();
    expect(await reports(a.username)).toMatchObject({ all: [[m.username, 1, '180.00']], plFooter: '180.00', betting: [[m.username, 3, '180.00']], direct: [[m.username, '180.00']] });

    await move(op, m.id, b.id);
    await bet(m.id, new Date(Date.now() - 30_000), 2_000n); // after the move, same day
    await run();

    // the new upline: the move day only (30.00 before the move + 20.00 after), its own member whole
    const newUp = await reports(b.username);
    expect(newUp).toMatchObject({
      all: [[m.username, 1, '50.00'], [stay.username, 1, '7.00']], plTotal: 2, plFooter: '57.00',
      betting: [[m.username, 2, '50.00'], [stay.username, 1, '7.00']], bettingFooter: [3, '57.00'], bettingTotal: 2,
      direct: [[stay.username, '7.00'], [m.username, '50.00']], directTotal: 2,
    });
    expect((await reports(b.username, m.username)).betting).toEqual([[m.username, 2, '50.00']]);
    // the old upline: the days before the move, the member still listed with its level then
    expect(await reports(a.username)).toMatchObject({
      all: [[m.username, 1, '150.00']], plTotal: 1, plFooter: '150.00',
      betting: [[m.username, 2, '150.00']], bettingFooter: [2, '150.00'], bettingTotal: 1,
      direct: [[m.username, '150.00']], directTotal: 1,
    });
    // the rows agree with the team totals (the footer from the rollups) on both sides
    for (const r of [newUp, await reports(a.username)]) expect(r.plFooter).toBe(r.bettingFooter[1]);

    // moved back the same day: the old upline has the whole history again, the other none of it
    await move(op, m.id, a.id);
    await run();
    expect(await reports(a.username)).toMatchObject({ all: [[m.username, 1, '200.00']], plFooter: '200.00', betting: [[m.username, 4, '200.00']], direct: [[m.username, '200.00']] });
    expect(await reports(b.username)).toMatchObject({ all: [[stay.username, 1, '7.00']], plFooter: '7.00', betting: [[stay.username, 1, '7.00']], direct: [[stay.username, '7.00']] });
  });

  it('an agent moved with its team: its deep members follow the same rule for every upline above', async () => {
    const op = await newOp(t, 'owner');
    const top = await addMember(t, 'demo', { type: 1 });
    const a = await addMember(t, 'demo', { type: 2, parent: top.username });
    const b = await addMember(t, 'demo', { type: 2, parent: top.username });
    const sub = await addMember(t, 'demo', { type: 2, parent: a.username });
    const d = await addMember(t, 'demo', { parent: sub.username });
    await bet(d.id, new Date(Date.now() - 2 * DAY_MS), 4_000n);
    await bet(d.id, new Date(Date.now() - 60_000), 1_000n);
    await run();

    await move(op, sub.id, b.id);
    await run();
    // the direct view: the moved agent's row with its team, before the move for the old upline, from it for the new one
    expect(await reports(a.username)).toMatchObject({ all: [[d.username, 2, '40.00']], plFooter: '40.00', betting: [[d.username, 1, '40.00']], direct: [[sub.username, '40.00']] });
    // (the moved agent's own day row, its registration today, is the new upline's too)
    expect(await reports(b.username)).toMatchObject({
      all: [[d.username, 2, '10.00'], [sub.username, 1, '0.00']], plFooter: '10.00', betting: [[d.username, 1, '10.00']], direct: [[sub.username, '10.00']], directTotal: 1,
    });
    // the top agent stays above both: the whole history, once
    const topView = await reports(top.username);
    expect(topView).toMatchObject({ plFooter: '50.00', betting: [[d.username, 2, '50.00']], direct: [[b.username, '10.00'], [a.username, '40.00']] });
    expect(topView.all[0]).toEqual([d.username, 3, '50.00']);
    // the moved agent's own view of its team does not change
    expect(await reports(sub.username)).toMatchObject({ all: [[d.username, 1, '50.00']], betting: [[d.username, 2, '50.00']], direct: [[d.username, '50.00']] });
  });

  /** top > a, sub under `subUnder` (a or top) with its member d, x under a; bets two days ago, yesterday and now, rolled up. */
  async function insideTeam(subUnder: 'a' | 'top') {
    const op = await newOp(t, 'owner');
    const top = await addMember(t, 'demo', { type: 1 });
    const a = await addMember(t, 'demo', { type: 2, parent: top.username });
    const sub = await addMember(t, 'demo', { type: 2, parent: (subUnder === 'a' ? a : top).username });
    const d = await addMember(t, 'demo', { parent: sub.username });
    const x = await addMember(t, 'demo', { parent: a.username });
    await bet(d.id, new Date(Date.now() - 2 * DAY_MS), 4_000n);
    await bet(sub.id, new Date(Date.now() - 1 * DAY_MS), 300n);
    await bet(x.id, new Date(Date.now() - 2 * DAY_MS), 700n);
    await bet(d.id, new Date(Date.now() - 60_000), 1_000n);
    await run();
    return { op, top, a, sub, d, x };
  }

  it('a member moved up inside its upline team (top > a > sub to top > sub): the top agent lists it as direct from the move day on', async () => {
    const { op, top, a, sub, d, x } = await insideTeam('a');
    expect(await reports(top.username)).toMatchObject({ plFooter: '60.00', direct: [[a.username, '60.00']], directTotal: 1 });
    const teamBefore = await overview(top.username);

    await move(op, sub.id, top.id);
    await run();
    // the move changes no team total of the kept upline, only on which days sub is direct
    expect(await overview(top.username)).toEqual(teamBefore);
    await bet(d.id, new Date(Date.now() - 30_000), 2_000n); // after the move, same day
    await run();

    const topView = await reports(top.username);
    // sub: its own and its team's rows from the move day (10.00 before the move + 20.00 after);
    // a: its team's earlier days with sub's (40.00 + 3.00) and x's (7.00)
    expect(topView).toMatchObject({ plFooter: '80.00', direct: [[sub.username, '30.00'], [a.username, '50.00']], directTotal: 2 });
    expect(directSum(topView.direct)).toBe(minor(topView.plFooter));
    // every member once with its whole history (a: its registration day row), at its depth now; team betting agrees
    expect(topView.all).toEqual([[d.username, 2, '70.00'], [x.username, 2, '7.00'], [sub.username, 1, '3.00'], [a.username, 1, '0.00']]);
    expect(topView).toMatchObject({ plTotal: 4, betting: [[d.username, 3, '70.00'], [x.username, 1, '7.00'], [sub.username, 1, '3.00']], bettingFooter: [5, '80.00'] });
    expect(await overview(top.username)).toMatchObject({ betAmount: '80.00' });
    // the old upline keeps sub's earlier days
    const aView = await reports(a.username);
    expect(aView).toMatchObject({ plFooter: '50.00', direct: [[x.username, '7.00'], [sub.username, '43.00']], directTotal: 2 });
    expect(directSum(aView.direct)).toBe(minor(aView.plFooter));
  });

  it('a member moved down inside its upline team (top > sub to top > a > sub): the top agent keeps its earlier days as direct', async () => {
    const { op, top, a, sub, d, x } = await insideTeam('top');
    expect(await reports(top.username)).toMatchObject({ plFooter: '60.00', direct: [[sub.username, '53.00'], [a.username, '7.00']], directTotal: 2 });
    const teamBefore = await overview(top.username);

    await move(op, sub.id, a.id);
    await run();
    expect(await overview(top.username)).toEqual(teamBefore);
    await bet(d.id, new Date(Date.now() - 30_000), 2_000n);
    await run();

    const topView = await reports(top.username);
    // sub: the days before the move (43.00); a: x's 7.00 and, from the move day, sub's team (10.00 + 20.00)
    expect(topView).toMatchObject({ plFooter: '80.00', direct: [[sub.username, '43.00'], [a.username, '37.00']], directTotal: 2 });
    expect(directSum(topView.direct)).toBe(minor(topView.plFooter));
    expect(topView.all).toEqual([[d.username, 3, '70.00'], [x.username, 2, '7.00'], [sub.username, 2, '3.00'], [a.username, 1, '0.00']]);
    expect(topView.bettingFooter).toEqual([5, '80.00']);
    const aView = await reports(a.username);
    expect(aView).toMatchObject({ plFooter: '37.00', direct: [[x.username, '7.00'], [sub.username, '30.00']], directTotal: 2 });
    expect(directSum(aView.direct)).toBe(minor(aView.plFooter));

    // moved back the same day: sub is direct again on every day, as if it had never moved
    await move(op, sub.id, top.id);
    await run();
    const back = await reports(top.username);
    expect(back).toMatchObject({ plFooter: '80.00', direct: [[sub.username, '73.00'], [a.username, '7.00']], directTotal: 2, bettingFooter: [5, '80.00'] });
    expect(back.all).toEqual([[d.username, 2, '70.00'], [x.username, 2, '7.00'], [sub.username, 1, '3.00'], [a.username, 1, '0.00']]);
    expect(await reports(a.username)).toMatchObject({ plFooter: '7.00', direct: [[x.username, '7.00']], directTotal: 1 });
  });
});
