import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { betRecords, entries, postings, vendorTransactions } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { audit } from '../../kernel/ledger/index.ts';
import { addMember, brandOf, fund, rid } from '../../test/kits/wallet.ts';
import { vendorSecret } from './credentials.ts';
import { gameToken, player as fundedPlayer, seamlessCall, type SeamlessPath, type SignOpts } from '../../test/kits/seamless.ts';

const t = useTestApp();

async function game(code = 'demo') {
  const g = (await t.app.catalogs.get(brandOf(t, code))).games[0];
  return { vendor: g.vendor.code, gameId: g.nodeId };
}

const call = (path: SeamlessPath, body: Record<string, unknown>, o: SignOpts = {}) => seamlessCall(t, path, body, o);

/** A funded member with a live session. */
const player = (minor: bigint, code = 'demo') => fundedPlayer(t, minor, { code });

const postingsOf = async (kind: string, memberId: bigint) =>
  (await t.database.db.select().from(postings).where(and(eq(postings.kind, kind), eq(postings.memberId, memberId)))).length;

describe('signature', () => {
  it('refuses a missing, wrong or stale signature and a vendor header that is not the body vendor', async () => {
    const g = await game();
    const m = await player(10_000n);
    const body = { vendor: g.vendor, account: m.username };
    expect((await call('balance', body)).status).toBe(200);
    for (const o of [{ signature: null }, { signature: 'ab'.repeat(32) }, { timestamp: Date.now() - 6 * 60_000 }, { timestamp: Date.now() + 6 * 60_000 }, { secret: 'nope' }, { vendorHeader: 'RNG-OTHER' }] as SignOpts[]) {
      const r = await call('balance', body, o);
      expect(r.status, JSON.stringify(o)).toBe(401);
      expect(r.json.errorCode).toBe('vendor.signature.invalid');
    }
  });

  it('keeps brands apart: a luna secret cannot move demo money', async () => {
    const g = await game();
    const m = await player(10_000n);
    const luna = (await vendorSecret(t.database.db, brandOf(t, 'luna').id, g.vendor))!;
    const demo = (await vendorSecret(t.database.db, brandOf(t, 'demo').id, g.vendor))!;
    expect(luna).not.toBe(demo);
    const r = await call('bet', { vendor: g.vendor, txId: rid(), roundId: rid(), member: m.username, gameId: g.gameId, amount: '10' }, { secret: luna });
    expect(r.status).toBe(401);
    expect((await call('balance', { vendor: g.vendor, account: m.username })).json.value!.balance).toBe('100.00');
  });
});

describe('seamless wallet', () => {
  it('answers the balance by account or member id', async () => {
    const g = await game();
    const m = await player(12_345n);
    const a = await call('balance', { vendor: g.vendor, account: m.username });
    expect(a.json.value).toEqual({ balance: '123.45', currency: brandOf(t).config.currency.code });
    const b = await call('balance', { vendor: g.vendor, memberId: String(m.id) });
    expect(b.json.value!.balance).toBe('123.45');
    expect((await call('balance', { vendor: g.vendor, account: 'nobody-here' })).json.errorCode).toBe('vendor.member.unknown');
  });

  it('bet then win moves the money and settles the bet record', async () => {
    const g = await game();
    const m = await player(10_000n);
    const roundId = rid();
    const betTx = rid();
    const b = await call('bet', { vendor: g.vendor, txId: betTx, roundId, member: m.username, gameId: g.gameId, amount: '25.50' });
    expect(b.json.value).toMatchObject({ balance: '74.50', txId: betTx });
    const [open] = await t.database.db.select().from(betRecords).where(eq(betRecords.memberId, m.id));
    expect(open).toMatchObject({ status: 'open', bet: 2550n, vendor: g.vendor, game: g.gameId, roundId, settledAt: null });
    const w = await call('win', { vendor: g.vendor, txId: rid(), roundId, member: m.username, amount: 40 });
    expect(w.json.value!.balance).toBe('114.50');
    const [rec] = await t.database.db.select().from(betRecords).where(eq(betRecords.memberId, m.id));
    expect(rec).toMatchObject({ status: 'settled', bet: 2550n, validBet: 2550n, win: 4000n, profit: 1450n });
    expect(rec.orderNo).toMatch(/^BR\d+$/);
    expect(rec.gameType).toBe((await t.app.catalogs.get(brandOf(t))).game(g.gameId)!.gameType);
    expect(rec.settledAt).toBeInstanceOf(Date);
    expect(rec.betAt.getTime()).toBeLessThanOrEqual(rec.settledAt!.getTime());
  });

  it('a zero win settles the round as a loss', async () => {
    const g = await game();
    const m = await player(10_000n);
    const roundId = rid();
    await call('bet', { vendor: g.vendor, txId: rid(), roundId, member: m.username, gameId: g.gameId, amount: '10' });
    const w = await call('win', { vendor: g.vendor, txId: rid(), roundId, member: m.username, amount: '0' });
    expect(w.json.value!.balance).toBe('90.00');
    const [rec] = await t.database.db.select().from(betRecords).where(eq(betRecords.memberId, m.id));
    expect(rec).toMatchObject({ status: 'settled', win: 0n, validBet: 1000n, profit: -1000n });
  });

  it('duplicate bets and wins sent concurrently move money once and answer the same', async () => {
    const g = await game();
    const m = await player(10_000n);
    const roundId = rid();
    const bet = { vendor: g.vendor, txId: rid(), roundId, member: m.username, gameId: g.gameId, amount: '10' };
    const bets = await Promise.all([1, 2, 3, 4].map(() => call('bet', bet)));
    for (const r of bets) expect(r.json.value).toEqual(bets[0].json.value);
    expect(bets[0].json.value!.balance).toBe('90.00');
    const win = { vendor: g.vendor, txId: rid(), roundId, member: m.username, amount: '30' };
    const wins = await Promise.all([1, 2, 3, 4].map(() => call('win', win)));
    for (const r of wins) expect(r.json.value).toEqual(wins[0].json.value);
    expect(wins[0].json.value!.balance).toBe('120.00');
    expect(await postingsOf('bet', m.id)).toBe(1);
    expect(await postingsOf('win', m.id)).toBe(1);
    expect((await call('balance', { vendor: g.vendor, account: m.username })).json.value!.balance).toBe('120.00');
    // A later duplicate still answers the first answer, not the current balance.
    expect((await call('bet', bet)).json.value!.balance).toBe('90.00');
  });

  it('insufficient funds answers the balance and moves nothing', async () => {
    const g = await game();
    const m = await player(500n);
    const r = await call('bet', { vendor: g.vendor, txId: rid(), roundId: rid(), member: m.username, gameId: g.gameId, amount: '5.01' });
    expect(r.status).toBe(400);
    expect(r.json.errorCode).toBe('vendor.insufficient.funds');
    expect(r.json.value!.balance).toBe('5.00');
    expect(await postingsOf('bet', m.id)).toBe(0);
    expect(await t.database.db.$count(betRecords, eq(betRecords.memberId, m.id))).toBe(0);
  });

  it('refuses a win without a bet, a bet without a live launch token and an unknown game', async () => {
    const g = await game();
    const m = await player(10_000n);
    const r = await call('win', { vendor: g.vendor, txId: rid(), roundId: rid(), member: m.username, amount: '10' });
    expect(r.json.errorCode).toBe('vendor.round.unknown');
    expect(await postingsOf('win', m.id)).toBe(0);
    const lonely = await addMember(t, 'demo');
    await fund(t, lonely.username, 10_000n);
    expect((await call('bet', { vendor: g.vendor, txId: rid(), roundId: rid(), member: lonely.username, gameId: g.gameId, amount: '1', token: 'not-a-token' })).json.errorCode).toBe('vendor.token.invalid');
    // m's token of another game of the same vendor: the token is fine, the game is not
    const token = await gameToken(t, 'demo', m.username, g.vendor, g.gameId);
    expect((await call('bet', { vendor: g.vendor, txId: rid(), roundId: rid(), member: m.username, gameId: 'no-such-game', amount: '1', token })).json.errorCode).toBe('vendor.game.unknown');
  });

  it('a rollback refunds a bet once, without a session', async () => {
    const g = await game();
    const m = await player(10_000n);
    const roundId = rid();
    const betTx = rid();
    await call('bet', { vendor: g.vendor, txId: betTx, roundId, member: m.username, gameId: g.gameId, amount: '20' });
    await t.database.db.execute(`update sessions set revoked_at = now() where member_id = ${m.id}`);
    const rb = { vendor: g.vendor, txId: rid(), refTxId: betTx, roundId, member: m.username };
    const rs = await Promise.all([call('rollback', rb), call('rollback', rb)]);
    expect(rs[0].json.value).toEqual(rs[1].json.value);
    expect(rs[0].json.value!.balance).toBe('100.00');
    // Another rollback id for the same bet: answered, nothing moves.
    const again = await call('rollback', { ...rb, txId: rid() });
    expect(again.json.value!.balance).toBe('100.00');
    expect(await postingsOf('rollback', m.id)).toBe(1);
    const [rec] = await t.database.db.select().from(betRecords).where(eq(betRecords.memberId, m.id));
    expect(rec.status).toBe('refunded');
    // The bet's duplicate still answers the first answer; a win on the refunded round is refused (its bet was rolled back).
    const dup = await call('bet', { vendor: g.vendor, txId: betTx, roundId, member: m.username, gameId: g.gameId, amount: '20' });
    expect(dup.json.value).toMatchObject({ balance: '80.00', txId: betTx });
    expect(await postingsOf('bet', m.id)).toBe(1);
    expect((await call('win', { vendor: g.vendor, txId: rid(), roundId, member: m.username, amount: '5' })).json.errorCode).toBe('vendor.bet.rolled.back');
  });

  it('a rollback before its bet is answered and the late bet refused', async () => {
    const g = await game();
    const m = await player(10_000n);
    const roundId = rid();
    const betTx = rid();
    const r = await call('rollback', { vendor: g.vendor, txId: rid(), refTxId: betTx, roundId, member: m.username });
    expect(r.json.value!.balance).toBe('100.00');
    const late = await call('bet', { vendor: g.vendor, txId: betTx, roundId, member: m.username, gameId: g.gameId, amount: '10' });
    expect(late.status).toBe(409);
    expect(late.json.errorCode).toBe('vendor.bet.rolled.back');
    expect(await postingsOf('bet', m.id)).toBe(0);
    const [row] = await t.database.db.select().from(vendorTransactions).where(eq(vendorTransactions.txId, betTx));
    expect(row.status).toBe('rollback_unknown');
  });

  it('a rollback of a settled bet is refused', async () => {
    const g = await game();
    const m = await player(10_000n);
    const roundId = rid();
    const betTx = rid();
    await call('bet', { vendor: g.vendor, txId: betTx, roundId, member: m.username, gameId: g.gameId, amount: '10' });
    await call('win', { vendor: g.vendor, txId: rid(), roundId, member: m.username, amount: '0' });
    expect((await call('rollback', { vendor: g.vendor, txId: rid(), refTxId: betTx, roundId, member: m.username })).json.errorCode).toBe('vendor.bet.settled');
  });

  it('the luna brand moves only luna money', async () => {
    const g = await game('luna');
    const m = await player(10_000n, 'luna');
    const r = await call('bet', { vendor: g.vendor, txId: rid(), roundId: rid(), member: m.username, gameId: g.gameId, amount: '1' }, { merchant: 'luna' });
    expect(r.json.value!.balance).toBe('99.00');
  });

  it('leaves the ledger balanced', async () => {
    expect(await t.database.db.$count(entries)).toBeGreaterThan(0);
    for (const code of ['demo', 'luna']) {
      expect(await audit(t.database.db, brandOf(t, code).id)).toEqual({ entrySum: 0n, mismatchedAccounts: 0, negativeMemberBalances: 0 });
    }
  });
});
