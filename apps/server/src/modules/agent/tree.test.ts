import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { memberTree } from '../../db/agent-schema.ts';
import { members } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { addMember, memberId } from '../../test/kits/wallet.ts';
import { rowsOf } from '../../db/index.ts';

/** The closure table follows members.parent_id through the triggers of migration 0012. */
const t = useTestApp();
const db = () => t.database.db;


/** Closure rows that differ from a recursive walk of parent_id (both ways): none when in step. */
async function drift(): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db().execute(sql`
    with recursive w as (
      select merchant_id, id as ancestor_id, id as descendant_id, 0 as depth from members
      union all
      select w.merchant_id, w.ancestor_id, m.id, w.depth + 1 from w join members m on m.parent_id = w.descendant_id
    ),
    a as (select * from w except select merchant_id, ancestor_id, descendant_id, depth from member_tree),
    b as (select merchant_id, ancestor_id, descendant_id, depth from member_tree except select * from w)
    select ((select count(*) from a) + (select count(*) from b))::int as n`));
  return row!.n;
}

/** The database's refusal (the trigger's exception text), whichever driver wraps it. */
const refusal = (q: PromiseLike<unknown>) => Promise.resolve(q).then(() => 'accepted', (e: Error & { cause?: Error }) => `${e.message} ${e.cause?.message ?? ''}`);

const uplines = async (id: bigint) => (await db().select({ a: memberTree.ancestorId, d: memberTree.depth }).from(memberTree)
  .where(eq(memberTree.descendantId, id)).orderBy(memberTree.depth)).map((r) => [r.a, r.d]);

describe('member_tree', () => {
  it('the seeded brands and every new member are in step with parent_id', async () => {
    const a = await addMember(t, 'demo', { parent: 'subagent01' });
    const agent = await memberId(t, 'agent01');
    const sub = await memberId(t, 'subagent01');
    expect(await uplines(a.id)).toEqual([[a.id, 0], [sub, 1], [agent, 2]]);
    expect(await drift()).toBe(0);
  });

  it('moving a member moves its whole subtree; the old upline loses it', async () => {
    const x = await addMember(t, 'demo', { type: 2, parent: 'subagent01' });
    const y = await addMember(t, 'demo', { parent: x.username });
    const z = await addMember(t, 'demo', { parent: y.username });
    const other = await addMember(t, 'demo', { type: 1 });
    await db().update(members).set({ parentId: other.id }).where(eq(members.id, x.id));
    expect(await uplines(z.id)).toEqual([[z.id, 0], [y.id, 1], [x.id, 2], [other.id, 3]]);
    const sub = await memberId(t, 'subagent01');
    const left = await db().select().from(memberTree).where(and(eq(memberTree.ancestorId, sub), eq(memberTree.descendantId, z.id)));
    expect(left).toEqual([]);
    // to the top of the brand (no upline)
    await db().update(members).set({ parentId: null }).where(eq(members.id, y.id));
    expect(await uplines(z.id)).toEqual([[z.id, 0], [y.id, 1]]);
    expect(await drift()).toBe(0);
  });

  it('refuses a cycle and a parent of another brand', async () => {
    const x = await addMember(t, 'demo', { type: 2, parent: 'agent01' });
    const y = await addMember(t, 'demo', { parent: x.username });
    expect(await refusal(db().update(members).set({ parentId: y.id }).where(eq(members.id, x.id)))).toContain('member.tree.cycle');
    const luna = await memberId(t, 'agent01', 'luna');
    expect(await refusal(db().update(members).set({ parentId: luna }).where(eq(members.id, y.id)))).toContain('member.parent.invalid');
    const m = await addMember(t, 'demo', { parent: 'agent01' });
    expect(await refusal(db().update(members).set({ parentId: luna }).where(eq(members.id, m.id)))).toContain('member.parent.invalid');
    expect(await drift()).toBe(0);
  });
});
