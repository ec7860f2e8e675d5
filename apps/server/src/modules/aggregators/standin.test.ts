/**
 * The aggregator stand-in (tools/aggregator-standin) as its own process, from an operator's side:
 * Hub88 signatures both ways, the documented game list and game URL, and a played round that
 * reaches a wallet (here a small signed wallet of the test's own) as a signed bet and win.
 */
import { createServer, type Server } from 'node:http';
import { generateKeyPairSync, sign, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStandinProcess, type StandinProcess } from './standin-kit.ts';

const keys = () => generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const operator = keys();
const stranger = keys();
const signWith = (pem: string, raw: string) => sign('sha256', Buffer.from(raw), pem).toString('base64');

let standin: StandinProcess;
let wallet: Server;
let walletUrl = '';
/** What the wallet received, with whether the stand-in's signature verified. */
const calls: { path: string; body: Record<string, unknown>; signed: boolean }[] = [];
let balance = 50_000_000; // 500.00 in Hub88 units

beforeAll(async () => {
  standin = await startStandinProcess();
  wallet = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => { raw += c; });
    req.on('end', () => {
      const body = JSON.parse(raw) as Record<string, unknown>;
      const sig = String(req.headers['x-hub88-signature'] ?? '');
      const signed = verify('sha256', Buffer.from(raw), standin.publicKeyPem, Buffer.from(sig, 'base64'));
      const path = req.url!.replace(/^\/hub88/, '');
      calls.push({ path, body, signed });
      let status = signed ? 'RS_OK' : 'RS_ERROR_INVALID_SIGNATURE';
      if (signed && path === '/transaction/bet') {
        if (balance < Number(body.amount)) status = 'RS_ERROR_NOT_ENOUGH_MONEY';
        else balance -= Number(body.amount);
      }
      if (signed && path === '/transaction/win') balance += Number(body.amount);
      const answer = JSON.stringify({ user: body.user, status, request_uuid: body.request_uuid, currency: 'EUR', balance });
      res.writeHead(200, { 'content-type': 'application/json', 'x-hub88-signature': signWith(operator.privateKey, answer) });
      res.end(answer);
    });
  });
  await new Promise<void>((r) => wallet.listen(0, '127.0.0.1', r));
  walletUrl = `http://127.0.0.1:${(wallet.address() as { port: number }).port}/hub88`;
  const reg = await fetch(`${standin.url}/backoffice/operators`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ operator_id: 7, public_key: operator.publicKey, wallet_url: walletUrl }),
  });
  expect(reg.status).toBe(200);
}, 30_000);

afterAll(async () => {
  await standin?.stop();
  await new Promise((r) => wallet?.close(r));
});

async function hub88(path: string, body: unknown, key = operator.privateKey) {
  const raw = JSON.stringify(body);
  const res = await fetch(`${standin.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub88-signature': signWith(key, raw) },
    body: raw,
  });
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text) as unknown, signature: res.headers.get('x-hub88-signature') };
}

describe('aggregator stand-in', () => {
  it('answers the documented game list, signed with its own key, only to a registered operator that signed', async () => {
    const r = await hub88('/operator/generic/v2/game/list', { operator_id: 7 });
    expect(r.status).toBe(200);
    expect(verify('sha256', Buffer.from(r.text), standin.publicKeyPem, Buffer.from(r.signature!, 'base64'))).toBe(true);
    const list = r.body as Record<string, unknown>[];
    expect(list.length).toBeGreaterThanOrEqual(5);
    for (const g of list) {
      expect(g).toMatchObject({ enabled: true, platforms: ['GPL_DESKTOP', 'GPL_MOBILE'] });
      expect(typeof g.game_code).toBe('string');
      expect(typeof g.name).toBe('string');
      expect(typeof g.product).toBe('string');
      expect(String(g.url_thumb)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/thumbs\/.+\.svg$/);
    }
    // the slot's exact paytable return
    expect(list.find((g) => g.game_code === 'aur_luckysevens')?.rtp).toBe('95.98');
    const thumb = await fetch(String(list[0].url_thumb));
    expect(thumb.headers.get('content-type')).toBe('image/svg+xml');

    expect((await hub88('/operator/generic/v2/game/list', { operator_id: 7 }, stranger.privateKey)).status).toBe(401);
    expect((await hub88('/operator/generic/v2/game/list', { operator_id: 8 })).status).toBe(401);
    const unsigned = await fetch(`${standin.url}/operator/generic/v2/game/list`, { method: 'POST', body: '{"operator_id":7}' });
    expect(unsigned.status).toBe(401);
  });

  it('game/url checks the documented fields and answers a playable page', async () => {
    const launch = { user: 'player01', token: 'tok-0123456789', platform: 'GPL_DESKTOP', operator_id: 7, lang: 'es', game_code: 'aur_luckysevens', currency: 'EUR', lobby_url: 'https://casino.example/', ip: '127.0.0.1', country: 'MX' };
    expect((await hub88('/operator/generic/v2/game/url', { ...launch, game_code: 'nope' })).status).toBe(404);
    expect((await hub88('/operator/generic/v2/game/url', { ...launch, token: 'short' })).status).toBe(400);
    expect((await hub88('/operator/generic/v2/game/url', { ...launch, platform: 'GPL_TV' })).status).toBe(400);
    const r = await hub88('/operator/generic/v2/game/url', launch);
    expect(r.status).toBe(200);
    const url = (r.body as { url: string }).url;
    expect(url).toMatch(new RegExp(`^${standin.url}/games/`));
    const page = await (await fetch(url)).text();
    expect(page).toContain('Lucky Sevens');
    expect(page).toContain('lang="es"');

    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return { status: res.status, body: await res.json() as Record<string, unknown> };
    };
    expect((await post('/state', {})).body).toMatchObject({ balance, currency: 'EUR', demo: false });

    calls.length = 0;
    const before = balance;
    const spin = await post('/spin', { bet: 200_000 });
    expect(spin.status).toBe(200);
    const [bet, win] = calls;
    expect(calls.map((c) => [c.path, c.signed])).toEqual([['/transaction/bet', true], ['/transaction/win', true]]);
    expect(bet.body).toMatchObject({ user: 'player01', token: 'tok-0123456789', game_code: 'aur_luckysevens', currency: 'EUR', amount: 200_000, round: spin.body.round, round_closed: false, is_free: false });
    expect(win.body).toMatchObject({ user: 'player01', round: spin.body.round, round_closed: true, reference_transaction_uuid: bet.body.transaction_uuid, amount: spin.body.win });
    expect(win.body.transaction_uuid).not.toBe(bet.body.transaction_uuid);
    expect(bet.body.request_uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(spin.body.balance).toBe(before - 200_000 + Number(spin.body.win));

    // not enough money: the wallet's refusal reaches the page, nothing is rolled back
    calls.length = 0;
    const broke = await post('/spin', { bet: 100_000_000 });
    expect(broke).toMatchObject({ status: 409, body: { error: 'RS_ERROR_NOT_ENOUGH_MONEY' } });
    expect(calls.map((c) => c.path)).toEqual(['/transaction/bet']);
  });

  it('plays demo sessions (currency XXX) with play money and no wallet calls', async () => {
    const r = await hub88('/operator/generic/v2/game/url', { operator_id: 7, game_code: 'nvd_diceroyale', currency: 'XXX', platform: 'GPL_MOBILE', lang: 'en' });
    expect(r.status).toBe(200);
    const url = (r.body as { url: string }).url;
    calls.length = 0;
    const res = await fetch(`${url}/spin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ bet: 100_000, target: 50 }) });
    const body = await res.json() as { balance: number; win: number; outcome: { roll: number } };
    expect(body.balance).toBe(100_000_000 - 100_000 + body.win);
    expect(body.win > 0).toBe(body.outcome.roll < 50);
    expect(calls).toEqual([]);
  });
});
