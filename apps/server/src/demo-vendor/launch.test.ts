import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { demoVendor as contract, type GameType } from '@lobby/contract';
import { demoVendorSessions } from '../db/schema.ts';
import { useTestApp } from '../test/harness.ts';
import { player } from '../test/kits/seamless.ts';
import { brandOf } from '../test/kits/wallet.ts';
import { categoryLauncher, registerCategoryLauncher } from './launcher.ts';
import { dv, launch } from './testkit.ts';

const t = useTestApp();

describe('launch', () => {
  it('maps every playable category to its engine and answers the play page with a fresh token', async () => {
    const cases: [GameType, string | undefined, contract.Engine][] = [
      ['RNG', undefined, 'slot5'], ['LIVE', undefined, 'baccarat'], ['FISH', undefined, 'fish'],
      ['PVP', 'PVP-ROCKET', 'crash'], ['PVP', 'PVP-DICE', 'dice'], ['PVP', 'PVP-CARDS', 'baccarat'],
      ['LOTT', undefined, 'keno'], ['ELOTT', undefined, 'keno'],
    ];
    const m = await player(t, 100_000n);
    for (const [type, vendor, engine] of cases) {
      const { url, token, game } = await launch(t, type, m, vendor);
      expect(url).toBe(`${contract.PLAY_PATH}/${engine}?token=${token}`);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      const [row] = await t.database.db.select().from(demoVendorSessions).where(eq(demoVendorSessions.token, token));
      expect(row).toMatchObject({ engine, nodeId: game.nodeId, vendor: game.vendor.code, account: m.username, player: m.username, trial: false });
      const hours = (row.expiresAt.getTime() - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(2.99);
      expect(hours).toBeLessThanOrEqual(3);
    }
  });

  it('hands sports, e-sports and cockfights to the app registered for the category; the catalog offers them', async () => {
    const seen: string[] = [];
    for (const type of ['SPORTS', 'ESPORTS', 'COCKFIGHT'] as GameType[]) {
      registerCategoryLauncher(t.app, type, async (req) => { seen.push(`${req.gameType}/${req.vendor}`); return { url: `/x/${req.gameType}` }; });
      expect((await launch(t, type, null)).url).toBe(`/x/${type}`);
    }
    expect(seen).toEqual(['SPORTS/SPORTS-ARENA', 'ESPORTS/ESPORTS-NEXUS', 'COCKFIGHT/COCKFIGHT-GALLO']);
    expect(categoryLauncher({}, 'SPORTS')).toBeUndefined();
    const catalog = await t.app.catalogs.get(brandOf(t));
    const flags = new Map(catalog.vendors.map((v) => [v.code, v.maintenance]));
    for (const code of ['SPORTS-ARENA', 'ESPORTS-NEXUS', 'COCKFIGHT-GALLO', 'RNG-AURORA']) expect(flags.get(code)).toBe(false);
  });

  it('free play starts with 2,000.00 of play money and the session tells the screen what it needs', async () => {
    const { token, game } = await launch(t, 'RNG', null);
    const r = await dv(t, 'GET', 'session', token);
    expect(r.status).toBe(200);
    const v = r.json.value as unknown as contract.SessionValue;
    expect(v).toMatchObject({ engine: 'slot5', nodeId: game.nodeId, gameName: game.name.EN, trial: true, balance: '2000.00', minBet: '0.20', maxBet: '1000.00', rtp: 0.9606, history: [] });
    expect(v.currency).toBe(brandOf(t).config.currency.code);
    expect(v.info).toHaveProperty('lines');
    expect(v.info).toHaveProperty('paytable');
    expect(v.fairness).toMatchObject({ nonce: 0 });
    expect(v.fairness.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('real play shows the member balance read through the seamless wallet', async () => {
    const m = await player(t, 12_345n);
    const { token } = await launch(t, 'FISH', m);
    const v = (await dv(t, 'GET', 'session', token)).json.value!;
    expect(v).toMatchObject({ trial: false, balance: '123.45', engine: 'fish' });
    expect((v.info as { targets: unknown[] }).targets.length).toBeGreaterThan(5);
  });

  it('an unknown or expired token is demo.session.invalid', async () => {
    const { token } = await launch(t, 'RNG', null);
    await t.database.db.update(demoVendorSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(demoVendorSessions.token, token));
    for (const tk of [token, 'x'.repeat(43)]) {
      const r = await dv(t, 'GET', 'session', tk);
      expect(r.status).toBe(401);
      expect(r.json.errorCode).toBe('demo.session.invalid');
    }
  });
});
