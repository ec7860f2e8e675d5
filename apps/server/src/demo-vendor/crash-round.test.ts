import { afterEach, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { demoVendor as contract } from '@lobby/contract';
import { msToReach, stepsToTerminating } from '@lobby/contract/fairness/games/crash-chain';
import { demoVendorCrashChains, demoVendorRounds, demoVendorSeeds, demoVendorSessions, vendorTransactions } from '../db/schema.ts';
import { useTestApp } from '../test/harness.ts';
import { player } from '../test/kits/seamless.ts';
import { brandOf } from '../test/kits/wallet.ts';
import type { WalletPath } from './wallet.ts';
import { chainConfig, crashPlayer, liveRound, nodeHash, type Live } from './crash-chain.ts';
import { settleCrash } from './crash-round.ts';
import { balanceOf, dv, postingsOf } from './testkit.ts';
import { sessions } from '../db/schema.ts';
import { desc, isNull } from 'drizzle-orm';
import { openGameSession } from '../modules/seamless-wallet/index.ts';

let nextGame = 0;
/** Launches a crash game of its own for each test (the games' rounds are shared by everyone at the game). */
async function launch(_t: typeof t, _type: 'PVP', account: { id: bigint; username: string } | null, _vendor: 'PVP-ROCKET', game?: { nodeId: string }) {
  const brand = brandOf(t, 'demo');
  const all = (await t.app.catalogs.get(brand)).games.filter((x) => x.gameType === 'PVP' && x.vendor.code === 'PVP-ROCKET');
  const g = game ? all.find((x) => x.nodeId === game.nodeId)! : all[nextGame++ % all.length];
  const [lobby] = account ? await t.database.db.select({ id: sessions.id }).from(sessions)
    .where(and(eq(sessions.memberId, account.id), isNull(sessions.revokedAt))).orderBy(desc(sessions.id)).limit(1) : [];
  const session = account ? await openGameSession(t.database.db, {
    merchantId: brand.id, memberId: account.id, sessionId: lobby?.id ?? null, vendorCode: g.vendor.code, nodeId: g.nodeId, gameCode: g.gameCode, currency: brand.config.currency.code,
  }) : null;
  const { url } = await t.app.vendorLauncher.launch({
    brand, vendor: g.vendor.code, nodeId: g.nodeId, gameType: g.gameType, gameName: g.name.EN,
    member: account ? { id: account.id, account: account.username } : null, language: 'EN', currency: brand.config.currency.code, gameToken: session?.token ?? null,
  });
  return { url, token: new URL(url, 'http://x').searchParams.get('token')!, game: g };
}

const t = useTestApp();
type View = ValueOf<'crash'>;
type ValueOf<K extends 'crash'> = K extends 'crash' ? {
  roundId: string; phase: string; crashPoint: number | null; serverSeed: string | null; serverSeedHash: string;
  chain: { index: number; terminatingHash: string; salt: string }; players: { name: string; me: boolean; bet: string; cashedOut: number | null; payout: string | null }[];
  myBet: { bet: string; cashOut: number | null; cashedOut: number | null; payout: string | null } | null; results: { roundId: string; crashPoint: number; serverSeed: string; serverSeedHash: string }[];
} : never;

const at = (ms: number) => vi.setSystemTime(ms);
const view = async (token: string) => (await dv(t, 'GET', 'crash', token)).json.value as unknown as View;
const merchant = () => brandOf(t, 'demo').id;

/** Moves the clock round after round until the current round's crash point satisfies `ok`; the clock ends in its betting window. */
async function roundWhere(nodeId: string, ok: (crashX100: number) => boolean): Promise<Live> {
  for (let i = 0; i < 400; i++) {
    const live = await liveRound(t.app, merchant(), nodeId, Date.now());
    if (Date.now() < live.flightAt && ok(live.crashX100)) return live;
    at(live.crashAt + 3_000);
  }
  throw new Error('no such round');
}

function breakWallet(o: { dropped?: WalletPath[] }) {
  const wallet = t.app.demoVendor.wallet;
  const real = wallet.call.bind(wallet);
  wallet.call = async (brand, vendor, path, body) => (o.dropped?.includes(path) ? { ok: false, unavailable: true } : real(brand, vendor, path, body));
  return () => { wallet.call = real; };
}

afterEach(() => {
  vi.useRealTimers();
  chainConfig.length = 10_000;
});

describe('crash on a published hash chain', () => {
  it('two players share the round and its crash point; auto cash-outs settle once; tx ids carry the player', async () => {
    const a = await player(t, 100_000n);
    const b = await player(t, 100_000n);
    const la = await launch(t, 'PVP', a, 'PVP-ROCKET');
    const lb = await launch(t, 'PVP', b, 'PVP-ROCKET', la.game);
    const node = la.game.nodeId;
    vi.useFakeTimers({ toFake: ['Date'] });
    at(Date.now());
    const live = await roundWhere(node, (x) => x >= 150 && x < 5000);
    const before = await view(la.token);
    expect(before).toMatchObject({ roundId: live.house.roundId, phase: 'betting', crashPoint: null, serverSeed: null, myBet: null });
    const pa = await dv(t, 'POST', 'play', la.token, { input: { bet: '10.00', cashOut: 1.5 } });
    expect(pa.status, JSON.stringify(pa.json)).toBe(200);
    const pb = await dv(t, 'POST', 'play', lb.token, { input: { bet: '20.00', cashOut: 1000 } });
    expect((pb.json.value as { balance: string }).balance).toBe('980.00');
    const again = await dv(t, 'POST', 'play', la.token, { input: { bet: '1.00' } });
    expect(again.json).toMatchObject({ errorCode: 'demo.bet.invalid', value: { reason: 'BET_PLACED' } });
    const mid = await view(lb.token);
    expect(mid.players.map((p) => p.bet).sort()).toEqual(['10.00', '20.00']);
    expect(mid.players.every((p) => !p.name.includes(b.username) && !p.name.includes(a.username))).toBe(true);
    // bets close at take-off
    at(live.flightAt);
    expect((await dv(t, 'POST', 'play', la.token, { input: { bet: '1.00' } })).json.errorCode).toBe('demo.round.closed');
    // after the crash: both bets settled against the same crash point, twice-called settlement changes nothing
    at(live.crashAt + 10);
    const brand = brandOf(t, 'demo');
    const settled = await Promise.all([settleCrash(t.app, { brand, vendor: la.game.vendor.code }, node), settleCrash(t.app, { brand, vendor: la.game.vendor.code }, node)]);
    expect(settled[0] + settled[1]).toBe(2);
    const after = await view(la.token);
    expect(after).toMatchObject({ roundId: live.house.roundId, phase: 'crashed', crashPoint: live.crashX100 / 100 });
    expect(nodeHash(after.serverSeed!)).toBe(after.serverSeedHash);
    const rows = await t.database.db.select().from(demoVendorRounds).where(and(eq(demoVendorRounds.roundId, live.house.roundId)));
    const bets = rows.filter((r) => r.player !== crashPlayer(node));
    expect(bets.map((r) => (r.outcome as { crashPoint: number }).crashPoint)).toEqual([live.crashX100 / 100, live.crashX100 / 100]);
    expect(bets.every((r) => r.status === 'settled')).toBe(true);
    expect(await balanceOf(t, a.username, la.game.vendor.code)).toBe(100_000n - 1000n + 1500n);
    expect(await balanceOf(t, b.username, lb.game.vendor.code)).toBe(100_000n - 2000n);
    const txs = await t.database.db.select({ txId: vendorTransactions.txId }).from(vendorTransactions).where(eq(vendorTransactions.roundId, live.house.roundId));
    expect(txs.map((x) => x.txId).sort()).toEqual([
      `${live.house.roundId}:${a.username.toLowerCase()}:bet`, `${live.house.roundId}:${a.username.toLowerCase()}:win`,
      `${live.house.roundId}:${b.username.toLowerCase()}:bet`, `${live.house.roundId}:${b.username.toLowerCase()}:win`,
    ].sort());
    expect(await settleCrash(t.app, { brand, vendor: la.game.vendor.code }, node)).toBe(0);
    expect(await postingsOf(t, 'win', a.id)).toBe(1);
  });

  it('a cash-out by hand before the crash wins at the server-time multiplier; after the crash it is refused and the bet loses', async () => {
    const a = await player(t, 100_000n);
    const b = await player(t, 100_000n);
    const la = await launch(t, 'PVP', a, 'PVP-ROCKET');
    const lb = await launch(t, 'PVP', b, 'PVP-ROCKET', la.game);
    vi.useFakeTimers({ toFake: ['Date'] });
    at(Date.now());
    const live = await roundWhere(la.game.nodeId, (x) => x >= 200 && x < 1000);
    await dv(t, 'POST', 'play', la.token, { input: { bet: '10.00' } });
    await dv(t, 'POST', 'play', lb.token, { input: { bet: '10.00' } });
    expect((await dv(t, 'POST', 'cashout', la.token)).json.value).toMatchObject({ reason: 'NOT_FLYING' });
    at(live.flightAt + msToReach(200)); // the first ms at 2.00x (5,777 ms)
    const c = await dv(t, 'POST', 'cashout', la.token);
    expect(c.status, JSON.stringify(c.json)).toBe(200);
    expect(c.json.value).toMatchObject({ cashedOut: 2, balance: '1010.00', round: { status: 'settled', payout: '20.00' } });
    // its outcome shows no crash point while flying
    expect((c.json.value as unknown as { round: contract.RoundView }).round.outcome).not.toHaveProperty('crashPoint');
    const twice = await dv(t, 'POST', 'cashout', la.token);
    expect(twice.json.value).toMatchObject({ reason: 'NO_BET' });
    at(live.crashAt);
    const late = await dv(t, 'POST', 'cashout', lb.token);
    expect(late.json).toMatchObject({ errorCode: 'demo.bet.invalid', value: { reason: 'CASHOUT_LATE' } });
    const v = await view(lb.token);
    expect(v.myBet).toMatchObject({ bet: '10.00', cashedOut: null, payout: '0.00' });
    expect(v.players.find((p) => !p.me)).toMatchObject({ cashedOut: 2, payout: '20.00' });
    expect(await balanceOf(t, a.username, la.game.vendor.code)).toBe(101_000n);
    expect(await balanceOf(t, b.username, lb.game.vendor.code)).toBe(99_000n);
    const [mine] = await t.database.db.select().from(demoVendorRounds).where(and(eq(demoVendorRounds.roundId, live.house.roundId), eq(demoVendorRounds.player, a.username.toLowerCase())));
    expect(mine.outcome).toMatchObject({ cashOut: 2, win: true, manual: true, crashPoint: live.crashX100 / 100 });
  });

  it('free play moves play money; the session and history show the chain facts', async () => {
    const l = await launch(t, 'PVP', null, 'PVP-ROCKET');
    vi.useFakeTimers({ toFake: ['Date'] });
    at(Date.now());
    const live = await roundWhere(l.game.nodeId, (x) => x >= 110);
    const r = await dv(t, 'POST', 'play', l.token, { input: { bet: '5.00', cashOut: 1.1 } });
    expect(r.json.value).toMatchObject({ balance: '1995.00', round: { status: 'pending', nonce: live.index } });
    at(live.crashAt + 1);
    const s = (await dv(t, 'GET', 'session', l.token)).json.value as unknown as contract.SessionValue;
    expect(s.balance).toBe('2000.50');
    expect(s.history[0]).toMatchObject({ status: 'settled', payout: '5.50', serverSeed: expect.any(String), clientSeed: live.chain.salt, nonce: live.index });
    expect(nodeHash(s.history[0].serverSeed!)).toBe(s.history[0].serverSeedHash);
    const [ses] = await t.database.db.select().from(demoVendorSessions).where(eq(demoVendorSessions.token, l.token));
    expect(ses.trialBalance).toBe(200_050n);
  });

  it('rounds consume the chain backwards: each revealed seed hashes to the previous one, round 1 to the terminating hash; a new chain follows', async () => {
    chainConfig.length = 4;
    const l = await launch(t, 'PVP', null, 'PVP-ROCKET');
    const node = l.game.nodeId;
    vi.useFakeTimers({ toFake: ['Date'] });
    at(Date.now());
    const seen: Live[] = [];
    for (let i = 0; i < 6; i++) {
      const live = await liveRound(t.app, merchant(), node, Date.now());
      seen.push(live);
      at(live.crashAt + 3_000);
    }
    await liveRound(t.app, merchant(), node, Date.now());
    const chains = await t.database.db.select().from(demoVendorCrashChains).where(eq(demoVendorCrashChains.nodeId, node));
    expect(chains.map((c) => c.seq).sort()).toEqual([1, 2]);
    const v = await view(l.token);
    const revealed = [...v.results].reverse(); // oldest first
    expect(revealed.map((r) => r.roundId)).toEqual(seen.map((x) => x.house.roundId));
    const first = chains.find((c) => c.seq === 1)!;
    expect(stepsToTerminating(revealed[0].serverSeed, first.terminatingHash)).toBe(1);
    expect(revealed[0].serverSeedHash).toBe(first.terminatingHash);
    for (let i = 1; i < 4; i++) expect(nodeHash(revealed[i].serverSeed)).toBe(revealed[i - 1].serverSeed);
    expect(stepsToTerminating(revealed[3].serverSeed, first.terminatingHash)).toBe(4);
    const second = chains.find((c) => c.seq === 2)!;
    expect(revealed[4].serverSeedHash).toBe(second.terminatingHash);
    expect(seen.map((x) => x.index)).toEqual([1, 2, 3, 4, 1, 2]);
    expect(first.startSeed).toMatch(/^s1\./);
    // the public verifier API replays a round from its revealed seed and the salt, up to the terminating hash
    const res = await t.call({ method: 'POST', url: '/lgw/fairness/verify', payload: { game: 'crash', serverSeed: revealed[2].serverSeed, clientSeed: first.salt, nonce: 0, params: { terminatingHash: first.terminatingHash } } });
    expect(res.json().value).toMatchObject({ serverSeedHash: revealed[1].serverSeed, outcome: { crashPoint: seen[2].crashX100 / 100, chainIndex: 3, hash: seen[2].hash } });
  });

  it('a copy of every table before the crash predicts nothing: the round seed and the crash point are nowhere in plain', async () => {
    const l = await launch(t, 'PVP', null, 'PVP-ROCKET');
    vi.useFakeTimers({ toFake: ['Date'] });
    at(Date.now());
    const live = await roundWhere(l.game.nodeId, () => true);
    await dv(t, 'POST', 'play', l.token, { input: { bet: '1.00', cashOut: 2 } });
    const seedRow = await t.database.db.select().from(demoVendorSeeds).where(eq(demoVendorSeeds.id, live.seed.id));
    const plainSeed = (await import('../lib/seal.ts')).unseal(seedRow[0].serverSeed);
    const dump = JSON.stringify({
      chains: await t.database.db.select().from(demoVendorCrashChains),
      seeds: await t.database.db.select().from(demoVendorSeeds),
      rounds: await t.database.db.select().from(demoVendorRounds).where(eq(demoVendorRounds.roundId, live.house.roundId)),
    }, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x));
    expect(dump).not.toContain(plainSeed);
    expect(dump).not.toContain(live.hash);
    expect(dump).not.toContain(`"crashPoint"`);
    expect(dump).not.toContain(`"crashedAt"`);
  });

  it('the sweep crashes a round nobody watched and resends a win that got no answer, once', async () => {
    const a = await player(t, 100_000n);
    const la = await launch(t, 'PVP', a, 'PVP-ROCKET');
    vi.useFakeTimers({ toFake: ['Date'] });
    at(Date.now());
    const live = await roundWhere(la.game.nodeId, (x) => x >= 120);
    await dv(t, 'POST', 'play', la.token, { input: { bet: '10.00', cashOut: 1.2 } });
    const heal = breakWallet({ dropped: ['win'] });
    at(live.crashAt + 5);
    const brand = brandOf(t, 'demo');
    expect(await settleCrash(t.app, { brand, vendor: la.game.vendor.code }, la.game.nodeId)).toBe(1);
    heal();
    const [stuck] = await t.database.db.select().from(demoVendorRounds).where(and(eq(demoVendorRounds.roundId, live.house.roundId), eq(demoVendorRounds.player, a.username.toLowerCase())));
    expect(stuck).toMatchObject({ status: 'pending', payout: 1200n });
    vi.useRealTimers();
    const later = new Date(Math.max(Date.now(), live.crashAt) + 2 * 60_000);
    expect(await t.app.demoVendor.sweep(later)).toBeGreaterThanOrEqual(1);
    const [row] = await t.database.db.select().from(demoVendorRounds).where(eq(demoVendorRounds.id, stuck.id));
    expect(row.status).toBe('settled');
    expect(await balanceOf(t, a.username, la.game.vendor.code)).toBe(100_000n + 200n);
    await t.app.demoVendor.sweep(later);
    expect(await postingsOf(t, 'win', a.id)).toBe(1);
  });

  it('the sweep crashes due rounds and settles bets still in when nobody calls', async () => {
    const l = await launch(t, 'PVP', null, 'PVP-ROCKET');
    vi.useFakeTimers({ toFake: ['Date'] });
    at(Date.now());
    const live = await roundWhere(l.game.nodeId, (x) => x >= 110);
    await dv(t, 'POST', 'play', l.token, { input: { bet: '1.00', cashOut: 1.1 } });
    vi.useRealTimers();
    await t.app.demoVendor.sweep(new Date(Math.max(Date.now(), live.crashAt) + 2 * 60_000));
    const rows = await t.database.db.select().from(demoVendorRounds).where(eq(demoVendorRounds.roundId, live.house.roundId));
    expect(rows.map((r) => r.status)).toEqual(['settled', 'settled']);
  });
});
