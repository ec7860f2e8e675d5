import { describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { errorEnvelope, games as gamesContract, okEnvelope, operatorGames } from '@lobby/contract';
import { games, operatorAudit, vendors } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { brandOf } from '../../test/kits/wallet.ts';
import { newOp, opCall, type Op } from '../../test/kits/operator.ts';

const t = useTestApp();

const vendor = (code: string, gameType: string, extra: object = {}) => ({ code, name: `Vendor ${code}`, gameType, ...extra });
const game = (nodeId: string, vendorCode: string, gameType: string, extra: object = {}) =>
  ({ nodeId, gameCode: nodeId.toUpperCase(), name: { ES: `Juego ${nodeId}`, EN: `Game ${nodeId}` }, gameType, vendor: vendorCode, ...extra });

const importFile = (op: Op, file: unknown, merchant = 'demo') => opCall(t, op, 'POST', '/wps/ops/games/import', { file, fileName: 'test.json' }, merchant);

async function imported(op: Op, file: unknown) {
  const r = await importFile(op, file);
  expect(r.statusCode, r.body).toBe(200);
  return okEnvelope(operatorGames.importCatalog.response).parse(r.json()).value;
}

const lobbyList = async (vassalage: string, gameType: string) => {
  const r = await t.call({ method: 'GET', url: `${gamesContract.gameList.path}?gameType=${gameType}&vassalage=${vassalage}&pageNo=1&pageSize=100&language=ES`, merchant: 'demo' });
  return okEnvelope(gamesContract.gameList.response).parse(r.json()).value;
};

const small = {
  vendors: [vendor('RNG-IMPORTA', 'RNG', { sort: 3 }), vendor('LIVE-IMPORTB', 'LIVE')],
  games: [
    game('imp-a1', 'RNG-IMPORTA', 'RNG', { isHot: true }),
    game('imp-a2', 'RNG-IMPORTA', 'RNG', { supportPlay: 0, sort: 2 }),
    game('imp-b1', 'LIVE-IMPORTB', 'LIVE'),
  ],
};

describe('console games: catalog import', () => {
  it('imports a file, counts added/updated/unchanged, shows it in the lobby at once; a re-import changes nothing', async () => {
    const op = await newOp(t, 'content');
    expect(await imported(op, small)).toEqual({ vendors: { added: 2, updated: 0, unchanged: 0 }, games: { added: 3, updated: 0, unchanged: 0 } });
    const lane = await lobbyList('RNG-IMPORTA', 'RNG');
    expect(lane.games.map((g) => [g.nodeId, g.gameName, g.isHot, g.supportPlay])).toEqual([['imp-a1', 'Juego imp-a1', 1, 1], ['imp-a2', 'Juego imp-a2', 0, 0]]);

    expect(await imported(op, small)).toEqual({ vendors: { added: 0, updated: 0, unchanged: 2 }, games: { added: 0, updated: 0, unchanged: 3 } });
    const [before] = await t.database.db.select().from(games).where(and(eq(games.merchantId, brandOf(t).id), eq(games.nodeId, 'imp-b1')));

    const changed = {
      vendors: [vendor('RNG-IMPORTA', 'RNG', { sort: 3, maintenance: true })],
      games: [game('imp-a1', 'RNG-IMPORTA', 'RNG', { isHot: true, name: { ES: 'Dragón nuevo', EN: 'New dragon' } }), game('imp-a3', 'RNG-IMPORTA', 'RNG'), small.games[2]],
    };
    expect(await imported(op, changed)).toEqual({ vendors: { added: 0, updated: 1, unchanged: 0 }, games: { added: 1, updated: 1, unchanged: 1 } });
    const lane2 = await lobbyList('RNG-IMPORTA', 'RNG');
    expect(lane2.games.map((g) => g.gameName)).toEqual(['Dragón nuevo', 'Juego imp-a3', 'Juego imp-a2']);
    expect(lane2.games.every((g) => g.maintenance)).toBe(true);
    const [after] = await t.database.db.select().from(games).where(and(eq(games.merchantId, brandOf(t).id), eq(games.nodeId, 'imp-b1')));
    expect(after.updatedAt).toEqual(before.updatedAt); // unchanged rows are not written

    const audits = (await t.database.db.select().from(operatorAudit)).filter((a) => a.action === 'games.import');
    expect(audits).toHaveLength(3);
    expect(audits[2].operatorName).toBe(op.username);
    expect((audits[2].after as { counts: unknown }).counts).toEqual({ vendors: { added: 0, updated: 1, unchanged: 0 }, games: { added: 1, updated: 1, unchanged: 1 } });
    expect((audits[2].before as { games: { name: unknown }[] }).games[0].name).toEqual({ ES: 'Juego imp-a1', EN: 'Game imp-a1' });
  });

  it('a bad row refuses the whole file with its row, field and code; nothing is written', async () => {
    const op = await newOp(t, 'owner');
    const file = {
      vendors: [vendor('RNG-BADONE', 'RNG'), vendor('FISH-BADTWO', 'RNG')],
      games: [
        game('bad-1', 'RNG-BADONE', 'RNG'),
        game('bad-2', 'RNG-BADONE', 'RNG', { name: { ES: 'Solo ES' } }),
        game('bad-1', 'RNG-BADONE', 'RNG'),
        game('bad-4', 'RNG-NOWHERE', 'RNG'),
        game('bad-5', 'RNG-BADONE', 'LIVE'),
        { ...game('bad-6', 'RNG-BADONE', 'RNG'), colour: 'red', supportPlay: 'yes' },
      ],
    };
    const r = await importFile(op, file);
    expect(r.statusCode).toBe(422);
    const env = errorEnvelope.parse(r.json());
    expect(env.errorCode).toBe('operator.games.import.invalid');
    const v = operatorGames.importErrors.parse(r.json().value);
    expect(v.errors).toEqual([
      { section: 'vendors', row: 1, field: 'code', errorCode: 'vendor_category' },
      { section: 'games', row: 1, field: 'name.EN', errorCode: 'required' },
      { section: 'games', row: 2, field: 'nodeId', errorCode: 'duplicate' },
      { section: 'games', row: 3, field: 'vendor', errorCode: 'vendor_unknown' },
      { section: 'games', row: 4, field: 'vendor', errorCode: 'vendor_category' },
      { section: 'games', row: 5, field: 'supportPlay', errorCode: 'type' },
      { section: 'games', row: 5, field: 'colour', errorCode: 'unknown_field' },
    ]);
    expect(v.total).toBe(7);
    const db = t.database.db;
    expect(await db.select().from(vendors).where(like(vendors.code, '%-BAD%'))).toHaveLength(0);
    expect(await db.select().from(games).where(like(games.nodeId, 'bad-%'))).toHaveLength(0);
    expect((await db.select().from(operatorAudit)).filter((a) => a.action === 'games.import' && a.operatorName === op.username)).toHaveLength(0);

    for (const [bad, field, errorCode] of [[[], '', 'type'], [{ games: 'x' }, 'games', 'type'], [{}, 'games', 'required'], [{ vendors: [], extra: 1 }, 'extra', 'unknown_field']] as const) {
      const e = await importFile(op, bad);
      expect(e.statusCode).toBe(422);
      expect(e.json().value.errors[0]).toEqual({ section: 'file', row: null, field, errorCode });
    }
  });

  it('imports 5,000 games in a few seconds; the file above 1 MB is accepted', async () => {
    const op = await newOp(t, 'owner');
    const vs = Array.from({ length: 10 }, (_, i) => vendor(`RNG-BULK${i}`, 'RNG'));
    const gs = Array.from({ length: 5000 }, (_, i) => game(`bulk-${i}`, `RNG-BULK${i % 10}`, 'RNG', { sort: i }));
    const file = { vendors: vs, games: gs };
    expect(JSON.stringify(file).length).toBeGreaterThan(1024 * 1024 / 2);
    const start = Date.now();
    expect(await imported(op, file)).toEqual({ vendors: { added: 10, updated: 0, unchanged: 0 }, games: { added: 5000, updated: 0, unchanged: 0 } });
    const took = Date.now() - start;
    expect(took).toBeLessThan(15_000);
    expect((await lobbyList('RNG-BULK3', 'RNG')).totalCount).toBe(500);
    const again = Date.now();
    expect((await imported(op, file)).games.unchanged).toBe(5000);
    expect(Date.now() - again).toBeLessThan(15_000);
  });

  it('an operator of another brand cannot import into this one', async () => {
    const op = await newOp(t, 'content', ['luna']);
    const r = await importFile(op, small);
    expect(r.json().errorCode).toBe('operator.forbidden');
  });
});
