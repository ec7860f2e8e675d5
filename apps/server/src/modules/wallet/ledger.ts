import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/index.ts';
import { entries, ledgerAccounts, postings } from '../../db/ledger-schema.ts';
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

function pgCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Merge lines of the same account and order them by id, so concurrent postings lock in one order. */
function normalise(lines: Line[]): Line[] {
  const sum = new Map<bigint, bigint>();
  for (const l of lines) sum.set(l.account, (sum.get(l.account) ?? 0n) + l.amount);
  return [...sum].filter(([, a]) => a !== 0n).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([account, amount]) => ({ account, amount }));
}

/**
 * Applies one balanced posting inside the caller's transaction. A member balance that would
 * go below zero aborts it with `wallet.insufficient.funds` (the database CHECK decides).
 */
export async function post(tx: Tx | Db, input: PostInput): Promise<PostResult> {
  const lines = normalise(input.lines);
  if (lines.length === 0) throw new Error('ledger: a posting needs at least one non-zero line');
  if (lines.reduce((s, l) => s + l.amount, 0n) !== 0n) throw new Error('ledger: posting does not balance');

  const [created] = await tx
    .insert(postings)
    .values({ merchantId: input.merchantId, kind: input.kind, idemKey: input.idemKey, memberId: input.memberId ?? null, meta: input.meta ?? {}, reverses: input.reverses ?? null })
    .onConflictDoNothing({ target: [postings.merchantId, postings.idemKey] })
    .returning({ id: postings.id });
  if (!created) return replay(tx, input);

  const balanceAfter = new Map<bigint, bigint>();
  for (const l of lines) {
    let row: { balance: bigint } | undefined;
    try {
      [row] = await tx
        .update(ledgerAccounts)
        .set({ balance: sql`${ledgerAccounts.balance} + ${l.amount}` })
        .where(and(eq(ledgerAccounts.id, l.account), eq(ledgerAccounts.merchantId, input.merchantId)))
        .returning({ balance: ledgerAccounts.balance });
    } catch (err) {
      if (pgCode(err) === CHECK_VIOLATION) throw new AppError('wallet.insufficient.funds');
      throw err;
    }
    if (!row) throw new Error(`ledger: account ${l.account} is not an account of brand ${input.merchantId}`);
    balanceAfter.set(l.account, BigInt(row.balance));
  }
  await tx.insert(entries).values(lines.map((l) => ({ postingId: created.id, accountId: l.account, amount: l.amount, balanceAfter: balanceAfter.get(l.account)! })));
  return { postingId: created.id, applied: true, balanceAfter };
}

async function replay(tx: Tx | Db, input: PostInput): Promise<PostResult> {
  const [p] = await tx.select().from(postings).where(and(eq(postings.merchantId, input.merchantId), eq(postings.idemKey, input.idemKey)));
  if (!p || p.kind !== input.kind) throw new AppError('wallet.duplicate.reference');
  const rows = await tx.select({ accountId: entries.accountId, balanceAfter: entries.balanceAfter }).from(entries).where(eq(entries.postingId, p.id));
  return { postingId: p.id, applied: false, balanceAfter: new Map(rows.map((r) => [r.accountId, r.balanceAfter])) };
}

/** The id of a member's wallet account, created on first use. */
export async function memberAccount(tx: Tx | Db, merchantId: number, memberId: bigint, wallet = 'main'): Promise<bigint> {
  const found = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.merchantId, merchantId), eq(ledgerAccounts.memberId, memberId), eq(ledgerAccounts.wallet, wallet)));
  if (found[0]) return found[0].id;
  await tx.execute(sql`insert into ledger_accounts (merchant_id, member_id, wallet) values (${merchantId}, ${memberId}, ${wallet})
    on conflict (merchant_id, member_id, wallet) where member_id is not null do nothing`);
  return memberAccount(tx, merchantId, memberId, wallet);
}

/** The id of a brand account (house, clearing, …), created on first use. */
export async function brandAccount(tx: Tx | Db, merchantId: number, wallet: BrandWallet): Promise<bigint> {
  const found = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.merchantId, merchantId), isNull(ledgerAccounts.memberId), eq(ledgerAccounts.wallet, wallet)));
  if (found[0]) return found[0].id;
  await tx.execute(sql`insert into ledger_accounts (merchant_id, wallet, allow_negative) values (${merchantId}, ${wallet}, true)
    on conflict (merchant_id, wallet) where member_id is null do nothing`);
  return brandAccount(tx, merchantId, wallet);
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

/** One posting in its own transaction. */
export function postAlone(db: Db, input: PostInput): Promise<PostResult> {
  return db.transaction((tx) => post(tx, input));
}
