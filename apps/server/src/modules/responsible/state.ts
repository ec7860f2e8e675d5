/**
 * Responsible gaming on the hot paths (login, deposit, seamless bet): a member's limits row read
 * through a small per-member cache (one primary-key read on a miss), cleared on every change on
 * every instance (the bus, see routes.ts). A member without limits or break costs no query once
 * cached; a member with a loss limit costs one indexed range read of its own bets of the period.
 */
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { responsible as contract } from '@lobby/contract';
import type { Db, Tx } from '../../db/index.ts';
import { betRecords, depositOrders, responsibleLimits, vendorTransactions } from '../../db/schema.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { brandPeriodStarts } from '../../kernel/brand-time/index.ts';
import { formatAmount } from '../../kernel/ledger/index.ts';

export type Row = typeof responsibleLimits.$inferSelect;
export type Field = contract.Field;
export type Period = 'Day' | 'Week' | 'Month';
export const PERIODS: readonly Period[] = ['Day', 'Week', 'Month'];

/** The limits in force at `now`: the row's values with the pending changes that are due applied. */
export interface Limits {
  depositDay: bigint | null; depositWeek: bigint | null; depositMonth: bigint | null;
  lossDay: bigint | null; lossWeek: bigint | null; lossMonth: bigint | null;
  sessionMinutes: number | null; realityMinutes: number | null;
}

const isAmount = (f: Field) => (contract.AMOUNT_FIELDS as readonly string[]).includes(f);

export function effective(row: Row | null, now: Date): Limits {
  const l: Limits = {
    depositDay: row?.depositDay ?? null, depositWeek: row?.depositWeek ?? null, depositMonth: row?.depositMonth ?? null,
    lossDay: row?.lossDay ?? null, lossWeek: row?.lossWeek ?? null, lossMonth: row?.lossMonth ?? null,
    sessionMinutes: row?.sessionMinutes ?? null, realityMinutes: row?.realityMinutes ?? null,
  };
  for (const [f, p] of Object.entries(row?.pending ?? {})) {
    if (Date.parse(p.at) > now.getTime()) continue;
    const field = f as Field;
    (l as unknown as Record<string, unknown>)[field] = p.value === null ? null : isAmount(field) ? BigInt(p.value) : Number(p.value);
  }
  return l;
}

/** The break in force at `now`, if any. */
export const activeBreak = (row: Row | null, now: Date) =>
  row?.breakKind && row.breakUntil && row.breakUntil.getTime() > now.getTime() ? { kind: row.breakKind, until: row.breakUntil, setBy: row.breakSetBy ?? '' } : null;

// ---- the cache ---------------------------------------------------------------------------------

const TTL_MS = 60_000;
const MAX_ENTRIES = 100_000;
const caches = new WeakMap<object, Map<string, { row: Row | null; until: number }>>();
const keyOf = (merchantId: number, memberId: bigint) => `${merchantId}:${memberId}`;

function cacheOf(db: object) {
  let c = caches.get(db);
  if (!c) caches.set(db, (c = new Map()));
  return c;
}

/** Forgets a member's cached row (`merchantId:memberId`); called on every change, on every instance. */
export function forget(db: object, key: string): void {
  cacheOf(db).delete(key);
}
export const cacheKey = keyOf;

/** The member's row (null = no limits, no break), cached for a minute at most. */
export async function rowOf(db: Db | Tx, merchantId: number, memberId: bigint): Promise<Row | null> {
  const cache = cacheOf(db);
  const key = keyOf(merchantId, memberId);
  const hit = cache.get(key);
  if (hit && hit.until > Date.now()) return hit.row;
  const [row] = await db.select().from(responsibleLimits)
    .where(and(eq(responsibleLimits.memberId, memberId), eq(responsibleLimits.merchantId, merchantId)));
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(key, { row: row ?? null, until: Date.now() + TTL_MS });
  return row ?? null;
}

// ---- periods and usage -------------------------------------------------------------------------

/** Starts of the brand's local day, week (Monday) and month containing `now`. */
export const periodStarts = (brand: Brand, now: Date): Record<Period, Date> => brandPeriodStarts(brand, now);

/** Net loss per period: bets − wins of the bets placed in it (an open bet counts as lost, a refunded one not). */
export async function lossUsage(db: Db | Tx, brand: Brand, memberId: bigint, now: Date, periods: readonly Period[] = PERIODS): Promise<Record<Period, bigint>> {
  const s = periodStarts(brand, now);
  const from = periods.reduce((m, p) => (s[p] < m ? s[p] : m), s.Day);
  const loss = sql`case ${betRecords.status} when 'settled' then ${betRecords.bet} - ${betRecords.win} when 'open' then ${betRecords.bet} else 0 end`;
  const sum = (p: Period) => sql<string>`coalesce(sum(${loss}) filter (where ${betRecords.betAt} >= ${s[p].toISOString()}), 0)::text`;
  const [r] = await db.select({ Day: sum('Day'), Week: sum('Week'), Month: sum('Month') }).from(betRecords)
    .where(and(eq(betRecords.merchantId, brand.id), eq(betRecords.memberId, memberId), gte(betRecords.betAt, from)));
  return { Day: BigInt(r.Day), Week: BigInt(r.Week), Month: BigInt(r.Month) };
}

/** Deposits per period: confirmed orders and open (pending) ones. */
export async function depositUsage(db: Db | Tx, brand: Brand, memberId: bigint, now: Date): Promise<Record<Period, bigint>> {
  const s = periodStarts(brand, now);
  const from = s.Week < s.Month ? s.Week : s.Month;
  const sum = (p: Period) => sql<string>`coalesce(sum(${depositOrders.amount}) filter (where ${depositOrders.createdAt} >= ${s[p].toISOString()}), 0)::text`;
  const [r] = await db.select({ Day: sum('Day'), Week: sum('Week'), Month: sum('Month') }).from(depositOrders)
    .where(and(eq(depositOrders.merchantId, brand.id), eq(depositOrders.memberId, memberId), gte(depositOrders.createdAt, from),
      inArray(depositOrders.status, ['pending', 'confirmed'])));
  return { Day: BigInt(r.Day), Week: BigInt(r.Week), Month: BigInt(r.Month) };
}

// ---- the checks ----------------------------------------------------------------------------------

const dateOf = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ') + ' UTC';

function breakError(b: NonNullable<ReturnType<typeof activeBreak>>): AppError {
  return new AppError(b.kind === 'exclusion' ? 'responsible.excluded' : 'responsible.cooloff', { until: dateOf(b.until) }, { until: b.until.toISOString() });
}

/** Refuses a login (or any play or deposit) during a cool-off or self-exclusion. */
export async function checkLogin(db: Db | Tx, brand: Brand, memberId: bigint, now = new Date()): Promise<void> {
  const b = activeBreak(await rowOf(db, brand.id, memberId), now);
  if (b) throw breakError(b);
}

/** The first limit that `amount` more would pass: the error to answer. */
function over(limits: Limits, kind: 'deposit' | 'loss', used: Record<Period, bigint>, amount: bigint): AppError | null {
  for (const p of PERIODS) {
    const limit = limits[`${kind}${p}`];
    if (limit === null || used[p] + amount <= limit) continue;
    const left = limit - used[p];
    return new AppError(kind === 'deposit' ? 'responsible.deposit.limit' : 'responsible.loss.limit',
      { limit: formatAmount(limit), left: formatAmount(left > 0n ? left : 0n) }, { period: p.toLowerCase(), limit: formatAmount(limit), left: formatAmount(left > 0n ? left : 0n) });
  }
  return null;
}

/**
 * The seamless-bet (and lottery) check: refused during a break, or when losing `amount` more
 * would pass a loss limit. No limits: a cache read, no query. A refused call whose tx id was
 * seen before goes through, so a vendor's retry still reads the first answer back.
 */
export async function checkPlay(db: Db | Tx, brand: Brand, memberId: bigint, amount: bigint, tx?: { vendor: string; txId: string }, now = new Date()): Promise<void> {
  const row = await rowOf(db, brand.id, memberId);
  if (!row) return;
  const err = await refusal(db, brand, memberId, row, amount, now);
  if (err && !(tx && await seen(db, brand.id, tx.vendor, tx.txId))) throw err;
}

async function refusal(db: Db | Tx, brand: Brand, memberId: bigint, row: Row, amount: bigint, now: Date): Promise<AppError | null> {
  const b = activeBreak(row, now);
  if (b) return breakError(b);
  const l = effective(row, now);
  const periods = PERIODS.filter((p) => l[`loss${p}`] !== null);
  if (periods.length === 0) return null;
  return over(l, 'loss', await lossUsage(db, brand, memberId, now, periods), amount);
}

async function seen(db: Db | Tx, merchantId: number, vendor: string, txId: string): Promise<boolean> {
  const [r] = await db.select({ id: vendorTransactions.id }).from(vendorTransactions)
    .where(and(eq(vendorTransactions.merchantId, merchantId), eq(vendorTransactions.vendor, vendor), eq(vendorTransactions.txId, txId)));
  return !!r;
}

/** The deposit-order check: refused during a break, or above what is left of a deposit limit. */
export async function checkDeposit(db: Db | Tx, brand: Brand, memberId: bigint, amount: bigint, now = new Date()): Promise<void> {
  const row = await rowOf(db, brand.id, memberId);
  if (!row) return;
  const b = activeBreak(row, now);
  if (b) throw breakError(b);
  const l = effective(row, now);
  if (l.depositDay === null && l.depositWeek === null && l.depositMonth === null) return;
  const err = over(l, 'deposit', await depositUsage(db, brand, memberId, now), amount);
  if (err) throw err;
}
