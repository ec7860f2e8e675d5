/**
 * Issue 18 finding 8 (12 answers of 500 for a NUL character) and item 5 (no 500 on any input):
 * a NUL or another C0 control character in a query, path parameter, body (plain or encrypted)
 * or read header, invalid UTF-8, a lone surrogate, an overlong value and deeply nested JSON
 * answer the request_param_err envelope (400, translated), never a 5xx. Text with tab, line
 * feed and carriage return (a message's body) still goes through.
 */
import { describe, expect, it } from 'vitest';
import { operator as operatorContract } from '@lobby/contract';
import { newOp } from '../kits/operator.ts';
import { tokenFor } from '../kits/wallet.ts';
import { encryptWithKey, fetchBrandKey } from '../crypto-client.ts';
import { useTestApp } from '../harness.ts';

const t = useTestApp({ RATE_LIMIT_MAX: 1_000_000 });

const NUL = '\u0000';
const enc = encodeURIComponent;

type Res = { statusCode: number; body: string; json(): { success?: boolean; errorCode?: string; message?: string } };

function expectParamErr(res: Res, what: string) {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBe(400);
  const body = res.json();
  expect(body.success, what).toBe(false);
  expect(body.errorCode, what).toBe('request_param_err');
  expect(body.message, what).toMatch(/\S/);
}

describe('a NUL character answers request_param_err, not 500 (the 12 routes of finding 8)', () => {
  const op = async () => ({ [operatorContract.SESSION_HEADER]: (await newOp(t, 'owner')).token });
  const get = async (url: string, headers: Record<string, string>) => t.call({ method: 'GET', url, language: 'EN', headers });
  const post = async (url: string, payload: object, headers: Record<string, string>) => t.call({ method: 'POST', url, payload, language: 'EN', headers });

  it('console people search', async () => expectParamErr(await get(`/wps/ops/people?q=${enc(`player${NUL}`)}`, await op()), 'people'));
  it('console audit search', async () => expectParamErr(await get(`/wps/ops/audit?q=${enc(`x${NUL}`)}`, await op()), 'audit'));
  it('console games search', async () => expectParamErr(await get(`/wps/ops/games?q=${enc(`x${NUL}`)}`, await op()), 'games'));
  it('agent downlines', async () =>
    expectParamErr(await get(`/wps/relay/MCSFE_agentDownlines?account=${enc(`a${NUL}`)}`, { authorization: await tokenFor(t, 'agent01') }), 'downlines'));
  it('agent team betting', async () =>
    expectParamErr(await get(`/wps/relay/ODSFE2_agentTeamBetting?startDate=2026-01-01&endDate=2026-01-02&account=${enc(`a${NUL}`)}`, { authorization: await tokenFor(t, 'agent01') }), 'team betting'));
  it('agent downline transactions', async () =>
    expectParamErr(await get(`/wps/relay/ODSFE2_agentDownlineTransDet?startDate=2026-01-01&endDate=2026-01-02&account=${enc(`player01${NUL}`)}`, { authorization: await tokenFor(t, 'agent01') }), 'downline transactions'));
  it('affiliate code', async () => expectParamErr(await get(`/wps/agent/affiliate?code=${enc(`AB${NUL}`)}`, {}), 'affiliate'));
  it('lottery current issue', async () => expectParamErr(await get(`/lotto/lgw/games/current?gameCode=${enc(`FAST1${NUL}`)}`, {}), 'lottery'));
  it('operator inbox send', async () => expectParamErr(await post('/wps/operator/inbox/send', { username: `player01${NUL}`, title: 'Hi', content: 'Hello' }, await op()), 'inbox send'));
  it('deposit cancel', async () =>
    expectParamErr(await post('/wps/deposit/orders/cancel', { orderNo: `D${NUL}1` }, { authorization: await tokenFor(t, 'player01') }), 'deposit cancel'));
  it('console login', async () => expectParamErr(await post('/wps/ops/login', { username: `owner${NUL}`, password: 'x', code: '123456' }, {}), 'ops login'));
  it('member login (encrypted body)', async () => {
    const key = await fetchBrandKey(t.app, 'demo');
    const e = encryptWithKey(key.publicKey, { type: 'username', username: `player01${NUL}`, password: 'Player123' });
    const res = await t.call({ method: 'POST', url: '/wps/session/login', language: 'EN', headers: { ...e.headers, 'content-type': 'application/json' }, payload: JSON.stringify(e.payload) });
    expectParamErr(res, 'login');
  });
});

describe('control characters, invalid UTF-8, overlong and deep input anywhere (item 5)', () => {
  it('other C0 controls and DEL in a query, a path parameter and a body field', async () => {
    for (const c of ['\u0001', '\u0008', '\u000b', '\u001b', '\u001f', '\u007f']) {
      expectParamErr(await t.call({ method: 'GET', url: `/wps/agent/affiliate?code=${enc(`AB${c}C`)}`, language: 'EN' }), `query ${c.charCodeAt(0)}`);
      expectParamErr(await t.call({ method: 'POST', url: '/wps/ops/login', language: 'EN', payload: { username: `a${c}`, password: 'x' } }), `body ${c.charCodeAt(0)}`);
    }
    // a path parameter (the member icon's file name)
    const icon = await t.call({ method: 'GET', url: `/wps/member/icon/${enc(`a${NUL}.png`)}`, language: 'EN' });
    expect(icon.statusCode).toBeLessThan(500);
    expect(icon.json().errorCode).toBeTruthy();
  });

  it('a NUL in a nested field and in an array element of a body', async () => {
    const op = { [operatorContract.SESSION_HEADER]: (await newOp(t, 'owner')).token };
    const res = await t.call({ method: 'POST', url: '/wps/ops/games/bulk', language: 'EN', headers: op, payload: { ids: [`1${NUL}`], changes: { hot: true } } });
    expectParamErr(res, 'array element');
    const deep = await t.call({ method: 'POST', url: '/wps/ops/login', language: 'EN', payload: { username: 'owner', password: 'x', extra: { a: [{ b: `x${NUL}` }] } } });
    expectParamErr(deep, 'nested');
    // a key with a NUL, too
    const key = await t.call({ method: 'POST', url: '/wps/ops/login', language: 'EN', payload: { username: 'owner', password: 'x', [`k${NUL}`]: 1 } });
    expectParamErr(key, 'key');
  });

  it('tab, line feed and carriage return in free text still pass', async () => {
    const op = { [operatorContract.SESSION_HEADER]: (await newOp(t, 'owner')).token };
    const res = await t.call({ method: 'POST', url: '/wps/operator/inbox/send', language: 'EN', headers: op, payload: { username: 'player01', title: 'Hi\tthere', content: 'Line one\r\nLine two\n\tend' } });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('invalid UTF-8 in a JSON body, a query and a path; lone surrogates', async () => {
    const bad = Buffer.concat([Buffer.from('{"username":"ow'), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from('ner","password":"x"}')]);
    expectParamErr(await t.call({ method: 'POST', url: '/wps/ops/login', language: 'EN', headers: { 'content-type': 'application/json' }, payload: bad }), 'body bytes');
    expectParamErr(await t.call({ method: 'POST', url: '/wps/ops/login', language: 'EN', headers: { 'content-type': 'application/json' }, payload: '{"username":"\\ud800owner","password":"x"}' }), 'lone surrogate');
    expectParamErr(await t.call({ method: 'GET', url: '/wps/agent/affiliate?code=AB%FF%FE', language: 'EN' }), 'query bytes');
    expectParamErr(await t.call({ method: 'GET', url: '/wps/agent/affiliate?code=AB%ED%A0%80', language: 'EN' }), 'query surrogate');
    const path = await t.call({ method: 'GET', url: '/wps/member/icon/%C3%28.png', language: 'EN' });
    expect(path.statusCode).toBeLessThan(500);
    expect(path.json().errorCode).toBeTruthy();
  });

  it('a read header with a control character or invalid text', async () => {
    // Node's HTTP parser refuses NUL in a header; light-my-request does not, so the server checks them itself
    for (const headers of [{ merchant: `demo${NUL}` }, { language: `EN${NUL}` }, { authorization: `abc${NUL}` }, { [operatorContract.SESSION_HEADER]: `x${NUL}` }]) {
      const res = await t.app.inject({ method: 'GET', url: '/wps/ops/me', headers: { merchant: 'demo', ...headers } });
      expect(res.statusCode, JSON.stringify(headers)).toBe(400);
      expect(res.json().errorCode).toBe('request_param_err');
    }
  });

  it('overlong strings and deeply nested JSON', async () => {
    const long = 'x'.repeat(200_000);
    const q = await t.call({ method: 'GET', url: `/wps/agent/affiliate?code=${long}`, language: 'EN' });
    expect(q.statusCode).toBeLessThan(500);
    expect(q.json().errorCode).toBe('request_param_err');
    const b = await t.call({ method: 'POST', url: '/wps/ops/login', language: 'EN', payload: { username: long, password: long } });
    expectParamErr(b, 'long body');
    for (const depth of [100, 10_000, 200_000]) {
      const payload = `{"username":"owner","password":"x","extra":${'['.repeat(depth)}${']'.repeat(depth)}}`;
      const res = await t.call({ method: 'POST', url: '/wps/ops/login', language: 'EN', headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode, `depth ${depth}`).toBeLessThan(500);
      expect(res.json().errorCode, `depth ${depth}`).toMatch(/^request_param_err|request\.body\.too\.large$/);
    }
    const objects = `{"username":"owner","password":"x","extra":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`;
    expectParamErr(await t.call({ method: 'POST', url: '/wps/ops/login', language: 'EN', headers: { 'content-type': 'application/json' }, payload: objects }), 'deep objects');
  });
});
