/**
 * Feedback rules (§5): a real member writes a type and a content of at most 140 characters whose
 * word count lies within the brand's bounds, with up to 3 checked images; they read only their
 * own feedback and its reply. The operator lists the brand's feedback and answers each once.
 */
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { feedback as contract } from '@lobby/contract';
import type { Db } from '../../db/index.ts';
import { feedback, feedbackImages, feedbackSettings, members } from '../../db/schema.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { requireRealAccount, type Principal } from '../../plugins/session.ts';
import { cleanFeedbackImage, imageUrl, newImageId, parseImageFile } from './images.ts';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export async function settingsOf(db: Db, brand: Brand): Promise<contract.Settings> {
  const [row] = await db.select().from(feedbackSettings).where(eq(feedbackSettings.merchantId, brand.id)).limit(1);
  return {
    minWords: row?.minWords ?? contract.DEFAULT_WORDS.min,
    maxWords: row?.maxWords ?? contract.DEFAULT_WORDS.max,
    maxChars: contract.CONTENT_MAX_CHARS,
    maxImages: contract.IMAGE_MAX_COUNT,
    maxImageBytes: contract.IMAGE_MAX_BYTES,
    types: [...contract.TYPES],
  };
}

export async function setSettings(db: Db, brand: Brand, body: { minWords: number; maxWords: number }) {
  await db.insert(feedbackSettings).values({ merchantId: brand.id, ...body })
    .onConflictDoUpdate({ target: feedbackSettings.merchantId, set: { ...body, updatedAt: new Date() } });
  return settingsOf(db, brand);
}

/** The content rules in the order a writer meets them: length, then words. */
export function checkContent(content: string, s: contract.Settings) {
  if ([...content].length > s.maxChars) throw new AppError('feedback.too.long', { max: s.maxChars });
  const words = contract.countWords(content);
  if (words < s.minWords || words > s.maxWords) throw new AppError('feedback.words', { min: s.minWords, max: s.maxWords });
}

export async function submit(app: FastifyInstance, brand: Brand, p: Principal, body: { type: contract.FeedbackType; content: string; images: string[] }) {
  const m = requireRealAccount(p).member;
  const s = await settingsOf(app.db, brand);
  checkContent(body.content, s);
  if (body.images.length > s.maxImages) throw new AppError('feedback.images.too.many', { max: s.maxImages });
  const images = body.images.map(cleanFeedbackImage);
  const id = await app.db.transaction(async (tx) => {
    const [row] = await tx.insert(feedback).values({ merchantId: brand.id, memberId: m.id, type: body.type, content: body.content }).returning({ id: feedback.id });
    if (images.length) {
      await tx.insert(feedbackImages).values(images.map((img, position) => ({
        id: newImageId(), feedbackId: row.id, merchantId: brand.id, position, contentType: img.type, data: img.data,
      })));
    }
    return row.id;
  });
  return { id: String(id) };
}

type Row = typeof feedback.$inferSelect;
async function withImages(db: Db, rows: Row[]) {
  const ids = rows.map((r) => r.id);
  const imgs = ids.length
    ? await db.select({ id: feedbackImages.id, feedbackId: feedbackImages.feedbackId, contentType: feedbackImages.contentType })
      .from(feedbackImages).where(inArray(feedbackImages.feedbackId, ids)).orderBy(feedbackImages.position)
    : [];
  return rows.map((r) => ({
    id: String(r.id), type: r.type, content: r.content,
    images: imgs.filter((i) => i.feedbackId === r.id).map((i) => imageUrl(i.id, i.contentType)),
    reply: r.reply, repliedAt: iso(r.repliedAt), createdAt: iso(r.createdAt)!,
  }));
}

const pageOf = <T>(list: T[], page: number, total: number) => ({
  list, page, pageSize: contract.PAGE_SIZE, total, totalPages: Math.ceil(total / contract.PAGE_SIZE),
});

export async function mine(app: FastifyInstance, brand: Brand, p: Principal, page: number) {
  const m = requireRealAccount(p).member;
  const where = and(eq(feedback.merchantId, brand.id), eq(feedback.memberId, m.id));
  const [rows, [{ n }]] = await Promise.all([
    app.db.select().from(feedback).where(where).orderBy(desc(feedback.id)).limit(contract.PAGE_SIZE).offset((page - 1) * contract.PAGE_SIZE),
    app.db.select({ n: count() }).from(feedback).where(where),
  ]);
  return pageOf(await withImages(app.db, rows), page, n);
}

export async function operatorList(app: FastifyInstance, brand: Brand, page: number, open: boolean) {
  const where = and(eq(feedback.merchantId, brand.id), open ? isNull(feedback.reply) : undefined);
  const [rows, [{ n }]] = await Promise.all([
    app.db.select({ f: feedback, account: members.username }).from(feedback).innerJoin(members, eq(members.id, feedback.memberId))
      .where(where).orderBy(desc(feedback.id)).limit(contract.PAGE_SIZE).offset((page - 1) * contract.PAGE_SIZE),
    app.db.select({ n: count() }).from(feedback).where(where),
  ]);
  const items = await withImages(app.db, rows.map((r) => r.f));
  return pageOf(items.map((it, i) => ({ ...it, account: rows[i].account })), page, n);
}

/** Answers once: a second reply (or two racing) gets feedback.replied. */
export async function reply(app: FastifyInstance, brand: Brand, body: { id: string; reply: string }) {
  const id = BigInt(body.id);
  const [row] = await app.db.update(feedback).set({ reply: body.reply, repliedAt: sql`now()` })
    .where(and(eq(feedback.id, id), eq(feedback.merchantId, brand.id), isNull(feedback.reply)))
    .returning({ id: feedback.id, repliedAt: feedback.repliedAt });
  if (row) return { id: String(row.id), repliedAt: iso(row.repliedAt)! };
  const [exists] = await app.db.select({ id: feedback.id }).from(feedback).where(and(eq(feedback.id, id), eq(feedback.merchantId, brand.id))).limit(1);
  throw new AppError(exists ? 'feedback.replied' : 'feedback.not.found');
}

/** An image by its file name (the random id is the capability, as for avatars). */
export async function imageFile(db: Db, file: string) {
  const name = parseImageFile(file);
  if (!name) return null;
  const [row] = await db.select({ contentType: feedbackImages.contentType, data: feedbackImages.data })
    .from(feedbackImages).where(and(eq(feedbackImages.id, name.id), eq(feedbackImages.contentType, name.type))).limit(1);
  return row ?? null;
}
