/**
 * Inbox rules (messageV2): a member reads and deletes only their own deliveries; a member writes
 * to its upline or to support; an agent writes to members of its own subtree (the agent module
 * owns that call and its downlineOf decides, through deliverMessage); the operator writes to one member or to all.
 * Every new delivery is pushed to the recipients' open pages.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inbox } from '@lobby/contract';
import { members } from '../../db/schema.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { pushToMembers } from '../../kernel/live/index.ts';
import { requireRealAccount, type Principal } from '../../plugins/session.ts';
import * as q from './queries.ts';

const iso = (d: Date | string) => new Date(d).toISOString();
const me = (p: Principal) => requireRealAccount(p).member;

export async function list(app: FastifyInstance, brand: Brand, p: Principal, query: { page: number; unreadOnly?: 'true' | 'false' }): Promise<inbox.ListValue> {
  const m = me(p);
  const size = inbox.PAGE_SIZE;
  const [{ rows, total }, unread] = await Promise.all([
    q.box(app.db, brand.id, m.id, { limit: size, offset: (query.page - 1) * size, unreadOnly: query.unreadOnly === 'true' }),
    q.unreadCount(app.db, brand.id, m.id),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.id, title: r.title, content: r.content, senderKind: r.sender_kind,
      senderName: r.sender_kind === 'operator' ? '' : r.sender_name ?? '', createdAt: iso(r.created_at), read: r.read,
    })),
    page: query.page, pageSize: size, total, totalPages: Math.ceil(total / size), unread,
  };
}

export async function unread(app: FastifyInstance, brand: Brand, p: Principal) {
  return { count: await q.unreadCount(app.db, brand.id, me(p).id) };
}

/** Someone else's id, a deleted one or an unknown one: the same not-found answer. */
export async function read(app: FastifyInstance, brand: Brand, p: Principal, body: { ids: string[] } | { all: true }) {
  const m = me(p);
  const ids = 'ids' in body ? [...new Set(body.ids)].map(BigInt) : null;
  const n = await q.markRead(app.db, brand.id, m.id, ids);
  if (ids && n < ids.length) throw new AppError('inbox.message.not.found');
  return unread(app, brand, p);
}

export async function remove(app: FastifyInstance, brand: Brand, p: Principal, body: { ids: string[] }) {
  const m = me(p);
  const ids = [...new Set(body.ids)].map(BigInt);
  const n = await q.markDeleted(app.db, brand.id, m.id, ids);
  if (n < ids.length) throw new AppError('inbox.message.not.found');
  return unread(app, brand, p);
}

function notify(app: FastifyInstance, brand: Brand, sent: { id: bigint; recipients: bigint[] }) {
  pushToMembers(app, brand.id, sent.recipients, inbox.SOCKET_EVENT, { messageId: String(sent.id) });
  return { id: String(sent.id), recipients: sent.recipients.length };
}

export async function send(app: FastifyInstance, brand: Brand, p: Principal, body: { to: 'upline' | 'support'; title: string; content: string }) {
  const m = me(p);
  let to: q.Audience = { kind: 'support' };
  if (body.to === 'upline') {
    if (!m.parentId) throw new AppError('inbox.upline.none');
    to = { kind: 'member', id: m.parentId };
  }
  const sent = await q.send(app.db, brand.id, { senderKind: 'member', senderId: m.id, title: body.title, content: body.content }, to);
  notify(app, brand, sent);
  return { id: String(sent.id) };
}

/** Sends a message to an audience and tells the recipients' open pages (the agent's downline send uses it). */
export async function deliverMessage(app: FastifyInstance, brand: Brand, from: q.Sender, to: q.Audience) {
  const sent = await q.send(app.db, brand.id, from, to);
  return notify(app, brand, sent);
}

export async function operatorSend(app: FastifyInstance, brand: Brand, body: { username?: string; title: string; content: string }) {
  let to: q.Audience = { kind: 'brand', excludeType: brand.config.trialType };
  if (body.username) {
    const [m] = await app.db.select({ id: members.id }).from(members)
      .where(and(eq(members.merchantId, brand.id), eq(members.usernameKey, body.username.toLowerCase())));
    if (!m) throw new AppError('member.not.exist');
    to = { kind: 'member', id: m.id };
  }
  const sent = await q.send(app.db, brand.id, { senderKind: 'operator', senderId: null, title: body.title, content: body.content }, to);
  return notify(app, brand, sent);
}

export async function operatorSupport(app: FastifyInstance, brand: Brand, page: number) {
  const size = inbox.PAGE_SIZE;
  const rows = await q.supportBox(app.db, brand.id, size, (page - 1) * size);
  const total = rows[0]?.total ?? 0;
  return {
    list: rows.map((r) => ({ id: r.id, title: r.title, content: r.content, senderKind: 'member' as const, senderName: r.from_account, fromAccount: r.from_account, createdAt: iso(r.created_at), read: r.read })),
    page, total, totalPages: Math.ceil(total / size),
  };
}
