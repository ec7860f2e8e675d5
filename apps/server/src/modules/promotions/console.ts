/**
 * The console's promotions (issue 9 item 3) and the operator API's promotion calls: every promotion
 * with its rule and texts per language, create or replace one (rule checked against its kind, HTML
 * sanitised), switch one off or on; console changes are audited with before/after. Promotions are
 * read from the database on every player request (no cache). Registered by the promotions routes
 * (routes.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, eq, sql } from 'drizzle-orm';
import { operatorContent as api, promotions as contract } from '@lobby/contract';
import type { Db } from '../../db/index.ts';
import { promotionClaims, promotions, type RuleRow } from '../../db/promotions-schema.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { sanitizeTexts } from '../announcements/index.ts';
import { operatorOf, record, type Actor } from '../../kernel/operator-access/index.ts';
import { route } from '../../lib/route.ts';
import { applications, review as reviewClaim, view as playerView } from './service.ts';

export type Input = ReturnType<typeof contract.promotionInput.parse>;

/** "12.5" -> "1250" (minor units, as the rule rows keep them). The contract checked the shape. */
const minor = (major: string | undefined) => {
  if (major === undefined) return undefined;
  const [int, frac = ''] = major.split('.');
  return String(BigInt(int) * 100n + BigInt(frac.padEnd(2, '0')));
};

export function ruleOf(r: Input['rule']): RuleRow {
  const bad = (reason: string) => new AppError('promotion.rule.invalid', { reason });
  const needsBps = r.kind === 'deposit' || r.kind === 'newbie' || r.kind === 'rebate';
  if (needsBps && !r.bps) throw bad('bps');
  if (r.kind === 'appDownload' && !(Number(r.fixedAmount ?? 0) > 0)) throw bad('fixedAmount');
  if (r.kind === 'ranking' && !(r.prizes?.length && r.prizes.every((p) => Number(p) > 0))) throw bad('prizes');
  if (r.kind === 'ranking' && r.period === 'once') throw bad('period');
  if ((r.kind === 'newbie' || r.kind === 'appDownload') && r.period !== 'once') throw bad('period');
  if (r.kind === 'newbie' && !r.withinDays) throw bad('withinDays');
  return {
    kind: r.kind, period: r.period, bps: r.bps, maxBonus: minor(r.maxBonus), minDeposit: minor(r.minDeposit), minValidBet: minor(r.minValidBet),
    fixedAmount: minor(r.fixedAmount), turnoverMultiple: r.turnoverMultiple, withinDays: r.withinDays, gameTypes: r.gameTypes,
    prizes: r.prizes?.map((p) => minor(p)!),
  };
}

export async function create(db: Db, brand: Brand, body: Input) {
  const startsAt = new Date(body.startsAt);
  const endsAt = body.endsAt ? new Date(body.endsAt) : null;
  if (endsAt && endsAt <= startsAt) throw new AppError('promotion.rule.invalid', { reason: 'endsAt' });
  const [row] = await db.insert(promotions).values({
    merchantId: brand.id, category: body.category, rule: ruleOf(body.rule), title: body.title, summary: body.summary ?? {}, content: sanitizeTexts(body.content ?? {}),
    image: body.image ?? '', sort: body.sort ?? 0, startsAt, endsAt,
  }).returning();
  return row;
}

export async function setEnabled(db: Db, brand: Brand, id: bigint, enabled: boolean) {
  const [row] = await db.update(promotions).set({ enabled }).where(and(eq(promotions.merchantId, brand.id), eq(promotions.id, id))).returning();
  if (!row) throw new AppError('promotion.not.found');
  return { id: String(row.id), enabled: row.enabled };
}

type Row = typeof promotions.$inferSelect;

function view(p: Row, pending: number): api.ContentPromotion {
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

/** The operator API's promotion calls and the console's promotions page (content.manage). */
export async function promotionsConsoleRoutes(app: FastifyInstance) {
  const g = (ctx: { req: FastifyRequest }) => operatorOf(ctx.req);
  // operator API (X-Operator-Key or a console session)
  route(app, contract.operatorApplications, async ({ brand, req }) => {
    operatorOf(req);
    return applications(app.db, brand);
  });
  route(app, contract.operatorCreate, async ({ brand, req, body }) => {
    operatorOf(req);
    return playerView(await create(app.db, brand, body), 'EN', null);
  });
  route(app, contract.operatorSetEnabled, async ({ brand, req, body }) => {
    operatorOf(req);
    return setEnabled(app.db, brand, BigInt(body.id), body.enabled);
  });
  route(app, contract.operatorReview, async ({ brand, req, body }) => {
    operatorOf(req);
    return reviewClaim(app.db, brand, BigInt(body.claimId), body.approve);
  });

  // the promotions page
  route(app, api.listPromotions, async (ctx) => (g(ctx), list(app.db, ctx.brand)));
  route(app, api.savePromotion, async (ctx) => save(app.db, ctx.brand, g(ctx), ctx.req.ip, ctx.body));
}
