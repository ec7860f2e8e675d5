import { afterEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { demoVendor as contract } from '@lobby/contract';
import { demoVendorRounds, demoVendorSessions, vendorTransactions } from '../db/schema.ts';
import { jobsOf } from '../jobs/index.ts';
import { runExclusive } from '../jobs/runner.ts';
import { useTestApp } from '../test/harness.ts';
import { player } from '../test/kits/seamless.ts';
import type { WalletPath } from './wallet.ts';
import { clock, CYCLE_MS } from './table.ts';
import { balanceOf, dv, launch, minor, postingsOf } from './testkit.ts';

const t = useTestApp();

/** The wallet answers nothing for these calls: `lost` = the call was made but its answer lost, `dropped` = never made. */
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

const later = () => new Date(Date.now() + 2 * 60_000);
const rowOf = async (roundId: string) => (await t.database.db.select().from(demoVendorRounds).where(eq(demoVendorRounds.roundId, roundId)))[0];

afterEach(() => {
  vi.useRealTimers();
});

describe('crash recovery sweep', () => {
  it('resends the win of a round whose outcome is stored, once', async () => {
    const m = await player(t, 50_000n);
    const { token, game } = await launch(t, 'RNG', m);
    const heal = breakWallet({ dropped: ['win'] });
    const r = await dv(t, 'POST', 'play', token, { input: { betPerLine: '0.50' } });
    heal();
    const round = (r.json.value as unknown as { round: contract.RoundView; balance: string }).round;
    expect(round.status).toBe('pending');
    expect((r.json.value as { balance: string }).balance).toBe('490.00');
    const stuck = await rowOf(round.roundId);
    expect(stuck.outcome).not.toBeNull();
    // Not yet stale: left alone.
    expect(await t.app.demoVendor.sweep(new Date())).toBe(0);
    expect(await t.app.demoVendor.sweep(later())).toBe(1);
    const row = await rowOf(round.roundId);
    expect(row.status).toBe('settled');
    expect(await balanceOf(t, m.username, game.vendor.code)).toBe(50_000n - 1000n + row.payout);
    expect(await t.app.demoVendor.sweep(later())).toBe(0);
    expect(await postingsOf(t, 'win', m.id)).toBe(row.payout > 0n ? 1 : 0);
    expect(await t.database.db.$count(vendorTransactions, eq(vendorTransactions.memberId, m.id))).toBe(2);
  });

  it('rolls back a round that has no outcome (bet taken, answer lost, rollback lost too)', async () => {
    const m = await player(t, 10_000n);
    const { token, game } = await launch(t, 'FISH', m);
    const heal = breakWallet({ lost: ['bet'], dropped: ['rollback'] });
    const r = await dv(t, 'POST', 'play', token, { input: { bet: '3.00', target: 'WHALE' } });
    heal();
    expect(r.json.errorCode).toBe('demo.wallet.unavailable');
    const [row] = await t.database.db.select().from(demoVendorRounds).where(eq(demoVendorRounds.player, m.username));
    expect(row).toMatchObject({ status: 'pending', outcome: null });
    expect(await balanceOf(t, m.username, game.vendor.code)).toBe(9_700n);
    // Two sweeps at once (as two instances would without the job lock) still refund once.
    const done = await Promise.all([t.app.demoVendor.sweep(later()), t.app.demoVendor.sweep(later())]);
    expect(done.reduce((s, n) => s + n, 0)).toBeGreaterThanOrEqual(1);
    expect((await rowOf(row.roundId)).status).toBe('refunded');
    expect(await balanceOf(t, m.username, game.vendor.code)).toBe(10_000n);
    expect(await postingsOf(t, 'rollback', m.id)).toBe(1);
    expect(await t.app.demoVendor.sweep(later())).toBe(0);
  });

  it('the scheduled job finds stale rounds under its lock and finishes them', async () => {
    const m = await player(t, 10_000n);
    const { token } = await launch(t, 'ELOTT', m);
    const heal = breakWallet({ dropped: ['win'] });
    const r = await dv(t, 'POST', 'play', token, { input: { bet: '1.00', picks: [3, 33] } });
    heal();
    const roundId = (r.json.value as unknown as { round: contract.RoundView }).round.roundId;
    const job = jobsOf(t.app).find((j) => j.name === 'demo-vendor.sweep')!;
    expect(await runExclusive(t.database.db, job, later())).toBe(1);
    await vi.waitFor(async () => expect((await rowOf(roundId)).status).toBe('settled'), { timeout: 5_000 });
  });

  it('deals and settles a table round nobody came back to', async () => {
    const m = await player(t, 10_000n);
    const { token, game } = await launch(t, 'LIVE', m);
    vi.useFakeTimers({ toFake: ['Date'] });
    const cycle = clock(Date.now()).cycle + 1;
    vi.setSystemTime(cycle * CYCLE_MS + 500);
    const r = await dv(t, 'POST', 'play', token, { input: { player: '2.00' } });
    expect(r.status).toBe(200);
    const roundId = (r.json.value as unknown as { round: contract.RoundView }).round.roundId;
    vi.setSystemTime(cycle * CYCLE_MS + 10 * 60_000);
    expect(await t.app.demoVendor.sweep(new Date(Date.now() + 60_000))).toBeGreaterThanOrEqual(1);
    const row = (await t.database.db.select().from(demoVendorRounds).where(eq(demoVendorRounds.player, m.username)))[0];
    expect(row).toMatchObject({ roundId, status: 'settled' });
    expect(await balanceOf(t, m.username, game.vendor.code)).toBe(10_000n - 200n + row.payout);
    expect(minor((await dv(t, 'GET', 'session', token)).json.value!.balance)).toBe(10_000n - 200n + row.payout);
  });

  it('resends the win of a table bet that was dealt and claimed but whose win got no answer', async () => {
    const m = await player(t, 10_000n);
    const { token, game } = await launch(t, 'LIVE', m);
    vi.useFakeTimers({ toFake: ['Date'] });
    const cycle = clock(Date.now()).cycle + 1;
    vi.setSystemTime(cycle * CYCLE_MS + 500);
    const roundId = ((await dv(t, 'POST', 'play', token, { input: { banker: '3.00' } })).json.value as unknown as { round: contract.RoundView }).round.roundId;
    vi.setSystemTime(cycle * CYCLE_MS + 10 * 60_000);
    const heal = breakWallet({ dropped: ['win'] });
    await dv(t, 'GET', 'table', token);
    heal();
    const claimed = (await t.database.db.select().from(demoVendorRounds).where(eq(demoVendorRounds.player, m.username)))[0];
    expect(claimed).toMatchObject({ roundId, status: 'pending' });
    expect(claimed.outcome).not.toBeNull();
    expect(await t.app.demoVendor.sweep(new Date(Date.now() + 60_000))).toBe(1);
    const [row] = await t.database.db.select().from(demoVendorRounds).where(eq(demoVendorRounds.id, claimed.id));
    expect(row.status).toBe('settled');
    expect(await balanceOf(t, m.username, game.vendor.code)).toBe(10_000n - 300n + claimed.payout);
    expect(await postingsOf(t, 'win', m.id)).toBe(claimed.payout > 0n ? 1 : 0);
  });

  it('deletes sessions a day after they expire, with a free-play session\'s rounds, unless a round is pending', async () => {
    const trial = await launch(t, 'PVP', null, 'PVP-DICE');
    await dv(t, 'POST', 'play', trial.token, { input: { bet: '1.00', target: 50, direction: 'under' } });
    const m = await player(t, 10_000n);
    const real = await launch(t, 'FISH', m);
    const heal = breakWallet({ dropped: ['win'] });
    await dv(t, 'POST', 'play', real.token, { input: { bet: '1.00', target: 'PUFFER' } });
    heal();
    const old = new Date(Date.now() - 25 * 3_600_000);
    for (const tk of [trial.token, real.token]) await t.database.db.update(demoVendorSessions).set({ expiresAt: old }).where(eq(demoVendorSessions.token, tk));
    const kept = async (tk: string) => t.database.db.$count(demoVendorSessions, eq(demoVendorSessions.token, tk));
    // Before the purge the pending round is finished in the same sweep; the session stays until the next.
    await t.app.demoVendor.sweep(later());
    expect(await kept(trial.token)).toBe(0);
    expect(await t.database.db.$count(demoVendorRounds, eq(demoVendorRounds.player, `trial:${trial.token}`))).toBe(0);
    expect(await kept(real.token)).toBe(1);
    expect((await t.database.db.select().from(demoVendorRounds).where(eq(demoVendorRounds.player, m.username)))[0].status).toBe('settled');
    await t.app.demoVendor.sweep(later());
    expect(await kept(real.token)).toBe(0);
    expect(await t.database.db.$count(demoVendorRounds, eq(demoVendorRounds.player, m.username))).toBe(1);
  });
});
