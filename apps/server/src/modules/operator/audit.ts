/** Reading the audit log (written by kernel/operator-access): search, pages and the CSV export. */
import { and, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { operator } from '@lobby/contract';
import type { Db } from '../../db/index.ts';
import { merchants, operatorAudit } from '../../db/schema.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { brandDayStart } from '../../kernel/brand-time/index.ts';

type Filter = Omit<operator.AuditQueryInput, 'page'>;

function where(brand: Brand, f: Filter): SQL | undefined {
  const day = (d: string) => brandDayStart(brand, new Date(`${d}T12:00:00Z`));
  const conds: (SQL | undefined)[] = [or(eq(operatorAudit.merchantId, brand.id), sql`${operatorAudit.merchantId} is null`)];
  if (f.action) conds.push(ilike(operatorAudit.action, `${escape(f.action)}%`));
  if (f.operator) conds.push(ilike(operatorAudit.operatorName, escape(f.operator)));
  if (f.from) conds.push(gte(operatorAudit.at, day(f.from)));
  if (f.to) conds.push(lt(operatorAudit.at, new Date(day(f.to).getTime() + 86_400_000)));
  if (f.q) {
    const like = `%${escape(f.q)}%`;
    conds.push(or(ilike(operatorAudit.target, like), ilike(operatorAudit.action, like), ilike(operatorAudit.operatorName, like),
      sql`${operatorAudit.before}::text ilike ${like}`, sql`${operatorAudit.after}::text ilike ${like}`));
  }
  return and(...conds);
}

const escape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const view = (r: typeof operatorAudit.$inferSelect, code: string | null): operator.AuditRow => ({
  id: String(r.id), at: r.at.toISOString(), operatorName: r.operatorName, brand: code, action: r.action, target: r.target,
  before: r.before ?? null, after: r.after ?? null, ip: r.ip,
});

export async function list(db: Db, brand: Brand, f: Filter, page: number, pageSize: number) {
  const w = where(brand, f);
  const rows = await db.select({ r: operatorAudit, code: merchants.code }).from(operatorAudit)
    .leftJoin(merchants, eq(merchants.id, operatorAudit.merchantId))
    .where(w).orderBy(desc(operatorAudit.id)).limit(pageSize).offset((page - 1) * pageSize);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(operatorAudit).where(w);
  return { list: rows.map((x) => view(x.r, x.code)), page, pageSize, total: n };
}

const cell = (v: unknown) => {
  const s = v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v);
  // quote every cell; a leading = + - @ is prefixed so spreadsheets do not run it as a formula
  return `"${(/^[=+\-@\t\r]/.test(s) ? `'${s}` : s).replace(/"/g, '""')}"`;
};

/** The filtered log as CSV (at most 50,000 rows, newest first). */
export async function csv(db: Db, brand: Brand, f: Filter): Promise<string> {
  const rows = await db.select({ r: operatorAudit, code: merchants.code }).from(operatorAudit)
    .leftJoin(merchants, eq(merchants.id, operatorAudit.merchantId))
    .where(where(brand, f)).orderBy(desc(operatorAudit.id)).limit(50_000);
  const head = ['id', 'at', 'operator', 'brand', 'action', 'target', 'before', 'after', 'ip'];
  const lines = rows.map(({ r, code }) => [String(r.id), r.at.toISOString(), r.operatorName, code ?? '', r.action, r.target, r.before, r.after, r.ip].map(cell).join(','));
  return `${[head.map(cell).join(','), ...lines].join('\r\n')}\r\n`;
}
