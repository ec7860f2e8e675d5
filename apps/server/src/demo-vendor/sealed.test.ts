import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { demoVendor as contract } from '@lobby/contract';
import { rowsOf } from '../db/index.ts';
import { useTestApp } from '../test/harness.ts';
import { player } from '../test/kits/seamless.ts';
import { FairRng } from './games/index.ts';
import { ENGINES } from './engines.ts';
import { unseal } from '../lib/seal.ts';
import { resealSeeds } from './seeds.ts';
import { dv, launch } from './testkit.ts';

/**
 * Issue 21: a copy of the database taken before a round predicts nothing (unrevealed server
 * seeds are sealed), and the next server seed's hash is shown before the client seed can change.
 */
const t = useTestApp();
const sha = (s: string) => createHash('sha256').update(s).digest('hex');

/** Every row of every table as text: what someone with a copy of the database has. */
async function dump(): Promise<string> {
  const tables = rowsOf<{ name: string }>(await t.database.db.execute(sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`));
  let out = '';
  for (const { name } of tables) {
    const rows = rowsOf<{ j: string }>(await t.database.db.execute(sql`select coalesce(json_agg(x)::text, '') as j from ${sql.identifier(name)} x`));
    out += rows[0]?.j ?? '';
  }
  return out;
}

type Session = contract.SessionValue;
type SeedAnswer = { revealed: { serverSeed: string; serverSeedHash: string }; fairness: Session['fairness'] };

describe('sealed seeds and commitments', () => {
  it('a database copy taken before the rounds predicts none of them; rotation reveals the seed the copy did not have', async () => {
    const m = await player(t, 100_000n);
    const { token } = await launch(t, 'PVP', m, 'PVP-DICE');
    const s = (await dv(t, 'GET', 'session', token)).json.value as unknown as Session;
    const copy = await dump();
    // every 64-hex token of the copy (and every token at all) tried as the server seed: none is committed to
    const candidates = new Set(copy.match(/[0-9a-f]{64}/g) ?? []);
    for (const c of copy.match(/[A-Za-z0-9_.\-]{16,}/g) ?? []) candidates.add(c);
    expect(candidates.size).toBeGreaterThan(0);
    for (const c of candidates) expect(sha(c)).not.toBe(s.fairness.serverSeedHash);

    const input = { bet: '1.00', target: 50, direction: 'under' };
    const rolls: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = (await dv(t, 'POST', 'play', token, { input })).json.value as unknown as { round: contract.RoundView };
      rolls.push((r.round.outcome as { roll: number }).roll);
    }
    const rot = (await dv(t, 'POST', 'seed', token, { clientSeed: 'mine-1', nextServerSeedHash: s.fairness.nextServerSeedHash })).json.value as unknown as SeedAnswer;
    const seed = rot.revealed.serverSeed;
    expect(sha(seed)).toBe(s.fairness.serverSeedHash);
    expect(copy).not.toContain(seed);
    // the revealed seed reproduces the rounds; nothing in the copy does
    const replay = (serverSeed: string) => [0, 1, 2].map((n) => (ENGINES.dice.play(input, new FairRng(serverSeed, s.fairness.clientSeed, n)).outcome as { roll: number }).roll);
    expect(replay(seed)).toEqual(rolls);
    for (const c of [...candidates].slice(0, 200)) expect(replay(c)).not.toEqual(rolls);
  });

  it('the next hash is shown before the client seed changes, becomes the active one, and a rotation against an old commitment is refused', async () => {
    const m = await player(t, 100_000n);
    const { token } = await launch(t, 'RNG', m);
    const before = ((await dv(t, 'GET', 'session', token)).json.value as unknown as Session).fairness;
    expect(before.nextServerSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(before.nextServerSeedHash).not.toBe(before.serverSeedHash);
    const rot = (await dv(t, 'POST', 'seed', token, { clientSeed: 'chosen-after', nextServerSeedHash: before.nextServerSeedHash })).json.value as unknown as SeedAnswer;
    expect(rot.fairness).toMatchObject({ serverSeedHash: before.nextServerSeedHash, clientSeed: 'chosen-after', nonce: 0 });
    expect(rot.revealed.serverSeedHash).toBe(before.serverSeedHash);
    // the screen still shows the old commitment: refused, nothing changes
    const stale = await dv(t, 'POST', 'seed', token, { clientSeed: 'x', nextServerSeedHash: before.nextServerSeedHash });
    expect(stale.json.errorCode).toBe('demo.seed.stale');
    const after = ((await dv(t, 'GET', 'session', token)).json.value as unknown as Session).fairness;
    expect(after).toEqual(rot.fairness);
  });

  it('plain-text seeds of older rows are sealed at start', async () => {
    const m = await player(t, 100_000n);
    const { token } = await launch(t, 'PVP', m, 'PVP-DICE');
    const s = ((await dv(t, 'GET', 'session', token)).json.value as unknown as Session).fairness;
    // simulate a row from before sealing: the plain seed written back
    const [{ id, server_seed: sealed }] = rowsOf<{ id: string; server_seed: string }>(await t.database.db.execute(sql`select id, server_seed from demo_vendor_seeds where server_seed_hash = ${s.serverSeedHash}`));
    expect(sealed.startsWith('s1.')).toBe(true);
    await t.database.db.execute(sql`update demo_vendor_seeds set server_seed = ${unseal(sealed)} where id = ${id}`);
    expect(await resealSeeds(t.database.db)).toBeGreaterThanOrEqual(1);
    const [row] = rowsOf<{ server_seed: string }>(await t.database.db.execute(sql`select server_seed from demo_vendor_seeds where id = ${id}`));
    expect(row.server_seed.startsWith('s1.')).toBe(true);
    expect(unseal(row.server_seed)).toBe(unseal(sealed));
  });
});
