import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { members, merchants } from '../../db/schema.ts';
import { entries } from '../../db/ledger-schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { audit, BRAND_WALLETS, brandAccount, LEDGER_SHARDS, memberAccount, memberBalances, postAlone } from './ledger.ts';

const t = useTestApp();

async function ids() {
  const db = t.database.db;
  const [demo] = await db.select().from(merchants).where(eq(merchants.code, 'demo'));
  const [luna] = await db.select().from(merchants).where(eq(merchants.code, 'luna'));
  const ms = await db.select().from(members).where(eq(members.merchantId, demo.id));
  return { db, demo: demo.id, luna: luna.id, a: ms[0].id, b: ms[1].id };
}

describe('ledger', () => {
  it('moves money in balanced postings and records the balance after each entry', async () => {
    const { db, demo, a } = await ids();
    const clearing = await brandAccount(db, demo, 'clearing');
    const main = await memberAccount(db, demo, a);
    const r = await postAlone(db, { merchantId: demo, kind: 'deposit', idemKey: 'dep-1', memberId: a, lines: [{ account: clearing, amount: -10_000n }, { account: main, amount: 10_000n }] });
    expect(r.applied).toBe(true);
    expect(r.balanceAfter.get(main)).toBe(10_000n);
    const rows = await db.select().from(entries).where(eq(entries.postingId, r.postingId));
    expect(rows.map((e) => e.amount).reduce((s, x) => s + x, 0n)).toBe(0n);
  });

  it('a retry with the same reference returns the first result and moves nothing', async () => {
    const { db, demo, a } = await ids();
    const clearing = await brandAccount(db, demo, 'clearing');
    const main = await memberAccount(db, demo, a);
    const before = (await memberBalances(db, demo, a)).find((x) => x.wallet === 'main')!.balance;
    const input = { merchantId: demo, kind: 'deposit', idemKey: 'dep-2', memberId: a, lines: [{ account: clearing, amount: -500n }, { account: main, amount: 500n }] };
    const first = await postAlone(db, input);
    const again = await postAlone(db, input);
    expect(again.applied).toBe(false);
    expect(again.postingId).toBe(first.postingId);
    expect(again.balanceAfter.get(main)).toBe(before + 500n);
    expect((await memberBalances(db, demo, a)).find((x) => x.wallet === 'main')!.balance).toBe(before + 500n);
    await expect(postAlone(db, { ...input, kind: 'withdraw' })).rejects.toMatchObject({ code: 'wallet.duplicate.reference' });
  });

  it('never lets a member balance go below zero, and an overdraft moves nothing', async () => {
    const { db, demo, b } = await ids();
    const house = await brandAccount(db, demo, 'house');
    const main = await memberAccount(db, demo, b);
    await expect(postAlone(db, { merchantId: demo, kind: 'bet', idemKey: 'bet-x', memberId: b, lines: [{ account: main, amount: -1n }, { account: house, amount: 1n }] }))
      .rejects.toMatchObject({ code: 'wallet.insufficient.funds' });
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(entries).where(eq(entries.accountId, main));
    expect(n).toBe(0);
    // the database itself refuses, whatever the code does
    await expect(db.execute(sql`update ledger_accounts set balance = -5 where id = ${main}`)).rejects.toThrow();
  });

  it('refuses unbalanced postings and accounts of another brand', async () => {
    const { db, demo, luna, a } = await ids();
    const main = await memberAccount(db, demo, a);
    const lunaHouse = await brandAccount(db, luna, 'house');
    await expect(postAlone(db, { merchantId: demo, kind: 'x', idemKey: 'u-1', lines: [{ account: main, amount: 5n }] })).rejects.toThrow(/balance/);
    await expect(postAlone(db, { merchantId: demo, kind: 'x', idemKey: 'u-2', lines: [{ account: lunaHouse, amount: -5n }, { account: main, amount: 5n }] })).rejects.toThrow(/not an account of brand/);
  });

  it('an account made in a transaction that rolls back is not remembered: the next use makes it again', async () => {
    const { db, demo } = await ids();
    const username = `rb${Date.now()}`;
    const [m] = await db.insert(members).values({ merchantId: demo, username, usernameKey: username, passwordHash: null, nickname: username }).returning();
    let inside = 0n;
    await expect(db.transaction(async (tx) => {
      inside = await memberAccount(tx, demo, m.id);
      expect(await memberAccount(tx, demo, m.id)).toBe(inside);
      throw new Error('rolled back');
    })).rejects.toThrow('rolled back');
    const main = await memberAccount(db, demo, m.id);
    expect(main).not.toBe(inside);
    const clearing = await brandAccount(db, demo, 'clearing');
    const r = await postAlone(db, { merchantId: demo, kind: 'deposit', idemKey: `rb-${m.id}`, memberId: m.id, lines: [{ account: clearing, amount: -100n }, { account: main, amount: 100n }] });
    expect(r.balanceAfter.get(main)).toBe(100n);
  });

  it('every brand wallet has all its shards from the start, so no money transaction makes one', async () => {
    const { db, demo, luna } = await ids();
    const rows = (await db.execute(sql`select merchant_id, count(*)::int as n from ledger_accounts
      where member_id is null and merchant_id in (${demo}, ${luna}) group by merchant_id order by merchant_id`) as unknown as { rows: { n: number }[] }).rows;
    expect(rows.map((r) => r.n)).toEqual([BRAND_WALLETS.length * LEDGER_SHARDS, BRAND_WALLETS.length * LEDGER_SHARDS]);
  });

  it('entries and postings cannot be changed or deleted', async () => {
    const { db } = await ids();
    await expect(db.execute(sql`update entries set amount = amount + 1`)).rejects.toThrow();
    await expect(db.execute(sql`delete from postings`)).rejects.toThrow();
  });

  it('keeps its invariants under concurrent, duplicated and reordered operations', async () => {
    const { db, demo, a, b } = await ids();
    const clearing = await brandAccount(db, demo, 'clearing');
    const house = await brandAccount(db, demo, 'house');
    const accts = [await memberAccount(db, demo, a), await memberAccount(db, demo, b), await memberAccount(db, demo, a, 'game:RNG-AURORA')];
    let seed = 42;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const ops = Array.from({ length: 400 }, (_, i) => {
      const acct = accts[rnd(accts.length)];
      const amount = BigInt(1 + rnd(5000));
      const kind = rnd(3);
      const lines = kind === 0 ? [{ account: clearing, amount: -amount }, { account: acct, amount }]
        : kind === 1 ? [{ account: acct, amount: -amount }, { account: house, amount }]
          : [{ account: acct, amount: -amount }, { account: accts[(accts.indexOf(acct) + 1) % accts.length], amount }];
      return { merchantId: demo, kind: `k${kind}`, idemKey: `c-${i}`, lines };
    });
    const withRetries = [...ops, ...ops.filter((_, i) => i % 3 === 0)].sort(() => rnd(3) - 1);
    const results = await Promise.allSettled(withRetries.map((op) => postAlone(db, op)));
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'wallet.insufficient.funds' });
    const applied = results.filter((r) => r.status === 'fulfilled' && r.value.applied).length;
    const [{ n }] = await db.select({ n: sql<number>`count(distinct idem_key)::int` }).from(sql`postings`).where(sql`idem_key like 'c-%'`);
    expect(applied).toBe(n);
    expect(await audit(db, demo)).toEqual({ entrySum: 0n, mismatchedAccounts: 0, negativeMemberBalances: 0 });
  });
});
