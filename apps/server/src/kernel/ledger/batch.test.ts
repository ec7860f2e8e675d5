import { describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { members, merchants } from '../../db/schema.ts';
import { entries, postings } from '../../db/ledger-schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { audit, brandAccount, memberAccount, memberBalances, postAlone, postBatch, type BatchPosting } from './ledger.ts';

const t = useTestApp();

async function setup(tag: string) {
  const db = t.database.db;
  const [demo] = await db.select().from(merchants).where(eq(merchants.code, 'demo'));
  const [luna] = await db.select().from(merchants).where(eq(merchants.code, 'luna'));
  // three new members of the demo brand, so balances start from what the test gives
  const ms = await db.insert(members).values([0, 1, 2].map((i) => ({
    merchantId: demo.id, username: `${tag}m${i}`, usernameKey: `${tag}m${i}`, passwordHash: null, nickname: `${tag}m${i}`,
  }))).returning();
  const house = await brandAccount(db, demo.id, 'house');
  const clearing = await brandAccount(db, demo.id, 'clearing');
  const accts = await Promise.all(ms.map((m) => memberAccount(db, demo.id, m.id)));
  // each member starts with 1,000 minor units
  for (const [i, m] of ms.entries()) {
    await postAlone(db, { merchantId: demo.id, kind: 'deposit', idemKey: `${tag}-dep-${i}`, memberId: m.id,
      lines: [{ account: clearing, amount: -1000n }, { account: accts[i], amount: 1000n }] });
  }
  const balance = async (i: number) => (await memberBalances(db, demo.id, ms[i].id)).find((b) => b.wallet === 'main')!.balance;
  /** A win of `amount` house -> member i under key `<tag>-<key>`. */
  const win = (key: string, i: number, amount: bigint): BatchPosting => ({
    kind: 'win', idemKey: `${tag}-${key}`, memberId: ms[i].id, meta: { roundId: key },
    lines: [{ account: house, amount: -amount }, { account: accts[i], amount }],
  });
  const bet = (key: string, i: number, amount: bigint): BatchPosting => ({
    kind: 'bet', idemKey: `${tag}-${key}`, memberId: ms[i].id,
    lines: [{ account: accts[i], amount: -amount }, { account: house, amount }],
  });
  const posted = async (prefix: string) => db.select({ id: postings.id, key: postings.idemKey }).from(postings)
    .where(and(eq(postings.merchantId, demo.id), sql`${postings.idemKey} like ${`${prefix}%`}`));
  return { db, demo: demo.id, luna: luna.id, ms, house, accts, balance, win, bet, posted };
}

describe('ledger batch (ledger_post_many)', () => {
  it('applies many postings in one statement: one result each in order, entries with the balance after each', async () => {
    const s = await setup('b1');
    const res = await postBatch(s.db, s.demo, [s.win('w1', 0, 100n), s.bet('x1', 0, 300n), s.win('w2', 1, 50n), s.win('w3', 0, 7n)]);
    expect(res.map((r) => r.applied)).toEqual([true, true, true, true]);
    expect(new Set(res.map((r) => r.postingId)).size).toBe(4);
    expect(res[0].balanceAfter.get(s.accts[0])).toBe(1100n);
    expect(res[1].balanceAfter.get(s.accts[0])).toBe(800n);
    expect(res[3].balanceAfter.get(s.accts[0])).toBe(807n); // applied in the order given
    expect(res[2].balanceAfter.get(s.accts[1])).toBe(1050n);
    expect(await s.balance(0)).toBe(807n);
    expect(await s.balance(1)).toBe(1050n);
    const rows = await s.db.select().from(entries).where(inArray(entries.postingId, res.map((r) => r.postingId)));
    expect(rows).toHaveLength(8);
    expect(rows.reduce((a, e) => a + e.amount, 0n)).toBe(0n);
    expect(await audit(s.db, s.demo)).toEqual({ entrySum: 0n, mismatchedAccounts: 0, negativeMemberBalances: 0 });
  });

  it('a batch retried after a crash posts nothing twice', async () => {
    const s = await setup('b2');
    const batch = [s.win('a', 0, 10n), s.win('b', 1, 20n), s.win('c', 2, 30n), s.bet('d', 0, 5n)];
    // crash inside the caller's transaction after the batch: nothing stays
    await expect(s.db.transaction(async (tx) => {
      await postBatch(tx, s.demo, batch);
      throw new Error('crash');
    })).rejects.toThrow('crash');
    expect(await s.posted('b2-a')).toHaveLength(0);
    expect(await s.balance(0)).toBe(1000n);
    // a crash after part of the work committed (the first two postings), then the whole batch again
    const first = await postBatch(s.db, s.demo, batch.slice(0, 2));
    const retry = await postBatch(s.db, s.demo, batch);
    expect(retry.map((r) => r.applied)).toEqual([false, false, true, true]);
    expect(retry.slice(0, 2).map((r) => r.postingId)).toEqual(first.map((r) => r.postingId));
    expect(retry[0].balanceAfter.get(s.accts[0])).toBe(1010n);
    // and once more, concurrently with itself: nothing moves
    const again = await Promise.all([postBatch(s.db, s.demo, batch), postBatch(s.db, s.demo, batch)]);
    for (const r of again) expect(r.map((x) => x.applied)).toEqual([false, false, false, false]);
    expect([await s.balance(0), await s.balance(1), await s.balance(2)]).toEqual([1005n, 1020n, 1030n]);
    expect(await s.posted('b2-')).toHaveLength(4 + 3); // the four postings and the three deposits
    // a key applied by a single posting is answered by the batch as applied before
    const single = await postAlone(s.db, { merchantId: s.demo, ...s.win('e', 1, 1n) });
    const mixed = await postBatch(s.db, s.demo, [s.win('e', 1, 1n), s.win('f', 1, 2n)]);
    expect(mixed.map((r) => [r.postingId === single.postingId, r.applied])).toEqual([[true, false], [false, true]]);
    // the same key with another kind is a duplicate reference, as for a single posting
    await expect(postBatch(s.db, s.demo, [{ ...s.win('f', 1, 2n), kind: 'bonus' }])).rejects.toMatchObject({ code: 'wallet.duplicate.reference' });
    expect(await audit(s.db, s.demo)).toEqual({ entrySum: 0n, mismatchedAccounts: 0, negativeMemberBalances: 0 });
  });

  it('a batch with one unbalanced posting is refused whole, through postBatch or the SQL function', async () => {
    const s = await setup('b3');
    const bad: BatchPosting = { kind: 'win', idemKey: 'b3-bad', memberId: s.ms[1].id, lines: [{ account: s.accts[1], amount: 5n }] };
    await expect(postBatch(s.db, s.demo, [s.win('ok1', 0, 10n), bad, s.win('ok2', 2, 10n)])).rejects.toThrow(/does not balance/);
    // straight to the function, as lottery_settle calls it: three postings, the second's lines off by one
    await expect(s.db.execute(sql`select * from ledger_post_many(${s.demo}, '{b3-s1,b3-s2,b3-s3}'::text[], '{win,win,win}'::text[], null, null, null,
      '{1,1,2,2,3,3}'::integer[], ${`{${s.house},${s.accts[0]},${s.house},${s.accts[1]},${s.house},${s.accts[2]}}`}::bigint[],
      '{-10,10,-10,11,-10,10}'::bigint[])`)).rejects.toMatchObject({ cause: { message: expect.stringMatching(/posting 2 of the batch \(b3-s2\) does not balance/) } });
    // a posting without any line, and a key twice, are refused too
    await expect(postBatch(s.db, s.demo, [s.win('ok3', 0, 10n), { ...s.win('zero', 0, 0n) }])).rejects.toThrow(/does not balance/);
    await expect(postBatch(s.db, s.demo, [s.win('twice', 0, 10n), s.win('twice', 1, 10n)])).rejects.toThrow(/key twice/);
    expect((await s.posted('b3-')).map((p) => p.key).sort()).toEqual(['b3-dep-0', 'b3-dep-1', 'b3-dep-2']);
    expect([await s.balance(0), await s.balance(1), await s.balance(2)]).toEqual([1000n, 1000n, 1000n]);
  });

  it('refuses the whole batch when a member balance would go below zero at any entry, or an account is of another brand', async () => {
    const s = await setup('b4');
    // the bet comes first and overdraws, even though the win after it would cover it
    await expect(postBatch(s.db, s.demo, [s.win('w0', 1, 5n), s.bet('big', 0, 1500n), s.win('late', 0, 1000n)]))
      .rejects.toMatchObject({ code: 'wallet.insufficient.funds' });
    const lunaHouse = await brandAccount(s.db, s.luna, 'house');
    await expect(postBatch(s.db, s.demo, [s.win('w1', 1, 5n),
      { kind: 'win', idemKey: 'b4-other', lines: [{ account: lunaHouse, amount: -5n }, { account: s.accts[0], amount: 5n }] }]))
      .rejects.toThrow(/not an account of brand/);
    expect((await s.posted('b4-')).map((p) => p.key).sort()).toEqual(['b4-dep-0', 'b4-dep-1', 'b4-dep-2']);
    expect([await s.balance(0), await s.balance(1)]).toEqual([1000n, 1000n]);
    expect(await audit(s.db, s.demo)).toEqual({ entrySum: 0n, mismatchedAccounts: 0, negativeMemberBalances: 0 });
  });
});
