/** Test helpers of the demo sportsbook's suites. */
import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { demoSportsMatches } from '../db/schema.ts';
import { seal } from '../lib/seal.ts';
import type { TestApp } from '../test/harness.ts';
import { finalOf, hashSeed, paramsOf, simulate, uniforms, type Params, type Sport, type Timeline } from './model.ts';

/** Moves a match into the past with a server seed of our choosing (`pick-<n>`, the first whose timeline `want` accepts), so it is over now. */
export async function finishWith(t: TestApp, id: string, want: (tl: Timeline, final: ReturnType<typeof finalOf>) => boolean) {
  const [row] = await t.database.db.select().from(demoSportsMatches).where(eq(demoSportsMatches.id, id));
  const sport = row.sport as Sport;
  const p: Params = paramsOf(sport, row.homeStrength / 100, row.awayStrength / 100);
  let seed = '';
  for (let i = 0; i < 5000 && !seed; i++) {
    const tl = simulate(sport, p, uniforms(`pick-${i}`, id));
    if (want(tl, finalOf(sport, p, tl))) seed = `pick-${i}`;
  }
  expect(seed).not.toBe('');
  await t.database.db.update(demoSportsMatches).set({ serverSeed: seal(seed), serverSeedHash: hashSeed(seed), kickoffAt: new Date(Date.now() - 120_000), endsAt: new Date(Date.now() - 60_000) })
    .where(eq(demoSportsMatches.id, id));
}
