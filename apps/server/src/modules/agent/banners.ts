/**
 * Marketing banners (issue 25 item 5): the operator defines the brand's banners (uploaded art or an
 * https address, a size, the lobby page the link opens; X-Operator-Key or a console session with
 * content.manage, each change audited by the operator API); an agent gets the enabled ones and its
 * own affiliate code, which the agent centre embeds in the tracked link and the snippets.
 */
import type { FastifyInstance } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import { affiliate } from '@lobby/contract';
import type { Db } from '../../db/index.ts';
import { affiliateBanners } from '../../db/schema.ts';
import { route } from '../../lib/route.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { requireAgent, type Principal } from '../../plugins/session.ts';
import { operatorOf } from '../../kernel/operator-access/index.ts';

type Row = typeof affiliateBanners.$inferSelect;
const view = (r: Row): affiliate.Banner => ({
  id: String(r.id), name: r.name, width: r.width, height: r.height, imageUrl: r.imageUrl, landingPath: r.landingPath, enabled: r.enabled, updatedAt: r.updatedAt.toISOString(),
});

async function list(db: Db, merchantId: number, enabledOnly = false) {
  const where = enabledOnly ? and(eq(affiliateBanners.merchantId, merchantId), eq(affiliateBanners.enabled, true)) : eq(affiliateBanners.merchantId, merchantId);
  return (await db.select().from(affiliateBanners).where(where).orderBy(desc(affiliateBanners.id)).limit(affiliate.BANNER_MAX)).map(view);
}

type Save = { id?: string; name: string; width: number; height: number; imageUrl: string; landingPath: string; enabled: boolean };

async function save(db: Db, brand: Brand, body: Save): Promise<affiliate.Banner> {
  const v = { name: body.name, width: body.width, height: body.height, imageUrl: body.imageUrl, landingPath: body.landingPath, enabled: body.enabled };
  if (body.id === undefined) {
    const [row] = await db.insert(affiliateBanners).values({ merchantId: brand.id, ...v }).returning();
    return view(row!);
  }
  const [row] = await db.update(affiliateBanners).set({ ...v, updatedAt: new Date() })
    .where(and(eq(affiliateBanners.id, BigInt(body.id)), eq(affiliateBanners.merchantId, brand.id))).returning();
  if (!row) throw new AppError('affiliate.banner.not.found');
  return view(row);
}

async function remove(db: Db, brand: Brand, id: string) {
  const [row] = await db.delete(affiliateBanners).where(and(eq(affiliateBanners.id, BigInt(id)), eq(affiliateBanners.merchantId, brand.id))).returning({ id: affiliateBanners.id });
  if (!row) throw new AppError('affiliate.banner.not.found');
  return { id };
}

/** The agent's view: the enabled banners and its permanent affiliate code. */
async function agentBanners(db: Db, brand: Brand, p: Principal) {
  const me = requireAgent(p).member;
  const banners = await list(db, brand.id, true);
  return { code: me.referralCode ?? '', list: banners.map(({ enabled: _e, updatedAt: _u, ...b }) => b) };
}

export async function bannerRoutes(app: FastifyInstance) {
  route(app, affiliate.agentBanners, async ({ brand, principal }) => agentBanners(app.db, brand, principal));
  route(app, affiliate.operatorBanners, async ({ brand, req }) => {
    operatorOf(req);
    return { list: await list(app.db, brand.id) };
  });
  route(app, affiliate.operatorBannerSave, async ({ brand, req, body }) => {
    operatorOf(req);
    return save(app.db, brand, body);
  });
  route(app, affiliate.operatorBannerDelete, async ({ brand, req, body }) => {
    operatorOf(req);
    return remove(app.db, brand, body.id);
  });
}
