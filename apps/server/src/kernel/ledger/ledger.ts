import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/index.ts';
import { entries, ledgerAccounts } from '../../db/ledger-schema.ts';
import { pgError } from '../../lib/pg-error.ts';
import { AppError } from '../../plugins/errors.ts';

/** Brand accounts: the world outside the brand's members. They may go negative. */
export const BRAND_WALLETS = ['house', 'clearing', 'bonus_pool', 'payout', 'play_money', 'withdraw_hold'] as const;
export type BrandWallet = (typeof BRAND_WALLETS)[number];

export interface Line {
  account: bigint;
  /** Minor units; positive credits the account, negative debits it. */
  amount: bigint;
}

export interface PostInput {
  merchantId: number;
  kind: string;
  /** Unique per brand: a second post with the same key returns the first result. */
  idemKey: string;
  memberId?: bigint | null;
  lines: Line[];
  meta?: Record<string, unknown>;
  reverses?: bigint | null;
}

export interface PostResult {
  postingId: bigint;
  /** false when the key had already been applied: nothing moved this time. */
  applied: boolean;
  /** Balance of each account right after the posting. */
  balanceAfter: Map<bigint, bigint>;
}

const CHECK_VIOLATION = '23514';
const FOREIGN_KEY_VIOLATION = '23503';
/** ledger_post_many's refusal of a malformed batch (unbalanced, a key twice, …). */
const DATA_EXCEPTION = '22000';

/**
 * Brand accounts are split in this many shards; see {@link brandAccount}. A posting holds its
 * shard's row lock until it commits (WAL flush included): with 100 players betting at once, 16
 * shards queued about 6 postings on each; 64 keep most postings alone on theirs.
 */
export const LEDGER_SHARDS = 64;

/** Merge lines of the same account and order them by id, so concurrent postings lock in one order. */
function normalise(lines: Line[]): Line[] {
  const sum = new Map<bigint, bigint>();
  for (const l of lines) sum.set(l.account, (sum.get(l.account) ?? 0n) + l.amount);
  return [...sum].filter(([, a]) => a !== 0n).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([account, amount]) => ({ account, amount }));
}

const pgArray = (xs: bigint[]) => `{${xs.join(',')}}`;

interface PostRow { out_posting: unknown; out_applied: unknown; out_kind: string; out_account: unknown; out_balance: unknown }

/** Postings this process applied (a replayed idempotency key not counted); read by plugins/metrics.ts. */
export const ledgerStats = { applied: 0 };

/**
 * Applies one balanced posting, in one statement (the `ledger_post` database function): the
 * posting row, the account updates in account-id order and the entries. Inside a caller's
 * transaction it commits or rolls back with it; alone it is atomic by itself. A member
 * balance that would go below zero fails with `wallet.insufficient.funds` (the CHECK decides).
 */
export async function post(tx: Tx | Db, input: PostInput): Promise<PostResult> {
  const lines = normalise(input.lines);
  if (lines.length === 0) throw new Error('ledger: a posting needs at least one non-zero line');
  if (lines.reduce((s, l) => s + l.amount, 0n) !== 0n) throw new Error('ledger: posting does not balance');
  let rows: PostRow[];
  try {
    const res = await tx.execute(sql`select * from ledger_post(${input.merchantId}, ${input.kind}, ${input.idemKey},
      ${input.memberId == null ? null : String(input.memberId)}::bigint, ${JSON.stringify(input.meta ?? {})}::jsonb,
      ${input.reverses == null ? null : String(input.reverses)}::bigint,
      ${pgArray(lines.map((l) => l.account))}::bigint[], ${pgArray(lines.map((l) => l.amount))}::bigint[])`);
    rows = (res as unknown as { rows: PostRow[] }).rows;
  } catch (err) {
    const { code, message } = pgError(err);
    if (code === CHECK_VIOLATION) throw new AppError('wallet.insufficient.funds');
    if (code === FOREIGN_KEY_VIOLATION && message.includes('not an account of brand')) throw new Error(message);
    throw err;
  }
  if (rows.length === 0) throw new Error('ledger: posting returned no entries');
  const applied = rows[0].out_applied === true || rows[0].out_applied === 't';
  if (applied) ledgerStats.applied++;
  if (!applied && rows[0].out_kind !== input.kind) throw new AppError('wallet.duplicate.reference');
  return {
    postingId: BigInt(rows[0].out_posting as string),
    applied,
    balanceAfter: new Map(rows.map((r) => [BigInt(r.out_account as string), BigInt(r.out_balance as string)])),
  };
}

/** One posting of a batch: as {@link PostInput}, the brand given once for the batch. */
export type BatchPosting = Omit<PostInput, 'merchantId'>;

/** A PostgreSQL array literal of texts (NULL for null). */
const pgTextArray = (xs: (string | null)[]) =>
  `{${xs.map((x) => (x === null ? 'NULL' : `"${x.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`)).join(',')}}`;

interface BatchRow extends PostRow { out_idx: unknown }

/**
 * Applies many balanced postings of one brand in one statement (the `ledger_post_many`
 * database function, migration 0024), with the guarantees of {@link post} for each: its key
 * claimed once (a key applied before answers its first posting, `applied` false, and moves
 * nothing), the accounts locked in id order, entries with the balance after each, no member
 * balance below zero at any entry (`wallet.insufficient.funds`, the whole batch undone). A
 * batch with one unbalanced posting, or a key twice, is refused whole. Answers one result per
 * posting, in the order given.
 */
export async function postBatch(tx: Tx | Db, merchantId: number, postings: BatchPosting[]): Promise<PostResult[]> {
  if (postings.length === 0) return [];
  const lineIdx: number[] = [];
  const accounts: bigint[] = [];
  const amounts: bigint[] = [];
  postings.forEach((p, i) => {
    for (const l of normalise(p.lines)) {
      lineIdx.push(i + 1);
      accounts.push(l.account);
      amounts.push(l.amount);
    }
  });
  const opt = (v: bigint | null | undefined) => (v == null ? null : String(v));
  let rows: BatchRow[];
  try {
    const res = await tx.execute(sql`select * from ledger_post_many(${merchantId},
      ${pgTextArray(postings.map((p) => p.idemKey))}::text[], ${pgTextArray(postings.map((p) => p.kind))}::text[],
      ${pgTextArray(postings.map((p) => opt(p.memberId)))}::bigint[], ${pgTextArray(postings.map((p) => JSON.stringify(p.meta ?? {})))}::jsonb[],
      ${pgTextArray(postings.map((p) => opt(p.reverses)))}::bigint[],
      ${`{${lineIdx.join(',')}}`}::integer[], ${pgArray(accounts)}::bigint[], ${pgArray(amounts)}::bigint[])`);
    rows = (res as unknown as { rows: BatchRow[] }).rows;
  } catch (err) {
    const { code, message } = pgError(err);
    if (code === CHECK_VIOLATION) throw new AppError('wallet.insufficient.funds');
    if (code === FOREIGN_KEY_VIOLATION && message.includes('not an account of brand')) throw new Error(message);
    if (code === DATA_EXCEPTION && message.startsWith('ledger:')) throw new Error(message);
    throw err;
  }
  const out: (PostResult | undefined)[] = new Array(postings.length);
  for (const r of rows) {
    const i = Number(r.out_idx) - 1;
    let res = out[i];
    if (!res) {
      const applied = r.out_applied === true || r.out_applied === 't';
      if (!applied && r.out_kind !== postings[i].kind) throw new AppError('wallet.duplicate.reference');
      out[i] = res = { postingId: BigInt(r.out_posting as string), applied, balanceAfter: new Map() };
      if (applied) ledgerStats.applied++;
    }
    res.balanceAfter.set(BigInt(r.out_account as string), BigInt(r.out_balance as string));
  }
  return out.map((r, i) => {
    if (!r) throw new Error(`ledger: posting ${postings[i].idemKey} of the batch returned no entries`);
    return r;
  });
}

/**
 * Account ids never change once made: remember them per database. A transaction has no
 * `$client`, so it gets a cache of its own, dropped with it: an account made in a transaction
 * that rolls back is never remembered for later postings (ledger.test.ts checks).
 */
const accountIds = new WeakMap<object, Map<string, bigint>>();
const MAX_CACHED = 200_000;

async function cachedAccount(db: Tx | Db, key: string, find: () => Promise<bigint | undefined>, create: () => Promise<unknown>): Promise<bigint> {
  const client = (db as unknown as { $client?: object }).$client ?? db;
  let cache = accountIds.get(client);
  if (!cache) accountIds.set(client, (cache = new Map()));
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  let id = await find();
  if (id === undefined) {
    await create();
    id = await find();
  }
  if (id === undefined) throw new Error(`ledger: account ${key} could not be created`);
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(key, id);
  return id;
}

/** The id of a member's wallet account, created on first use. */
export async function memberAccount(tx: Tx | Db, merchantId: number, memberId: bigint, wallet = 'main'): Promise<bigint> {
  return cachedAccount(tx, `m:${merchantId}:${memberId}:${wallet}`,
    async () => (await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.merchantId, merchantId), eq(ledgerAccounts.memberId, memberId), eq(ledgerAccounts.wallet, wallet))))[0]?.id,
    () => tx.execute(sql`insert into ledger_accounts (merchant_id, member_id, wallet) values (${merchantId}, ${memberId}, ${wallet})
      on conflict (merchant_id, member_id, wallet) where member_id is not null do nothing`));
}

/** FNV-1a: a stable, cheap hash of a string. */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * The id of a brand account (house, clearing, …), created on first use. Brand accounts are
 * split in {@link LEDGER_SHARDS} shards so concurrent postings do not queue on one row:
 * `spreadKey` (e.g. the round or order number) picks the shard, the same key always the same
 * one; without it, shard 0. They may go negative, so a shard's own balance means nothing alone.
 */
export async function brandAccount(tx: Tx | Db, merchantId: number, wallet: BrandWallet, spreadKey?: string): Promise<bigint> {
  const shard = spreadKey === undefined ? 0 : fnv1a(spreadKey) % LEDGER_SHARDS;
  return cachedAccount(tx, `b:${merchantId}:${wallet}:${shard}`,
    async () => (await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.merchantId, merchantId), isNull(ledgerAccounts.memberId), eq(ledgerAccounts.wallet, wallet), eq(ledgerAccounts.shard, shard))))[0]?.id,
    () => tx.execute(sql`insert into ledger_accounts (merchant_id, wallet, shard, allow_negative) values (${merchantId}, ${wallet}, ${shard}, true)
      on conflict (merchant_id, wallet, shard) where member_id is null do nothing`));
}

/**
 * Makes every brand's accounts (each brand wallet in all its shards) when missing, at start.
 * Otherwise a shard is made on first use, often inside a money transaction, which holds the new
 * row's key locked to its end; two such transactions can then wait on each other's new rows.
 */
export async function ensureBrandAccounts(db: Db): Promise<void> {
  await db.execute(sql`insert into ledger_accounts (merchant_id, wallet, shard, allow_negative)
    select m.id, w.wallet, s.shard, true
    from merchants m
    cross join unnest(${`{${BRAND_WALLETS.join(',')}}`}::text[]) as w(wallet)
    cross join generate_series(0, ${LEDGER_SHARDS - 1}) as s(shard)
    order by m.id, w.wallet, s.shard
    on conflict (merchant_id, wallet, shard) where member_id is null do nothing`);
}

/** A brand wallet's balance: the sum of its shards. */
export async function brandWalletBalance(db: Tx | Db, merchantId: number, wallet: BrandWallet): Promise<bigint> {
  const [row] = await db.select({ total: sql<string>`coalesce(sum(${ledgerAccounts.balance}), 0)` }).from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.merchantId, merchantId), isNull(ledgerAccounts.memberId), eq(ledgerAccounts.wallet, wallet)));
  return BigInt(row.total);
}

/** Balances of a member's wallets, in minor units. */
export async function memberBalances(db: Tx | Db, merchantId: number, memberId: bigint) {
  return db.select({ id: ledgerAccounts.id, wallet: ledgerAccounts.wallet, balance: ledgerAccounts.balance }).from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.merchantId, merchantId), eq(ledgerAccounts.memberId, memberId)));
}

/** Invariant checks over a brand: entries sum to zero, balances equal their entries. */
export async function audit(db: Db, merchantId: number) {
  const [sumAll] = await db.select({ total: sql<string>`coalesce(sum(${entries.amount}), 0)` }).from(entries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, entries.accountId)).where(eq(ledgerAccounts.merchantId, merchantId));
  const mismatched = await db.select({ id: ledgerAccounts.id }).from(ledgerAccounts)
    .leftJoin(entries, eq(entries.accountId, ledgerAccounts.id))
    .where(eq(ledgerAccounts.merchantId, merchantId))
    .groupBy(ledgerAccounts.id, ledgerAccounts.balance)
    .having(sql`${ledgerAccounts.balance} <> coalesce(sum(${entries.amount}), 0)`);
  const [neg] = await db.select({ n: sql<number>`count(*)::int` }).from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.merchantId, merchantId), eq(ledgerAccounts.allowNegative, false), sql`${ledgerAccounts.balance} < 0`));
  return { entrySum: BigInt(sumAll.total), mismatchedAccounts: mismatched.length, negativeMemberBalances: neg.n };
}

/** One posting on its own: a single statement, atomic without a surrounding transaction. */
export function postAlone(db: Db, input: PostInput): Promise<PostResult> {
  return post(db, input);
}
