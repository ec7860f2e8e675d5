/**
 * The console's banners and announcements (issue 9 item 3): list everything (published or not),
 * save with sanitised HTML, publish/unpublish, delete, order a banner group, upload banner art.
 * Every change is audited with before/after and dropped from the announcement cache on every
 * instance (service.changed), so the lobby and the boot page serve it at once. Also the operator API's
 * announcement calls (announcements.operator*). Registered by the announcements routes (routes.ts).
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { announcements as contract, operatorContent as oc, type operatorContent } from '@lobby/contract';
import { announcements, bannerImages } from '../../db/schema.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { cleanImage, decodeUpload } from '../../lib/images.ts';
import { operatorOf, record, type Actor } from '../../kernel/operator-access/index.ts';
import { route } from '../../lib/route.ts';
import { byOrder, type Row } from './filter.ts';
import { changed, columns, create as createAnnouncement, operatorList, remove as removeAnnouncement, update as updateAnnouncement } from './service.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function view(r: Row): operatorContent.ContentAnnouncement {
  return {
    id: String(r.id), type: r.type, groupName: r.groupName, execution: r.execution, language: r.language, title: r.title,
    content: r.content, url: r.url, linkageType: r.linkageType, images: r.image,
    promotionType: (r.promotionType as contract.OperatorAnnouncement['promotionType']) ?? null,
    sort: r.sort, startsAt: iso(r.startsAt), endsAt: iso(r.endsAt), enabled: r.enabled, updatedAt: r.updatedAt.toISOString(),
  };
}

/** What the audit keeps of an item (the HTML body too: before/after of an edit). */
const auditView = (r: Row) => {
  const { updatedAt: _u, ...v } = view(r);
  return v;
};

export async function list(app: FastifyInstance, brand: Brand, type?: contract.AnnouncementType) {
  const rows = await app.db.select().from(announcements)
    .where(type ? and(eq(announcements.merchantId, brand.id), eq(announcements.type, type)) : eq(announcements.merchantId, brand.id))
    .orderBy(asc(announcements.id));
  return { list: rows.sort((a, b) => a.type.localeCompare(b.type) || (a.groupName ?? '').localeCompare(b.groupName ?? '') || byOrder(a, b)).map(view) };
}

async function rowOf(app: FastifyInstance, brand: Brand, id: string): Promise<Row> {
  const [row] = await app.db.select().from(announcements).where(and(eq(announcements.id, BigInt(id)), eq(announcements.merchantId, brand.id)));
  if (!row) throw new AppError('announcement.not.found');
  return row;
}

const kindOf = (r: Pick<Row, 'type'>) => (r.type === 'B' ? 'banner' : 'announcement');

export async function save(app: FastifyInstance, brand: Brand, actor: Actor, ip: string, body: { id?: string; announcement: contract.AnnouncementInput; enabled?: boolean }) {
  const enabled = body.enabled ?? true;
  if (!body.id) {
    const [row] = await app.db.insert(announcements).values({ merchantId: brand.id, ...columns(body.announcement), enabled }).returning();
    await record(app.db, actor, brand, ip, { action: `content.${kindOf(row)}.create`, target: String(row.id), after: auditView(row) });
    await changed(app, brand);
    return view(row);
  }
  const before = await rowOf(app, brand, body.id);
  const [row] = await app.db.update(announcements).set({ ...columns(body.announcement), enabled, updatedAt: new Date() })
    .where(and(eq(announcements.id, before.id), eq(announcements.merchantId, brand.id))).returning();
  await record(app.db, actor, brand, ip, { action: `content.${kindOf(row)}.update`, target: String(row.id), before: auditView(before), after: auditView(row) });
  await changed(app, brand);
  return view(row);
}

export async function setEnabled(app: FastifyInstance, brand: Brand, actor: Actor, ip: string, id: string, enabled: boolean) {
  const before = await rowOf(app, brand, id);
  const [row] = await app.db.update(announcements).set({ enabled, updatedAt: new Date() }).where(eq(announcements.id, before.id)).returning();
  await record(app.db, actor, brand, ip, { action: `content.${kindOf(row)}.${enabled ? 'publish' : 'unpublish'}`, target: id, before: { enabled: before.enabled }, after: { enabled } });
  await changed(app, brand);
  return view(row);
}

export async function remove(app: FastifyInstance, brand: Brand, actor: Actor, ip: string, id: string) {
  const before = await rowOf(app, brand, id);
  await app.db.delete(announcements).where(eq(announcements.id, before.id));
  await record(app.db, actor, brand, ip, { action: `content.${kindOf(before)}.delete`, target: id, before: auditView(before) });
  await changed(app, brand);
  return { id };
}

/** Sort 10, 20, 30… in the order given; the list must hold every banner of the group once. */
export async function order(app: FastifyInstance, brand: Brand, actor: Actor, ip: string, groupName: contract.BannerGroup, ids: string[]) {
  const rows = await app.db.select().from(announcements)
    .where(and(eq(announcements.merchantId, brand.id), eq(announcements.type, 'B'), eq(announcements.groupName, groupName)));
  const known = new Set(rows.map((r) => String(r.id)));
  if (new Set(ids).size !== ids.length || ids.length !== known.size || !ids.every((i) => known.has(i))) throw new AppError('content.order.invalid');
  const before = rows.slice().sort(byOrder).map((r) => String(r.id));
  await app.db.transaction(async (tx) => {
    for (const [i, id] of ids.entries()) {
      await tx.update(announcements).set({ sort: (i + 1) * 10, updatedAt: new Date() }).where(eq(announcements.id, BigInt(id)));
    }
  });
  await record(app.db, actor, brand, ip, { action: 'content.banner.order', target: groupName, before: { ids: before }, after: { ids } });
  await changed(app, brand);
  const fresh = await app.db.select().from(announcements).where(inArray(announcements.id, ids.map((i) => BigInt(i))));
  return { list: fresh.sort(byOrder).map(view) };
}

const IMAGE_ERRORS: Record<string, () => AppError> = {
  'member.avatar.type': () => new AppError('content.image.type'),
  'member.avatar.too.large': () => new AppError('content.image.too.large', { max: oc.BANNER_IMAGE_MAX_BYTES / (1024 * 1024) }),
  'member.avatar.invalid': () => new AppError('content.image.invalid'),
};

/** Stores banner art (png/jpg checked by its bytes, rewritten without metadata) and answers its site path. */
export async function uploadImage(app: FastifyInstance, brand: Brand, actor: Actor, ip: string, image: string) {
  let img;
  try {
    img = cleanImage(decodeUpload(image));
  } catch (err) {
    const map = err instanceof AppError ? IMAGE_ERRORS[err.code] : undefined;
    throw map ? map() : err;
  }
  const id = randomBytes(16).toString('hex');
  await app.db.insert(bannerImages).values({ id, merchantId: brand.id, contentType: img.type, width: img.width, height: img.height, data: img.data });
  const url = `${oc.BANNER_IMAGE_PATH}/${id}.${img.ext}`;
  await record(app.db, actor, brand, ip, { action: 'content.banner.image', target: url, after: { width: img.width, height: img.height, bytes: img.data.length } });
  return { url, width: img.width, height: img.height };
}

/** An image uploaded for brand `merchantId` by its file name (`<32 hex>.png|jpg`), null when unknown or another brand's. */
export async function imageFile(app: FastifyInstance, merchantId: number, file: string) {
  const m = /^([0-9a-f]{32})\.(png|jpg)$/.exec(file);
  if (!m) return null;
  const [row] = await app.db.select().from(bannerImages).where(and(eq(bannerImages.id, m[1]), eq(bannerImages.merchantId, merchantId)));
  if (!row || (row.contentType === 'image/png') !== (m[2] === 'png')) return null;
  return row;
}

/** The operator API's announcement calls and the console's banners and announcements page (content.manage). */
export async function announcementsConsoleRoutes(app: FastifyInstance) {
  // operator API (X-Operator-Key or a console session)
  route(app, contract.operatorList, async ({ brand, req, query }) => {
    operatorOf(req);
    return operatorList(app, brand, query.type);
  });
  route(app, contract.operatorCreate, async ({ brand, req, body }) => {
    operatorOf(req);
    return createAnnouncement(app, brand, body);
  });
  route(app, contract.operatorUpdate, async ({ brand, req, body }) => {
    operatorOf(req);
    return updateAnnouncement(app, brand, body.id, body.announcement);
  });
  route(app, contract.operatorDelete, async ({ brand, req, body }) => {
    operatorOf(req);
    return removeAnnouncement(app, brand, body.id);
  });

  // the banners and announcements page
  const g = (ctx: { req: FastifyRequest }) => operatorOf(ctx.req);
  route(app, oc.listAnnouncements, async (ctx) => (g(ctx), list(app, ctx.brand, ctx.query.type)));
  route(app, oc.saveAnnouncement, async (ctx) => save(app, ctx.brand, g(ctx), ctx.req.ip, ctx.body));
  route(app, oc.setAnnouncementEnabled, async (ctx) => setEnabled(app, ctx.brand, g(ctx), ctx.req.ip, ctx.body.id, ctx.body.enabled));
  route(app, oc.deleteAnnouncement, async (ctx) => remove(app, ctx.brand, g(ctx), ctx.req.ip, ctx.body.id));
  route(app, oc.orderBanners, async (ctx) => order(app, ctx.brand, g(ctx), ctx.req.ip, ctx.body.groupName, ctx.body.ids));

  // banner art (≤ 5 MB as base64) is larger than the app's 1 MB body limit: its own scope allows more
  await app.register(async (upload) => {
    upload.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 7_300_000 }, upload.getDefaultJsonParser('error', 'error'));
    upload.setErrorHandler((err: { code?: string }) => {
      throw err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? new AppError('content.image.too.large', { max: oc.BANNER_IMAGE_MAX_BYTES / (1024 * 1024) }) : err;
    });
    route(upload, oc.uploadBannerImage, async (ctx) => uploadImage(app, ctx.brand, g(ctx), ctx.req.ip, ctx.body.image), { rateLimit: { max: 20, timeWindow: 60_000 } });
  });
}
