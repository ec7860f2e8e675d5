/**
 * Conformance of the seamless wallet (issue 20 item 6): every case runs against both protocols,
 * the native one (/vendor/seamless/*) and the Hub88-compatible one (/wallet/hub88/<brand>/<partner>/*),
 * through one driver interface, then the ledger is checked (entries sum to 0, balances equal
 * their entries, none negative). Runs on PGlite and (TEST_DATABASE_URL) PostgreSQL.
 */
import { generateKeyPairSync, sign as rsaSign, verify as rsaVerify, type KeyObject, createPublicKey } from 'node:crypto';
import { describe, expect, it, beforeAll } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { hub88 as hub88Contract, vendor as nativeContract } from '@lobby/contract';
import { betRecords, gameSessions, members, postings, sessions } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { audit } from '../../kernel/ledger/index.ts';
import { addMember, api, brandOf, fund, rid, tokenFor } from '../../test/kits/wallet.ts';
import { createCredential } from './credentials.ts';
import { endGameSessions, openGameSession } from './game-sessions.ts';
import { sign as hmac } from './seamless.ts';
import { vendorSecret } from './credentials.ts';

const t = useTestApp();
const PARTNER = 'HUB88TEST';

/** What either protocol answered, in common terms. */
interface Out { ok: boolean; code: string; balance: bigint | null }
type Kind = 'native' | 'hub88';

/** A member with a lobby session, funds and a launch token for one game. */
interface Player { id: bigint; username: string; lobby: string; token: string; vendor: string; nodeId: string; gameCode: string }

/** Common names of the refusals: native error code → Hub88 status. */
const EXPECT: Record<string, { native: string; hub88: string }> = {
  conflict: { native: 'vendor.tx.conflict', hub88: 'RS_ERROR_DUPLICATE_TRANSACTION' },
  tokenInvalid: { native: 'vendor.token.invalid', hub88: 'RS_ERROR_INVALID_TOKEN' },
  tokenExpired: { native: 'vendor.token.expired', hub88: 'RS_ERROR_TOKEN_EXPIRED' },
  funds: { native: 'vendor.insufficient.funds', hub88: 'RS_ERROR_NOT_ENOUGH_MONEY' },
  currency: { native: 'vendor.currency.wrong', hub88: 'RS_ERROR_WRONG_CURRENCY' },
  closed: { native: 'vendor.round.closed', hub88: 'RS_ERROR_UNKNOWN' },
  rolledBack: { native: 'vendor.bet.rolled.back', hub88: 'RS_ERROR_TRANSACTION_ROLLED_BACK' },
  noBet: { native: 'vendor.round.unknown', hub88: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST' },
  mismatch: { native: 'vendor.round.mismatch', hub88: 'RS_ERROR_UNKNOWN' },
  disabled: { native: 'responsible.cooloff', hub88: 'RS_ERROR_USER_DISABLED' },
  locked: { native: 'vendor.user.disabled', hub88: 'RS_ERROR_USER_DISABLED' },
  limit: { native: 'responsible.loss.limit', hub88: 'RS_ERROR_LIMIT_REACHED' },
  signature: { native: 'vendor.signature.invalid', hub88: 'RS_ERROR_INVALID_SIGNATURE' },
  game: { native: 'vendor.game.unknown', hub88: 'RS_ERROR_INVALID_GAME' },
};

/** The aggregator's key pair (the test plays the aggregator) and our public key from the credential. */
let aggregator: { privateKey: KeyObject; publicPem: string };
let ours: KeyObject;

beforeAll(async () => {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  aggregator = { privateKey: pair.privateKey, publicPem: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString() };
  const r = await t.database.db.transaction((tx) => createCredential(tx, brandOf(t).id, 'test', { partner: PARTNER, protocol: 'hub88', partnerPublicKey: aggregator.publicPem, overlapHours: 0 }));
  ours = createPublicKey(r.credential.ourPublicKey!);
});

async function newPlayer(minor = 10_000n): Promise<Player> {
  const m = await addMember(t, 'demo');
  if (minor > 0n) await fund(t, m.username, minor);
  const brand = brandOf(t);
  const g = (await t.app.catalogs.get(brand)).games[0];
  const lobby = await tokenFor(t, m.username);
  const [s] = await t.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.memberId, m.id));
  const { token } = await openGameSession(t.database.db, {
    merchantId: brand.id, memberId: m.id, sessionId: s.id, vendorCode: g.vendor.code, nodeId: g.nodeId, gameCode: g.gameCode, currency: brand.config.currency.code,
  });
  return { id: m.id, username: m.username, lobby, token, vendor: g.vendor.code, nodeId: g.nodeId, gameCode: g.gameCode };
}

const cur = () => brandOf(t).config.currency.code;
const major = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;

/** One protocol behind the same calls. Amounts in minor units. */
interface Driver {
  bet(p: Player, o: { tx: string; round: string; amount: bigint; token?: string; currency?: string; free?: boolean }): Promise<Out>;
  win(p: Player, o: { tx: string; round: string; amount: bigint; ref?: string; promo?: boolean; currency?: string }): Promise<Out>;
  rollback(p: Player, o: { tx: string; ref: string; round: string }): Promise<Out>;
  badSignature(p: Player): Promise<Out>;
}

async function nativeCall(path: 'bet' | 'win' | 'rollback' | 'balance', vendor: string, body: Record<string, unknown>, badSig = false): Promise<Out> {
  const raw = JSON.stringify({ vendor, ...body });
  const ts = String(Date.now());
  const secret = (await vendorSecret(t.database.db, brandOf(t).id, vendor))!;
  const res = await t.call({
    method: 'POST', url: `/vendor/seamless/${path}`, merchant: 'demo', payload: raw,
    headers: { 'content-type': 'application/json', [nativeContract.HEADERS.vendor]: vendor, [nativeContract.HEADERS.timestamp]: ts, [nativeContract.HEADERS.signature]: badSig ? 'ab'.repeat(32) : hmac(secret, ts, raw) },
  });
  const j = res.json() as { success: boolean; errorCode?: string; value?: { balance?: string } };
  const b = j.value?.balance;
  return { ok: j.success, code: j.success ? 'ok' : j.errorCode!, balance: b === undefined ? null : BigInt(b.replace('.', '')) };
}

const native: Driver = {
  bet: (p, o) => nativeCall('bet', p.vendor, { txId: o.tx, roundId: o.round, member: p.username, gameId: p.nodeId, amount: major(o.amount), token: o.token ?? p.token, ...(o.currency ? { currency: o.currency } : {}), ...(o.free ? { free: true } : {}) }),
  win: (p, o) => nativeCall('win', p.vendor, { txId: o.tx, roundId: o.round, member: p.username, amount: major(o.amount), ...(o.promo ? { promo: true, gameId: p.nodeId } : {}), ...(o.currency ? { currency: o.currency } : {}) }),
  rollback: (p, o) => nativeCall('rollback', p.vendor, { txId: o.tx, refTxId: o.ref, roundId: o.round, member: p.username }),
  badSignature: (p) => nativeCall('balance', p.vendor, { account: p.username }, true),
};

async function hubCall(path: string, body: Record<string, unknown>, badSig = false): Promise<Out> {
  const raw = JSON.stringify({ request_uuid: rid(), ...body });
  const sig = rsaSign('sha256', Buffer.from(raw), aggregator.privateKey).toString('base64');
  const res = await t.call({
    method: 'POST', url: `${hub88Contract.PATH_PREFIX}/demo/${PARTNER}${path}`, payload: raw,
    headers: { 'content-type': 'application/json', [hub88Contract.SIGNATURE_HEADER]: badSig ? sig.replace(/^../, 'AA') : sig },
  });
  expect(res.statusCode).toBe(200);
  // every answer is signed with our key, over its exact bytes
  expect(rsaVerify('sha256', Buffer.from(res.body), ours, Buffer.from(String(res.headers[hub88Contract.SIGNATURE_HEADER]), 'base64'))).toBe(true);
  const j = res.json() as hub88Contract.Answer;
  expect(j.request_uuid).toBe(JSON.parse(raw).request_uuid);
  return { ok: j.status === 'RS_OK', code: j.status === 'RS_OK' ? 'ok' : j.status, balance: j.balance === undefined ? null : BigInt(j.balance) / hub88Contract.UNITS_PER_MINOR };
}

const hub88: Driver = {
  bet: (p, o) => hubCall('/transaction/bet', { user: p.username, transaction_uuid: o.tx, token: o.token ?? p.token, round: o.round, round_closed: false, game_code: p.gameCode, currency: o.currency ?? cur(), amount: Number(o.amount * 1000n), is_free: o.free === true }),
  win: (p, o) => hubCall('/transaction/win', { user: p.username, transaction_uuid: o.tx, reference_transaction_uuid: o.ref ?? null, round: o.round, round_closed: true, game_code: p.gameCode, currency: o.currency ?? cur(), amount: Number(o.amount * 1000n), is_supplier_promo: o.promo === true }),
  rollback: (p, o) => hubCall('/transaction/rollback', { user: p.username, transaction_uuid: o.tx, reference_transaction_uuid: o.ref, round: o.round, game_code: p.gameCode }),
  badSignature: (p) => hubCall('/user/balance', { user: p.username, token: p.token, game_code: p.gameCode }, true),
};

const countPostings = async (memberId: bigint) => t.database.db.$count(postings, eq(postings.memberId, memberId));

describe.each([['native', native], ['hub88', hub88]] as [Kind, Driver][])('%s protocol', (kind, d) => {
  const refused = (o: Out, what: keyof typeof EXPECT) => {
    expect(o.ok, `${o.code} ${o.balance}`).toBe(false);
    expect(o.code).toBe(EXPECT[what][kind]);
  };

  it('bet and win move the money once, duplicates answer the first answer, concurrent identical calls too', async () => {
    const p = await newPlayer();
    const round = rid();
    const bet = { tx: rid(), round, amount: 2_550n };
    const bets = await Promise.all([1, 2, 3, 4].map(() => d.bet(p, bet)));
    for (const b of bets) expect(b).toEqual({ ok: true, code: 'ok', balance: 7_450n });
    const win = { tx: rid(), round, amount: 4_000n, ref: bet.tx };
    const wins = await Promise.all([1, 2, 3].map(() => d.win(p, win)));
    for (const w of wins) expect(w.balance).toBe(11_450n);
    expect(await d.bet(p, bet)).toMatchObject({ ok: true, balance: 7_450n }); // a late duplicate: the first answer
    expect(await countPostings(p.id)).toBe(3); // deposit, bet, win
    const [rec] = await t.database.db.select().from(betRecords).where(eq(betRecords.memberId, p.id));
    expect(rec).toMatchObject({ status: 'settled', bet: 2_550n, win: 4_000n, roundId: round });
  });

  it('the same transaction id with any field different is a conflict and moves nothing', async () => {
    const p = await newPlayer();
    const round = rid();
    const tx = rid();
    expect((await d.bet(p, { tx, round, amount: 100n })).ok).toBe(true);
    refused(await d.bet(p, { tx, round, amount: 200n }), 'conflict');
    refused(await d.bet(p, { tx, round: rid(), amount: 100n }), 'conflict');
    const w = rid();
    expect((await d.win(p, { tx: w, round, amount: 50n, ref: tx })).ok).toBe(true);
    refused(await d.win(p, { tx: w, round, amount: 60n, ref: tx }), 'conflict');
    expect(await countPostings(p.id)).toBe(3);
  });

  it('a closed round takes no bet and no ordinary win; a promotional win is paid, also without any bet', async () => {
    const p = await newPlayer();
    const round = rid();
    const bet = rid();
    await d.bet(p, { tx: bet, round, amount: 100n });
    expect((await d.win(p, { tx: rid(), round, amount: 100n, ref: bet })).ok).toBe(true);
    refused(await d.bet(p, { tx: rid(), round, amount: 100n }), 'closed');
    refused(await d.win(p, { tx: rid(), round, amount: 10_000n, ref: bet }), 'closed');
    expect(await d.win(p, { tx: rid(), round, amount: 500n, promo: true })).toMatchObject({ ok: true, balance: 10_500n });
    expect(await d.win(p, { tx: rid(), round: rid(), amount: 300n, promo: true })).toMatchObject({ ok: true, balance: 10_800n });
    refused(await d.win(p, { tx: rid(), round: rid(), amount: 300n }), 'noBet');
  });

  it('a zero-amount free bet debits nothing and keeps a record; a win settles it', async () => {
    const p = await newPlayer();
    const round = rid();
    const tx = rid();
    expect(await d.bet(p, { tx, round, amount: 0n, free: true })).toMatchObject({ ok: true, balance: 10_000n });
    expect(await d.win(p, { tx: rid(), round, amount: 700n, ref: tx })).toMatchObject({ ok: true, balance: 10_700n });
    const [rec] = await t.database.db.select().from(betRecords).where(eq(betRecords.memberId, p.id));
    expect(rec).toMatchObject({ bet: 0n, win: 700n, status: 'settled' });
  });

  it('checks the currency and the balance', async () => {
    const p = await newPlayer(500n);
    refused(await d.bet(p, { tx: rid(), round: rid(), amount: 100n, currency: 'XXX' }), 'currency');
    const r = await d.bet(p, { tx: rid(), round: rid(), amount: 501n });
    refused(r, 'funds');
    expect(r.balance).toBe(500n);
    expect(await countPostings(p.id)).toBe(1);
  });

  it('rollback before its bet, win after a rollback, rollback naming another round', async () => {
    const p = await newPlayer();
    const round = rid();
    const bet = rid();
    expect(await d.rollback(p, { tx: rid(), ref: bet, round })).toMatchObject({ ok: true, balance: 10_000n });
    refused(await d.bet(p, { tx: bet, round, amount: 100n }), 'rolledBack');
    const round2 = rid();
    const bet2 = rid();
    await d.bet(p, { tx: bet2, round: round2, amount: 100n });
    refused(await d.rollback(p, { tx: rid(), ref: bet2, round: rid() }), 'mismatch');
    const rb = rid();
    expect(await d.rollback(p, { tx: rb, ref: bet2, round: round2 })).toMatchObject({ ok: true, balance: 10_000n });
    expect(await d.rollback(p, { tx: rb, ref: bet2, round: round2 })).toMatchObject({ ok: true, balance: 10_000n });
    refused(await d.win(p, { tx: rid(), round: round2, amount: 100n, ref: bet2 }), 'rolledBack');
  });

  it('a bet needs a live launch token of that member; wins and rollbacks need none', async () => {
    const p = await newPlayer();
    const other = await newPlayer();
    refused(await d.bet(p, { tx: rid(), round: rid(), amount: 100n, token: 'no-such-token' }), 'tokenInvalid');
    refused(await d.bet(p, { tx: rid(), round: rid(), amount: 100n, token: other.token }), 'tokenInvalid');
    const round = rid();
    const bet = rid();
    await d.bet(p, { tx: bet, round, amount: 100n });
    // logging out (or a lock, a break) revokes the lobby session, and with it the launch token
    await t.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.memberId, p.id));
    refused(await d.bet(p, { tx: rid(), round: rid(), amount: 100n }), 'tokenExpired');
    expect(await d.win(p, { tx: rid(), round, amount: 300n, ref: bet })).toMatchObject({ ok: true, balance: 10_200n });
    // expiry, and ending a member's game sessions
    await t.database.db.update(gameSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(gameSessions.memberId, other.id));
    refused(await d.bet(other, { tx: rid(), round: rid(), amount: 100n }), 'tokenExpired');
    const third = await newPlayer();
    expect(await endGameSessions(t.database.db, brandOf(t).id, third.id)).toBe(1);
    refused(await d.bet(third, { tx: rid(), round: rid(), amount: 100n }), 'tokenExpired');
  });

  it('a member on a break is disabled and a loss limit is reached', async () => {
    const p = await newPlayer();
    const q = await newPlayer();
    expect((await api(t, q.lobby, 'POST', '/wps/member/responsible/limits', { lossDay: '1.00' })).statusCode).toBe(200);
    refused(await d.bet(q, { tx: rid(), round: rid(), amount: 200n }), 'limit');
    const round = rid();
    const bet = rid();
    await d.bet(p, { tx: bet, round, amount: 100n });
    expect((await api(t, p.lobby, 'POST', '/wps/member/responsible/break', { kind: 'cooloff', days: 1 })).statusCode).toBe(200);
    const r = await d.bet(p, { tx: rid(), round: rid(), amount: 100n });
    expect(r.ok).toBe(false);
    // the break ended the lobby sessions (so the token) or the check refuses the member itself
    expect([EXPECT.disabled[kind], EXPECT.tokenExpired[kind]]).toContain(r.code);
    expect((await d.win(p, { tx: rid(), round, amount: 100n, ref: bet })).ok).toBe(true);
  });

  it('a locked member is disabled, even with a live token; its accepted bet replays and is paid', async () => {
    const p = await newPlayer();
    const round = rid();
    const bet = { tx: rid(), round, amount: 100n };
    expect(await d.bet(p, bet)).toMatchObject({ ok: true, balance: 9_900n });
    // locked in the database alone: the lobby session (so the token) stays live, the status check refuses
    await t.database.db.update(members).set({ status: 'locked' }).where(eq(members.id, p.id));
    refused(await d.bet(p, { tx: rid(), round: rid(), amount: 100n }), 'locked');
    expect(await d.bet(p, bet)).toMatchObject({ ok: true, balance: 9_900n });
    expect(await d.win(p, { tx: rid(), round, amount: 300n, ref: bet.tx })).toMatchObject({ ok: true, balance: 10_200n });
  });

  it('refuses a bad signature', async () => {
    refused(await d.badSignature(await newPlayer()), 'signature');
  });
});

describe('native only: stale timestamps; Hub88 only: syntax, types and unknown partners', () => {
  it('a native call signed 6 minutes ago is refused', async () => {
    const p = await newPlayer();
    const raw = JSON.stringify({ vendor: p.vendor, account: p.username });
    const ts = String(Date.now() - 6 * 60_000);
    const secret = (await vendorSecret(t.database.db, brandOf(t).id, p.vendor))!;
    const res = await t.call({ method: 'POST', url: '/vendor/seamless/balance', merchant: 'demo', payload: raw, headers: { 'content-type': 'application/json', 'x-vendor': p.vendor, 'x-timestamp': ts, 'x-signature': hmac(secret, ts, raw) } });
    expect(res.json()).toMatchObject({ success: false, errorCode: 'vendor.signature.invalid' });
  });

  it('Hub88: user info, balance, wrong syntax and types, unknown game, unknown partner', async () => {
    const p = await newPlayer(12_345n);
    expect(await hubCall('/user/info', { user: p.username })).toMatchObject({ ok: true });
    expect(await hubCall('/user/balance', { user: p.username, token: p.token, game_code: p.gameCode })).toEqual({ ok: true, code: 'ok', balance: 12_345n });
    expect((await hubCall('/transaction/bet', { user: p.username })).code).toBe('RS_ERROR_WRONG_SYNTAX');
    const bet = { user: p.username, transaction_uuid: rid(), token: p.token, round: rid(), game_code: p.gameCode, currency: cur(), amount: '100' };
    expect((await hubCall('/transaction/bet', bet)).code).toBe('RS_ERROR_WRONG_TYPES');
    expect((await hubCall('/transaction/bet', { ...bet, amount: 1234 })).code).toBe('RS_ERROR_WRONG_TYPES'); // not a whole hundredth
    expect((await hubCall('/transaction/bet', { ...bet, amount: 1000, game_code: 'no-such-game' })).code).toBe('RS_ERROR_INVALID_GAME');
    const res = await t.call({ method: 'POST', url: `${hub88Contract.PATH_PREFIX}/demo/NOBODY/user/info`, payload: JSON.stringify({ user: p.username, request_uuid: 'r1' }), headers: { 'content-type': 'application/json' } });
    expect(res.json()).toEqual({ status: 'RS_ERROR_INVALID_PARTNER', request_uuid: 'r1' });
  });
});

describe('ledger', () => {
  it('entries sum to 0, balances equal their entries, none negative', async () => {
    for (const code of ['demo', 'luna']) {
      expect(await audit(t.database.db, brandOf(t, code).id)).toEqual({ entrySum: 0n, mismatchedAccounts: 0, negativeMemberBalances: 0 });
    }
    expect(await t.database.db.$count(betRecords, and(eq(betRecords.status, 'open'), eq(betRecords.merchantId, brandOf(t).id)))).toBeGreaterThanOrEqual(0);
  });
});
