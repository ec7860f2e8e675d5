import { afterEach, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { demoVendor as contract } from '@lobby/contract';
import { demoVendorRounds, demoVendorSessions, vendorTransactions } from '../db/schema.ts';
import { useTestApp } from '../test/harness.ts';
import { player } from '../test/kits/seamless.ts';
import { brandOf } from '../test/kits/wallet.ts';
import { ENGINES } from './engines.ts';
import { FairRng, hashServerSeed } from './games/index.ts';
import { clock, CYCLE_MS, mixedClientSeed, settleTable, tableRoundId } from './table.ts';
import { balanceOf, dv, launch, postingsOf } from './testkit.ts';

const t = useTestApp();

type TableValue = { roundId: string; phase: string; closesAt: string; nextAt: string; serverSeedHash: string; results: { roundId: string; outcome: Record<string, unknown> }[]; myBets: Record<string, string> };

/** A cycle that starts in the near future, and the clock set inside it. */
function at(cycle: number, offsetMs: number) {
  vi.setSystemTime(cycle * CYCLE_MS + offsetMs);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('baccarat table', () => {
  it('bets join the current round, close at the cut-off, and one deal settles every bet exactly once even when settle calls race', async () => {
    const a = await player(t, 100_000n);
    const b = await player(t, 100_000n);
    const la = await launch(t, 'LIVE', a);
    const lb = await launch(t, 'LIVE', b);
    const lt = await launch(t, 'LIVE', null);
    const node = la.game.nodeId;
    const vendor = la.game.vendor.code;
    vi.useFakeTimers({ toFake: ['Date'] });
    const cycle = clock(Date.now()).cycle + 2;
    at(cycle, 1_000);

    const view = (await dv(t, 'GET', 'table', la.token)).json.value as unknown as TableValue;
    expect(view).toMatchObject({ roundId: tableRoundId(node, cycle), phase: 'betting', myBets: {} });
    expect(new Date(view.closesAt).getTime()).toBe(cycle * CYCLE_MS + 15_000);
    const hashShown = view.serverSeedHash;

    const pa = await dv(t, 'POST', 'play', la.token, { input: { player: '10.00', tie: '1.00' } });
    expect(pa.status, JSON.stringify(pa.json)).toBe(200);
    const ra = pa.json.value as unknown as { round: contract.RoundView; balance: string; fairness: { serverSeedHash: string } };
    expect(ra.round).toMatchObject({ status: 'pending', roundId: view.roundId, bet: '11.00', outcome: null });
    expect(ra.balance).toBe('989.00');
    expect(ra.fairness.serverSeedHash).toBe(hashShown);
    expect((await dv(t, 'POST', 'play', lb.token, { input: { banker: '20.00' } })).status).toBe(200);
    expect((await dv(t, 'POST', 'play', lt.token, { input: { player: '5.00' } })).status).toBe(200);
    // One bet per player and round; bad input is refused before any money moves.
    expect((await dv(t, 'POST', 'play', la.token, { input: { banker: '1.00' } })).json.errorCode).toBe('demo.bet.invalid');
    expect((await dv(t, 'POST', 'play', lb.token, { input: { side: '1.00' } })).json.errorCode).toBe('demo.bet.invalid');
    expect(((await dv(t, 'GET', 'table', la.token)).json.value as unknown as TableValue).myBets).toEqual({ player: '10.00', tie: '1.00' });

    at(cycle, 15_500);
    const late = await dv(t, 'POST', 'play', lb.token, { input: { player: '1.00' } });
    expect(late.status).toBe(409);
    expect(late.json.errorCode).toBe('demo.round.closed');

    // Everyone asks at once after the cut-off: one deal, every bet settled once.
    const brand = brandOf(t);
    const [, , , n1, n2] = await Promise.all([
      dv(t, 'GET', 'table', la.token), dv(t, 'GET', 'table', lb.token), dv(t, 'GET', 'session', lt.token),
      settleTable(t.app, { brand, vendor }, node), settleTable(t.app, { brand, vendor }, node), dv(t, 'GET', 'history', la.token),
    ]);
    // Each call counts only the bets it claimed itself: three bets, whoever won each.
    expect(n1 + n2).toBeLessThanOrEqual(3);
    const rows = await t.database.db.select().from(demoVendorRounds)
      .where(and(eq(demoVendorRounds.merchantId, brand.id), eq(demoVendorRounds.roundId, view.roundId)));
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.status === 'settled')).toBe(true);

    const dealt = (await dv(t, 'GET', 'table', la.token)).json.value as unknown as TableValue;
    expect(dealt.phase).toBe('dealing');
    const result = dealt.results.find((r) => r.roundId === view.roundId)!;
    const serverSeed = result.outcome.serverSeed as string;
    expect(hashServerSeed(serverSeed)).toBe(hashShown);
    // issue 21 (intended change): the cut's client seed mixes the three players' client seeds
    // into the round id, instead of the round id alone
    const clientSeeds = result.outcome.clientSeeds as string[];
    expect(clientSeeds).toHaveLength(3);
    expect(result.outcome.clientSeed).toBe(mixedClientSeed(view.roundId, clientSeeds));
    const pay = (input: Record<string, unknown>) => ENGINES.baccarat.play(input, new FairRng(serverSeed, result.outcome.clientSeed as string, 0));
    expect(pay({ player: '1.00' }).outcome).toMatchObject({ winner: result.outcome.winner });

    const wantA = 100_000n - 1100n + pay({ player: '10.00', tie: '1.00' }).payout;
    const wantB = 100_000n - 2000n + pay({ banker: '20.00' }).payout;
    expect(await balanceOf(t, a.username, vendor)).toBe(wantA);
    expect(await balanceOf(t, b.username, vendor)).toBe(wantB);
    for (const m of [a, b]) {
      expect(await postingsOf(t, 'bet', m.id)).toBe(1);
      expect(await postingsOf(t, 'win', m.id)).toBeLessThanOrEqual(1);
      expect(await t.database.db.$count(vendorTransactions, and(eq(vendorTransactions.memberId, m.id), eq(vendorTransactions.kind, 'win')))).toBe(1);
    }
    const [ts] = await t.database.db.select().from(demoVendorSessions).where(eq(demoVendorSessions.token, lt.token));
    expect(ts.trialBalance).toBe(200_000n - 500n + pay({ player: '5.00' }).payout);

    // Settling again changes nothing; the player's history shows the settled round.
    expect(await settleTable(t.app, { brand, vendor }, node)).toBe(0);
    const hist = ((await dv(t, 'GET', 'history', la.token)).json.value as { list: contract.RoundView[] }).list;
    expect(hist[0]).toMatchObject({ roundId: view.roundId, status: 'settled', serverSeed, clientSeed: result.outcome.clientSeed, nonce: 0 });

    // The next round opens with a new committed seed.
    at(cycle + 1, 2_000);
    const next = (await dv(t, 'GET', 'table', la.token)).json.value as unknown as TableValue;
    expect(next).toMatchObject({ roundId: tableRoundId(node, cycle + 1), phase: 'betting', myBets: {} });
    expect(next.serverSeedHash).not.toBe(hashShown);
  });

  it('the table call is only for baccarat sessions', async () => {
    const { token } = await launch(t, 'RNG', null);
    expect((await dv(t, 'GET', 'table', token)).json.errorCode).toBe('request_param_err');
  });
});
