import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { lotteryResult } from '@lobby/contract/fairness';
import { rowsOf } from '../../db/index.ts';
import { useTestApp } from '../../test/harness.ts';
import { drawNowCall, drawRow, upcoming } from './testkit.ts';

/**
 * Issue 21: an issue's seed is sealed until its result is published (a copy of the database
 * predicts no draw), the published seed reproduces the draw by the documented rule, and
 * draw-now is refused in production.
 */
const t = useTestApp();
const sha = (s: string) => createHash('sha256').update(s).digest('hex');

async function allText(): Promise<string> {
  const tables = rowsOf<{ name: string }>(await t.database.db.execute(sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`));
  let out = '';
  for (const { name } of tables) out += rowsOf<{ j: string | null }>(await t.database.db.execute(sql`select json_agg(x)::text as j from ${sql.identifier(name)} x`))[0]?.j ?? '';
  return out;
}

describe('sealed lottery seeds', () => {
  it('a copy before the draw predicts nothing; the published seed reproduces every number by the documented rule', async () => {
    for (const code of ['FAST1', 'VN-NORTH']) {
      const { game, draw } = await upcoming(t, code);
      expect(draw.serverSeed.startsWith('s1.')).toBe(true);
      const copy = await allText();
      const tokens = new Set([...(copy.match(/[0-9a-f]{64}/g) ?? []), ...(copy.match(/[A-Za-z0-9_.\-]{16,}/g) ?? [])]);
      for (const c of tokens) expect(sha(c)).not.toBe(draw.seedHash);
      const drawn = await drawNowCall(t, code, draw.numero);
      expect(drawn.status, JSON.stringify(drawn.json)).toBe(200);
      const row = await drawRow(t, game.id, draw.numero);
      expect(sha(row.serverSeed)).toBe(draw.seedHash);
      expect(copy).not.toContain(row.serverSeed);
      const replay = lotteryResult(game.kind, game.region, row.serverSeed, game.code, draw.numero);
      expect(replay.numbers).toEqual(row.numbers);
      expect(drawn.json.value?.serverSeed).toBe(row.serverSeed);
    }
  });

  it('the published seed cannot be changed, and an unpublished one only sealed again or revealed (trigger)', async () => {
    const { game, draw } = await upcoming(t, 'FAST3');
    await expect(t.database.db.execute(sql`update lottery_draws set server_seed = ${'f'.repeat(64)} where id = ${draw.id}`)).rejects.toThrow();
    await drawNowCall(t, 'FAST3', draw.numero);
    const row = await drawRow(t, game.id, draw.numero);
    await expect(t.database.db.execute(sql`update lottery_draws set server_seed = ${'s1.x'} where id = ${row.id}`)).rejects.toThrow();
  });

  it('draw-now is refused in production with lottery.draw.now.disabled', async () => {
    const { draw } = await upcoming(t, 'FAST1');
    const config = t.app.config as { NODE_ENV: string };
    config.NODE_ENV = 'production';
    try {
      const r = await drawNowCall(t, 'FAST1', draw.numero);
      expect(r.json.errorCode).toBe('lottery.draw.now.disabled');
    } finally {
      config.NODE_ENV = 'test';
    }
    expect((await drawNowCall(t, 'FAST1', draw.numero)).status).toBe(200);
  });
});
