/** Helpers for the wallet tests of every module (members, sessions, funding). Not loaded by the server. */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { members, sessions } from '../../db/schema.ts';
import { hashToken } from '../../plugins/session.ts';
import type { TestApp } from '../harness.ts';
import { brandAccount, memberAccount, postAlone } from '../../kernel/ledger/index.ts';

export const brandOf = (t: TestApp, code = 'demo') => t.app.brands.byMerchantCode(code)!;

export async function memberId(t: TestApp, username: string, code = 'demo'): Promise<bigint> {
  const [m] = await t.database.db.select({ id: members.id }).from(members)
    .where(and(eq(members.merchantId, brandOf(t, code).id), eq(members.usernameKey, username.toLowerCase())));
  if (!m) throw new Error(`no member ${username} in ${code}`);
  return m.id;
}

/** A member of a brand (password-less), optionally under a parent. */
export async function addMember(t: TestApp, code: string, opts: { type?: number; parent?: string } = {}) {
  const username = `w${randomBytes(5).toString('hex')}`;
  const parentId = opts.parent ? await memberId(t, opts.parent, code) : null;
  const [m] = await t.database.db.insert(members).values({
    merchantId: brandOf(t, code).id, username, usernameKey: username, passwordHash: null, type: opts.type ?? 0, nickname: username, parentId,
  }).returning();
  return m;
}

/** A live session token for a member, without going through a login. */
export async function tokenFor(t: TestApp, username: string, code = 'demo'): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await t.database.db.insert(sessions).values({
    tokenHash: hashToken(token), merchantId: brandOf(t, code).id, memberId: await memberId(t, username, code), method: 'password',
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return token;
}

/** Money in from the brand's clearing account (a deposit posting), minor units. */
export async function fund(t: TestApp, username: string, minor: bigint, code = 'demo', wallet = 'main') {
  const db = t.database.db;
  const b = brandOf(t, code);
  const id = await memberId(t, username, code);
  const clearing = await brandAccount(db, b.id, 'clearing');
  const acct = await memberAccount(db, b.id, id, wallet);
  return postAlone(db, { merchantId: b.id, kind: 'deposit', idemKey: `test-dep:${randomUUID()}`, memberId: id, lines: [{ account: clearing, amount: -minor }, { account: acct, amount: minor }], meta: { orderNo: 'D-TEST' } });
}

export const rid = () => randomUUID();

/** JSON call with a token. */
export function api(t: TestApp, token: string | undefined, method: 'GET' | 'POST', url: string, body?: object, code = 'demo') {
  return t.call({ method, url, merchant: code, token, ...(body ? { payload: body } : {}) });
}
