import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { demoVendor as contract, GameType } from '@lobby/contract';
import { demoVendorRounds, demoVendorSessions, vendorTransactions } from '../db/schema.ts';
import { useTestApp } from '../test/harness.ts';
import { player } from '../test/kits/seamless.ts';
import { ENGINES } from './engines.ts';
import { FairRng, hashServerSeed } from './games/index.ts';
import { balanceOf, dv, launch, minor, postingsOf, recordsOf } from './testkit.ts';

const t = useTestApp();

const INPUTS: [GameType, string | undefined, contract.Engine, Record<string, unknown>][] = [
  ['RNG', undefined, 'slot5', { betPerLine: '0.10' }],
  ['FISH', undefined, 'fish', { bet: '1.00', target: 'CLOWNFISH' }],
  ['PVP', 'PVP-DICE', 'dice', { bet: '1.00', target: 50, direction: 'under' }],
  // crash plays shared rounds on a hash chain: crash-round.test.ts
  ['ELOTT', undefined, 'keno', { bet: '1.00', picks: [1, 2, 3, 4, 5] }],
];

type Play = { round: contract.RoundView; balance: string; fairness: { serverSeedHash: string; clientSeed: string; nonce: number } };

describe('real play', () => {
  it.each(INPUTS)('%s %s (%s): the ledger moves by payout - bet and the bet record is settled', async (type, vendor, engine, input) => {
    const m = await player(t, 100_000n);
    const { token, game } = await launch(t, type, m, vendor);
    let expected = 100_000n;
    for (let i = 0; i < 3; i++) {
      const r = await dv(t, 'POST', 'play', token, { input });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      const v = r.json.value as unknown as Play;
      expect(v.round).toMatchObject({ engine, status: 'settled', nodeId: game.nodeId, nonce: i });
      expect(v.round.outcome).not.toBeNull();
      expected += minor(v.round.payout) - minor(v.round.bet);
      expect(minor(v.round.profit)).toBe(minor(v.round.payout) - minor(v.round.bet));
      expect(minor(v.balance)).toBe(expected);
    }
    expect(await balanceOf(t, m.username, game.vendor.code)).toBe(expected);
    const recs = await recordsOf(t, m.id);
    expect(recs).toHaveLength(3);
    for (const rec of recs) expect(rec).toMatchObject({ status: 'settled', vendor: game.vendor.code, game: game.nodeId });
    expect(recs.reduce((s, r) => s + r.profit, 0n)).toBe(expected - 100_000n);
  });

  it('concurrent rounds of one player take distinct nonces and the balance adds up', async () => {
    const m = await player(t, 100_000n);
    const { token, game } = await launch(t, 'PVP', m, 'PVP-DICE');
    const rs = await Promise.all(Array.from({ length: 8 }, () => dv(t, 'POST', 'play', token, { input: { bet: '1.00', target: 50, direction: 'under' } })));
    const rounds = rs.map((r) => (r.json.value as unknown as Play).round);
    expect(rounds.map((r) => r.nonce).sort((x, y) => x! - y!)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(rounds.every((r) => r.status === 'settled')).toBe(true);
    const profit = rounds.reduce((sum, r) => sum + minor(r.payout) - minor(r.bet), 0n);
    expect(await balanceOf(t, m.username, game.vendor.code)).toBe(100_000n + profit);
  });

  it('an invalid bet is demo.bet.invalid with the reason, and nothing is stored or moved', async () => {
    const m = await player(t, 100_000n);
    const { token } = await launch(t, 'PVP', m, 'PVP-DICE');
    for (const input of [{ bet: '1.001', target: 50, direction: 'under' }, { bet: '0.01', target: 50, direction: 'under' }, { bet: '1.00', target: 99.5, direction: 'under' }, { bet: '1.00', target: 50, direction: 'up' }]) {
      const r = await dv(t, 'POST', 'play', token, { input });
      expect(r.status).toBe(400);
      expect(r.json.errorCode).toBe('demo.bet.invalid');
      expect((r.json as { message?: string }).message).toMatch(/^Esta apuesta no es válida: .*(bet|target|direction)/);
      expect((r.json.value as unknown as { reason: string }).reason).toMatch(/^(BET_INVALID|BET_OUT_OF_RANGE|CHOICE_INVALID)$/);
    }
    expect(await t.database.db.$count(demoVendorRounds, eq(demoVendorRounds.player, m.username))).toBe(0);
    expect(await postingsOf(t, 'bet', m.id)).toBe(0);
  });

  it('insufficient funds leaves the round failed and the balance unchanged', async () => {
    const m = await player(t, 50n);
    const { token, game } = await launch(t, 'FISH', m);
    const r = await dv(t, 'POST', 'play', token, { input: { bet: '1.00', target: 'SHARK' } });
    expect(r.status).toBe(400);
    expect(r.json.errorCode).toBe('demo.insufficient.funds');
    const [row] = await t.database.db.select().from(demoVendorRounds).where(eq(demoVendorRounds.player, m.username));
    expect(row.status).toBe('failed');
    expect(await balanceOf(t, m.username, game.vendor.code)).toBe(50n);
    expect(await postingsOf(t, 'bet', m.id)).toBe(0);
  });

  it('a member whose lobby session ended is demo.session.invalid and the round failed', async () => {
    const m = await player(t, 10_000n);
    const { token, game } = await launch(t, 'RNG', m);
    await t.database.db.execute(`update sessions set revoked_at = now() where member_id = ${m.id}`);
    const r = await dv(t, 'POST', 'play', token, { input: { betPerLine: '0.05' } });
    expect(r.status).toBe(401);
    expect(r.json.errorCode).toBe('demo.session.invalid');
    const [row] = await t.database.db.select().from(demoVendorRounds).where(eq(demoVendorRounds.player, m.username));
    expect(row.status).toBe('failed');
    expect(await balanceOf(t, m.username, game.vendor.code)).toBe(10_000n);
  });

  it('a wallet that takes the bet but does not answer gets a rollback: round refunded, balance unchanged', async () => {
    const m = await player(t, 10_000n);
    const { token, game } = await launch(t, 'ELOTT', m);
    const wallet = t.app.demoVendor.wallet;
    const real = wallet.call.bind(wallet);
    wallet.call = async (brand, vendor, path, body) => {
      const a = await real(brand, vendor, path, body);
      return path === 'bet' ? { ok: false, unavailable: true } : a;
    };
    try {
      const r = await dv(t, 'POST', 'play', token, { input: { bet: '5.00', picks: [7] } });
      expect(r.status).toBe(502);
      expect(r.json.errorCode).toBe('demo.wallet.unavailable');
    } finally {
      wallet.call = real;
    }
    const [row] = await t.database.db.select().from(demoVendorRounds).where(eq(demoVendorRounds.player, m.username));
    expect(row.status).toBe('refunded');
    expect(await balanceOf(t, m.username, game.vendor.code)).toBe(10_000n);
    expect(await postingsOf(t, 'bet', m.id)).toBe(1);
    expect(await postingsOf(t, 'rollback', m.id)).toBe(1);
    const [rec] = await recordsOf(t, m.id);
    expect(rec.status).toBe('refunded');
  });
});

describe('free play', () => {
  it('plays on play money kept by the vendor, never the wallet', async () => {
    const { token } = await launch(t, 'RNG', null);
    const before = await t.database.db.$count(vendorTransactions);
    let expected = 200_000n;
    for (let i = 0; i < 5; i++) {
      const v = (await dv(t, 'POST', 'play', token, { input: { betPerLine: '1.00' } })).json.value as unknown as Play;
      expect(v.round).toMatchObject({ status: 'settled' });
      expected += minor(v.round.payout) - 2000n;
      expect(minor(v.balance)).toBe(expected);
    }
    const [s] = await t.database.db.select().from(demoVendorSessions).where(eq(demoVendorSessions.token, token));
    expect(s.trialBalance).toBe(expected);
    expect(await t.database.db.$count(vendorTransactions)).toBe(before);
    expect((await dv(t, 'GET', 'session', token)).json.value!.balance).toBe((Number(expected) / 100).toFixed(2));
  });

  it('refuses a bet above the play money and leaves the round failed', async () => {
    const { token } = await launch(t, 'FISH', null);
    await t.database.db.update(demoVendorSessions).set({ trialBalance: 99n }).where(eq(demoVendorSessions.token, token));
    const r = await dv(t, 'POST', 'play', token, { input: { bet: '1.00', target: 'TURTLE' } });
    expect(r.json.errorCode).toBe('demo.insufficient.funds');
    const [row] = await t.database.db.select().from(demoVendorRounds).where(eq(demoVendorRounds.player, `trial:${token}`));
    expect(row.status).toBe('failed');
    const [s] = await t.database.db.select().from(demoVendorSessions).where(eq(demoVendorSessions.token, token));
    expect(s.trialBalance).toBe(99n);
  });
});

describe('fairness and history', () => {
  it('rotating the seed reveals the server seed behind the hash shown before, and its rounds re-verify', async () => {
    const { token } = await launch(t, 'PVP', null, 'PVP-DICE');
    const before = (await dv(t, 'GET', 'session', token)).json.value!.fairness as Play['fairness'];
    const input = { bet: '1.00', target: 49.5, direction: 'over' };
    const played: contract.RoundView[] = [];
    for (let i = 0; i < 4; i++) played.push(((await dv(t, 'POST', 'play', token, { input })).json.value as unknown as Play).round);
    expect(played.map((r) => r.nonce)).toEqual([0, 1, 2, 3]);
    for (const r of played) expect(r.serverSeed).toBeNull();
    const rot = await dv(t, 'POST', 'seed', token, { clientSeed: 'my-own-seed' });
    expect(rot.status).toBe(200);
    const { revealed, fairness } = rot.json.value as unknown as { revealed: { serverSeed: string; serverSeedHash: string; clientSeed: string; roundsPlayed: number }; fairness: Play['fairness'] };
    expect(revealed).toMatchObject({ serverSeedHash: before.serverSeedHash, clientSeed: before.clientSeed, roundsPlayed: 4 });
    expect(hashServerSeed(revealed.serverSeed)).toBe(before.serverSeedHash);
    expect(fairness).toMatchObject({ clientSeed: 'my-own-seed', nonce: 0 });
    expect(fairness.serverSeedHash).not.toBe(before.serverSeedHash);
    for (const r of played) {
      const again = ENGINES.dice.play(input, new FairRng(revealed.serverSeed, revealed.clientSeed, r.nonce!));
      expect(again.outcome).toEqual(r.outcome);
      expect(again.payout).toBe(minor(r.payout));
    }
    const list = ((await dv(t, 'GET', 'history', token)).json.value as { list: contract.RoundView[] }).list;
    expect(list.every((r) => r.serverSeed === revealed.serverSeed)).toBe(true);
    const bad = await dv(t, 'POST', 'seed', token, { clientSeed: 'has space' });
    expect(bad.json.errorCode).toBe('request_param_err');
  });

  it('history has at most 10 rounds of this engine, newest first', async () => {
    const { token } = await launch(t, 'PVP', null, 'PVP-DICE');
    for (let i = 0; i < 12; i++) await dv(t, 'POST', 'play', token, { input: { bet: '0.50', target: 50, direction: 'under' } });
    const list = ((await dv(t, 'GET', 'history', token)).json.value as { list: contract.RoundView[] }).list;
    expect(list).toHaveLength(10);
    expect(list.map((r) => r.nonce)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
    expect(list.every((r) => r.engine === 'dice')).toBe(true);
    const session = (await dv(t, 'GET', 'session', token)).json.value as unknown as contract.SessionValue;
    expect(session.history.map((r) => r.roundId)).toEqual(list.map((r) => r.roundId));
    expect(session.fairness.nonce).toBe(12);
    const rows = await t.database.db.select().from(demoVendorRounds).where(and(eq(demoVendorRounds.player, `trial:${token}`)));
    expect(rows).toHaveLength(12);
  });
});
