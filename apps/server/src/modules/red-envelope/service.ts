/**
 * Red envelopes (issue 7 item 9): agent envelopes funded from the agent's main wallet into its
 * `red_envelope` holding wallet; promotion envelopes paid from the bonus pool. Shares are cut at
 * creation; opening takes the envelope's row lock, gives the next share to the member (at most
 * one each: a unique index) and credits it with the key `redenv:<id>:<memberId>`, all in one
 * transaction, so a race of two opens credits once and opened amounts never pass the total.
 * The expiry job refunds an agent envelope's unopened remainder to the sender.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { redEnvelope } from '@lobby/contract';
import type { Db, Tx } from '../../db/index.ts';
import { members } from '../../db/schema.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { pushToMembers } from '../../kernel/live/index.ts';
import { requireAgent, requireRealAccount, type Principal } from '../../plugins/session.ts';
import { balanceChanged } from '../../kernel/live/index.ts';
import { brandAccount, formatAmount, memberAccount, parseAmount, post } from '../../kernel/ledger/index.ts';
import * as q from './queries.ts';
import { splitShares } from './split.ts';

export const KIND = { send: 'red_envelope_send', open: 'red_envelope', refund: 'red_envelope_refund' } as const;
/** The sender's wallet that holds an agent envelope's money until it is opened or refunded. */
export const HOLD_WALLET = 'red_envelope';
const MAX_WINDOW_MS = 30 * 86_400_000;
const iso = (d: Date | string) => new Date(d).toISOString();

export function view(e: q.EnvelopeRow): redEnvelope.Envelope {
  return {
    id: String(e.id), kind: e.kind, title: e.title, total: formatAmount(e.total), count: e.count, split: e.split, scope: e.scope,
    openedCount: e.openedCount, openedAmount: formatAmount(e.openedAmount), refunded: formatAmount(e.refunded), status: e.status,
    startsAt: iso(e.startsAt), expiresAt: iso(e.expiresAt), createdAt: iso(e.createdAt),
  };
}

function shares(total: bigint, count: number, split: 'random' | 'equal'): bigint[] {
  const s = splitShares(total, count, split);
  if (!s) throw new AppError('redEnvelope.split.invalid');
  return s;
}

type SendBody = { total: unknown; count: number; split: 'random' | 'equal'; scope: 'direct' | 'team'; title?: string; expiresInMinutes: number; requestId: string };

/** Agent: funds and sends an envelope to its direct downlines or team (same requestId = same envelope). */
export async function send(app: FastifyInstance, brand: Brand, p: Principal, body: SendBody, now = new Date()) {
  const me = requireAgent(p).member;
  const replay = await q.byRequest(app.db, brand.id, me.id, body.requestId);
  if (replay) return view(replay);
  const total = parseAmount(body.total);
  const cut = shares(total, body.count, body.split);
  const audience = await q.audienceIds(app.db, brand.id, me.id, body.scope);
  if (audience.length === 0) throw new AppError('inbox.team.empty');
  const row = await app.db.transaction(async (tx) => {
    await tx.execute(sql`select id from members where id = ${me.id} for update`); // one send at a time per agent
    const again = await q.byRequest(tx, brand.id, me.id, body.requestId);
    if (again) return { row: again, fresh: false };
    const main = await memberAccount(tx, brand.id, me.id);
    const hold = await memberAccount(tx, brand.id, me.id, HOLD_WALLET);
    const env = await q.insertEnvelope(tx, {
      merchantId: brand.id, kind: 'agent', senderId: me.id, scope: body.scope, title: body.title?.trim() ?? '', total, count: body.count,
      split: body.split, requestId: body.requestId, startsAt: now, expiresAt: new Date(now.getTime() + body.expiresInMinutes * 60_000), createdAt: now,
    }, cut);
    await post(tx, { merchantId: brand.id, kind: KIND.send, idemKey: `redenv:${env.id}:send`, memberId: me.id,
      lines: [{ account: main, amount: -total }, { account: hold, amount: total }], meta: { envelopeId: String(env.id), count: body.count } });
    return { row: env, fresh: true };
  });
  if (row.fresh) {
    balanceChanged(app, brand, me.id);
    pushToMembers(app, brand.id, audience, redEnvelope.SOCKET_EVENT, { envelopeId: String(row.row.id) });
  }
  return view(row.row);
}

type CreateBody = { total: unknown; count: number; split: 'random' | 'equal'; title: string; startsAt?: string; endsAt: string };

/** Operator: a promotion envelope for every real member of the brand (members' pages poll for it). */
export async function operatorCreate(app: FastifyInstance, brand: Brand, body: CreateBody, now = new Date()) {
  const total = parseAmount(body.total);
  const startsAt = body.startsAt ? new Date(body.startsAt) : now;
  const expiresAt = new Date(body.endsAt);
  if (expiresAt <= now || expiresAt <= startsAt || expiresAt.getTime() - startsAt.getTime() > MAX_WINDOW_MS) throw new AppError('redEnvelope.window.invalid');
  const cut = shares(total, body.count, body.split);
  const row = await app.db.transaction((tx) => q.insertEnvelope(tx, {
    merchantId: brand.id, kind: 'promotion', senderId: null, scope: 'all', title: body.title, total, count: body.count, split: body.split,
    startsAt, expiresAt, createdAt: now,
  }, cut));
  return view(row);
}

export async function available(app: FastifyInstance, brand: Brand, p: Principal, now = new Date()) {
  const m = requireRealAccount(p).member;
  const rows = await q.availableFor(app.db, brand.id, m.id, now);
  return {
    list: rows.map((r) => ({ id: r.id, kind: r.kind, title: r.title, senderName: r.kind === 'agent' ? r.sender ?? '' : '', remaining: r.remaining, count: r.count, expiresAt: iso(r.expires_at) })),
  };
}

/** Opens an envelope for the member: the first open credits a share, later ones answer it again. */
export async function open(app: FastifyInstance, brand: Brand, p: Principal, id: string, now = new Date()) {
  const m = requireRealAccount(p).member;
  const envelopeId = BigInt(id);
  const res = await app.db.transaction(async (tx) => {
    const env = await q.lockEnvelope(tx, brand.id, envelopeId);
    if (!env || !(await q.isInAudience(tx, env.id, m.id))) throw new AppError('redEnvelope.not.found');
    const mine = await q.shareOf(tx, env.id, m.id);
    if (mine) return { env, amount: mine.amount, again: true };
    if (env.startsAt > now) throw new AppError('redEnvelope.not.started');
    if (env.status === 'expired' || env.expiresAt <= now) throw new AppError('redEnvelope.expired');
    const amount = env.status === 'open' ? await q.takeShare(tx, env.id, m.id, now) : null;
    if (amount === null) throw new AppError('redEnvelope.empty');
    const from = env.kind === 'agent'
      ? await memberAccount(tx, brand.id, env.senderId!, HOLD_WALLET)
      : await brandAccount(tx, brand.id, 'bonus_pool', `redenv:${env.id}`);
    await post(tx, { merchantId: brand.id, kind: KIND.open, idemKey: `redenv:${env.id}:${m.id}`, memberId: m.id,
      lines: [{ account: from, amount: -amount }, { account: await memberAccount(tx, brand.id, m.id), amount }], meta: { envelopeId: String(env.id) } });
    return { env, amount, again: false };
  });
  if (!res.again) balanceChanged(app, brand, m.id);
  const sender = res.env.senderId === null ? '' : await senderName(app.db, res.env.senderId);
  return { id: String(res.env.id), amount: formatAmount(res.amount), title: res.env.title, senderName: sender, alreadyOpened: res.again };
}

async function senderName(db: Db, id: bigint): Promise<string> {
  const [r] = await db.select({ nickname: members.nickname }).from(members).where(eq(members.id, id));
  return r?.nickname ?? '';
}

const pageOf = <T>(list: T[], total: number, page: number) =>
  ({ list, page, pageSize: redEnvelope.PAGE_SIZE, total, totalPages: Math.ceil(total / redEnvelope.PAGE_SIZE) });

export async function history(app: FastifyInstance, brand: Brand, p: Principal, page: number) {
  const m = requireRealAccount(p).member;
  const { rows, total } = await q.openedBy(app.db, brand.id, m.id, redEnvelope.PAGE_SIZE, (page - 1) * redEnvelope.PAGE_SIZE);
  return pageOf(rows.map((r) => ({
    id: r.id, kind: r.kind, title: r.title, senderName: r.kind === 'agent' ? r.sender ?? '' : '', amount: formatAmount(r.amount), openedAt: iso(r.opened_at),
  })), total, page);
}

export async function sentList(app: FastifyInstance, brand: Brand, p: Principal, page: number) {
  const me = requireAgent(p).member;
  const { rows, total } = await q.sentBy(app.db, brand.id, me.id, redEnvelope.PAGE_SIZE, (page - 1) * redEnvelope.PAGE_SIZE);
  return pageOf(rows.map(view), total, page);
}

/** Job: closes envelopes past their expiry; an agent's unopened remainder goes back to its main wallet. */
export async function expire(tx: Tx, now = new Date()): Promise<number> {
  let n = 0;
  for (;;) {
    const due = await q.dueForExpiry(tx, now);
    for (const e of due) {
      const rest = e.total - e.openedAmount;
      if (e.kind === 'agent' && rest > 0n) {
        await post(tx, { merchantId: e.merchantId, kind: KIND.refund, idemKey: `redenv:${e.id}:refund`, memberId: e.senderId,
          lines: [{ account: await memberAccount(tx, e.merchantId, e.senderId!, HOLD_WALLET), amount: -rest }, { account: await memberAccount(tx, e.merchantId, e.senderId!), amount: rest }],
          meta: { envelopeId: String(e.id) } });
      }
      await q.markExpired(tx, e.id, e.kind === 'agent' ? rest : 0n, now);
      n++;
    }
    if (due.length < 200) return n;
  }
}
