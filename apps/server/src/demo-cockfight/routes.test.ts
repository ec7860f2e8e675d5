import { afterEach, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { demoCockfight as contract } from '@lobby/contract';
import { betRecords, demoCockfightBets, demoCockfightFights, vendorTransactions } from '../db/schema.ts';
import { jobsOf } from '../jobs/index.ts';
import { runExclusive } from '../jobs/runner.ts';
import { useTestApp } from '../test/harness.ts';
import { player } from '../test/kits/seamless.ts';
import { seal } from '../lib/seal.ts';
import { hashServerSeed, newServerSeed } from '../demo-vendor/games/index.ts';
import type { WalletPath } from '../demo-vendor/wallet.ts';
import { balanceOf, dv, launch, postingsOf } from '../demo-vendor/testkit.ts';
import { settleDue, settleFight } from './books.ts';
import { cardOf, clock, DEFAULT_TIMING, fightIdOf, floorPools, oddsOf, resultOf, rollOf, sidePayout, type Result } from './derby.ts';

const t = useTestApp();
const T = DEFAULT_TIMING;
const CYCLE = T.bettingMs + T.fightMs;

afterEach(() => {
  vi.useRealTimers();
});

/** The clock inside fight `n`, `ms` after it opens. */
const at = (n: number, ms: number) => vi.setSystemTime(n * CYCLE + ms);
const state = async (token: string) => {
  const r = await dv(t, 'GET', 'cockfight/state', token);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.value as unknown as contract.StateValue;
};
const bet = (token: string, fightNo: number, side: string, amount: string) => dv(t, 'POST', 'cockfight/bet', token, { fightNo, side, amount });

/** Stores fight `n` ahead with a seed whose roll gives `want` (a seed found by trying: the card is public). */
async function rig(merchantId: number, nodeId: string, n: number, want: Result) {
  const fightId = fightIdOf(nodeId, n);
  const { qBp } = cardOf(fightId);
  let seed = newServerSeed();
  while (resultOf(rollOf(seed, fightId), qBp) !== want) seed = newServerSeed();
  await t.database.db.insert(demoCockfightFights).values({
    merchantId, nodeId, fightNo: n, fightId, closesAt: new Date(n * CYCLE + T.bettingMs), endsAt: new Date((n + 1) * CYCLE),
    serverSeed: seal(seed), serverSeedHash: hashServerSeed(seed),
  });
  return seed;
}

function breakWallet(o: { lost?: WalletPath[]; dropped?: WalletPath[] }) {
  const wallet = t.app.demoVendor.wallet;
  const real = wallet.call.bind(wallet);
  wallet.call = async (brand, vendor, path, body) => {
    if (o.dropped?.includes(path)) return { ok: false, unavailable: true };
    const a = await real(brand, vendor, path, body);
    return o.lost?.includes(path) ? { ok: false, unavailable: true } : a;
  };
  return () => { wallet.call = real; };
}

const recordsOf = (memberId: bigint) => t.database.db.select().from(betRecords).where(eq(betRecords.memberId, memberId));

/** Each test plays its own fights (the tests share one database). */
let ahead = 2;
const nextFight = () => clock(Date.now(), T).fightNo + (ahead += 10);

async function setup(minor = 100_000n) {
  const m = await player(t, minor);
  const l = await launch(t, 'COCKFIGHT', m);
  const brand = t.app.brands.all().find((b) => b.code === 'demo')!;
  vi.useFakeTimers({ toFake: ['Date'] });
  const n = nextFight();
  return { m, ...l, brand, n, node: l.game.nodeId, vendor: l.game.vendor.code };
}

describe('demo cockfight through the seamless wallet', () => {
  it('a member bets Meron: debited, refused after the cut-off, settled at the fight end with a seed anyone can check; in the betting record', async () => {
    const { m, token, url, brand, n, node, vendor } = await setup();
    expect(url).toMatch(/^\/demo-vendor\/play\/cockfight\?token=/);
    const seed = await rig(brand.id, node, n, 'meron');
    at(n, 1_000);
    const s0 = await state(token);
    expect(s0.fight).toMatchObject({ fightNo: n, fightId: fightIdOf(node, n), phase: 'betting', serverSeedHash: hashServerSeed(seed) });
    expect(s0.balance).toBe('1000.00');
    expect(s0.rules.houseEdge.meronWala).toBeCloseTo(0.0435, 6);

    const bad = await bet(token, n, 'meron', '0.5');
    expect(bad.json.errorCode).toBe('demo.bet.invalid');
    expect((await bet(token, n, 'tiger', '1.00')).json.errorCode).toBe('request_param_err');
    expect((await bet(token, n + 1, 'meron', '1.00')).json.errorCode).toBe('demo.round.closed');
    const ok = await bet(token, n, 'meron', '10.00');
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    const placed = ok.json.value as unknown as { bet: contract.BetView; balance: string; fight: contract.FightView };
    expect(placed.balance).toBe('990.00');
    expect(placed.bet).toMatchObject({ side: 'meron', amount: '10.00', state: 'open' });
    // my money is in the pool: Meron's pool grew by 10.00
    expect(Number(placed.fight.pools.meron)).toBeGreaterThanOrEqual(Number(s0.fight.pools.meron) + 10);

    at(n, T.bettingMs + 100);
    const late = await bet(token, n, 'meron', '10.00');
    expect(late.status).toBe(409);
    expect(late.json.errorCode).toBe('demo.round.closed');
    expect((await state(token)).fight.phase).toBe('fighting');

    at(n + 1, 500);
    const s1 = await state(token);
    const r = s1.results[0];
    expect(r).toMatchObject({ fightNo: n, result: 'meron', serverSeed: seed, serverSeedHash: hashServerSeed(seed) });
    expect(r.roll).toBe(rollOf(seed, r.fightId));
    const mine = s1.myBets[0];
    expect(mine.state).toBe('won');
    const payout = BigInt(Math.round(Number(mine.payout) * 100));
    // paid at the final odds: both pools at the cut-off (my 10.00 included) less 5 %
    const [row] = await t.database.db.select().from(demoCockfightFights).where(and(eq(demoCockfightFights.nodeId, node), eq(demoCockfightFights.fightNo, n)));
    const final = { meron: BigInt(row.pools!.meron), wala: BigInt(row.pools!.wala), draw: BigInt(row.pools!.draw) };
    expect(final.meron - floorPools(row.fightId, cardOf(row.fightId).qBp, 1).meron).toBe(1_000n);
    expect(payout).toBe(sidePayout(1_000n, 'meron', final));
    expect(r.odds).toEqual(oddsOf(final));
    expect(s1.balance).toBe(((99_000n + payout) / 100n).toString() + '.' + String((99_000n + payout) % 100n).padStart(2, '0'));
    expect(await balanceOf(t, m.username, vendor)).toBe(99_000n + payout);
    const recs = await recordsOf(m.id);
    expect(recs).toHaveLength(1);
    expect(recs[0]).toMatchObject({ gameType: 'COCKFIGHT', bet: 1_000n, win: payout, status: 'settled' });
    // the winner board of the category lists the win (it reads the betting records)
    vi.useRealTimers();
    const wb = await t.call({ method: 'GET', url: '/wps/relay/GCSGAME_winnerBoard?category=COCKFIGHT', merchant: 'demo' });
    const list = (wb.json() as { value: { list: { nodeId: string }[] } }).value.list;
    expect(list.map((w) => w.nodeId)).toContain(node);
  });

  it('settlement rules with real money: Wala wins, draw (push and 8x), cancelled (all returned)', async () => {
    const { m, token, brand, n, node, vendor } = await setup();
    await rig(brand.id, node, n, 'wala');
    await rig(brand.id, node, n + 1, 'draw');
    await rig(brand.id, node, n + 2, 'cancelled');
    at(n, 1_000);
    for (const [side, amt] of [['meron', '10.00'], ['wala', '20.00'], ['draw', '5.00']]) expect((await bet(token, n, side, amt)).status).toBe(200);
    at(n + 1, 1_000);
    const s1 = await state(token);
    const [d, w, me] = s1.myBets;
    expect(me).toMatchObject({ side: 'meron', state: 'lost', payout: '0.00' });
    expect(d).toMatchObject({ side: 'draw', state: 'lost', payout: '0.00' });
    expect(w.state).toBe('won');
    const walaPaid = BigInt(Math.round(Number(w.payout) * 100));
    expect(walaPaid).toBeGreaterThan(2_000n);
    for (const [side, amt] of [['meron', '10.00'], ['wala', '10.00'], ['draw', '10.00']]) expect((await bet(token, n + 1, side, amt)).status).toBe(200);
    at(n + 2, 1_000);
    const s2 = await state(token);
    expect(s2.results[0].result).toBe('draw');
    expect(s2.myBets.slice(0, 3).map((b) => [b.side, b.state, b.payout])).toEqual([['draw', 'won', '80.00'], ['wala', 'push', '10.00'], ['meron', 'push', '10.00']]);
    for (const [side, amt] of [['meron', '3.00'], ['draw', '4.00']]) expect((await bet(token, n + 2, side, amt)).status).toBe(200);
    at(n + 3, 1_000);
    const s3 = await state(token);
    expect(s3.results[0].result).toBe('cancelled');
    expect(s3.myBets.slice(0, 2).map((b) => [b.side, b.state, b.payout])).toEqual([['draw', 'void', '4.00'], ['meron', 'void', '3.00']]);
    // 1000 - 35 + wala payout - 30 + 80 + 20 - 7 + 7
    expect(await balanceOf(t, m.username, vendor)).toBe(100_000n - 3_500n + walaPaid - 3_000n + 8_000n + 2_000n);
    const recs = await recordsOf(m.id);
    expect(recs).toHaveLength(8);
    expect(recs.filter((x) => x.status === 'refunded')).toHaveLength(4); // two pushes, two voids
    expect(recs.every((x) => x.gameType === 'COCKFIGHT')).toBe(true);
  });

  it('settles once when polls race, and the sweep resends a win whose answer was lost, once', async () => {
    const { m, token, brand, n, node, vendor } = await setup();
    await rig(brand.id, node, n, 'meron');
    at(n, 1_000);
    expect((await bet(token, n, 'meron', '10.00')).status).toBe(200);
    at(n + 1, 1_000);
    const heal = breakWallet({ lost: ['win'] });
    await Promise.all([state(token), state(token), settleDue(t.app, brand, node)]);
    heal();
    const [row] = await t.database.db.select().from(demoCockfightBets).where(eq(demoCockfightBets.player, m.username.toLowerCase()));
    expect(row).toMatchObject({ state: 'won', status: 'open' });
    const [fight] = await t.database.db.select().from(demoCockfightFights).where(and(eq(demoCockfightFights.nodeId, node), eq(demoCockfightFights.fightNo, n)));
    expect(await settleFight(t.app, fight.id)).toBe(false);
    const later = new Date((n + 2) * CYCLE);
    expect(await t.app.demoCockfight.sweep(later)).toBeGreaterThanOrEqual(1);
    expect(await t.app.demoCockfight.sweep(later)).toBe(0);
    const [after] = await t.database.db.select().from(demoCockfightBets).where(eq(demoCockfightBets.id, row.id));
    expect(after.status).toBe('settled');
    expect(await postingsOf(t, 'win', m.id)).toBe(1);
    expect(await balanceOf(t, m.username, vendor)).toBe(99_000n + row.payout);
    expect(await t.database.db.$count(vendorTransactions, eq(vendorTransactions.memberId, m.id))).toBe(2);
  });

  it('a bet the wallet does not answer is rolled back; a bet still on its way at the fight end is void and refunded', async () => {
    const { m, token, brand, n, node, vendor } = await setup();
    await rig(brand.id, node, n, 'wala');
    at(n, 1_000);
    let heal = breakWallet({ lost: ['bet'] });
    const r = await bet(token, n, 'meron', '10.00');
    heal();
    expect(r.json.errorCode).toBe('demo.wallet.unavailable');
    expect(await balanceOf(t, m.username, vendor)).toBe(100_000n);
    // the debit lands but its answer never comes back, and the rollback never goes out: the bet stays "placing"
    heal = breakWallet({ lost: ['bet'], dropped: ['rollback'] });
    expect((await bet(token, n, 'wala', '7.00')).json.errorCode).toBe('demo.wallet.unavailable');
    heal();
    expect(await balanceOf(t, m.username, vendor)).toBe(99_300n);
    at(n + 1, 1_000);
    const s = await state(token);
    expect(s.myBets.map((b) => [b.side, b.state])).toEqual([['wala', 'void']]);
    expect(await balanceOf(t, m.username, vendor)).toBe(100_000n);
    expect(s.balance).toBe('1000.00');
  });

  it('the scheduled sweep settles a fight nobody came back to and pays its bets', async () => {
    const { m, token, brand, n, node, vendor } = await setup();
    await rig(brand.id, node, n, 'cancelled');
    at(n, 1_000);
    expect((await bet(token, n, 'wala', '25.00')).status).toBe(200);
    at(n + 5, 0);
    const job = jobsOf(t.app).find((j) => j.name === 'demo-cockfight.sweep')!;
    expect(await runExclusive(t.database.db, job, new Date(Date.now()))).toBe(0);
    await vi.waitFor(async () => expect(await balanceOf(t, m.username, vendor)).toBe(100_000n), { timeout: 5_000 });
    const [row] = await t.database.db.select().from(demoCockfightBets).where(eq(demoCockfightBets.player, m.username.toLowerCase()));
    expect(row).toMatchObject({ state: 'void', status: 'refunded' });
  });

  it('free play bets play money, never the wallet', async () => {
    const { token, n } = await (async () => {
      const l = await launch(t, 'COCKFIGHT', null);
      vi.useFakeTimers({ toFake: ['Date'] });
      return { ...l, n: nextFight() };
    })();
    at(n, 1_000);
    expect((await state(token)).trial).toBe(true);
    const r = await bet(token, n, 'draw', '100.00');
    expect((r.json.value as { balance: string }).balance).toBe('1900.00');
    expect((await bet(token, n, 'meron', '5000.00')).json.errorCode).toBe('demo.insufficient.funds');
    at(n + 1, 1_000);
    const s = await state(token);
    const b = s.myBets[0];
    expect(['won', 'lost', 'void']).toContain(b.state);
    expect(s.balance).toBe(b.state === 'won' ? '2700.00' : b.state === 'void' ? '2000.00' : '1900.00');
  });
});
