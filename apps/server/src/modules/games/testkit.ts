/** Helpers for the games tests. Not loaded by the server. */
import { expect } from 'vitest';
import type { TestApp } from '../../test/harness.ts';
import { sign, vendorSecret } from '../vendor/seamless.ts';
import { addMember, brandOf, fund, rid, tokenFor } from '../wallet/testkit.ts';
import type { CatalogGame } from './catalog.ts';

/** A funded member with a live session and its token. */
export async function player(t: TestApp, minor = 1_000_000n, opts: { code?: string; type?: number } = {}) {
  const code = opts.code ?? 'demo';
  const m = await addMember(t, code, { type: opts.type });
  if (minor > 0n) await fund(t, m.username, minor, code);
  return { ...m, token: await tokenFor(t, m.username, code) };
}

/** A signed call to the seamless wallet API, as a vendor makes it. */
async function seamless(t: TestApp, path: 'bet' | 'win' | 'rollback', body: Record<string, unknown>, code: string) {
  const raw = JSON.stringify(body);
  const ts = String(Date.now());
  const secret = (await vendorSecret(t.database.db, brandOf(t, code).id, String(body.vendor)))!;
  const res = await t.call({
    method: 'POST', url: `/vendor/seamless/${path}`, merchant: code, payload: raw,
    headers: { 'content-type': 'application/json', 'x-vendor': String(body.vendor), 'x-timestamp': ts, 'x-signature': sign(secret, ts, raw) },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/**
 * One round through the seamless API: a bet and, unless `win` is null, its settlement
 * (a win of 0 is a loss); `refund` rolls the bet back instead.
 */
export async function round(t: TestApp, member: { username: string }, g: CatalogGame, bet: string, win: string | null, o: { code?: string; refund?: boolean } = {}) {
  const code = o.code ?? 'demo';
  const roundId = rid();
  const betTx = rid();
  const vendor = g.vendor.code;
  await seamless(t, 'bet', { vendor, txId: betTx, roundId, member: member.username, gameId: g.nodeId, amount: bet }, code);
  if (o.refund) await seamless(t, 'rollback', { vendor, txId: rid(), refTxId: betTx, roundId, member: member.username }, code);
  else if (win !== null) await seamless(t, 'win', { vendor, txId: rid(), roundId, member: member.username, amount: win }, code);
  return roundId;
}

/** The n-th game of a category in a brand's catalog. */
export async function gameOf(t: TestApp, gameType: string, n = 0, code = 'demo'): Promise<CatalogGame> {
  const g = (await t.app.catalogs.get(brandOf(t, code))).games.filter((x) => x.gameType === gameType)[n];
  if (!g) throw new Error(`no ${gameType} game #${n} in ${code}`);
  return g;
}
