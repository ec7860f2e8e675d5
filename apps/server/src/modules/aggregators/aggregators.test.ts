/**
 * Game aggregators end to end against the stand-in (its own process, its own keys) and the real
 * platform wallet: the console configures HUB88 and imports its game list (suppliers → vendors,
 * categories → game types, thumbnails → images), a member launches one of its games (the
 * aggregator is asked for the URL with the member's launch token), plays a round on the
 * stand-in's page (a signed bet and win reach our Hub88 wallet), and the balance and the betting
 * record show it.
 */
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { betRecords } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { fund, mainBalance, newPlayer } from '../../test/kits/cashier.ts';
import { auditRows, newOp, ok, opCall, type Op } from '../../test/kits/operator.ts';
import { brandOf } from '../../test/kits/wallet.ts';
import { startStandinProcess, type StandinProcess } from './standin-kit.ts';

const t = useTestApp();
let standin: StandinProcess;
let owner: Op;
let origin = '';

beforeAll(async () => {
  standin = await startStandinProcess();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  owner = await newOp(t, 'owner');
}, 60_000);
afterAll(async () => {
  await standin?.stop();
});

const config = { code: 'HUB88', kind: 'hub88', baseUrl: '', operatorId: '42', vendorPrefix: 'H8' };

describe('aggregators', () => {
  it('configures HUB88, refuses bad input and an import without keys, then imports its game list', async () => {
    config.baseUrl = standin.url;
    expect(await ok(opCall(t, owner, 'GET', '/wps/ops/aggregators'))).toEqual([]);
    const bad = await opCall(t, owner, 'POST', '/wps/ops/aggregators/save', { ...config, baseUrl: 'ftp://x' });
    expect(bad.json()).toMatchObject({ success: false, errorCode: 'request_param_err' });
    const content = await newOp(t, 'content');
    expect((await opCall(t, content, 'POST', '/wps/ops/aggregators/save', config)).statusCode).toBe(403);

    const saved = await ok(opCall(t, owner, 'POST', '/wps/ops/aggregators/save', config));
    expect(saved).toMatchObject({ code: 'HUB88', keysReady: false, vendors: [], lastImport: null });
    expect(saved.walletUrl).toMatch(/\/wallet\/hub88\/demo\/HUB88$/);
    expect(await auditRows(t, 'aggregator.save', 'HUB88')).toHaveLength(1);
    const noKeys = await opCall(t, owner, 'POST', '/wps/ops/aggregators/import', { code: 'HUB88' });
    expect(noKeys.json()).toMatchObject({ success: false, errorCode: 'operator.aggregator.keys.missing' });

    // the aggregator's public key in, our key pair out (the wallet's credentials console)
    const cred = await ok(opCall(t, owner, 'POST', '/wps/ops/seamless/credentials/create', { partner: 'HUB88', protocol: 'hub88', partnerPublicKey: standin.publicKeyPem }));
    const ourKey = (cred as unknown as { credential: { ourPublicKey: string } }).credential.ourPublicKey;
    // refused by the aggregator until it has our public key
    const refused = await opCall(t, owner, 'POST', '/wps/ops/aggregators/import', { code: 'HUB88' });
    expect(refused.json()).toMatchObject({ success: false, errorCode: 'operator.aggregator.refused' });
    const walletUrl = `${origin}${new URL(String(saved.walletUrl)).pathname}`;
    const reg = await fetch(`${standin.url}/backoffice/operators`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ operator_id: '42', public_key: ourKey, wallet_url: walletUrl }),
    });
    expect(reg.status).toBe(200);

    const imported = await ok(opCall(t, owner, 'POST', '/wps/ops/aggregators/import', { code: 'HUB88' }));
    expect(imported).toMatchObject({ keysReady: true, vendors: ['RNG-H8AURORASTUDIOS', 'PVP-H8NOVADICE'], lastImport: { vendors: 2, games: 5, added: 5 } });
    expect(await auditRows(t, 'aggregator.import', 'HUB88')).toHaveLength(1);
    const catalog = await t.app.catalogs.get(brandOf(t));
    const slot = catalog.game('h8_aur_luckysevens')!;
    expect(slot).toMatchObject({ gameCode: 'aur_luckysevens', gameType: 'RNG', supportPlay: 0, name: { ES: 'Lucky Sevens', EN: 'Lucky Sevens' } });
    expect(slot.vendor).toMatchObject({ code: 'RNG-H8AURORASTUDIOS', name: 'Aurora Studios' });
    expect(slot.wire.EN.iconUrl).toBe(`${standin.url}/thumbs/aur_luckysevens.svg`);
    expect(catalog.game('h8_nvd_diceroyale')?.gameType).toBe('PVP');

    // a re-import adds nothing and keeps what the operator switched off
    await ok(opCall(t, owner, 'POST', '/wps/ops/games/update', { nodeId: 'h8_aur_fruitfiesta', enabled: false }));
    const again = await ok(opCall(t, owner, 'POST', '/wps/ops/aggregators/import', { code: 'HUB88' }));
    expect(again.lastImport).toMatchObject({ games: 5, added: 0 });
    expect((await t.app.catalogs.get(brandOf(t))).game('h8_aur_fruitfiesta')).toBeUndefined();
  });

  it('launches an aggregator game with a launch token; a round on its page moves the balance and is in the betting record', async () => {
    const p = await newPlayer(t);
    await fund(t, p, 50_000n); // 500.00
    const launch = await t.call({
      method: 'POST', url: '/wps/game/launchGame', token: p.token,
      payload: { gameType: 'RNG', vassalage: 'RNG-H8AURORASTUDIOS', nodeId: 'h8_aur_luckysevens', accountType: 1, language: 'es' },
    });
    expect(launch.statusCode, launch.body).toBe(200);
    const url = (launch.json().value as { content: { game_url: string } }).content.game_url;
    expect(url.startsWith(`${standin.url}/games/`)).toBe(true);
    expect(await (await fetch(url)).text()).toContain('Lucky Sevens');

    const state = await (await fetch(`${url}/state`, { method: 'POST' })).json() as { balance: number };
    expect(state.balance).toBe(500 * 100_000);
    const res = await fetch(`${url}/spin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ bet: 200_000 }) });
    const spin = await res.json() as { balance: number; win: number; round: string };
    expect(res.status, JSON.stringify(spin)).toBe(200);
    const winMinor = BigInt(Math.floor(spin.win / 1000));
    expect(await mainBalance(t, p)).toBe(50_000n - 200n + winMinor);
    expect(spin.balance).toBe(Number(50_000n - 200n + winMinor) * 1000);
    const [rec] = await t.database.db.select().from(betRecords).where(and(eq(betRecords.memberId, p.id), eq(betRecords.roundId, spin.round)));
    expect(rec).toMatchObject({ vendor: 'RNG-H8AURORASTUDIOS', game: 'h8_aur_luckysevens', bet: 200n, win: winMinor, status: 'settled' });
  });

  it('free play opens the aggregator in demo mode; an aggregator that does not answer fails the launch cleanly', async () => {
    const trial = await t.call({ method: 'POST', url: '/wps/game/launchGame', payload: { gameType: 'PVP', vassalage: 'PVP-H8NOVADICE', nodeId: 'h8_nvd_diceroyale', accountType: 0 } });
    expect(trial.statusCode, trial.body).toBe(200);
    const url = (trial.json().value as { content: { game_url: string } }).content.game_url;
    expect(await (await fetch(url)).text()).toContain('DEMO');

    await standin.stop();
    const p = await newPlayer(t);
    const down = await t.call({
      method: 'POST', url: '/wps/game/launchGame', token: p.token,
      payload: { gameType: 'RNG', vassalage: 'RNG-H8AURORASTUDIOS', nodeId: 'h8_aur_luckysevens', accountType: 1 },
    });
    expect(down.json()).toMatchObject({ success: false, errorCode: 'aggregator.launch.failed' });
  });
});
