import { describe, expect, it, vi } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import { vendorTransactions } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { audit } from '../../kernel/ledger/index.ts';
import { brandOf, rid } from '../../test/kits/wallet.ts';
import { player, seamlessCall } from '../../test/kits/seamless.ts';
import { batchStats } from './batch.ts';

// Group commit (batch.ts, seamless_batch): concurrent bets and wins share one statement and one
// transaction, and each call still gets the answer it gets alone.
const t = useTestApp();

async function game() {
  const g = (await t.app.catalogs.get(brandOf(t))).games[0];
  return { vendor: g.vendor.code, gameId: g.nodeId };
}

/**
 * The money statements `run` sends to the database (seamless_bet, seamless_win, seamless_batch):
 * each is one round trip and, outside any transaction, one transaction.
 */
async function statementsOf<T>(run: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const client = (t.database.db as unknown as { $client: { query: (...a: unknown[]) => unknown } }).$client;
  const query = vi.spyOn(client, 'query');
  try {
    const result = await run();
    const sqlOf = (c: unknown[]) => String(typeof c[0] === 'string' ? c[0] : (c[0] as { text?: string } | undefined)?.text ?? '');
    return { result, statements: query.mock.calls.map(sqlOf).map((q) => /seamless_(bet|win|batch)/.exec(q)?.[0]).filter((q): q is string => !!q) };
  } finally {
    query.mockRestore();
  }
}

describe('seamless wallet, group commit', () => {
  it('30 concurrent bets of 30 members are posted in fewer transactions than calls, each answered with its own balance', async () => {
    const g = await game();
    const ms = await Promise.all(Array.from({ length: 30 }, (_, i) => player(t, BigInt(1_000 + i * 100))));
    const before = { ...batchStats };
    const bets = ms.map((m) => ({ vendor: g.vendor, txId: rid(), roundId: rid(), member: m.username, gameId: g.gameId, amount: '1.50' }));
    const { result: res, statements } = await statementsOf(() => Promise.all(bets.map((b) => seamlessCall(t, 'bet', b))));
    res.forEach((r, i) => expect(r.json.value).toEqual({ balance: ((1_000 + i * 100 - 150) / 100).toFixed(2), currency: brandOf(t).config.currency.code, txId: bets[i].txId }));
    expect(batchStats.items - before.items).toBe(30);
    expect(batchStats.batches - before.batches).toBeLessThan(30);
    expect(statements.length).toBe(batchStats.batches - before.batches);
    expect(statements.length).toBeLessThan(30);
    expect(statements).toContain('seamless_batch');
    // and their wins, grouped the same
    const wins = bets.map((b) => ({ vendor: g.vendor, txId: rid(), roundId: b.roundId, member: b.member, amount: '2' }));
    const { result: paid, statements: winStatements } = await statementsOf(() => Promise.all(wins.map((w) => seamlessCall(t, 'win', w))));
    paid.forEach((r, i) => expect(r.json.value!.balance).toBe(((1_000 + i * 100 + 50) / 100).toFixed(2)));
    expect(winStatements.length).toBeLessThan(30);
    expect(await t.database.db.select({ n: sql<number>`count(*)::int` }).from(vendorTransactions)
      .where(inArray(vendorTransactions.txId, [...bets, ...wins].map((x) => x.txId)))).toEqual([{ n: 60 }]);
    expect(await audit(t.database.db, brandOf(t).id)).toEqual({ entrySum: 0n, mismatchedAccounts: 0, negativeMemberBalances: 0 });
  });

  it('inside one batch every call keeps its own answer: duplicates, a changed amount, insufficient funds, a settled round', async () => {
    const g = await game();
    const [rich, poor, settled] = await Promise.all([player(t, 10_000n), player(t, 100n), player(t, 10_000n)]);
    const cur = brandOf(t).config.currency.code;
    // a round already settled, and a known tx id
    const closedRound = rid();
    await seamlessCall(t, 'bet', { vendor: g.vendor, txId: rid(), roundId: closedRound, member: settled.username, gameId: g.gameId, amount: '1' });
    await seamlessCall(t, 'win', { vendor: g.vendor, txId: rid(), roundId: closedRound, member: settled.username, amount: '0' });
    const known = { vendor: g.vendor, txId: rid(), roundId: rid(), member: settled.username, gameId: g.gameId, amount: '2' };
    expect((await seamlessCall(t, 'bet', known)).json.value!.balance).toBe('97.00');
    const fresh = { vendor: g.vendor, txId: rid(), roundId: rid(), member: rich.username, gameId: g.gameId, amount: '5' };
    const before = { ...batchStats };
    const { result: answers, statements } = await statementsOf(() => Promise.all([
      seamlessCall(t, 'bet', fresh),
      seamlessCall(t, 'bet', fresh), // the same call twice at once
      seamlessCall(t, 'bet', known), // a replay of a known id
      seamlessCall(t, 'bet', { ...known, amount: '3' }), // a known id with another amount
      seamlessCall(t, 'bet', { vendor: g.vendor, txId: rid(), roundId: rid(), member: poor.username, gameId: g.gameId, amount: '2' }), // 1.00 only
      seamlessCall(t, 'bet', { vendor: g.vendor, txId: rid(), roundId: closedRound, member: settled.username, gameId: g.gameId, amount: '1' }),
      seamlessCall(t, 'win', { vendor: g.vendor, txId: rid(), roundId: closedRound, member: settled.username, amount: '9' }),
      seamlessCall(t, 'bet', { vendor: g.vendor, txId: rid(), roundId: rid(), member: poor.username, gameId: g.gameId, amount: '0.40' }),
    ]));
    const [a, b, c, d, e, f, w, ok] = answers.map((r) => r.json);
    expect(batchStats.batches - before.batches).toBeLessThan(8);
    expect(statements.length).toBeLessThan(8);
    expect(a).toMatchObject({ success: true, value: { balance: '95.00', currency: cur, txId: fresh.txId } });
    expect(b.value).toEqual(a.value);
    expect(c).toMatchObject({ success: true, value: { balance: '97.00', txId: known.txId } });
    expect(d).toMatchObject({ success: false, errorCode: 'vendor.tx.conflict' });
    expect(e).toMatchObject({ success: false, errorCode: 'vendor.insufficient.funds' });
    expect(['1.00', '0.60']).toContain(e.value!.balance);
    expect(f).toMatchObject({ success: false, errorCode: 'vendor.round.closed' });
    expect(w).toMatchObject({ success: false, errorCode: 'vendor.round.closed' });
    expect(ok).toMatchObject({ success: true, value: { balance: '0.60' } });
    // the refused calls moved nothing and left no claim: balances are exactly the accepted calls'
    const bal = async (m: { username: string }) => (await seamlessCall(t, 'balance', { vendor: g.vendor, account: m.username })).json.value!.balance;
    expect([await bal(rich), await bal(poor), await bal(settled)]).toEqual(['95.00', '0.60', '97.00']);
    expect(await audit(t.database.db, brandOf(t).id)).toEqual({ entrySum: 0n, mismatchedAccounts: 0, negativeMemberBalances: 0 });
  });
});
