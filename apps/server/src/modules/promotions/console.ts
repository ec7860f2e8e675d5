/**
 * The console's promotions (issue 9 item 3): every promotion with its rule and texts per
 * language, create or replace one (rule checked against its kind, HTML sanitised), audited with
 * before/after. Promotions are read from the database on every player request (no cache).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { operatorContent } from '@lobby/contract';
import type { Db } from '../../db/index.ts';
import { promotionClaims, promotions } from '../../db/promotions-schema.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { sanitizeTexts } from '../announcements/sanitize.ts';
import { record, type Actor } from '../../kernel/operator-access/index.ts';
import { create, ruleOf, type Input } from './console-rules.ts';
import { view as playerView } from './service.ts';

type Row = typeof promotions.$inferSelect;

function view(p: Row, pending: number): operatorContent.ContentPromotion {
  const { mine: _m, title: _t, summary: _s, ...base } = playerView(p, 'EN', null);
  return { ...base, title: p.title, summary: p.summary, content: p.content, sort: p.sort, enabled: p.enabled, pending };
}

const pendingSql = sql<number>`(select count(*)::int from ${promotionClaims} c where c.promotion_id = ${promotions.id} and c.status = 'applying')`;

export async function list(db: Db, brand: Brand) {
  const rows = await db.select({ p: promotions, pending: pendingSql }).from(promotions)
    .where(eq(promotions.merchantId, brand.id)).orderBy(asc(promotions.sort), asc(promotions.id));
  return { list: rows.map((r) => view(r.p, r.pending)) };
}

const auditView = (p: Row) => ({ category: p.category, rule: p.rule, title: p.title, summary: p.summary, content: p.content, image: p.image, sort: p.sort,
  enabled: p.enabled, startsAt: p.startsAt, endsAt: p.endsAt });

export async function save(db: Db, brand: Brand, actor: Actor, ip: string, body: { id?: string; promotion: Input }) {
  const input = body.promotion;
  if (!body.id) {
    const row = await create(db, brand, input);
    await record(db, actor, brand, ip, { action: 'content.promotion.create', target: String(row.id), after: auditView(row) });
    return view(row, 0);
  }
  const id = BigInt(body.id);
  const [before] = await db.select().from(promotions).where(and(eq(promotions.merchantId, brand.id), eq(promotions.id, id)));
  if (!before) throw new AppError('promotion.not.found');
  const startsAt = new Date(input.startsAt);
  const endsAt = input.endsAt ? new Date(input.endsAt) : null;
  if (endsAt && endsAt <= startsAt) throw new AppError('promotion.rule.invalid', { reason: 'endsAt' });
  const [row] = await db.update(promotions).set({
    category: input.category, rule: ruleOf(input.rule), title: input.title, summary: input.summary ?? {}, content: sanitizeTexts(input.content ?? {}),
    image: input.image ?? '', sort: input.sort ?? 0, startsAt, endsAt,
  }).where(eq(promotions.id, id)).returning();
  await record(db, actor, brand, ip, { action: 'content.promotion.update', target: body.id, before: auditView(before), after: auditView(row) });
  const [{ pending }] = await db.select({ pending: pendingSql }).from(promotions).where(eq(promotions.id, id));
  return view(row, pending);
}
