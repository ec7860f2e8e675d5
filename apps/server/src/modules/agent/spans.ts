import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/index.ts';

/**
 * Team membership after operator moves (agent_team_spans, migration 0034): a move ends the
 * (agent, member) pairs of the old uplines on the move's brand day and starts those of the new
 * uplines on it, the rule the team rollups follow (days before the move stay with the old upline,
 * the move day on counts for the new one). An upline the move keeps (above both the old and the new
 * upline) whose depth to the moved members changes (a member moved up or down inside its team) has
 * its pairs ended with the old depth and started again with the new one on the same day: its team
 * total is unchanged (every day counts once), only the depth per day follows the move, so its
 * direct view lists the member as direct exactly on the days it was. Pairs no move touched have no
 * spans: the closure row alone says the member counts every day, at its closure depth. Reports
 * over members' day rows (P&L "all members" and "direct", team betting) read the spans only for
 * agents that have any, so the normal case is unchanged.
 */
const ids = (list: bigint[]) => sql.join(list.map((d) => sql`${d}`), sql`, `);

/** Whether a move ever added or removed a member of the agent's team (one index probe). */
export async function hasSpans(db: Db, agentId: bigint): Promise<boolean> {
  return rowsOf(await db.execute(sql`select 1 from agent_team_spans where agent_id = ${agentId} limit 1`)).length > 0;
}

/** The team query for the agent: the plain one, or the one through its spans when a move touched its team. */
export async function withSpans<T>(db: Db, agentId: bigint, run: (moved: boolean) => Promise<T>): Promise<T> {
  return run(await hasSpans(db, agentId));
}

/**
 * (member_id, d0, d1, depth): the members whose day rows d0 ≤ day ≤ d1 count for the agent in
 * [from, to]: closure members without spans for the whole range, spanned members (current or
 * past) on their spans' days. Spans of one pair never overlap, so no day row counts twice.
 * depth: the closure's, or the span's: the member's depth below the agent on the span's days (a
 * move that changes it ends the span; spans written before that rule, migration 0034 to the fix of
 * kept uplines' depths, may hold the depth a member had when its span started or ended).
 */
export const memberDays = (agentId: bigint, from: string, to: string): SQL => sql`
  select t.descendant_id as member_id, ${from}::date as d0, ${to}::date as d1, t.depth
    from member_tree t
   where t.ancestor_id = ${agentId} and t.depth > 0
     and not exists (select 1 from agent_team_spans x where x.agent_id = ${agentId} and x.member_id = t.descendant_id)
  union all
  select x.member_id, greatest(x.from_day, ${from}::date), least(x.to_day - 1, ${to}::date), x.depth
    from agent_team_spans x
   where x.agent_id = ${agentId} and (x.from_day is null or x.from_day <= ${to}::date) and (x.to_day is null or x.to_day > ${from}::date)`;

/** The member's depth below the agent: its closure row `t` (left joined), else its latest span's. */
export const depthOf = (agentId: bigint, memberId: SQL) => sql`coalesce(t.depth, (select x.depth from agent_team_spans x
  where x.agent_id = ${agentId} and x.member_id = ${memberId} order by x.to_day desc nulls first limit 1))`;

/**
 * Called by a move of `subtree`'s root before its parent changes: the pairs (ancestor in
 * `dropped`, member of the subtree) end on `day` with their depth before the move (the open span
 * is closed, or one that started that day removed; a pair without spans gets [start, day)).
 * `dropped`: the old uplines the move removes, and the kept ones whose depth to the subtree
 * changes (startSpans starts those again on `day`).
 */
export async function endSpans(tx: Tx, merchantId: number, root: bigint, dropped: bigint[], day: string) {
  if (dropped.length === 0) return;
  await tx.execute(sql`
    with sub as (select descendant_id from member_tree where ancestor_id = ${root}),
    gone as (
      select t.ancestor_id, t.descendant_id, t.depth from member_tree t
       where t.ancestor_id in (${ids(dropped)}) and t.descendant_id in (select descendant_id from sub)),
    dead as (
      delete from agent_team_spans x using gone g
       where x.agent_id = g.ancestor_id and x.member_id = g.descendant_id and x.to_day is null and x.from_day = ${day}::date
      returning x.agent_id, x.member_id),
    closed as (
      update agent_team_spans x set to_day = ${day}::date, depth = g.depth from gone g
       where x.agent_id = g.ancestor_id and x.member_id = g.descendant_id and x.to_day is null
         and (x.from_day is null or x.from_day < ${day}::date)
      returning x.agent_id, x.member_id)
    -- (the statement sees the spans as they were before dead and closed, which run regardless):
    -- only a pair that had no span at all gets one, so no pair's spans overlap
    insert into agent_team_spans (merchant_id, agent_id, member_id, depth, from_day, to_day)
    select ${merchantId}, g.ancestor_id, g.descendant_id, g.depth, null, ${day}::date from gone g
     where not exists (select 1 from agent_team_spans x where x.agent_id = g.ancestor_id and x.member_id = g.descendant_id)`);
}

/**
 * Called after the parent changed: the pairs (ancestor in `added`, member of the subtree) start on
 * `day` with their new depth. `added`: the new uplines, and the kept ones whose depth changed
 * (endSpans ended their pairs on `day` just before, so the pair's spans do not overlap).
 */
export async function startSpans(tx: Tx, merchantId: number, root: bigint, added: bigint[], day: string) {
  if (added.length === 0) return;
  await tx.execute(sql`
    insert into agent_team_spans (merchant_id, agent_id, member_id, depth, from_day, to_day)
    select ${merchantId}, t.ancestor_id, t.descendant_id, t.depth, ${day}::date, null from member_tree t
     where t.ancestor_id in (${ids(added)}) and t.descendant_id in (select descendant_id from member_tree where ancestor_id = ${root})`);
}
