/**
 * People: the downline tree in the member file and moving a member (or an agent with its whole
 * team) under another agent of the brand (issue 9, item 6).
 *
 * The tree is the closure table member_tree, kept by the triggers of migration 0012 on
 * members.parent_id: updating parent_id moves the whole subtree inside the updating transaction.
 * A move takes the brand's tree lock (the same advisory lock as the trigger, exclusive) first and
 * then the two member rows FOR UPDATE, so two moves of a brand run one after the other and the
 * second checks its rules against the tree the first left (a move under one's own descendant is
 * refused even when it only became a descendant a moment ago). It also holds the rollup job's
 * lock, so no rollup run computes team rows from the tree before the move and writes them after.
 *
 * History (reports): team figures are the rollup rows agent_team_daily, one per agent and brand
 * day. Rows of days before the move's brand day stay as they were rolled up: they belong to the
 * old upline. The move's day is rebuilt at once for the new tree (the rows of the old uplines
 * for that day are dropped and every team row of the day recomputed), so the whole move day and
 * every later day count for the new upline; team sizes (agent_team_now) are rebuilt too. The
 * team overview, the P&L footers and the salary and dividend settlements, which read those rows,
 * follow this rule; so do the reports over members' day rows (P&L "all members", team betting)
 * through agent_team_spans (agent/spans.ts), written here: the old uplines' (agent, member) pairs
 * end on the move's day, the new uplines' start on it; an upline above both whose depth to the moved
 * members changes has its pairs ended and started again on that day with the new depth (its team
 * total stays, its direct view follows the move). Contracts between the moved member and its
 * old upline end in the same transaction (agent-contracts/moved.ts, a step that module registers
 * with {@link onMemberMoved}, since it depends on this one).
 */
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { operator } from '@lobby/contract';
import { rowsOf, type Db, type Tx } from '../../db/index.ts';
import { lockKey } from '../../jobs/runner.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { recomputeTeams, refreshTeamNow } from './rollup.ts';
import { endSpans, startSpans } from './spans.ts';
import { record, type Actor } from '../../kernel/operator-access/index.ts';
import { brandDate } from '../../kernel/brand-time/index.ts';

const MAX_ID = 2n ** 63n - 1n;
/** The name of the rollup job (jobs/index.ts), whose advisory lock a move holds. */
const ROLLUP_JOB = 'agent.rollup';

interface Node { id: string; username: string; nickname: string; type: number; status: string; parent_id: string | null; created_at: Date | string }
interface TreeNode extends Node { depth: number; team: number; direct: number }

const kindOf = (brand: Brand, type: number): operator.TreeRow['kind'] =>
  type === brand.config.trialType ? 'trial' : brand.config.agentTypes.includes(type) ? 'agent' : 'member';

const view = (brand: Brand, r: TreeNode): operator.TreeRow => ({
  id: r.id, username: r.username, nickname: r.nickname, kind: kindOf(brand, r.type), status: r.status === 'locked' ? 'locked' : 'active',
  depth: Number(r.depth), teamSize: Number(r.team), directSize: Number(r.direct), createdAt: new Date(r.created_at).toISOString(),
});

/** Columns of a member `m` with its team sizes (closure rows below it: an index range each). */
const NODE = sql`m.id::text as id, m.username, m.nickname, m.type, m.status, m.parent_id::text as parent_id, m.created_at,
  (select count(*) from member_tree x where x.ancestor_id = m.id and x.depth > 0)::int as team,
  (select count(*) from member_tree x where x.ancestor_id = m.id and x.depth = 1)::int as direct`;

const idOf = (s: string) => {
  const n = BigInt(s);
  return n > 0n && n <= MAX_ID ? n : null;
};

/** The member with its team size, its upline chain (direct upline first) and one page of its direct downline. */
export async function tree(db: Db, brand: Brand, q: { id: string; page: number }) {
  const id = idOf(q.id);
  const [me] = id === null ? [] : rowsOf<TreeNode>(await db.execute(sql`select ${NODE}, 0 as depth from members m where m.id = ${id} and m.merchant_id = ${brand.id}`));
  if (!me) throw new AppError('operator.member.not.found');
  const size = 20;
  const [uplines, downline, total] = await Promise.all([
    db.execute(sql`select ${NODE}, t.depth from member_tree t join members m on m.id = t.ancestor_id
      where t.descendant_id = ${id} and t.depth > 0 and t.merchant_id = ${brand.id} order by t.depth`),
    db.execute(sql`select ${NODE}, 1 as depth from members m where m.parent_id = ${id} and m.merchant_id = ${brand.id}
      order by m.id desc limit ${size} offset ${(q.page - 1) * size}`),
    db.execute(sql`select count(*)::int as n from members where parent_id = ${id} and merchant_id = ${brand.id}`),
  ]);
  return {
    self: view(brand, me),
    uplines: rowsOf<TreeNode>(uplines).map((r) => view(brand, r)),
    downline: { list: rowsOf<TreeNode>(downline).map((r) => view(brand, r)), page: q.page, pageSize: size, total: rowsOf<{ n: number }>(total)[0]?.n ?? 0 },
  };
}

/** The member's uplines, its direct upline first, each with its depth above the member. */
async function ancestors(tx: Tx, id: bigint): Promise<{ id: string; username: string; depth: number }[]> {
  return rowsOf<{ id: string; username: string; depth: number }>(await tx.execute(sql`
    select m.id::text as id, m.username, t.depth from member_tree t join members m on m.id = t.ancestor_id
     where t.descendant_id = ${id} and t.depth > 0 order by t.depth`));
}

/** What a move's registered steps ended (contract ids and cascaded contracts), for the answer and the audit row. */
export interface MoveEnded { ids: string[]; cascaded: number }
/** A step another module runs inside every move's transaction, before the tree changes. */
export type MoveStep = (tx: Tx, brand: Brand, moved: bigint, oldParent: bigint | null) => Promise<MoveEnded>;
const steps = new Set<MoveStep>();

/**
 * Adds a step to every move. agent-contracts registers the end of the moved member's contracts
 * with its old upline here (it depends on this module, so this module cannot call it).
 */
export function onMemberMoved(step: MoveStep): void {
  steps.add(step);
}

async function runSteps(tx: Tx, brand: Brand, moved: bigint, oldParent: bigint | null): Promise<MoveEnded> {
  const all: MoveEnded = { ids: [], cascaded: 0 };
  for (const step of steps) {
    const r = await step(tx, brand, moved, oldParent);
    all.ids.push(...r.ids);
    all.cascaded += r.cascaded;
  }
  return all;
}

export async function move(db: Db, brand: Brand, actor: Actor, req: FastifyRequest, body: { id: string; toAgentId: string; reason?: string }) {
  const id = idOf(body.id);
  const to = idOf(body.toAgentId);
  if (id === null) throw new AppError('operator.member.not.found');
  if (to === null) throw new AppError('operator.move.target.invalid');
  return db.transaction(async (tx) => {
    // the rollup job's lock first (a run that read the old tree cannot write its team rows after
    // this move), then the brand's tree lock (taken by the move trigger too): moves run one at a time
    await tx.execute(sql`select pg_advisory_xact_lock(${lockKey(ROLLUP_JOB)})`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('member_tree'), ${brand.id})`);
    const rows = rowsOf<Node>(await tx.execute(sql`
      select m.id::text as id, m.username, m.nickname, m.type, m.status, m.parent_id::text as parent_id, m.created_at
        from members m where m.merchant_id = ${brand.id} and m.id in (${id}, ${to}) order by m.id for update`));
    const m = rows.find((r) => r.id === String(id));
    const target = rows.find((r) => r.id === String(to));
    if (!m) throw new AppError('operator.member.not.found');
    if (m.type === brand.config.trialType) throw new AppError('operator.move.trial');
    if (!target) throw new AppError('operator.move.target.invalid');
    if (target.id === m.id) throw new AppError('operator.move.cycle');
    if (!brand.config.agentTypes.includes(target.type)) throw new AppError('operator.move.not.agent');
    if (m.parent_id === target.id) throw new AppError('operator.move.same');
    const [below] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from member_tree where ancestor_id = ${id} and descendant_id = ${to}`));
    if (below!.n > 0) throw new AppError('operator.move.cycle');

    const before = await ancestors(tx, id);
    const [team] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from member_tree where ancestor_id = ${id}`));
    const oldParent = m.parent_id === null ? null : BigInt(m.parent_id);
    const contractsEnded = await runSteps(tx, brand, id, oldParent);
    // the team spans (reports over members' day rows): the old uplines' pairs end on the move's day
    const day = brandDate(brand);
    // the new uplines: the target and its uplines, each with its depth above the moved member
    const next = new Map(rowsOf<{ id: string; depth: number }>(await tx.execute(sql`
      select ancestor_id::text as id, depth + 1 as depth from member_tree where descendant_id = ${to}`)).map((r) => [r.id, Number(r.depth)]));
    // an upline kept by the move (above both the old and the new upline) whose depth to the moved
    // members changes (the member moved up or down inside its team): its pairs end with the old
    // depth and start again with the new one on the move's day, so the direct view (depth 1 per day)
    // follows the move; its team total does not change (every day still counts once)
    const shifted = before.filter((a) => next.has(a.id) && next.get(a.id) !== Number(a.depth)).map((a) => BigInt(a.id));
    await endSpans(tx, brand.id, id, [...before.filter((a) => !next.has(a.id)).map((a) => BigInt(a.id)), ...shifted], day);
    await tx.execute(sql`update members set parent_id = ${to} where id = ${id}`);
    const after = await ancestors(tx, id);
    const had = new Set(before.map((a) => a.id));
    await startSpans(tx, brand.id, id, [...after.filter((a) => !had.has(a.id)).map((a) => BigInt(a.id)), ...shifted], day);

    // the move's day belongs to the new upline: drop the day's rows of the old uplines, rebuild the day
    const keep = new Set(after.map((a) => a.id));
    const dropped = before.filter((a) => !keep.has(a.id)).map((a) => BigInt(a.id));
    if (dropped.length > 0) {
      await tx.execute(sql`delete from agent_team_daily where merchant_id = ${brand.id} and day >= ${day}::date
        and agent_id in (${sql.join(dropped.map((d) => sql`${d}`), sql`, `)})`);
    }
    await recomputeTeams(tx, [{ merchantId: brand.id, day }]);
    await refreshTeamNow(tx);

    const result = {
      id: m.id, username: m.username, from: before[0]?.username ?? null, to: target.username,
      moved: team!.n, endedContracts: contractsEnded.ids.length + contractsEnded.cascaded,
    };
    await record(tx, actor, brand, req.ip, {
      action: 'people.move', target: m.username,
      before: { upline: result.from, uplines: before.map((a) => a.username) },
      after: { upline: result.to, uplines: after.map((a) => a.username), moved: result.moved, fromDay: day,
        endedContracts: contractsEnded.ids, cascadedContracts: contractsEnded.cascaded, reason: body.reason ?? '' },
    });
    return result;
  });
}
