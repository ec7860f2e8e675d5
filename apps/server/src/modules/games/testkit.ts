/** Helpers for the games tests. Not loaded by the server. */
import { expect } from 'vitest';
import type { TestApp } from '../../test/harness.ts';
import { seamlessCall, type SeamlessPath } from '../../test/kits/seamless.ts';
import { brandOf, rid } from '../../test/kits/wallet.ts';
import type { CatalogGame } from './catalog.ts';

/**
 * One round through the seamless API: a bet and, unless `win` is null, its settlement
 * (a win of 0 is a loss); `refund` rolls the bet back instead.
 */
export async function round(t: TestApp, member: { username: string }, g: CatalogGame, bet: string, win: string | null, o: { code?: string; refund?: boolean } = {}) {
  const merchant = o.code ?? 'demo';
  const ok = async (path: SeamlessPath, body: Record<string, unknown>) => {
    const r = await seamlessCall(t, path, body, { merchant });
    expect(r.status, r.body).toBe(200);
  };
  const roundId = rid();
  const betTx = rid();
  const vendor = g.vendor.code;
  await ok('bet', { vendor, txId: betTx, roundId, member: member.username, gameId: g.nodeId, amount: bet });
  if (o.refund) await ok('rollback', { vendor, txId: rid(), refTxId: betTx, roundId, member: member.username });
  else if (win !== null) await ok('win', { vendor, txId: rid(), roundId, member: member.username, amount: win });
  return roundId;
}

/** The n-th game of a category in a brand's catalog. */
export async function gameOf(t: TestApp, gameType: string, n = 0, code = 'demo'): Promise<CatalogGame> {
  const g = (await t.app.catalogs.get(brandOf(t, code))).games.filter((x) => x.gameType === gameType)[n];
  if (!g) throw new Error(`no ${gameType} game #${n} in ${code}`);
  return g;
}
