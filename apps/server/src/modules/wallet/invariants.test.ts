/**
 * Issue 4, "Tests": the money concurrency test. Many concurrent clients send random money
 * operations (deposits: create + operator confirm/reject/cancel; withdrawals: request + operator
 * pay/reject; transfers main <-> game wallets and recall-all; simulated game bets and wins as
 * ledger postings keyed by vendor round ids) across 500 members of both brands. Every
 * operation is sent 2-3 times with the same requestId / idemKey: some copies concurrently, some
 * right after, some much later (reordered after other operations). Then the ledger is checked:
 * entries sum to zero per brand and per posting, balances equal their entries (and each entry's
 * balance_after is the running sum), no member balance is negative, no key was applied twice,
 * every operation produced exactly the postings it should, and each member's money equals what
 * the successful operations imply.
 *
 * PostgreSQL (TEST_DB_KIND=postgres): >= 20,000 operations from 50 clients on a pool of 50.
 * PGlite (one connection): 2,000 operations.
 */
import { randomBytes } from 'node:crypto';
import { hash as argon2Hash } from '@node-rs/argon2';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase, type Database } from '../../db/index.ts';
import { memberSecrets, members, withdrawAccounts } from '../../db/schema.ts';
import { seedDemo } from '../../db/seed/index.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import type { Principal } from '../../plugins/session.ts';
import { dbKind, freshDatabase, TEMPLATE_DB, TEST_DB_PREFIX, testDatabaseUrl } from '../../test/harness.ts';
import { cancelOrder, confirmOrder, createOrder, pay as payWithdrawal, reject as rejectWithdrawal, rejectOrder, request as requestWithdrawal } from '../cashier/index.ts';
import { audit, brandAccount, memberAccount, postAlone } from '../../kernel/ledger/index.ts';
import { recallAll, transfer, transferKey } from './transfers.ts';

const POSTGRES = dbKind() === 'postgres';
/** Logical money operations (each sent 2-3 times)... */
const OPS = POSTGRES ? 8_000 : 2_000;
/**
 * ...issued for at most this long, then the checks run on what was done: a slow machine runs
 * fewer operations instead of failing on the test's timeout (at least MIN_OPS must be issued).
 */
const ISSUE_MS = POSTGRES ? 75_000 : 45_000;
const MIN_OPS = POSTGRES ? 2_000 : 1_000;
const WORKERS = 50;
/** PostgreSQL: 50 clients over 500 members, so copies of one operation meet but other operations seldom queue on one member's lock; PGlite has one connection anyway. */
const MEMBERS_PER_BRAND = POSTGRES ? 250 : 50;
const PIN = '135790';
const GAME_WALLETS = ['game:RNG-PG', 'game:LIVE-EVO', 'game:SPORTS-SABA'];

// ---- the database and the app (own pool of 50 on PostgreSQL) ------------------------------------

let app: FastifyInstance;
let database: Database;
let dropDb: () => Promise<void> = async () => {};

async function openTestDatabase(): Promise<Database> {
  if (!POSTGRES) {
    const d = await freshDatabase();
    return d;
  }
  const admin = process.env.TEST_DATABASE_URL!;
  const name = `${TEST_DB_PREFIX}_t_inv_${randomBytes(5).toString('hex')}`;
  const { default: pg } = await import('pg');
  const adminQuery = async (q: string) => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    try { await c.query(q); } finally { await c.end(); }
  };
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
  dropDb = () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  return openDatabase({ url: testDatabaseUrl(name), poolSize: WORKERS, migrate: false });
}

beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemo(database.db);
  const config = loadConfig(
    { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    { REDIS_PREFIX: `lobbytest:${randomBytes(4).toString('hex')}:`, webDist: '/nonexistent' },
  );
  app = await buildApp({ config, database, logger: false });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  await dropDb();
});

// ---- helpers ------------------------------------------------------------------------------------

const rnd = (n: number) => Math.floor(Math.random() * n);
const chance = (p: number) => Math.random() < p;
const pick = <T>(xs: readonly T[]): T => xs[rnd(xs.length)];
const between = (lo: number, hi: number) => BigInt(lo + rnd(hi - lo + 1));
const major = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;
const toMinor = (s: string) => {
  const [i, f = ''] = s.split('.');
  return BigInt(i) * 100n + BigInt(f.padEnd(2, '0'));
};
const reqId = () => `inv-${randomBytes(8).toString('hex')}`;

interface Player { brand: Brand; principal: Principal; id: bigint; accountId: string; withdrawalsLeft: number }

type Attempt<T> = { ok: true; v: T } | { ok: false; code: string };

const unexpected: string[] = [];
function codeOf(err: unknown): string {
  if (err instanceof AppError) return err.code;
  const msg = err instanceof Error ? `${err.message} ${(err as { cause?: Error }).cause?.message ?? ''}` : String(err);
  unexpected.push(msg);
  return `unexpected: ${msg}`;
}

/** Copies of an operation queued to run much later, after other operations (reordered retries). */
const late: Array<() => Promise<void>> = [];
let attemptsSent = 0;

/**
 * Sends `fn` 2-3 times: the first copy and, for each extra copy, either concurrently with it,
 * right after it, or much later. Resolves when the first copy and the non-deferred copies are done.
 */
async function sendWithRetries<T>(fn: () => Promise<T>, into: Attempt<T>[]): Promise<void> {
  const once = async () => {
    attemptsSent++;
    try {
      into.push({ ok: true, v: await fn() });
    } catch (err) {
      into.push({ ok: false, code: codeOf(err) });
    }
  };
  const now = [once()];
  const after: Array<() => Promise<void>> = [];
  const extra = chance(0.5) ? 2 : 1;
  for (let i = 0; i < extra; i++) {
    const r = Math.random();
    if (r < 0.4) now.push(once());
    else if (r < 0.7) after.push(once);
    else late.push(once);
  }
  await Promise.all(now);
  for (const f of after) await f();
}

const firstOk = <T>(as: Attempt<T>[]) => as.find((a): a is { ok: true; v: T } => a.ok)?.v;
const okValues = <T>(as: Attempt<T>[]) => as.filter((a): a is { ok: true; v: T } => a.ok).map((a) => a.v);

// ---- operations -----------------------------------------------------------------------------------

type PostRes = Awaited<ReturnType<typeof postAlone>>;
type DepositRes = Awaited<ReturnType<typeof createOrder>>;
type OpDeposit = { type: 'deposit'; p: Player; amount: bigint; create: Attempt<DepositRes>[]; confirm: Attempt<unknown>[]; reject: Attempt<unknown>[]; cancel: Attempt<unknown>[] };
type WithdrawRes = Awaited<ReturnType<typeof requestWithdrawal>>;
type OpWithdraw = { type: 'withdraw'; p: Player; amount: bigint; create: Attempt<WithdrawRes>[]; pay: Attempt<unknown>[]; reject: Attempt<unknown>[] };
type OpTransfer = { type: 'transfer'; p: Player; requestId: string; from: string; to: string; amount: bigint; tries: Attempt<Awaited<ReturnType<typeof transfer>>>[] };
type OpRecall = { type: 'recall'; p: Player; requestId: string; tries: Attempt<Awaited<ReturnType<typeof recallAll>>>[] };
type OpGame = { type: 'bet' | 'win'; p: Player; key: string; amount: bigint; tries: Attempt<PostRes>[] };
type Op = OpDeposit | OpWithdraw | OpTransfer | OpRecall | OpGame;

const ops: Op[] = [];
const fundKeys: Array<{ p: Player; key: string; amount: bigint }> = [];
let roundSeq = 0;

async function depositOp(p: Player) {
  const demo = p.brand.code === 'demo';
  // demo: SPEI/SANTANDER (200.00 .. 100,000.00, any amount); luna: CARD/VISA fixed amounts
  const amount = demo ? between(20_000, 300_000) : pick([1000n, 2500n, 5000n, 10_000n]);
  const op: OpDeposit = { type: 'deposit', p, amount, create: [], confirm: [], reject: [], cancel: [] };
  ops.push(op);
  const requestId = reqId();
  const body = demo ? { method: 'SPEI', channel: 'SANTANDER', amount: major(amount), requestId } : { method: 'CARD', channel: 'VISA', amount: major(amount), requestId };
  await sendWithRetries(() => createOrder(app.db, p.brand, p.principal, body), op.create);
  const order = firstOk(op.create);
  if (!order) return;
  const confirm = sendWithRetries(() => confirmOrder(app, p.brand, order.orderNo), op.confirm);
  const r = Math.random();
  if (r < 0.8) await confirm;
  else if (r < 0.88) {
    await sendWithRetries(() => rejectOrder(app.db, p.brand, order.orderNo), op.reject);
  } else if (r < 0.94) {
    await Promise.all([confirm, sendWithRetries(() => cancelOrder(app.db, p.brand, p.principal, order.orderNo), op.cancel)]);
  } else {
    await Promise.all([confirm, sendWithRetries(() => rejectOrder(app.db, p.brand, order.orderNo), op.reject)]);
  }
}

async function withdrawOp(p: Player) {
  p.withdrawalsLeft--;
  const amount = p.brand.code === 'demo' ? between(10_000, 80_000) : between(2_000, 20_000);
  const op: OpWithdraw = { type: 'withdraw', p, amount, create: [], pay: [], reject: [] };
  ops.push(op);
  const body = { amount: major(amount), accountId: p.accountId, paymentPassword: PIN, requestId: reqId() };
  await sendWithRetries(() => requestWithdrawal(app, p.brand, p.principal, body), op.create);
  const w = firstOk(op.create);
  if (!w) return;
  const r = Math.random();
  if (r < 0.6) await sendWithRetries(() => payWithdrawal(app, p.brand, w.withdrawNo), op.pay);
  else if (r < 0.9) await sendWithRetries(() => rejectWithdrawal(app, p.brand, w.withdrawNo), op.reject);
  else {
    await Promise.all([
      sendWithRetries(() => payWithdrawal(app, p.brand, w.withdrawNo), op.pay),
      sendWithRetries(() => rejectWithdrawal(app, p.brand, w.withdrawNo), op.reject),
    ]);
  }
}

async function transferOp(p: Player) {
  const game = pick(GAME_WALLETS);
  const [from, to] = chance(0.55) ? ['main', game] : [game, 'main'];
  const op: OpTransfer = { type: 'transfer', p, requestId: reqId(), from, to, amount: between(100, 60_000), tries: [] };
  ops.push(op);
  await sendWithRetries(() => transfer(app.db, p.brand, p.principal, { from, to, amount: major(op.amount), requestId: op.requestId }), op.tries);
}

async function recallOp(p: Player) {
  const op: OpRecall = { type: 'recall', p, requestId: reqId(), tries: [] };
  ops.push(op);
  await sendWithRetries(() => recallAll(app.db, p.brand, p.principal, op.requestId), op.tries);
}

/** A vendor round: the bet (main -> house) and, if it was taken, maybe a win (house -> main). */
async function roundOp(p: Player, house: bigint) {
  const main = await memberAccount(app.db, p.brand.id, p.id);
  const round = `round:RNG-PG:${++roundSeq}:${randomBytes(3).toString('hex')}`;
  const bet: OpGame = { type: 'bet', p, key: `${round}:bet`, amount: between(100, 40_000), tries: [] };
  ops.push(bet);
  await sendWithRetries(() => postAlone(app.db, { merchantId: p.brand.id, kind: 'bet', idemKey: bet.key, memberId: p.id, meta: { round },
    lines: [{ account: main, amount: -bet.amount }, { account: house, amount: bet.amount }] }), bet.tries);
  if (!firstOk(bet.tries) || chance(0.45)) return;
  const win: OpGame = { type: 'win', p, key: `${round}:win`, amount: between(1, Number(bet.amount) * 2), tries: [] };
  ops.push(win);
  await sendWithRetries(() => postAlone(app.db, { merchantId: p.brand.id, kind: 'win', idemKey: win.key, memberId: p.id, meta: { round },
    lines: [{ account: house, amount: -win.amount }, { account: main, amount: win.amount }] }), win.tries);
}

// ---- setup of members -----------------------------------------------------------------------------

async function makePlayers(): Promise<Player[]> {
  const db = app.db;
  // a cheap argon2id hash of the PIN (a test fixture: verify cost ~1 ms instead of ~35 ms)
  const pinHash = await argon2Hash(PIN, { algorithm: 2 as never, memoryCost: 1024, timeCost: 1, parallelism: 1 });
  const players: Player[] = [];
  for (const code of ['demo', 'luna']) {
    const brand = app.brands.byMerchantCode(code)!;
    const tag = randomBytes(3).toString('hex');
    const rows = await db.insert(members).values(Array.from({ length: MEMBERS_PER_BRAND }, (_, i) => {
      const username = `inv${tag}${i}`;
      return { merchantId: brand.id, username, usernameKey: username, type: 0, nickname: username };
    })).returning();
    await db.insert(memberSecrets).values(rows.map((m) => ({ memberId: m.id, paymentPasswordHash: pinHash, payeeName: 'Ana Lopez' })));
    const accts = await db.insert(withdrawAccounts).values(rows.map((m, i) => ({
      merchantId: brand.id, memberId: m.id, kind: 'bank' as const, bankName: 'BBVA', accountNo: `01218000${String(100_000_000 + i)}${tag.length}`, payeeName: 'Ana Lopez',
    }))).returning();
    const clearing = await brandAccount(db, brand.id, 'clearing');
    for (const [i, m] of rows.entries()) {
      const principal: Principal = { sessionId: 0n, method: 'password', member: m, isAgent: false, isTrial: false };
      // withdrawals stay under the brand's daily count (demo 5, luna 3)
      const p: Player = { brand, principal, id: m.id, accountId: String(accts[i].id), withdrawalsLeft: code === 'demo' ? 4 : 2 };
      players.push(p);
      // a fifth of the members start with nothing: their first bets and withdrawals must fail
      const amount = i % 5 === 0 ? 0n : between(10_000, 300_000);
      if (amount > 0n) {
        const key = `inv-fund:${m.id}`;
        fundKeys.push({ p, key, amount });
        await postAlone(db, { merchantId: brand.id, kind: 'test_fund', idemKey: key, memberId: m.id,
          lines: [{ account: clearing, amount: -amount }, { account: await memberAccount(db, brand.id, m.id), amount }] });
      }
    }
  }
  return players;
}

// ---- the run and the checks -----------------------------------------------------------------------

describe('money invariants under concurrency', () => {
  it(`up to ${OPS} random operations from ${WORKERS} clients with duplicated and reordered retries keep the ledger exact`, async () => {
    const db = app.db;
    const players = await makePlayers();
    const t0 = Date.now();
    const houses = new Map<number, bigint>();
    for (const code of ['demo', 'luna']) {
      const b = app.brands.byMerchantCode(code)!;
      houses.set(b.id, await brandAccount(db, b.id, 'house'));
    }

    let issued = 0;
    const worker = async () => {
      while (issued < OPS && Date.now() - t0 < ISSUE_MS) {
        issued++;
        const p = pick(players);
        const demo = p.brand.code === 'demo';
        const r = Math.random();
        if (r < 0.02 && p.withdrawalsLeft > 0) await withdrawOp(p);
        else if (r < 0.15) await depositOp(p);
        else if (demo && r < 0.38) await transferOp(p);
        else if (demo && r < 0.42) await recallOp(p);
        else await roundOp(p, houses.get(p.brand.id)!);
        // now and then, a deferred copy of an earlier operation arrives
        if (late.length > 0 && chance(0.5)) await late.splice(rnd(late.length), 1)[0]();
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));
    while (late.length > 0) {
      const batch = late.splice(0, WORKERS);
      await Promise.all(batch.map((f) => f()));
    }
    const tRun = Date.now();

    // ---- what the successful operations imply ----
    const expected = new Map<string, bigint>(); // `${memberId}:${wallet}` -> minor units
    const add = (p: Player, wallet: string, amount: bigint) => {
      const k = `${p.id}:${wallet}`;
      expected.set(k, (expected.get(k) ?? 0n) + amount);
    };
    const keys = new Map<string, string>(); // `${merchantId}|${idemKey}` -> kind
    const expectKey = (p: Player, idemKey: string, kind: string) => {
      const k = `${p.brand.id}|${idemKey}`;
      expect(keys.has(k), `key ${k} expected twice`).toBe(false);
      keys.set(k, kind);
    };
    const problems: string[] = [];
    const counts: Record<string, number> = {};
    const orders: Array<{ p: Player; orderNo: string; status: string }> = [];
    const withdrawalsSeen: Array<{ p: Player; withdrawNo: string; status: 'pending' | 'paid' | 'rejected' }> = [];

    for (const f of fundKeys) {
      add(f.p, 'main', f.amount);
      expectKey(f.p, f.key, 'test_fund');
    }
    for (const op of ops) {
      counts[op.type] = (counts[op.type] ?? 0) + 1;
      switch (op.type) {
        case 'bet':
        case 'win': {
          const oks = okValues(op.tries);
          if (oks.length === 0) break;
          if (new Set(oks.map((v) => v.postingId)).size !== 1) problems.push(`${op.key}: retries answered different postings`);
          if (oks.filter((v) => v.applied).length !== 1) problems.push(`${op.key}: applied ${oks.filter((v) => v.applied).length} times`);
          add(op.p, 'main', op.type === 'bet' ? -op.amount : op.amount);
          expectKey(op.p, op.key, op.type);
          break;
        }
        case 'transfer': {
          const oks = okValues(op.tries);
          if (oks.length === 0) break;
          if (new Set(oks.map((v) => v.txId)).size !== 1) problems.push(`transfer ${op.requestId}: retries answered different postings`);
          if (oks.some((v) => toMinor(v.amount) !== op.amount)) problems.push(`transfer ${op.requestId}: wrong amount answered`);
          add(op.p, op.from, -op.amount);
          add(op.p, op.to, op.amount);
          expectKey(op.p, transferKey(op.p.id, op.requestId), 'transfer');
          break;
        }
        case 'recall': {
          const moved = okValues(op.tries).filter((v) => v.txId !== null);
          if (moved.length === 0) break;
          if (new Set(moved.map((v) => `${v.txId}|${v.amount}|${JSON.stringify(v.wallets)}`)).size !== 1) problems.push(`recall ${op.requestId}: retries answered different results`);
          let total = 0n;
          for (const w of moved[0].wallets) {
            add(op.p, w.wallet, -toMinor(w.amount));
            total += toMinor(w.amount);
          }
          if (total !== toMinor(moved[0].amount)) problems.push(`recall ${op.requestId}: total differs from its wallets`);
          add(op.p, 'main', total);
          expectKey(op.p, transferKey(op.p.id, op.requestId), 'transfer_recall');
          break;
        }
        case 'deposit': {
          const created = okValues(op.create);
          if (created.length === 0) break;
          if (new Set(created.map((o) => o.orderNo)).size !== 1) problems.push(`deposit: one requestId made ${new Set(created.map((o) => o.orderNo)).size} orders`);
          const orderNo = created[0].orderNo;
          if (toMinor(created[0].amount) !== op.amount) problems.push(`deposit ${orderNo}: wrong amount`);
          const confirmed = op.confirm.some((a) => a.ok);
          const rejected = op.reject.some((a) => a.ok);
          const cancelled = op.cancel.some((a) => a.ok);
          if (Number(confirmed) + Number(rejected) + Number(cancelled) > 1) problems.push(`deposit ${orderNo}: more than one outcome succeeded`);
          const status = confirmed ? 'confirmed' : rejected ? 'rejected' : cancelled ? 'cancelled' : 'pending';
          orders.push({ p: op.p, orderNo, status });
          if (confirmed) {
            add(op.p, 'main', op.amount);
            expectKey(op.p, `deposit:${orderNo}`, 'deposit');
          }
          break;
        }
        case 'withdraw': {
          const created = okValues(op.create);
          if (created.length === 0) break;
          if (new Set(created.map((w) => w.withdrawNo)).size !== 1) problems.push('withdraw: one requestId made several withdrawals');
          const no = created[0].withdrawNo;
          add(op.p, 'main', -op.amount);
          expectKey(op.p, `withdraw:${no}:hold`, 'withdraw_hold');
          const paid = op.pay.some((a) => a.ok);
          const rejected = op.reject.some((a) => a.ok);
          if (paid && rejected) problems.push(`withdraw ${no}: both paid and rejected`);
          if (paid) expectKey(op.p, `withdraw:${no}:pay`, 'withdraw_pay');
          if (rejected) {
            add(op.p, 'main', op.amount);
            expectKey(op.p, `withdraw:${no}:reject`, 'withdraw_reject');
          }
          withdrawalsSeen.push({ p: op.p, withdrawNo: no, status: paid ? 'paid' : rejected ? 'rejected' : 'pending' });
          break;
        }
      }
    }

    // ---- the database ----
    const rows = <T>(r: unknown) => ((r as { rows?: T[] }).rows ?? (r as T[]));
    const brandIds = players.map((p) => p.brand.id).filter((v, i, a) => a.indexOf(v) === i);

    // 1. per brand: entries sum to zero, balances equal their entries, no member balance below zero
    for (const id of brandIds) {
      expect(await audit(app.db, id), `audit of brand ${id}`).toEqual({ entrySum: 0n, mismatchedAccounts: 0, negativeMemberBalances: 0 });
    }
    // 2. every posting balances and has at least two entries
    const unbalanced = rows<{ id: string }>(await db.execute(sql`select p.id from postings p left join entries e on e.posting_id = p.id
      group by p.id having count(e.id) < 2 or sum(e.amount) <> 0`));
    expect(unbalanced, 'postings that do not balance').toEqual([]);
    // 3. each entry's balance_after is the running sum of its account's entries
    const badRunning = rows<{ id: string }>(await db.execute(sql`select id from (select e.id, e.balance_after,
      sum(e.amount) over (partition by e.account_id order by e.id) as running from entries e) x where x.balance_after <> x.running`));
    expect(badRunning.length, 'entries whose balance_after is not the running sum').toBe(0);
    // 4. no member balance below zero (read directly too)
    const negative = rows<{ n: number }>(await db.execute(sql`select count(*)::int as n from ledger_accounts where member_id is not null and balance < 0`));
    expect(Number(negative[0].n)).toBe(0);
    // 5. no idempotency key applied twice, and exactly the postings the operations imply
    const dupKeys = rows<{ k: string }>(await db.execute(sql`select merchant_id || '|' || idem_key as k from postings group by merchant_id, idem_key having count(*) > 1`));
    expect(dupKeys, 'idempotency keys applied twice').toEqual([]);
    const memberIds = players.map((p) => p.id.toString());
    const inDb = rows<{ k: string; kind: string }>(await db.execute(sql`select merchant_id || '|' || idem_key as k, kind from postings
      where member_id in (${sql.join(memberIds.map((m) => sql`${m}`), sql`, `)})`));
    const actualKeys = new Map(inDb.map((r) => [r.k, r.kind]));
    const missing = [...keys].filter(([k, kind]) => actualKeys.get(k) !== kind).map(([k]) => k);
    const extra = [...actualKeys.keys()].filter((k) => !keys.has(k));
    expect(missing.slice(0, 10), `${missing.length} expected postings missing`).toEqual([]);
    expect(extra.slice(0, 10), `${extra.length} postings no successful operation explains`).toEqual([]);
    expect(actualKeys.size).toBe(keys.size);
    // 6. deposit orders and withdrawals: one row per request, in the state the operations left
    const dbOrders = rows<{ order_no: string; status: string }>(await db.execute(sql`select order_no, status from deposit_orders
      where member_id in (${sql.join(memberIds.map((m) => sql`${m}`), sql`, `)})`));
    expect(dbOrders.length, 'deposit orders').toBe(orders.length);
    const orderStatus = new Map(dbOrders.map((o) => [o.order_no, o.status]));
    for (const o of orders) if (orderStatus.get(o.orderNo) !== o.status) problems.push(`order ${o.orderNo}: ${orderStatus.get(o.orderNo)} in db, ${o.status} by the answers`);
    const dbWithdrawals = rows<{ withdraw_no: string; status: string }>(await db.execute(sql`select withdraw_no, status from withdrawals
      where member_id in (${sql.join(memberIds.map((m) => sql`${m}`), sql`, `)})`));
    expect(dbWithdrawals.length, 'withdrawals').toBe(withdrawalsSeen.length);
    const wStatus = new Map(dbWithdrawals.map((w) => [w.withdraw_no, w.status]));
    for (const w of withdrawalsSeen) if (wStatus.get(w.withdrawNo) !== w.status) problems.push(`withdrawal ${w.withdrawNo}: ${wStatus.get(w.withdrawNo)} in db, ${w.status} by the answers`);
    // 7. each member's money, wallet by wallet, is what the successful operations imply
    const balances = rows<{ member_id: string; wallet: string; balance: string }>(await db.execute(sql`select member_id::text, wallet, balance::text from ledger_accounts
      where member_id in (${sql.join(memberIds.map((m) => sql`${m}`), sql`, `)})`));
    const actual = new Map(balances.map((b) => [`${b.member_id}:${b.wallet}`, BigInt(b.balance)]));
    for (const k of new Set([...expected.keys(), ...actual.keys()])) {
      if ((expected.get(k) ?? 0n) !== (actual.get(k) ?? 0n)) problems.push(`wallet ${k}: ${actual.get(k) ?? 0n} in db, ${expected.get(k) ?? 0n} by the answers`);
    }

    expect(unexpected.slice(0, 10), `${unexpected.length} unexpected errors`).toEqual([]);
    expect(problems.slice(0, 20), `${problems.length} problems`).toEqual([]);

    // the run exercised what it claims: failures and replays happened, money moved in every way
    const succeeded = (as: Attempt<unknown>[]) => as.some((a) => a.ok);
    const opsOk = ops.filter((op) => 'tries' in op ? succeeded(op.tries as Attempt<unknown>[]) : succeeded(op.create as Attempt<unknown>[])).length;
    expect(ops.length).toBeGreaterThanOrEqual(issued);
    expect(issued, 'operations issued before the time limit').toBeGreaterThanOrEqual(MIN_OPS);
    expect(counts.deposit).toBeGreaterThan(0);
    expect(counts.withdraw).toBeGreaterThan(0);
    expect(counts.transfer).toBeGreaterThan(0);
    expect(counts.recall).toBeGreaterThan(0);
    expect(orders.filter((o) => o.status === 'confirmed').length).toBeGreaterThan(0);
    expect(withdrawalsSeen.filter((w) => w.status === 'rejected').length).toBeGreaterThan(0);
    expect(ops.some((op) => op.type === 'bet' && op.tries.some((a) => !a.ok && a.code === 'wallet.insufficient.funds'))).toBe(true);
    console.log(`[invariants ${database.kind}] ${ops.length} operations (${JSON.stringify(counts)}), ${attemptsSent} calls with retries, `
      + `${opsOk} succeeded, ${keys.size} postings; run ${((tRun - t0) / 1000).toFixed(1)} s, checks ${((Date.now() - tRun) / 1000).toFixed(1)} s`);
  }, POSTGRES ? 300_000 : 90_000);
});
