/**
 * Activity comments on promotions (§5: 140 characters). Everyone reads them, newest first; a
 * real member writes plain text (stored as typed, shown as text by clients), at most
 * {@link PER_MINUTE} a minute, on a live promotion of their own brand.
 */
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { feedback as contract } from '@lobby/contract';
import { members, promotionComments, promotions } from '../../db/schema.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { requireRealAccount, type Principal } from '../../plugins/session.ts';

/** Comments one member may write per minute (the route also limits by address). */
export const PER_MINUTE = 3;

/** ab***yz: enough to recognise oneself, not enough to log in as someone. */
export function maskAccount(username: string): string {
  const chars = [...username];
  if (chars.length <= 3) return `${chars[0] ?? ''}***`;
  return `${chars.slice(0, 2).join('')}***${chars.slice(-2).join('')}`;
}

async function livePromotion(app: FastifyInstance, brand: Brand, id: bigint) {
  const [row] = await app.db.select({ id: promotions.id }).from(promotions)
    .where(and(eq(promotions.id, id), eq(promotions.merchantId, brand.id), eq(promotions.enabled, true))).limit(1);
  if (!row) throw new AppError('promotion.not.found');
}

const author = (nickname: string, username: string) => nickname.trim() || maskAccount(username);

export async function list(app: FastifyInstance, brand: Brand, p: Principal | null, query: { promotionId: string; page: number }) {
  const promotionId = BigInt(query.promotionId);
  await livePromotion(app, brand, promotionId);
  const size = contract.PAGE_SIZE;
  const where = and(eq(promotionComments.merchantId, brand.id), eq(promotionComments.promotionId, promotionId));
  const [rows, [{ n }]] = await Promise.all([
    app.db.select({ c: promotionComments, nickname: members.nickname, username: members.username })
      .from(promotionComments).innerJoin(members, eq(members.id, promotionComments.memberId))
      .where(where).orderBy(desc(promotionComments.id)).limit(size).offset((query.page - 1) * size),
    app.db.select({ n: count() }).from(promotionComments).where(where),
  ]);
  return {
    list: rows.map((r) => ({
      id: String(r.c.id), author: author(r.nickname, r.username), content: r.c.content,
      createdAt: r.c.createdAt.toISOString(), mine: p?.member.id === r.c.memberId,
    })),
    page: query.page, pageSize: size, total: n, totalPages: Math.ceil(n / size),
  };
}

export async function add(app: FastifyInstance, brand: Brand, p: Principal, body: { promotionId: string; content: string }) {
  const m = requireRealAccount(p).member;
  const content = body.content.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
  if ([...content].length > contract.COMMENT_MAX_CHARS) throw new AppError('comment.too.long', { max: contract.COMMENT_MAX_CHARS });
  if (!content.trim()) throw new AppError('request_param_err', undefined, { fields: ['body.content'] });
  const promotionId = BigInt(body.promotionId);
  await livePromotion(app, brand, promotionId);
  const [{ recent }] = await app.db.select({ recent: count() }).from(promotionComments)
    .where(and(eq(promotionComments.memberId, m.id), gt(promotionComments.createdAt, sql`now() - interval '1 minute'`)));
  if (recent >= PER_MINUTE) throw new AppError('request.too.many');
  const [row] = await app.db.insert(promotionComments).values({ merchantId: brand.id, promotionId, memberId: m.id, content }).returning();
  return { id: String(row.id), author: author(m.nickname, m.username), content: row.content, createdAt: row.createdAt.toISOString(), mine: true };
}
