/**
 * Announcements: the hot read path serves from an in-memory copy of each brand's rows (loaded
 * once, dropped on every operator change, on every instance through the bus); the viewer
 * filter is in filter.ts. Operator create / update / delete.
 */
import { and, asc, eq, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { announcements as contract } from '@lobby/contract';
import { contentLangOf } from '../../kernel/lang/index.ts';
import type { Db } from '../../db/index.ts';
import { announcements, sessions } from '../../db/schema.ts';
import { CachedJson } from '../../lib/route.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import type { Principal } from '../../plugins/session.ts';
import { byOrder, ownLanguageFirst, visibleTo, type Row, type Viewer } from './filter.ts';
import { sanitizeHtml } from './sanitize.ts';

const CHANNEL = 'announcements.changed';

/**
 * Each brand's rows, by brand id, and the answers built from them (the envelope as JSON, by
 * viewer kind, language and query) until the next start or end of a time window.
 */
export class AnnouncementCache {
  private rows = new Map<number, Promise<Row[]>>();
  private views = new Map<number, Map<string, { json: CachedJson; until: number }>>();
  private generation = new Map<number, number>();
  constructor(private db: Db) {}

  get(brandId: number): Promise<Row[]> {
    let p = this.rows.get(brandId);
    if (!p) {
      // A drizzle query runs again on every then(): hold the one promise of one run.
      p = this.db.select().from(announcements).where(eq(announcements.merchantId, brandId)).orderBy(asc(announcements.id)).execute();
      p.catch(() => this.rows.delete(brandId));
      this.rows.set(brandId, p);
    }
    return p;
  }

  /** The cached answer for `key`, else `build` it from the rows and keep it while it holds. */
  async view(brandId: number, key: string, now: number, build: (rows: Row[]) => unknown): Promise<CachedJson> {
    const hit = this.views.get(brandId)?.get(key);
    if (hit && now < hit.until) return hit.json;
    const gen = this.generation.get(brandId) ?? 0;
    const rows = await this.get(brandId);
    const json = new CachedJson(JSON.stringify({ success: true, value: build(rows) }));
    if ((this.generation.get(brandId) ?? 0) === gen) {
      let m = this.views.get(brandId);
      if (!m || m.size > 500) this.views.set(brandId, (m = new Map()));
      m.set(key, { json, until: nextChange(rows, now) });
    }
    return json;
  }

  drop(brandId: number): void {
    this.generation.set(brandId, (this.generation.get(brandId) ?? 0) + 1);
    this.rows.delete(brandId);
    this.views.delete(brandId);
  }
}

/** The next instant an item starts or stops showing (Infinity: none). */
function nextChange(rows: Row[], now: number): number {
  let next = Infinity;
  for (const r of rows) {
    for (const d of [r.startsAt, r.endsAt]) {
      const t = d?.getTime();
      if (t !== undefined && t > now && t < next) next = t;
    }
  }
  return next;
}

declare module 'fastify' {
  interface FastifyInstance {
    announcementCache: AnnouncementCache;
  }
}

/** The cache of an app by its database: the console's routes live outside this plugin's scope. */
const caches = new WeakMap<Db, AnnouncementCache>();

export async function setupCache(app: FastifyInstance): Promise<void> {
  const cache = new AnnouncementCache(app.db);
  app.decorate('announcementCache', cache);
  caches.set(app.db, cache);
  await app.bus.subscribe(CHANNEL, (m) => cache.drop(Number(m)));
}

export async function changed(app: FastifyInstance, brand: Brand): Promise<void> {
  (app.announcementCache ?? caches.get(app.db))?.drop(brand.id);
  await app.bus.publish(CHANNEL, String(brand.id)).catch((err: unknown) => app.log.warn({ err }, 'announcement invalidation not sent'));
}

// ---- Reading -------------------------------------------------------------------------------

/** First sessions never stop being first: remembered per session id (bounded). */
const firstSessions = new Map<bigint, boolean>();
async function isFirstLogin(db: Db, p: Principal): Promise<boolean> {
  const known = firstSessions.get(p.sessionId);
  if (known !== undefined) return known;
  const [older] = await db.select({ id: sessions.id }).from(sessions)
    .where(and(eq(sessions.memberId, p.member.id), lt(sessions.id, p.sessionId))).limit(1);
  const first = !older;
  if (firstSessions.size > 10_000) firstSessions.clear();
  firstSessions.set(p.sessionId, first);
  return first;
}

export async function viewerOf(db: Db, p: Principal | null, language: string | undefined): Promise<Viewer> {
  const lang = contentLangOf(language);
  if (!p) return { loggedIn: false, firstLogin: false, isAgent: false, lang };
  return { loggedIn: true, firstLogin: !p.isTrial && (await isFirstLogin(db, p)), isAgent: p.isAgent, lang };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toNotice(r: Row): contract.Notice {
  return {
    id: String(r.id), type: r.type, title: r.title, content: r.content,
    promotionType: (r.promotionType as contract.Notice['promotionType']) ?? null,
    execution: r.execution, images: r.image, publishedAt: (r.startsAt ?? r.createdAt).toISOString(),
  };
}

function toBanner(r: Row): contract.Banner {
  return { id: String(r.id), title: r.title, url: r.url, linkageType: r.linkageType, groupName: r.groupName!, images: r.image, content: r.content };
}

export interface ListQuery { types?: contract.AnnouncementType[]; groupName?: contract.BannerGroup }

/** What `viewer` is shown now, by payload key. */
export function listFor(rows: Row[], viewer: Viewer, q: ListQuery, now = Date.now()): contract.ListValue {
  const wanted = new Set(q.types?.length ? q.types : ['B', 'PL', 'PU', 'PR', 'H']);
  const shown = ownLanguageFirst(rows.filter((r) => wanted.has(r.type) && visibleTo(r, viewer, now) && (r.type !== 'B' || !q.groupName || r.groupName === q.groupName)), viewer.lang).sort(byOrder);
  const of = (t: contract.AnnouncementType) => shown.filter((r) => r.type === t).map(toNotice);
  return {
    banners: shown.filter((r) => r.type === 'B').map(toBanner),
    player: of('PL'),
    popup: of('PU'),
    promotion: of('PR'),
    agent: of('H'),
    userKind: viewer.loggedIn ? 'user' : 'anonymous',
    firstLogin: viewer.firstLogin,
  };
}

// ---- Operator ------------------------------------------------------------------------------

type Input = contract.AnnouncementInput;

function toOperator(r: Row): contract.OperatorAnnouncement {
  return {
    id: String(r.id), type: r.type, groupName: r.groupName, execution: r.execution, language: r.language, title: r.title,
    content: r.content, url: r.url, linkageType: r.linkageType, images: r.image,
    promotionType: (r.promotionType as contract.OperatorAnnouncement['promotionType']) ?? null,
    sort: r.sort, startsAt: iso(r.startsAt), endsAt: iso(r.endsAt),
  };
}

export function columns(a: Input) {
  return {
    type: a.type, groupName: a.type === 'B' ? a.groupName ?? null : null, execution: a.execution ?? null, language: a.language ?? null,
    title: a.title, content: sanitizeHtml(a.content ?? ''), url: a.url ?? '', linkageType: a.url ? a.linkageType ?? 'none' : 'none',
    image: a.images ?? '', promotionType: a.promotionType ?? null, sort: a.sort ?? 0,
    startsAt: a.startsAt ? new Date(a.startsAt) : null, endsAt: a.endsAt ? new Date(a.endsAt) : null,
  };
}

export async function operatorList(app: FastifyInstance, brand: Brand, type?: contract.AnnouncementType) {
  const rows = await app.announcementCache.get(brand.id);
  return { list: rows.filter((r) => !type || r.type === type).map(toOperator) };
}

export async function create(app: FastifyInstance, brand: Brand, a: Input) {
  const [row] = await app.db.insert(announcements).values({ merchantId: brand.id, ...columns(a) }).returning();
  await changed(app, brand);
  return toOperator(row);
}

export async function update(app: FastifyInstance, brand: Brand, id: string, a: Input) {
  const [row] = await app.db.update(announcements).set({ ...columns(a), updatedAt: new Date() })
    .where(and(eq(announcements.id, BigInt(id)), eq(announcements.merchantId, brand.id))).returning();
  if (!row) throw new AppError('announcement.not.found');
  await changed(app, brand);
  return toOperator(row);
}

export async function remove(app: FastifyInstance, brand: Brand, id: string) {
  const [row] = await app.db.delete(announcements)
    .where(and(eq(announcements.id, BigInt(id)), eq(announcements.merchantId, brand.id))).returning({ id: announcements.id });
  if (!row) throw new AppError('announcement.not.found');
  await changed(app, brand);
  return { id };
}
