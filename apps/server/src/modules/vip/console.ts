/**
 * Console VIP levels: thresholds (cumulative confirmed deposit, cumulative valid bet), the one-time
 * level reward and the label per language. Both thresholds must be strictly above the level below
 * and strictly under the level above, so the levels stay ordered; a new level is the next one.
 * A paid reward keeps its amount (vip_rewards). The members' level cache (vip/service.ts) is
 * forgotten on every instance through the bus. Registered by the VIP routes (routes.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, eq, sql } from 'drizzle-orm';
import { operatorRewards as contract } from '@lobby/contract';
import type { Db } from '../../db/index.ts';
import { vipLevels, vipRewards } from '../../db/missions-schema.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { forgetLevels, LEVELS_CHANNEL } from './service.ts';
import { formatAmount, parseAmount } from '../../kernel/ledger/index.ts';
import { operatorOf, record, type Actor } from '../../kernel/operator-access/index.ts';
import { route } from '../../lib/route.ts';

type Row = typeof vipLevels.$inferSelect;

/** An amount that may be zero (thresholds of the first levels, a level without reward). */
const parseMinor = (v: string | number) => (/^0+(\.0{1,2})?$/.test(String(v).trim()) ? 0n : parseAmount(typeof v === 'string' ? v.trim() : v));

const view = (r: Row, paid: number): contract.VipLevelRow => ({
  level: r.level, labels: { ES: r.labels.ES || r.label, EN: r.labels.EN || r.label },
  minDeposit: formatAmount(r.minDeposit), minValidBet: formatAmount(r.minValidBet), reward: formatAmount(r.reward), paid,
});

async function paidCounts(db: Db, merchantId: number): Promise<Map<number, number>> {
  const rows = await db.select({ level: vipRewards.level, n: sql<number>`count(*)::int` }).from(vipRewards)
    .where(eq(vipRewards.merchantId, merchantId)).groupBy(vipRewards.level);
  return new Map(rows.map((r) => [r.level, r.n]));
}

export async function list(db: Db, brand: Brand): Promise<contract.VipLevelRow[]> {
  const rows = await db.select().from(vipLevels).where(eq(vipLevels.merchantId, brand.id)).orderBy(asc(vipLevels.level));
  const paid = await paidCounts(db, brand.id);
  return rows.map((r) => view(r, paid.get(r.level) ?? 0));
}

export async function save(app: FastifyInstance, brand: Brand, actor: Actor, ip: string,
  b: { level: number; labels: contract.Texts; minDeposit: string | number; minValidBet: string | number; reward: string | number }) {
  const db = app.db;
  const values = { label: b.labels.ES, labels: { ES: b.labels.ES, EN: b.labels.EN }, minDeposit: parseMinor(b.minDeposit), minValidBet: parseMinor(b.minValidBet), reward: parseMinor(b.reward) };
  const out = await db.transaction(async (tx) => {
    // every level of the brand locked: two saves never check against each other's old values
    const rows = await tx.select().from(vipLevels).where(eq(vipLevels.merchantId, brand.id)).orderBy(asc(vipLevels.level)).for('update');
    const cur = rows.find((r) => r.level === b.level);
    const next = rows.length ? rows[rows.length - 1].level + 1 : 0;
    if (!cur && b.level !== next) throw new AppError('operator.rewards.vip.gap', { next });
    const below = rows.filter((r) => r.level < b.level).at(-1);
    const above = rows.find((r) => r.level > b.level);
    const okBelow = !below || (values.minDeposit > below.minDeposit && values.minValidBet > below.minValidBet);
    const okAbove = !above || (values.minDeposit < above.minDeposit && values.minValidBet < above.minValidBet);
    if (!okBelow || !okAbove) throw new AppError('operator.rewards.vip.order', { below: below ? below.level : '—', above: above ? above.level : '—' });
    let u: Row | undefined;
    if (cur) {
      [u] = await tx.update(vipLevels).set(values).where(and(eq(vipLevels.merchantId, brand.id), eq(vipLevels.level, b.level))).returning();
    } else {
      [u] = await tx.insert(vipLevels).values({ ...values, merchantId: brand.id, level: b.level }).onConflictDoNothing().returning();
      if (!u) throw new AppError('operator.rewards.vip.gap', { next: next + 1 });
    }
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(vipRewards).where(and(eq(vipRewards.merchantId, brand.id), eq(vipRewards.level, b.level)));
    const after = view(u, n);
    await record(tx, actor, brand, ip, { action: cur ? 'rewards.vip.update' : 'rewards.vip.create', target: `VIP${b.level}`, before: cur ? view(cur, n) : undefined, after });
    return after;
  });
  forgetLevels(brand.id);
  await app.bus.publish(LEVELS_CHANNEL, String(brand.id));
  return out;
}

/** The console's VIP levels page (content.manage). */
export async function vipConsoleRoutes(app: FastifyInstance) {
  const g = (ctx: { req: FastifyRequest }) => operatorOf(ctx.req);
  route(app, contract.listVipLevels, async (ctx) => (g(ctx), list(app.db, ctx.brand)));
  route(app, contract.saveVipLevel, async (ctx) => save(app, ctx.brand, g(ctx), ctx.req.ip, ctx.body));
}
