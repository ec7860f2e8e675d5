/**
 * Scale-out (issue 10): two real server instances (child processes) on one PostgreSQL database
 * (`cluster_<pid>`, created and dropped here) and one Redis. Runs once, in the server-pglite
 * project, when TEST_DATABASE_URL and REDIS_URL are set (CI sets both); skipped otherwise.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, inArray, like, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { encryption, wallet } from '@lobby/contract';
import { openDatabase, type Database } from '../../db/index.ts';
import { authCounters, members, merchants, postings, sessions } from '../../db/schema.ts';
import { createCaptcha } from '../../modules/session/index.ts';
import { audit, brandAccount, memberAccount, memberBalances, postAlone } from '../../kernel/ledger/index.ts';
import { hashToken } from '../../plugins/session.ts';
import { encryptWithKey } from '../crypto-client.ts';
import { dbKind } from '../harness.ts';
import { metricsOf, metricValue, ownDatabase, startInstance, stopInstance, type Instance } from './instances.ts';
import { moneyLoad } from './load.ts';

const ADMIN = process.env.TEST_DATABASE_URL;
const REDIS = process.env.REDIS_URL;
const enabled = !!ADMIN && !!REDIS && dbKind() === 'pglite';
if (!enabled && dbKind() === 'pglite') {
  console.warn('cluster test skipped: it needs TEST_DATABASE_URL (PostgreSQL admin URL) and REDIS_URL');
}

const prefix = `cluster${process.pid}:`;
let A: Instance, B: Instance;
let database: Database;
let dropDb: () => Promise<void>;
let redis: Redis;
let dbUrl = '';
let demoId = 0;
const env = () => ({ DATABASE_URL: dbUrl, REDIS_URL: REDIS!, REDIS_PREFIX: prefix, DATABASE_POOL_SIZE: '10' });
const ip = () => `10.${randomBytes(3).join('.')}`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test reads answers of many shapes
type Envelope = { success: boolean; errorCode?: string; value?: any };

async function call(i: Instance, method: string, url: string, o: { token?: string; body?: unknown; headers?: Record<string, string>; merchant?: string } = {}) {
  const res = await fetch(i.url + url, {
    method,
    headers: {
      merchant: o.merchant ?? 'demo', 'x-forwarded-for': ip(),
      ...(o.token ? { authorization: o.token } : {}), ...(o.body === undefined ? {} : { 'content-type': 'application/json' }), ...o.headers,
    },
    body: o.body === undefined ? undefined : JSON.stringify(o.body),
  });
  const text = await res.text();
  return { status: res.status, json: JSON.parse(text) as Envelope };
}

async function login(i: Instance, username: string, password: string, from: string, captcha?: { captchaId: string; captcha: string }) {
  const key = (await call(i, 'GET', encryption.getRsaKey.path)).json.value as encryption.RsaKey;
  const enc = encryptWithKey(key.publicKey, { type: 'username', username, password, ...captcha });
  return call(i, 'POST', '/wps/session/login', { body: enc.payload, headers: { ...enc.headers, 'x-forwarded-for': from } });
}

function openSocket(i: Instance, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect(i.url, { path: wallet.SOCKET_PATH, auth: { token, merchant: 'demo' }, transports: ['websocket'], reconnection: false, forceNew: true });
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}

/** A funded member (direct to the database) with a live session token. */
async function player(main = 100_000n) {
  const db = database.db;
  const username = `c${randomBytes(5).toString('hex')}`;
  const [m] = await db.insert(members).values({ merchantId: demoId, username, usernameKey: username, passwordHash: null, nickname: username }).returning();
  const acct = await memberAccount(db, demoId, m.id);
  await postAlone(db, { merchantId: demoId, kind: 'deposit', idemKey: `cluster-dep:${m.id}`, memberId: m.id,
    lines: [{ account: await brandAccount(db, demoId, 'clearing'), amount: -main }, { account: acct, amount: main }], meta: { orderNo: 'D-CLUSTER' } });
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({ tokenHash: hashToken(token), merchantId: demoId, memberId: m.id, method: 'password', expiresAt: new Date(Date.now() + 3_600_000) });
  return { id: m.id, username, token };
}

describe.runIf(enabled)('two instances on one PostgreSQL and one Redis', () => {
  beforeAll(async () => {
    const own = await ownDatabase(ADMIN!, `cluster_${process.pid}`);
    dbUrl = own.url;
    dropDb = own.drop;
    // A migrates and seeds; B starts on the migrated database
    A = await startInstance('A', env());
    B = await startInstance('B', env());
    database = await openDatabase({ url: dbUrl, poolSize: 5, migrate: false });
    redis = new Redis(REDIS!);
    const [m] = await database.db.select().from(merchants).where(eq(merchants.code, 'demo'));
    demoId = m.id;
  }, 240_000);

  afterAll(async () => {
    await Promise.allSettled([A && stopInstance(A), B && stopInstance(B)]);
    await database?.close();
    if (redis) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    }
    await dropDb?.();
  }, 60_000);

  it('a session opened on A works on B, and a logout on B ends it on A, closing its socket there', async () => {
    const res = await login(A, 'player01', 'Player123', ip());
    expect(res.json.success).toBe(true);
    const token = res.json.value.token as string;
    expect((await call(B, 'GET', '/wps/member/info', { token })).json.value.userName).toBe('player01');
    // the page of that session holds a socket on A: the logout on B closes it (forced logout)
    const socket = await openSocket(A, token);
    const closed = new Promise<string>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error('socket on A not closed by the logout on B')), 10_000);
      socket.once('disconnect', (reason) => { clearTimeout(t); resolve(reason); });
    });
    expect((await call(B, 'POST', '/wps/session/logout', { token, body: {} })).status).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect((await call(A, 'GET', '/wps/member/info', { token })).json.errorCode).toBe('login.not.session');
  }, 60_000);

  it('login failures, captchas and the back-off count across both instances', async () => {
    const from = ip();
    const captcha = async () => ({ captchaId: (await createCaptcha(database.db, demoId, 'ACE47')).captchaId, captcha: 'ACE47' });
    // 3 failures (A, B, A): each instance alone has seen fewer than captchaAfterFailures (3)
    for (const i of [A, B, A]) expect((await login(i, 'subagent01', 'wrong-1', from)).json.errorCode).toBe('login.failed');
    // the 4th needs a captcha on B, though B saw one failure
    expect((await login(B, 'subagent01', 'wrong-2', from)).json.errorCode).toBe('captcha.invalid');
    const c = await captcha();
    expect((await login(B, 'subagent01', 'wrong-2', from, c)).json.errorCode).toBe('login.failed');
    // a captcha used on B is spent on A too
    expect((await login(A, 'subagent01', 'wrong-3', from, c)).json.errorCode).toBe('captcha.invalid');
    // the 5th attempt (2 on B, 3 on A) is the last free one; the 6th passes the account's gate and closes it
    expect((await login(A, 'subagent01', 'wrong-3', from, await captcha())).json.errorCode).toBe('login.failed');
    expect((await login(B, 'subagent01', 'wrong-4', from, await captcha())).json.errorCode).toBe('login.failed');
    // closed on both: the right password waits its turn too (nothing is locked: a known device or an SMS code gets in)
    const waits = (await login(A, 'subagent01', 'Agent123', ip(), await captcha())).json;
    expect(waits).toMatchObject({ errorCode: 'login.throttled', value: { scope: 'account' } });
  }, 60_000);

  it('a per-route rate limit counts requests to both instances', async () => {
    const from = ip();
    const url = '/wps/agent/affiliate?code=PLAYER01';
    const codes: number[] = [];
    // the route allows 30 a minute per address
    for (let n = 0; n < 31; n++) codes.push((await call(n % 2 ? B : A, 'GET', url, { headers: { 'x-forwarded-for': from } })).status);
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(codes[30]).toBe(429);
    expect((await call(A, 'GET', url)).status).toBe(200);
  }, 60_000);

  it('a transfer made through A pushes the new balance to a page connected to B', async () => {
    const p = await player(10_000n);
    const socket = await openSocket(B, p.token);
    try {
      const pushed = new Promise<wallet.BalancePush>((resolve, reject) => {
        const t = setTimeout(() => reject(new Error('no balance push on B')), 10_000);
        socket.once(wallet.SOCKET_EVENTS.balance, (v: wallet.BalancePush) => { clearTimeout(t); resolve(v); });
      });
      const r = await call(A, 'POST', '/wps/relay/GCS_walletTransfer', { token: p.token, body: { from: 'main', to: 'game:RNG-AURORA', amount: '25', requestId: randomUUID() } });
      expect(r.json.success).toBe(true);
      const push = await pushed;
      expect(push.balance.find((b) => b.wallet === 'main')?.availBalance).toBe('75.00');
    } finally {
      socket.close();
    }
  }, 60_000);

  it('a brand change announced by one instance is served by both at once', async () => {
    const status = async (i: Instance) => (await call(i, 'GET', '/wps/system/status', { merchant: 'luna' })).json.value.status as number;
    const setMaintenance = async (on: boolean) => {
      const [row] = await database.db.select().from(merchants).where(eq(merchants.code, 'luna'));
      row.config.maintenance.enabled = on;
      await database.db.update(merchants).set({ config: row.config, version: row.version + 1 }).where(eq(merchants.id, row.id));
      // what app.brandsChanged() sends after writing a brand (plugins/merchant.ts)
      await redis.publish(`${prefix}brand.changed`, 'cluster-test');
    };
    const until = async (want: number) => {
      for (let n = 0; n < 50; n++) {
        if ((await status(A)) === want && (await status(B)) === want) return true;
        await new Promise((r) => setTimeout(r, 100));
      }
      return false;
    };
    expect([await status(A), await status(B)]).toEqual([0, 0]);
    await setMaintenance(true);
    expect(await until(1)).toBe(true);
    await setMaintenance(false);
    expect(await until(0)).toBe(true);
  }, 60_000);

  it('a scheduled job runs once per period across the two instances', async () => {
    const job = { job: 'lottery.draws' };
    const read = async () => Promise.all([A, B].map(async (i) => {
      const text = await metricsOf(i);
      return { done: metricValue(text, 'lobby_job_runs_total', { ...job, outcome: 'done' }), skipped: metricValue(text, 'lobby_job_runs_total', { ...job, outcome: 'skipped' }) };
    }));
    const [before, t0] = [await read(), Date.now()];
    await new Promise((r) => setTimeout(r, 9_000));
    const [after, t1] = [await read(), Date.now()];
    const done = after.reduce((s, x, i) => s + x.done - before[i].done, 0);
    const skipped = after.reduce((s, x, i) => s + x.skipped - before[i].skipped, 0);
    const periods = Math.ceil((t1 - t0) / 2000) + 1; // lottery.draws: every 2 s
    expect(done).toBeGreaterThan(0);
    expect(done).toBeLessThanOrEqual(periods);
    // both instances tried: the one that came second in a period found it taken
    expect(skipped).toBeGreaterThan(0);
    // the period that ran last is claimed in the database (job:<name>:<period>, jobs/runner.ts)
    const [claim] = await database.db.select().from(authCounters).where(like(authCounters.key, 'job:lottery.draws:%')).orderBy(desc(authCounters.key)).limit(1);
    expect(Number(claim.key.split(':').pop()) * 2000).toBeGreaterThan(t0 - 4000);
  }, 60_000);

  it('SIGKILL of an instance in the middle of a money load loses no acknowledged operation; SIGTERM drains', async () => {
    const players = await Promise.all(Array.from({ length: 12 }, () => player(1_000_000n)));
    const initial = 1_000_000n;
    const result = await moneyLoad({
      instances: () => [A, B],
      players,
      ms: 9_000,
      events: [
        { at: 2_500, run: async () => { A.child.kill('SIGKILL'); await A.exited; } },
        { at: 3_500, run: async () => { A = await startInstance('A', env(), A.port); } },
        { at: 7_000, run: async () => { expect((await stopInstance(B)).code).toBe(0); } },
      ],
    });
    expect(result.acked.length).toBeGreaterThan(20);
    expect(result.failedOn.A).toBeGreaterThan(0); // the kill cut some calls
    // every acknowledged transfer is in the ledger, once
    const keys = result.acked.map((a) => `transfer:${a.memberId}:${a.requestId}`);
    const found = await database.db.select({ k: postings.idemKey }).from(postings).where(and(eq(postings.merchantId, demoId), inArray(postings.idemKey, keys)));
    expect(new Set(found.map((f) => f.k)).size).toBe(keys.length);
    // the ledger invariant: postings sum to zero, balances equal their entries, none negative
    expect(await audit(database.db, demoId)).toEqual({ entrySum: 0n, mismatchedAccounts: 0, negativeMemberBalances: 0 });
    // transfers move money between a member's own wallets: each member still has what it had
    for (const p of players) {
      const total = (await memberBalances(database.db, demoId, p.id)).reduce((s, b) => s + b.balance, 0n);
      expect(total).toBe(initial);
    }
    // B comes back; a replay of acknowledged transfers (through either instance) moves nothing
    B = await startInstance('B', env(), B.port);
    const [n0] = await database.db.select({ n: sql<number>`count(*)::int` }).from(postings);
    for (const a of result.acked.slice(0, 10)) {
      const r = await call(a.index % 2 ? A : B, 'POST', '/wps/relay/GCS_walletTransfer', { token: a.token, body: a.body });
      expect(r.json.success).toBe(true);
    }
    const [n1] = await database.db.select({ n: sql<number>`count(*)::int` }).from(postings);
    expect(n1.n).toBe(n0.n);
  }, 180_000);
});
