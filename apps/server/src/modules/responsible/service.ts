/**
 * Responsible gaming rules (issue 9, item 6): limits (stricter at once, looser after 24 hours),
 * breaks (cool-off, self-exclusion: sessions ended at once, never shortened by the member), the
 * operator's lift of a cool-off, and the audit row of every change (actor `member:<username>`
 * for the member's own changes). The hot-path checks are in state.ts.
 */
import type { FastifyInstance } from 'fastify';
import { and, desc, eq, gte, isNull, like, or, sql } from 'drizzle-orm';
import { responsible as contract } from '@lobby/contract';
import type { Db, Tx } from '../../db/index.ts';
import { betRecords, members, operatorAudit, responsibleLimits, sessions, type PendingLimits } from '../../db/schema.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { endSessionSockets } from '../../kernel/live/index.ts';
import { record } from '../../kernel/operator-access/index.ts';
import { formatAmount, parseAmount } from '../../kernel/ledger/index.ts';
import { activeBreak, cacheKey, depositUsage, effective, forget, lossUsage, type Field, type Limits, type Row } from './state.ts';

export const BUS_CHANNEL = 'responsible.changed';
const DELAY_MS = contract.DELAY_HOURS * 3_600_000;

/** Who changes: the member itself or an operator (its audit actor). */
export interface Changer { operatorId: bigint | null; name: string; ip: string }
export const memberChanger = (username: string, ip: string): Changer => ({ operatorId: null, name: `member:${username}`, ip });

/** Clears the member's cached row here and on every other instance. */
export async function changed(app: FastifyInstance, merchantId: number, memberId: bigint): Promise<void> {
  const key = cacheKey(merchantId, memberId);
  forget(app.db, key);
  await app.bus.publish(BUS_CHANNEL, key);
}

async function loadRow(db: Db | Tx, merchantId: number, memberId: bigint, lock = false): Promise<Row | null> {
  const q = db.select().from(responsibleLimits).where(and(eq(responsibleLimits.memberId, memberId), eq(responsibleLimits.merchantId, merchantId)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

const amountOut = (v: bigint | null) => (v === null ? null : formatAmount(v));

/** The member's limits view: in force, pending, usage per period and break. */
export async function view(db: Db, brand: Brand, memberId: bigint, now = new Date()): Promise<contract.LimitsView> {
  const row = await loadRow(db, brand.id, memberId);
  const l = effective(row, now);
  const [dep, loss] = await Promise.all([depositUsage(db, brand, memberId, now), lossUsage(db, brand, memberId, now)]);
  const b = activeBreak(row, now);
  return {
    depositDay: amountOut(l.depositDay), depositWeek: amountOut(l.depositWeek), depositMonth: amountOut(l.depositMonth),
    lossDay: amountOut(l.lossDay), lossWeek: amountOut(l.lossWeek), lossMonth: amountOut(l.lossMonth),
    sessionMinutes: l.sessionMinutes, realityMinutes: l.realityMinutes,
    pending: Object.entries(row?.pending ?? {}).filter(([, p]) => Date.parse(p.at) > now.getTime())
      .map(([field, p]) => ({ field: field as Field, value: p.value === null ? null : isAmount(field as Field) ? formatAmount(BigInt(p.value)) : Number(p.value), appliesAt: p.at })),
    usage: {
      depositDay: formatAmount(dep.Day), depositWeek: formatAmount(dep.Week), depositMonth: formatAmount(dep.Month),
      lossDay: formatAmount(loss.Day), lossWeek: formatAmount(loss.Week), lossMonth: formatAmount(loss.Month),
    },
    break: b ? { kind: b.kind, until: b.until.toISOString(), setBy: b.setBy } : null,
    currency: brand.config.currency.code,
  };
}

const isAmount = (f: Field) => (contract.AMOUNT_FIELDS as readonly string[]).includes(f);
/** A looser value waits; the reality-check interval is a reminder, not a limit: it applies at once. */
const delayed = (f: Field, from: bigint | number | null, to: bigint | number | null) =>
  f !== 'realityMinutes' && from !== null && (to === null || to > from);

type LimitChange = Partial<Record<Field, string | number | null>>;

/**
 * Applies a change of limits. Per field: stricter (lower, or new) applies now and drops a
 * pending looser value; looser (higher or removed) is pending for 24 hours; the same value
 * drops the pending change. Due pending values are written into the row first.
 */
export async function setLimits(app: FastifyInstance, brand: Brand, memberId: bigint, username: string, who: Changer, body: LimitChange, now = new Date()) {
  const db = app.db;
  await db.transaction(async (tx) => {
    const row = await loadRow(tx, brand.id, memberId, true);
    const current = effective(row, now);
    const next: Limits = { ...current };
    const pending: PendingLimits = Object.fromEntries(Object.entries(row?.pending ?? {}).filter(([, p]) => Date.parse(p.at) > now.getTime()));
    const changes: Record<string, unknown> = {};
    for (const f of contract.FIELDS) {
      if (!(f in body) || body[f] === undefined) continue;
      const raw = body[f];
      const to = raw === null ? null : isAmount(f) ? parseAmount(raw) : Number(raw);
      const from = current[f];
      if (to === from) {
        if (pending[f]) changes[f] = { cancelledPending: pending[f].value };
        delete pending[f];
      } else if (delayed(f, from, to)) {
        pending[f] = { value: to === null ? null : String(to), at: new Date(now.getTime() + DELAY_MS).toISOString() };
        changes[f] = { from: plainOf(from), pending: plainOf(to), appliesAt: pending[f].at };
      } else {
        (next as unknown as Record<string, unknown>)[f] = to;
        delete pending[f];
        changes[f] = { from: plainOf(from), to: plainOf(to) };
      }
    }
    if (Object.keys(changes).length === 0) return;
    const values = { ...next, pending, updatedAt: now };
    await tx.insert(responsibleLimits).values({ memberId, merchantId: brand.id, ...values })
      .onConflictDoUpdate({ target: responsibleLimits.memberId, set: values });
    await record(tx, who, brand, who.ip, { action: 'responsible.limits', target: username, before: snapshot(current), after: changes });
  });
  await changed(app, brand.id, memberId);
  return view(db, brand, memberId, now);
}

const plainOf = (v: bigint | number | null) => (typeof v === 'bigint' ? formatAmount(v) : v);
const snapshot = (l: Limits) => Object.fromEntries(Object.entries(l).map(([k, v]) => [k, plainOf(v as bigint | number | null)]));

/** Ends every live session of the member and closes their pages' sockets. */
export async function endSessions(app: FastifyInstance, brand: Brand, memberId: bigint): Promise<number> {
  const ended = await app.db.update(sessions).set({ revokedAt: new Date() })
    .where(and(eq(sessions.merchantId, brand.id), eq(sessions.memberId, memberId), isNull(sessions.revokedAt))).returning({ id: sessions.id });
  endSessionSockets(app, ended.map((s) => s.id));
  return ended.length;
}

/**
 * Starts (or lengthens) a break. It cannot end earlier than the break in force (by anyone), and
 * a cool-off cannot replace a self-exclusion. Ends the member's sessions at once.
 */
export async function takeBreak(app: FastifyInstance, brand: Brand, memberId: bigint, username: string, who: Changer, body: contract.BreakBody, now = new Date()) {
  const range = body.kind === 'cooloff' ? contract.COOLOFF_DAYS : contract.EXCLUSION_DAYS;
  if (body.days < range.min || body.days > range.max) throw new AppError('responsible.break.duration', { min: range.min, max: range.max });
  const until = new Date(now.getTime() + body.days * 86_400_000);
  await app.db.transaction(async (tx) => {
    const row = await loadRow(tx, brand.id, memberId, true);
    const cur = activeBreak(row, now);
    if (cur && (cur.until.getTime() > until.getTime() || (cur.kind === 'exclusion' && body.kind === 'cooloff'))) {
      throw new AppError('responsible.break.shorten', { until: cur.until.toISOString().slice(0, 10) }, { until: cur.until.toISOString() });
    }
    const values = { breakKind: body.kind, breakUntil: until, breakSetBy: who.operatorId === null && who.name.startsWith('member:') ? 'member' : who.name, updatedAt: now };
    await tx.insert(responsibleLimits).values({ memberId, merchantId: brand.id, ...values })
      .onConflictDoUpdate({ target: responsibleLimits.memberId, set: values });
    await record(tx, who, brand, who.ip, {
      action: `responsible.${body.kind}`, target: username,
      before: cur ? { kind: cur.kind, until: cur.until.toISOString() } : null, after: { kind: body.kind, days: body.days, until: until.toISOString() },
    });
  });
  await changed(app, brand.id, memberId);
  const ended = await endSessions(app, brand, memberId);
  app.log.info({ memberId: String(memberId), kind: body.kind, ended }, 'responsible break started');
  return { kind: body.kind, until: until.toISOString() };
}

/** An operator lifts a cool-off (with a reason). A self-exclusion runs to its end. */
export async function liftCooloff(app: FastifyInstance, brand: Brand, memberId: bigint, username: string, who: Changer, reason: string, now = new Date()) {
  await app.db.transaction(async (tx) => {
    const row = await loadRow(tx, brand.id, memberId, true);
    const cur = activeBreak(row, now);
    if (cur?.kind === 'exclusion') throw new AppError('responsible.exclusion.final');
    if (!cur) throw new AppError('responsible.no.cooloff');
    await tx.update(responsibleLimits).set({ breakKind: null, breakUntil: null, breakSetBy: null, updatedAt: now }).where(eq(responsibleLimits.memberId, memberId));
    await record(tx, who, brand, who.ip, { action: 'responsible.lift', target: username, before: { kind: cur.kind, until: cur.until.toISOString() }, after: { kind: null, reason } });
  });
  await changed(app, brand.id, memberId);
  return view(app.db, brand, memberId, now);
}

/** A member of the brand (the console's target). */
export async function memberOf(db: Db, brand: Brand, id: string) {
  const [m] = await db.select({ id: members.id, username: members.username, status: members.status }).from(members)
    .where(and(eq(members.merchantId, brand.id), eq(members.id, BigInt(id))));
  if (!m) throw new AppError('operator.member.not.found');
  return m;
}

/** The member's responsible-gaming audit rows, newest first. */
export async function history(db: Db, brand: Brand, username: string) {
  const rows = await db.select().from(operatorAudit)
    .where(and(eq(operatorAudit.merchantId, brand.id), eq(operatorAudit.target, username), like(operatorAudit.action, 'responsible.%')))
    .orderBy(desc(operatorAudit.id)).limit(50);
  return rows.map((r) => ({ at: r.at.toISOString(), actor: r.operatorName, action: r.action, before: r.before ?? null, after: r.after ?? null }));
}

/** Reality check: the interval, when this session started and its net result (wins − bets). */
export async function reality(db: Db, brand: Brand, memberId: bigint, sessionId: bigint, now = new Date()) {
  const row = await loadRow(db, brand.id, memberId);
  const [s] = await db.select({ at: sessions.createdAt }).from(sessions).where(eq(sessions.id, sessionId));
  const started = s?.at ?? now;
  const net = sql<string>`coalesce(sum(case ${betRecords.status} when 'settled' then ${betRecords.win} - ${betRecords.bet} when 'open' then -${betRecords.bet} else 0 end), 0)::text`;
  const [r] = await db.select({ net }).from(betRecords)
    .where(and(eq(betRecords.merchantId, brand.id), eq(betRecords.memberId, memberId), gte(betRecords.betAt, started)));
  return { intervalMinutes: effective(row, now).realityMinutes, sessionStartedAt: started.toISOString(), net: formatAmount(BigInt(r?.net ?? '0')), currency: brand.config.currency.code };
}

/**
 * Session limit (job, every minute): ends the sessions older than their member's session limit
 * and closes their pages (the sockets are dropped right away; the revocation commits with the
 * job's transaction). Reads only the members that have a session limit (partial index).
 */
export async function endLongSessions(app: FastifyInstance, db: Db | Tx, now = new Date()): Promise<number> {
  const rows = await db.select().from(responsibleLimits)
    .where(or(sql`${responsibleLimits.sessionMinutes} is not null`, sql`${responsibleLimits.pending} ? 'sessionMinutes'`));
  const due: bigint[] = [];
  for (const r of rows) {
    const minutes = effective(r, now).sessionMinutes;
    if (minutes === null) continue;
    const ended = await db.update(sessions).set({ revokedAt: now })
      .where(and(eq(sessions.memberId, r.memberId), isNull(sessions.revokedAt), sql`${sessions.createdAt} <= ${new Date(now.getTime() - minutes * 60_000).toISOString()}`))
      .returning({ id: sessions.id });
    due.push(...ended.map((s) => s.id));
  }
  endSessionSockets(app, due);
  return due.length;
}
