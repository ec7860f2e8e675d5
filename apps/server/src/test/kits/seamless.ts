/** Helpers for tests that call the seamless wallet as a vendor does. Not loaded by the server. */
import { vendor as contract } from '@lobby/contract';
import type { TestApp } from '../harness.ts';
import { addMember, brandOf, fund, tokenFor } from './wallet.ts';
import { openGameSession, sign, vendorSecret } from '../../modules/seamless-wallet/index.ts';
import { members } from '../../db/schema.ts';
import { and, eq } from 'drizzle-orm';

export type SeamlessPath = 'balance' | 'bet' | 'win' | 'rollback';

/** How a call departs from a well-signed one (for the signature tests). */
export interface SignOpts { merchant?: string; secret?: string; timestamp?: number; signature?: string | null; vendorHeader?: string }

/** A call to POST /vendor/seamless/<path>, signed with the brand's secret of `body.vendor` unless `o` says otherwise. */
export async function seamlessCall(t: TestApp, path: SeamlessPath, body: Record<string, unknown>, o: SignOpts = {}) {
  const merchant = o.merchant ?? 'demo';
  if (path === 'bet' && body.token === undefined) body = { ...body, token: await gameToken(t, merchant, String(body.member), String(body.vendor), String(body.gameId)) };
  const raw = JSON.stringify(body);
  const ts = String(o.timestamp ?? Date.now());
  const secret = o.secret ?? (await vendorSecret(t.database.db, brandOf(t, merchant).id, String(body.vendor)))!;
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-vendor': o.vendorHeader ?? String(body.vendor), 'x-timestamp': ts };
  if (o.signature !== null) headers['x-signature'] = o.signature ?? sign(secret, ts, raw);
  const res = await t.call({ method: 'POST', url: `/vendor/seamless/${path}`, merchant, headers, payload: raw });
  return {
    status: res.statusCode,
    body: res.body,
    json: res.json() as { success: boolean; value?: contract.Answer & Record<string, unknown>; errorCode?: string },
  };
}

/** A member (funded with `minor` unless 0) with a live session, which a seamless bet needs, and its token. */
export async function player(t: TestApp, minor = 1_000_000n, opts: { code?: string; type?: number } = {}) {
  const code = opts.code ?? 'demo';
  const m = await addMember(t, code, { type: opts.type });
  if (minor > 0n) await fund(t, m.username, minor, code);
  return { ...m, token: await tokenFor(t, m.username, code) };
}

/** A launch token of the member at this vendor and game, as a launch opens (one per member, vendor and game per test app; 'x' when no such member or game). */
const tokens = new WeakMap<object, Map<string, string>>();
export async function gameToken(t: TestApp, merchant: string, account: string, vendor: string, nodeId: string): Promise<string> {
  let m = tokens.get(t.database.db);
  if (!m) tokens.set(t.database.db, (m = new Map()));
  const key = `${merchant}:${account.toLowerCase()}:${vendor}:${nodeId}`;
  const hit = m.get(key);
  if (hit) return hit;
  const brand = brandOf(t, merchant);
  const [row] = await t.database.db.select({ id: members.id }).from(members).where(and(eq(members.merchantId, brand.id), eq(members.usernameKey, account.toLowerCase())));
  const g = (await t.app.catalogs.get(brand)).game(nodeId);
  if (!row || !g) return 'x';
  const { token } = await openGameSession(t.database.db, { merchantId: brand.id, memberId: row.id, vendorCode: vendor, nodeId, gameCode: g.gameCode, currency: brand.config.currency.code });
  m.set(key, token);
  return token;
}
