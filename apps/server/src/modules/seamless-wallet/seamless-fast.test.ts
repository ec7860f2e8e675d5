import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { betRecords, turnoverRequirements, vendorTransactions } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { audit, brandAccount } from '../../kernel/ledger/index.ts';
import { brandOf, rid } from '../../test/kits/wallet.ts';
import { memberRoom } from '../../kernel/live/index.ts';
import { PUSH_COALESCE_MS } from './routes.ts';
import { gameToken, player as fundedPlayer, seamlessCall, type SeamlessPath } from '../../test/kits/seamless.ts';

// The one-statement paths (seamless_bet / seamless_win, migration 0011) under concurrency,
// the turnover they count, how many statements a call costs and the coalesced balance push.
const t = useTestApp();

async function game() {
  const g = (await t.app.catalogs.get(brandOf(t))).games[0];
  return { vendor: g.vendor.code, gameId: g.nodeId };
}

const call = (path: SeamlessPath, body: Record<string, unknown>) => seamlessCall(t, path, body);
const player = (minor: bigint) => fundedPlayer(t, minor);

const balance = async (vendor: string, member: string) => (await call('balance', { vendor, account: member })).json.value!.balance;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('seamless wallet, one statement per call', () => {
  it('50 parallel bets of one member never overdraw', async () => {
    const g = await game();
    const m = await player(2_000n);
    const res = await Promise.all(Array.from({ length: 50 }, () =>
      call('bet', { vendor: g.vendor, txId: rid(), roundId: rid(), member: m.username, gameId: g.gameId, amount: '1' })));
    const ok = res.filter((r) => r.json.success);
    const refused = res.filter((r) => !r.json.success);
    expect(ok).toHaveLength(20);
    for (const r of refused) {
      expect(r.json.errorCode).toBe('vendor.insufficient.funds');
      expect(r.json.value!.balance).toMatch(/^\d+\.\d\d$/);
    }
    expect(await balance(g.vendor, m.username)).toBe('0.00');
    expect(await t.database.db.select().from(betRecords).where(eq(betRecords.memberId, m.id))).toHaveLength(20);
    // A refused bet leaves no claim behind: the same tx id may come again once funded.
    expect(await t.database.db.select().from(vendorTransactions).where(eq(vendorTransactions.memberId, m.id))).toHaveLength(20);
    expect(await audit(t.database.db, brandOf(t).id)).toEqual({ entrySum: 0n, mismatchedAccounts: 0, negativeMemberBalances: 0 });
  });

  it('one tx id raced 20 times gives one answer and one bet; a win raced the same', async () => {
    const g = await game();
    const m = await player(10_000n);
    const roundId = rid();
    const bet = { vendor: g.vendor, txId: rid(), roundId, member: m.username, gameId: g.gameId, amount: '7.25' };
    const bets = await Promise.all(Array.from({ length: 20 }, () => call('bet', bet)));
    expect(new Set(bets.map((r) => JSON.stringify(r.json.value)))).toEqual(new Set([JSON.stringify({ balance: '92.75', currency: brandOf(t).config.currency.code, txId: bet.txId })]));
    const win = { vendor: g.vendor, txId: rid(), roundId, member: m.username, amount: '10' };
    const wins = await Promise.all(Array.from({ length: 20 }, () => call('win', win)));
    expect(new Set(wins.map((r) => r.json.value!.balance))).toEqual(new Set(['102.75']));
    const [rec] = await t.database.db.select().from(betRecords).where(eq(betRecords.memberId, m.id));
    expect(rec).toMatchObject({ status: 'settled', bet: 725n, win: 1000n, validBet: 725n, profit: 275n });
    expect(await balance(g.vendor, m.username)).toBe('102.75');
  });

  it('a win settles every open bet of the round (the first gets the win) and counts their turnover, oldest requirement first', async () => {
    const g = await game();
    const m = await player(10_000n);
    const brand = brandOf(t);
    await t.database.db.insert(turnoverRequirements).values([
      { merchantId: brand.id, memberId: m.id, source: 'bonus:a', sourceRef: `t-${rid()}`, required: 1_000n },
      { merchantId: brand.id, memberId: m.id, source: 'bonus:b', sourceRef: `t-${rid()}`, required: 5_000n },
    ]);
    const roundId = rid();
    await call('bet', { vendor: g.vendor, txId: rid(), roundId, member: m.username, gameId: g.gameId, amount: '6' });
    await call('bet', { vendor: g.vendor, txId: rid(), roundId, member: m.username, gameId: g.gameId, amount: '9' });
    const w = await call('win', { vendor: g.vendor, txId: rid(), roundId, member: m.username, amount: '3' });
    expect(w.json.value!.balance).toBe('88.00');
    const recs = await t.database.db.select().from(betRecords).where(eq(betRecords.memberId, m.id)).orderBy(betRecords.id);
    expect(recs.map((r) => [r.status, r.win, r.validBet, r.profit])).toEqual([['settled', 300n, 600n, -300n], ['settled', 0n, 900n, -900n]]);
    const reqs = await t.database.db.select().from(turnoverRequirements).where(eq(turnoverRequirements.memberId, m.id)).orderBy(turnoverRequirements.id);
    expect(reqs.map((r) => r.progress)).toEqual([1_000n, 500n]);
    expect(reqs[0].completedAt).toBeInstanceOf(Date);
    expect(reqs[1].completedAt).toBeNull();
  });

  it('a bet costs one statement (its launch token checked inside it), a win one statement, once the member is known, and their pushes coalesce', async () => {
    const g = await game();
    const m = await player(10_000n);
    await call('balance', { vendor: g.vendor, account: m.username }); // member id and accounts now cached
    const token = await gameToken(t, 'demo', m.username, g.vendor, g.gameId); // the launch opened it
    const roundId = rid();
    await brandAccount(t.database.db, brandOf(t).id, 'house', roundId); // the round's house shard id, cached on first use
    const pushes: number[] = [];
    const push = vi.spyOn(t.app.walletEvents, 'balanceChanged').mockImplementation(async () => { pushes.push(Date.now()); });
    const client = (t.database.db as unknown as { $client: { query: (...a: unknown[]) => unknown } }).$client;
    const query = vi.spyOn(client, 'query');
    // the member has a page open (its socket in the member's room)
    const adapter = t.app.io.sockets.adapter;
    adapter.addAll('test-socket', new Set([memberRoom(brandOf(t).id, m.id)]));
    try {
      await call('bet', { vendor: g.vendor, txId: rid(), roundId, member: m.username, gameId: g.gameId, amount: '1', token });
      await call('win', { vendor: g.vendor, txId: rid(), roundId, member: m.username, amount: '2' });
      const answered = Date.now();
      // Background refreshes (hot-game play counts, catalog) may share the client: count only the
      // statements a seamless call would issue.
      const sqlOf = (c: unknown[]) => String(typeof c[0] === 'string' ? c[0] : (c[0] as { text?: string } | undefined)?.text ?? '');
      const statements = query.mock.calls.map(sqlOf);
      expect(statements.filter((q) => /seamless_(bet|win)/.test(q))).toHaveLength(2);
      expect(statements.filter((q) => !/seamless_(bet|win)/.test(q) && /game_sessions|vendor_transactions|seamless_credentials|ledger_|\bmembers\b|\bsessions\b/.test(q))).toEqual([]);
      await sleep(PUSH_COALESCE_MS * 4);
      // Every move is followed by a push that reads after its answer; moves close together share one.
      expect(pushes.length).toBeGreaterThanOrEqual(1);
      expect(pushes.length).toBeLessThanOrEqual(2);
      expect(pushes.at(-1)!).toBeGreaterThanOrEqual(answered);
    } finally {
      adapter.delAll('test-socket');
      query.mockRestore();
      push.mockRestore();
    }
  });

  // With Redis (several instances) another instance may hold the page, so the push always goes out.
  it('no balance push (nor its balance read) for a member with no open page on a single instance', async (ctx) => {
    if (t.app.redis) ctx.skip();
    const g = await game();
    const m = await player(10_000n);
    const push = vi.spyOn(t.app.walletEvents, 'balanceChanged').mockImplementation(async () => {});
    try {
      const roundId = rid();
      await call('bet', { vendor: g.vendor, txId: rid(), roundId, member: m.username, gameId: g.gameId, amount: '1' });
      await call('win', { vendor: g.vendor, txId: rid(), roundId, member: m.username, amount: '2' });
      await sleep(PUSH_COALESCE_MS * 4);
      expect(push).not.toHaveBeenCalled();
    } finally {
      push.mockRestore();
    }
  });
});
