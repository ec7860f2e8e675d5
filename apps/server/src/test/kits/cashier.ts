/** Helpers for the cashier tests. Not loaded by the server. */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { members, merchants, sessions } from '../../db/schema.ts';
import { hashToken } from '../../plugins/session.ts';
import type { TestApp } from '../harness.ts';
import { encPost } from './session.ts';
import { brandAccount, memberAccount, memberBalances, postAlone } from '../../kernel/ledger/index.ts';

export interface Player { id: bigint; token: string; username: string; merchant: string; brandId: number }

let seq = 0;
/** A fresh real member with a live session (no login round trip, no shared state between tests). */
export async function newPlayer(t: TestApp, merchant = 'demo', o: { type?: number; profile?: Record<string, string> } = {}): Promise<Player> {
  const db = t.database.db;
  const [brand] = await db.select().from(merchants).where(eq(merchants.code, merchant));
  const username = `cash${Date.now().toString(36)}${++seq}`;
  const [m] = await db.insert(members).values({ merchantId: brand.id, username, usernameKey: username, type: o.type ?? 0, profile: o.profile ?? {} }).returning();
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({ tokenHash: hashToken(token), merchantId: brand.id, memberId: m.id, expiresAt: new Date(Date.now() + 3_600_000) });
  return { id: m.id, token, username, merchant, brandId: brand.id };
}

/** Puts money straight into a member's main wallet (clearing → main), in minor units. */
export async function fund(t: TestApp, p: Player, minor: bigint) {
  const db = t.database.db;
  await postAlone(db, { merchantId: p.brandId, kind: 'test_fund', idemKey: `test-fund:${p.id}:${randomBytes(6).toString('hex')}`, memberId: p.id,
    lines: [{ account: await brandAccount(db, p.brandId, 'clearing'), amount: -minor }, { account: await memberAccount(db, p.brandId, p.id), amount: minor }] });
}

export async function mainBalance(t: TestApp, p: Player): Promise<bigint> {
  return (await memberBalances(t.database.db, p.brandId, p.id)).find((b) => b.wallet === 'main')?.balance ?? 0n;
}

export const rid = () => `req-${randomBytes(8).toString('hex')}`;

export function get(t: TestApp, p: Player, url: string) {
  return t.call({ method: 'GET', url, merchant: p.merchant, token: p.token });
}
export function postJson(t: TestApp, p: Player, url: string, payload: object) {
  return t.call({ method: 'POST', url, merchant: p.merchant, token: p.token, payload });
}
export function postEnc(t: TestApp, p: Player, url: string, body: object) {
  return encPost(t, url, body, { merchant: p.merchant, token: p.token });
}

/** An operator call; `key` null sends no key. */
export function operator(t: TestApp, method: 'GET' | 'POST', url: string, o: { merchant?: string; key?: string | null; payload?: object } = {}) {
  const key = o.key === undefined ? 'dev-operator-key' : o.key;
  return t.call({ method, url, merchant: o.merchant ?? 'demo', headers: key ? { 'x-operator-key': key } : {}, ...(o.payload ? { payload: o.payload } : {}) });
}
