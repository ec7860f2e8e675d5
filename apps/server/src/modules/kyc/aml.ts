/**
 * The AML report (contract aml.ts): flags found from confirmed deposits and withdrawal requests
 * (not rejected or returned) of the last SCAN_DAYS days against the brand's thresholds, listed,
 * exported as CSV and decided by the compliance officer. Flags never block money.
 */
import { and, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { aml } from '@lobby/contract';
import type { Db, Tx } from '../../db/index.ts';
import { amlFlags, members } from '../../db/schema.ts';
import { formatAmount } from '../../kernel/ledger/index.ts';
import { record, type Actor } from '../../kernel/operator-access/index.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { AppError } from '../../plugins/errors.ts';
import { ruleAmount, settingsOf } from './settings.ts';

type D = Db | Tx;
const PAGE = 20;
const CSV_MAX = 50_000;

/** The money of one direction as rows (member, ref, amount, at) of the scan window. */
function source(direction: 'deposit' | 'withdraw', merchantId: number): SQL {
  const since = sql.raw(`now() - interval '${aml.SCAN_DAYS} days'`);
  return direction === 'deposit'
    ? sql`select member_id, order_no as ref, amount, closed_at as at from deposit_orders
        where merchant_id = ${merchantId} and status = 'confirmed' and created_at > ${since} and closed_at is not null`
    : sql`select member_id, withdraw_no as ref, amount, created_at as at from withdrawals
        where merchant_id = ${merchantId} and status not in ('rejected', 'returned') and created_at > ${since}`;
}

const big = (v: bigint) => sql`${String(v)}::bigint`;
const dayOf = sql.raw(`to_char(at at time zone 'UTC', 'YYYY-MM-DD')`);

/** Finds the brand's flags (new ones inserted, open day flags updated with later money). */
export async function scan(db: D, merchantId: number): Promise<void> {
  const { aml: r } = await settingsOf(db, merchantId);
  const single = ruleAmount(r.singleAbove);
  const daily = ruleAmount(r.dailyAbove);
  const updateOpen = sql`on conflict (merchant_id, kind, direction, ref) do update
    set amount = excluded.amount, count = excluded.count, refs = excluded.refs where aml_flags.status = 'open'`;
  for (const direction of aml.DIRECTIONS) {
    const src = source(direction, merchantId);
    if (single !== null) {
      await db.execute(sql`insert into aml_flags (merchant_id, member_id, kind, direction, ref, day, amount, count, refs)
        select ${merchantId}, member_id, 'single', ${direction}, ref, ${dayOf}, amount, 1, jsonb_build_array(ref)
        from (${src}) s where amount > ${big(single)}
        on conflict (merchant_id, kind, direction, ref) do nothing`);
      // structuring: several on one day, each within structuringPct % under the single threshold
      const low = (single * BigInt(100 - r.structuringPct)) / 100n;
      await db.execute(sql`insert into aml_flags (merchant_id, member_id, kind, direction, ref, day, amount, count, refs)
        select ${merchantId}, member_id, 'structuring', ${direction}, member_id || ':' || day, day, sum(amount), count(*), jsonb_agg(ref order by at)
        from (select member_id, ref, amount, at, ${dayOf} as day from (${src}) s0 where amount >= ${big(low)} and amount <= ${big(single)}) s
        group by member_id, day having count(*) >= ${r.structuringCount}
        ${updateOpen}`);
    }
    if (daily !== null) {
      await db.execute(sql`insert into aml_flags (merchant_id, member_id, kind, direction, ref, day, amount, count, refs)
        select ${merchantId}, member_id, 'daily', ${direction}, member_id || ':' || day, day, sum(amount), count(*), jsonb_agg(ref order by at)
        from (select member_id, ref, amount, at, ${dayOf} as day from (${src}) s0) s
        group by member_id, day having sum(amount) > ${big(daily)}
        ${updateOpen}`);
    }
  }
}

type Row = { f: typeof amlFlags.$inferSelect; username: string };
const view = ({ f, username }: Row): aml.FlagView => ({
  id: String(f.id), memberId: String(f.memberId), username, kind: f.kind, direction: f.direction, day: f.day, amount: formatAmount(f.amount),
  count: f.count, refs: f.refs, status: f.status, note: f.note, decidedBy: f.decidedBy, createdAt: f.createdAt.toISOString(), decidedAt: f.decidedAt?.toISOString() ?? null,
});

function whereOf(merchantId: number, q: Omit<aml.FlagQuery, 'page'>) {
  return and(eq(amlFlags.merchantId, merchantId), q.status === 'all' ? undefined : eq(amlFlags.status, q.status),
    q.from ? gte(amlFlags.day, q.from) : undefined, q.to ? lte(amlFlags.day, q.to) : undefined);
}
const rowsOf = (db: D) => db.select({ f: amlFlags, username: members.username }).from(amlFlags).innerJoin(members, eq(members.id, amlFlags.memberId));

/** The report page (newest day first), scanned first. */
export async function list(db: Db, merchantId: number, q: aml.FlagQuery) {
  await scan(db, merchantId);
  const where = whereOf(merchantId, q);
  const rows = await rowsOf(db).where(where).orderBy(desc(amlFlags.day), desc(amlFlags.id)).limit(PAGE).offset((q.page - 1) * PAGE);
  const [{ n }] = await db.select({ n: count() }).from(amlFlags).where(where);
  return { list: rows.map(view), page: q.page, pageSize: PAGE, total: n, rules: (await settingsOf(db, merchantId)).aml };
}

const cell = (v: unknown) => {
  const s = v === null || v === undefined ? '' : String(v);
  return `"${(/^[=+\-@\t\r]/.test(s) ? `'${s}` : s).replace(/"/g, '""')}"`;
};

/** The same filter as CSV (newest day first, at most 50,000 rows; cells a spreadsheet would run are quoted with an apostrophe). */
export async function csv(db: Db, merchantId: number, q: Omit<aml.FlagQuery, 'page'>): Promise<string> {
  await scan(db, merchantId);
  const rows = (await rowsOf(db).where(whereOf(merchantId, q)).orderBy(desc(amlFlags.day), desc(amlFlags.id)).limit(CSV_MAX)).map(view);
  const head = ['id', 'day', 'username', 'memberId', 'kind', 'direction', 'amount', 'count', 'refs', 'status', 'note', 'decidedBy', 'decidedAt'] as const;
  const line = (r: aml.FlagView) => head.map((k) => cell(k === 'refs' ? r.refs.join(' ') : r[k])).join(',');
  return `\uFEFF${[head.map(cell).join(','), ...rows.map(line)].join('\r\n')}\r\n`;
}

/** Reported or dismissed, once, with a note; audited with the flag. */
export async function decide(db: Db, brand: Brand, actor: Actor, ip: string, body: { id: string; decision: 'reported' | 'dismissed'; note: string }, now = new Date()) {
  const [f] = await db.update(amlFlags).set({ status: body.decision, note: body.note, decidedBy: actor.name, decidedAt: now })
    .where(and(eq(amlFlags.id, BigInt(body.id)), eq(amlFlags.merchantId, brand.id), eq(amlFlags.status, 'open'))).returning();
  if (!f) throw new AppError('aml.flag.not.found');
  const [m] = await db.select({ username: members.username }).from(members).where(eq(members.id, f.memberId));
  await record(db, actor, brand, ip, { action: `aml.${body.decision}`, target: `${f.kind}:${f.ref}`,
    before: { status: 'open' }, after: { status: f.status, note: f.note, member: m.username, direction: f.direction, amount: formatAmount(f.amount), refs: f.refs } });
  return view({ f, username: m.username });
}
