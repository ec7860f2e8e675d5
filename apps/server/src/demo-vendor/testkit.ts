/** Helpers for the demo vendor's tests. Not loaded by the server. */
import { expect } from 'vitest';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { GameType } from '@lobby/contract';
import { betRecords, postings, sessions } from '../db/schema.ts';
import type { TestApp } from '../test/harness.ts';
import { brandOf } from '../test/kits/wallet.ts';
import { parseMinor } from './money.ts';
import { openGameSession } from '../modules/seamless-wallet/index.ts';

/**
 * Launches the first catalog game of a type (of a vendor when given) at the demo vendor: real
 * play for `account` (a `player` of modules/seamless-wallet/testkit.ts), free play when null; answers url and token.
 */
export async function launch(t: TestApp, gameType: GameType, account: { id: bigint; username: string } | null, vendor?: string, code = 'demo') {
  const brand = brandOf(t, code);
  const g = (await t.app.catalogs.get(brand)).games.find((x) => x.gameType === gameType && (!vendor || x.vendor.code === vendor));
  if (!g) throw new Error(`no ${gameType} game`);
  // real play: the launch token the platform opens (games/launch.ts does the same)
  const [lobby] = account ? await t.database.db.select({ id: sessions.id }).from(sessions)
    .where(and(eq(sessions.memberId, account.id), isNull(sessions.revokedAt))).orderBy(desc(sessions.id)).limit(1) : [];
  const session = account ? await openGameSession(t.database.db, {
    merchantId: brand.id, memberId: account.id, sessionId: lobby?.id ?? null, vendorCode: g.vendor.code, nodeId: g.nodeId, gameCode: g.gameCode, currency: brand.config.currency.code,
  }) : null;
  const { url } = await t.app.vendorLauncher.launch({
    brand, vendor: g.vendor.code, nodeId: g.nodeId, gameType: g.gameType, gameName: g.name.EN,
    member: account ? { id: account.id, account: account.username } : null,
    language: 'EN', currency: brand.config.currency.code, gameToken: session?.token ?? null,
  });
  return { url, token: new URL(url, 'http://x').searchParams.get('token')!, game: g };
}

type Envelope = { success: boolean; value?: Record<string, unknown> & { balance?: string }; errorCode?: string };

/** A call to the demo vendor's API. */
export async function dv(t: TestApp, method: 'GET' | 'POST', path: string, token: string, body: Record<string, unknown> = {}) {
  const res = method === 'GET'
    ? await t.call({ method, url: `/demo-vendor/api/${path}?token=${encodeURIComponent(token)}` })
    : await t.call({ method, url: `/demo-vendor/api/${path}`, payload: { token, ...body } });
  return { status: res.statusCode, json: res.json() as Envelope };
}

/** The member's main balance through the seamless wallet, minor units. */
export async function balanceOf(t: TestApp, account: string, vendor: string, code = 'demo'): Promise<bigint> {
  const a = await t.app.demoVendor.wallet.balance(brandOf(t, code), vendor, account);
  expect(a.ok).toBe(true);
  return a.ok ? a.balance : 0n;
}

export const minor = (s: unknown) => parseMinor(String(s).replace(/^-/, ''))! * (String(s).startsWith('-') ? -1n : 1n);

export const postingsOf = async (t: TestApp, kind: string, memberId: bigint) =>
  (await t.database.db.select().from(postings).where(and(eq(postings.kind, kind), eq(postings.memberId, memberId)))).length;

export const recordsOf = (t: TestApp, memberId: bigint) =>
  t.database.db.select().from(betRecords).where(eq(betRecords.memberId, memberId));
