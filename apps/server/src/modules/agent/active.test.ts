import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { betRecords, vendorTransactions } from '../../db/seamless-wallet-schema.ts';
import { runExclusive } from '../../jobs/runner.ts';
import { useTestApp } from '../../test/harness.ts';
import { insertBet } from './testkit.ts';
import { addMember, brandOf } from '../../test/kits/wallet.ts';
import { activeMembers, activeMembersDirect } from './queries.ts';
import { rollup } from './rollup.ts';
import { DAY_MS } from '../../kernel/brand-time/index.ts';

const t = useTestApp();
const db = () => t.database.db;
const LATER = () => new Date(Date.now() + 3_600_000);
const run = () => runExclusive(db(), { name: 'agent.rollup.active', everyMs: 1, run: (tx, now) => rollup(tx, now) }, LATER());
const dayAt = (n: number) => new Date(Date.UTC(2026, 2, 1) + n * DAY_MS).toISOString().slice(0, 10);

// noon UTC is the same local day for the demo brand (GMT-6)
const bet = (memberId: bigint, day: number, minor: bigint) =>
  insertBet(db(), { merchantId: brandOf(t).id, memberId, at: new Date(`${dayAt(day)}T12:00:00Z`), bet: minor });

/** Every range of 1…31 days within days 0…44, fast path against the direct distinct count. */
async function compare(agentId: bigint) {
  const bad: string[] = [];
  let checked = 0;
  for (let s = 0; s < 45; s += 2) {
    for (const len of [1, 2, 5, 7, 15, 30, 31]) {
      const from = dayAt(s);
      const to = dayAt(s + len - 1);
      const [fast, direct] = await Promise.all([activeMembers(db(), agentId, from, to), activeMembersDirect(db(), agentId, from, to, 100n)]);
      checked++;
      if (fast !== direct) bad.push(`${from}..${to}: ${fast} vs ${direct}`);
    }
  }
  return { bad, checked };
}

describe('distinct active members over a period from the team day rows', () => {
  it('equals the direct distinct count for every range, also after a past day changes', async () => {
    const top = await addMember(t, 'demo', { type: 1 });
    const sub = await addMember(t, 'demo', { type: 2, parent: top.username });
    const players = [];
    for (let i = 0; i < 8; i++) players.push(await addMember(t, 'demo', { parent: i % 2 ? sub.username : top.username }));
    // a deterministic pattern: each player bets on days where (day * (i + 3)) % 7 < 2, some below the threshold (0.50)
    const placed: { id: bigint; day: number }[] = [];
    for (const [i, p] of players.entries()) {
      for (let d = 0; d < 45; d++) {
        if ((d * (i + 3) + i) % 7 < 2) placed.push({ id: (await bet(p.id, d, d % 5 === 0 ? 50n : 1_000n)).id, day: d });
      }
    }
    // one player bets once, 40 days before another bet: gaps beyond the window
    await bet(players[0]!.id, 0, 1_000n);
    await run();
    for (const agent of [top, sub]) {
      const { bad, checked } = await compare(agent.id);
      expect(checked).toBeGreaterThan(100);
      expect(bad).toEqual([]);
    }
    expect(await activeMembers(db(), top.id, dayAt(0), dayAt(30))).toBeGreaterThan(0);

    // a late change to past days (bets refunded, a new bet on an empty day) moves the next active days' gaps
    for (const p of placed.filter((x) => x.day === 10 || x.day === 21)) await db().update(betRecords).set({ status: 'refunded' }).where(eq(betRecords.id, p.id));
    for (const p of placed.filter((x) => x.day === 10 || x.day === 21)) {
      const [r] = await db().select().from(betRecords).where(eq(betRecords.id, p.id));
      await db().insert(vendorTransactions).values({ merchantId: r!.merchantId, vendor: r!.vendor, txId: randomUUID(), roundId: r!.roundId, memberId: r!.memberId, kind: 'rollback', amount: r!.bet, status: 'applied' });
    }
    await bet(players[3]!.id, 12, 5_000n);
    await run();
    for (const agent of [top, sub]) expect((await compare(agent.id)).bad).toEqual([]);
  });
});
