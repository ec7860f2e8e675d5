import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { agentDailyStats, agentTeamDaily } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { addMember, api, brandOf, memberId, tokenFor } from '../../test/kits/wallet.ts';
import { brandDate, DAY_MS } from '../../kernel/brand-time/index.ts';
import { markDirty, refreshWindows, teamWindow, windowSettings } from './windows.ts';

/** Range rollups (issue 25 item 7): team betting and P&L "all members" read from them answer what summing the member days answers. */
const t = useTestApp();
const db = () => t.database.db;

describe('range rollups', () => {
  it('team betting and P&L all members over 7 days: the same page, totals and footer from the windows; stale or odd ranges sum member days', async () => {
    const b = brandOf(t);
    const now = new Date();
    const day = (back: number) => brandDate(b, new Date(now.getTime() - back * DAY_MS));
    const top = await memberId(t, 'agent01');
    // a sub-agent with three players under agent01, day rows over 9 days (two fall outside the 7-day window)
    const sub = await addMember(t, 'demo', { type: 2, parent: 'agent01' });
    const players = [await addMember(t, 'demo', { parent: sub!.username }), await addMember(t, 'demo', { parent: sub!.username }), await addMember(t, 'demo', { parent: 'agent01' })];
    const rows = players.flatMap((p, i) => [0, 3, 6, 8].map((back) => ({
      merchantId: b.id, memberId: p!.id, day: day(back), bets: 1 + i, bet: BigInt((i + 1) * 1000 + back * 10), validBet: BigInt((i + 1) * 900 + back), win: BigInt(back * 100), profit: BigInt(back * 100 - (i + 1) * 1000),
      deposits: BigInt(i * 500), bonus: BigInt(back),
    })));
    await db().insert(agentDailyStats).values(rows);
    // the team rows of those days (the rollup's, for the footers)
    for (const back of [0, 3, 6, 8]) {
      const of = rows.filter((r) => r.day === day(back));
      const sum = (k: 'bet' | 'validBet' | 'win' | 'profit' | 'deposits' | 'bonus', f = of) => f.reduce((a, r) => a + r[k], 0n);
      await db().insert(agentTeamDaily).values({ merchantId: b.id, agentId: top, day: day(back), bet: sum('bet'), validBet: sum('validBet'), win: sum('win'), profit: sum('profit'), deposits: sum('deposits'), bonus: sum('bonus') })
        .onConflictDoNothing();
    }
    const q = `startDate=${day(6)}&endDate=${day(0)}`;
    const token = await tokenFor(t, 'agent01');
    const read = async () => ({
      betting: (await api(t, token, 'GET', `/wps/relay/ODSFE2_agentTeamBetting?${q}&pageNo=1&pageSize=2`)).json().value,
      betting2: (await api(t, token, 'GET', `/wps/relay/ODSFE2_agentTeamBetting?${q}&pageNo=2&pageSize=2`)).json().value,
      pl: (await api(t, token, 'GET', `/wps/relay/ODSFE2_agentProfitLoss?${q}&scope=all&pageNo=1&pageSize=20`)).json().value,
    });
    windowSettings.minMembers = 1;
    try {
      const direct = await read(); // no window built yet: member days summed
      expect(direct.betting.total).toBe(3);
      expect(await refreshWindows(db(), [b], now)).toBeGreaterThan(0);
      expect(await teamWindow(db(), b.id, top, day(6), day(0))).toMatchObject({ days: 7, bettors: 3, bets: 6 * 3 });
      expect(await teamWindow(db(), b.id, top, day(4), day(0))).toBeNull(); // 5 days: no window of that length
      expect(await read()).toEqual(direct);
      // a day in the window rewritten: still read while fresh, not once it is older than FRESH_MS; the job rebuilds it
      await markDirty(db(), [{ merchantId: b.id, day: day(3) }]);
      expect(await teamWindow(db(), b.id, top, day(6), day(0))).not.toBeNull();
      await db().execute(sql`update agent_window_marks set built_at = now() - interval '10 minutes' where merchant_id = ${b.id}`);
      expect(await teamWindow(db(), b.id, top, day(6), day(0))).toBeNull();
      await refreshWindows(db(), [b], now);
      expect(await teamWindow(db(), b.id, top, day(6), day(0))).not.toBeNull();
      // a small team (below the threshold) sums member days
      windowSettings.minMembers = 1_000;
      expect(await teamWindow(db(), b.id, top, day(6), day(0))).toBeNull();
    } finally {
      windowSettings.minMembers = 2_000;
    }
  });
});
