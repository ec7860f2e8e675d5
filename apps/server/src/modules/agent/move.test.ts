import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { agentContracts } from '../../db/agent-contracts-schema.ts';
import { operatorAudit } from '../../db/schema.ts';
import { runExclusive } from '../../jobs/runner.ts';
import { useTestApp } from '../../test/harness.ts';
import { insertBet } from './testkit.ts';
import { rollup } from './rollup.ts';
import { addMember, api, brandOf, tokenFor } from '../../test/kits/wallet.ts';
import { brandDate as brandDay, DAY_MS } from '../../kernel/brand-time/index.ts';
import { newOp, opCall, type Op } from '../../test/kits/operator.ts';

const t = useTestApp();
const db = () => t.database.db;
const run = () => runExclusive(db(), { name: 'agent.rollup.people', everyMs: 1, run: (tx, now) => rollup(tx, now) }, new Date(Date.now() + 3_600_000));

const bet = (memberId: bigint, at: Date, minor: bigint) => insertBet(db(), { merchantId: brandOf(t).id, memberId, at, bet: minor });

const today = () => brandDay(brandOf(t));
const daysAgo = (n: number) => brandDay(brandOf(t), new Date(Date.now() - n * DAY_MS));

async function overview(username: string) {
  const r = await api(t, await tokenFor(t, username), 'GET', `/wps/relay/ODSFE2_agentTeamOverview?startDate=${daysAgo(3)}&endDate=${today()}`);
  expect(r.statusCode, r.body).toBe(200);
  const v = r.json().value as { teamMembers: number; betAmount: string; days: { day: string; betAmount: string }[] };
  return { team: v.teamMembers, bet: v.betAmount, on: (day: string) => v.days.find((d) => d.day === day)?.betAmount };
}

const move = (op: Op, id: bigint, to: bigint | string, merchant = 'demo') =>
  opCall(t, op, 'POST', '/wps/ops/people/move', { id: String(id), toAgentId: String(to) }, merchant);

/** The closure table equals the closure of parent_id, row for row. */
async function treeIsValid() {
  const id = brandOf(t).id;
  const res = await db().execute(sql`
    with recursive r(a, d, depth) as (
      select id, id, 0 from members where merchant_id = ${id}
      union all select r.a, m.id, r.depth + 1 from r join members m on m.parent_id = r.d where r.depth < 100)
    select (select count(*) from (select a, d, depth from r except select ancestor_id, descendant_id, depth from member_tree where merchant_id = ${id}) x)::int
         + (select count(*) from (select ancestor_id, descendant_id, depth from member_tree where merchant_id = ${id} except select a, d, depth from r) y)::int as n`);
  return (res as unknown as { rows: { n: number }[] }).rows[0]!.n === 0;
}

const moveAudits = async (target: string) => (await db().select().from(operatorAudit)).filter((r) => r.action === 'people.move' && r.target === target);

describe('moving a member to another agent', () => {
  it('a member: past days stay with the old upline, the move day and later count for the new one; the file shows it', async () => {
    const op = await newOp(t, 'support');
    const a = await addMember(t, 'demo', { type: 1 });
    const b = await addMember(t, 'demo', { type: 1 });
    const m = await addMember(t, 'demo', { parent: a.username });
    await bet(m.id, new Date(Date.now() - 2 * DAY_MS), 10_000n);
    await bet(m.id, new Date(Date.now() - 60_000), 3_000n);
    await run();
    expect(await overview(a.username)).toMatchObject({ team: 1, bet: '130.00' });

    const r = await move(op, m.id, b.id);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().value).toEqual({ id: String(m.id), username: m.username, from: a.username, to: b.username, moved: 1, endedContracts: 0 });

    const oldUp = await overview(a.username);
    expect([oldUp.team, oldUp.on(daysAgo(2)), oldUp.on(today())]).toEqual([0, '100.00', '0.00']);
    const newUp = await overview(b.username);
    expect([newUp.team, newUp.on(daysAgo(2)), newUp.on(today())]).toEqual([1, '0.00', '30.00']);
    // a bet after the move and the next rollup run: still the new upline's
    await bet(m.id, new Date(Date.now() - 30_000), 2_000n);
    await run();
    expect((await overview(b.username)).on(today())).toBe('50.00');
    expect((await overview(a.username)).on(today())).toBe('0.00');

    // the member file: upline chain of the member, downline of the new upline
    const mine = (await opCall(t, op, 'GET', `/wps/ops/people/tree?id=${m.id}`)).json().value;
    expect(mine.uplines.map((u: { username: string; depth: number }) => [u.username, u.depth])).toEqual([[b.username, 1]]);
    const theirs = (await opCall(t, op, 'GET', `/wps/ops/people/tree?id=${b.id}`)).json().value;
    expect(theirs.downline).toMatchObject({ total: 1, page: 1, list: [{ id: String(m.id), kind: 'member', teamSize: 0 }] });
    expect(theirs.self).toMatchObject({ id: String(b.id), kind: 'agent', teamSize: 1, directSize: 1, depth: 0 });
    expect((await opCall(t, op, 'GET', `/wps/ops/people/detail?id=${m.id}`)).json().value.person.parent).toBe(b.username);

    const [row] = await moveAudits(m.username);
    expect(row!.before).toMatchObject({ upline: a.username, uplines: [a.username] });
    expect(row!.after).toMatchObject({ upline: b.username, uplines: [b.username], moved: 1, fromDay: today() });
    expect(row!.operatorName).toBe(op.username);
    expect(await treeIsValid()).toBe(true);
  });

  it('an agent with its team: counts follow, a deep descendant keeps its reports, contracts with the old upline end', async () => {
    const op = await newOp(t, 'owner');
    const a = await addMember(t, 'demo', { type: 1 });
    const b = await addMember(t, 'demo', { type: 1 });
    const sub = await addMember(t, 'demo', { type: 2, parent: a.username });
    const sub2 = await addMember(t, 'demo', { type: 2, parent: sub.username });
    const d = await addMember(t, 'demo', { parent: sub2.username });
    await addMember(t, 'demo', { parent: sub.username });
    const merchantId = brandOf(t).id;
    const [live, offer, below] = await db().insert(agentContracts).values([
      { merchantId, kind: 'daily', uplineId: a.id, downlineId: sub.id, status: 'success', maxPct: 100n },
      { merchantId, kind: 'hourly', uplineId: a.id, downlineId: sub.id, status: 'new', maxPct: 100n },
      { merchantId, kind: 'daily', uplineId: sub.id, downlineId: sub2.id, status: 'success', maxPct: 50n },
    ]).returning();
    await bet(d.id, new Date(Date.now() - 60_000), 4_000n);
    await run();
    expect(await overview(a.username)).toMatchObject({ team: 4, bet: '40.00' });

    const r = await move(op, sub.id, b.id);
    expect(r.json().value).toMatchObject({ from: a.username, to: b.username, moved: 4, endedContracts: 3 });
    expect((await overview(a.username)).team).toBe(0);
    expect((await overview(a.username)).on(today())).toBe('0.00');
    expect(await overview(b.username)).toMatchObject({ team: 4, bet: '40.00' });
    expect(await overview(sub2.username)).toMatchObject({ team: 1, bet: '40.00' });
    const uplines = (await opCall(t, op, 'GET', `/wps/ops/people/tree?id=${d.id}`)).json().value.uplines;
    expect(uplines.map((u: { username: string }) => u.username)).toEqual([sub2.username, sub.username, b.username]);

    const ended = Object.fromEntries((await db().select().from(agentContracts)).map((c) => [String(c.id), [c.status, c.endReason]]));
    expect(ended[String(live!.id)]).toEqual(['termination', 'moved']);
    expect(ended[String(offer!.id)]).toEqual(['termination', 'moved']);
    expect(ended[String(below!.id)]).toEqual(['termination', 'upline_rate']);
    const [row] = await moveAudits(sub.username);
    expect(row!.after).toMatchObject({ endedContracts: [String(live!.id), String(offer!.id)], cascadedContracts: 1, moved: 4 });
    expect(await treeIsValid()).toBe(true);
  });

  it('refuses moves under itself or its downline, across brands, under a non-agent, to the same upline; nothing changes', async () => {
    const op = await newOp(t, 'owner');
    const a = await addMember(t, 'demo', { type: 1 });
    const sub = await addMember(t, 'demo', { type: 2, parent: a.username });
    const m = await addMember(t, 'demo', { parent: sub.username });
    const trial = await addMember(t, 'demo', { type: 4 });
    const other = await addMember(t, 'luna', { type: 1 });
    const code = async (id: bigint | string, to: bigint | string) => {
      const r = await opCall(t, op, 'POST', '/wps/ops/people/move', { id: String(id), toAgentId: String(to) });
      return [r.statusCode, r.json().errorCode];
    };
    expect(await code(a.id, sub.id)).toEqual([409, 'operator.move.cycle']);
    expect(await code(sub.id, sub.id)).toEqual([409, 'operator.move.cycle']);
    expect(await code(m.id, sub.id)).toEqual([409, 'operator.move.same']);
    expect(await code(sub.id, m.id)).toEqual([409, 'operator.move.not.agent']);
    expect(await code(m.id, other.id)).toEqual([404, 'operator.move.target.invalid']);
    expect(await code(other.id, a.id)).toEqual([404, 'operator.member.not.found']);
    expect(await code(trial.id, a.id)).toEqual([409, 'operator.move.trial']);
    expect(await code(m.id, 'abc')).toEqual([400, 'request_param_err']);
    const es = await t.call({ method: 'POST', url: '/wps/ops/people/move', merchant: 'demo', headers: { 'x-operator-session': op.token, language: 'ES' }, payload: { id: String(a.id), toAgentId: String(sub.id) } });
    expect(es.json().message).toBe('No se puede mover un miembro bajo sí mismo ni bajo su propia línea descendente.');
    expect((await move(await newOp(t, 'finance'), m.id, a.id)).json().errorCode).toBe('operator.forbidden');
    expect((await moveAudits(m.username)).length + (await moveAudits(a.username)).length + (await moveAudits(sub.username)).length).toBe(0);
    expect((await opCall(t, op, 'GET', `/wps/ops/people/tree?id=${m.id}`)).json().value.uplines.map((u: { username: string }) => u.username)).toEqual([sub.username, a.username]);
    expect((await opCall(t, op, 'GET', `/wps/ops/people/tree?id=${other.id}`)).json().errorCode).toBe('operator.member.not.found');
    expect(await treeIsValid()).toBe(true);
  });

  it('two moves racing keep the tree valid: crossing moves, one wins, the other is a cycle', async () => {
    const op = await newOp(t, 'owner');
    const top = await addMember(t, 'demo', { type: 1 });
    const x = await addMember(t, 'demo', { type: 2, parent: top.username });
    const y = await addMember(t, 'demo', { type: 2, parent: top.username });
    await addMember(t, 'demo', { parent: x.username });
    await addMember(t, 'demo', { parent: y.username });
    const [r1, r2] = await Promise.all([move(op, x.id, y.id), move(op, y.id, x.id)]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
    expect([r1, r2].find((r) => r.statusCode === 409)!.json().errorCode).toBe('operator.move.cycle');
    expect(await treeIsValid()).toBe(true);
    // many members shuffled at once between two agents
    const ms = await Promise.all(Array.from({ length: 6 }, () => addMember(t, 'demo', { parent: x.username })));
    const rs = await Promise.all(ms.map((m, i) => move(op, m.id, i % 2 ? top.id : y.id)));
    expect(rs.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    expect(await treeIsValid()).toBe(true);
  });
});
