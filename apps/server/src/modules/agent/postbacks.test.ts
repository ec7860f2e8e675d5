import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositOrders } from '../../db/schema.ts';
import { runExclusive } from '../../jobs/runner.ts';
import { useTestApp } from '../../test/harness.ts';
import { encPost, freshIp, memberRow } from '../../test/kits/session.ts';
import { api, brandOf, tokenFor } from '../../test/kits/wallet.ts';
import { brandAccount, memberAccount, postAlone } from '../../kernel/ledger/index.ts';
import { rollup } from './rollup.ts';
import { deliver } from './postbacks.ts';
import { hostAllowed, isPrivateAddress } from './postback-net.ts';

/** Postbacks (issue 25 item 2): templates, where they may go, delivery with retries and the log. */
const t = useTestApp({ TRUST_PROXY: true });
const db = () => t.database.db;
const KEY = { 'x-operator-key': 'dev-operator-key' };
const SAVE = '/wps/relay/MCSFE_agentPostbackSave';
const LATER = (min = 60) => new Date(Date.now() + min * 60_000);

/** The test's own receiver on 127.0.0.1: answers 500 to the first request, then 200; keeps what arrived. */
const got: string[] = [];
let fails = 1;
const receiver = createServer((req: IncomingMessage, res) => {
  got.push(req.url ?? '');
  res.statusCode = fails-- > 0 ? 500 : 200;
  res.end('ok');
});
let port = 0;
beforeAll(async () => {
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  port = (receiver.address() as AddressInfo).port;
});
afterAll(async () => {
  delete process.env.POSTBACK_ALLOW_PRIVATE;
  await new Promise((r) => receiver.close(r));
});

const settings = (hosts: string[]) => t.call({ method: 'POST', url: '/wps/operator/affiliate/settings', headers: KEY, payload: { postbackHosts: hosts, adminFeeBps: {}, paymentFeeBps: 0 } });
const save = (token: string, event: string, template: string) => api(t, token, 'POST', SAVE, { event, template });

describe('postback addresses', () => {
  it('refuses private, loopback, link-local and other non-public addresses', () => {
    for (const a of ['127.0.0.1', '127.9.9.9', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0',
      '224.0.0.1', '255.255.255.255', '::', '::1', 'fe80::1', 'fc00::1', 'fd12:3456::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '::ffff:a9fe:a9fe',
      '64:ff9b::7f00:1', 'ff02::1', '2001:db8::1', 'not-an-ip']) expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(isPrivateAddress(a), a).toBe(false);
    expect(hostAllowed('t.tracker.example', ['*.tracker.example'])).toBe(true);
    expect(hostAllowed('tracker.example', ['*.tracker.example'])).toBe(false);
    expect(hostAllowed('eviltracker.example', ['*.tracker.example'])).toBe(false);
    expect(hostAllowed('Tracker.Example.', ['tracker.example'])).toBe(true);
  });

  it('saves only http(s) templates with known macros to allowed public hosts', async () => {
    expect((await settings(['127.0.0.1', 'localhost', '10.0.0.5', '169.254.169.254', '::1', 'evil.invalid'])).statusCode).toBe(200);
    const token = await tokenFor(t, 'agent01');
    const code = async (event: string, url: string) => (await save(token, event, url)).json().errorCode;
    for (const url of ['http://127.0.0.1/pb', 'http://localhost:8080/pb?x={sub_id}', 'http://10.0.0.5/', 'http://169.254.169.254/latest/meta-data',
      'http://[::1]/pb', 'http://tracker.example/pb', 'https://evil.invalid/pb']) expect(await code('registration', url), url).toBe('agent.postback.host.denied');
    for (const url of ['ftp://127.0.0.1/x', 'javascript:alert(1)', 'http://127.0.0.1/{nope}', 'http://u:p@127.0.0.1/', 'not a url']) {
      expect(await code('ftd', url), url).toBe('agent.postback.url.invalid');
    }
    // a plain member may not set any
    expect((await save(await tokenFor(t, 'player01'), 'ftd', 'http://127.0.0.1/')).json().errorCode).toBe('login.non.agent');
    expect((await api(t, token, 'GET', '/wps/relay/MCSFE_agentPostbacks')).json().value.templates).toEqual([]);
  });
});

describe('postback delivery', () => {
  it('sends the registration and FTD postbacks once with the macros filled in, retries a failure, and logs every try', async () => {
    process.env.POSTBACK_ALLOW_PRIVATE = `127.0.0.1:${port}`;
    await settings(['127.0.0.1']);
    const token = await tokenFor(t, 'agent01');
    const base = `http://127.0.0.1:${port}/pb?e={event}&s={sub_id}&c={click_id}&cmp={campaign}&a={amount}&cur={currency}`;
    expect((await save(token, 'registration', base)).json().value).toEqual({ event: 'registration', template: base });
    expect((await save(token, 'ftd', base)).statusCode).toBe(200);
    // another port of the same host is still private
    expect((await save(token, 'cpa', `http://127.0.0.1:${port + 1}/x`)).json().errorCode).toBe('agent.postback.host.denied');

    const link = (await api(t, token, 'POST', '/wps/relay/MCSFE_agentInviteCreate', { accountType: 'member', expiry: 'permanent', campaign: 'summer', subId: 'ad7' })).json().value;
    const clicked = await t.call({ method: 'POST', url: '/wps/aff/click', payload: { code: link.code }, headers: { 'x-forwarded-for': freshIp(), 'user-agent': 'Mozilla/5.0 Chrome/120' } });
    const clickId = clicked.json().value.clickId;
    const r = await encPost(t, '/wps/member/register', { username: 'pbvisitor1', password: 'Secret123', confirmPassword: 'Secret123', terms: true, referralCode: link.code, clickId }, { ip: freshIp() });
    expect(r.statusCode).toBe(200);

    expect(await deliver(db(), new Date())).toBe(1); // the receiver answers 500
    const log1 = (await api(t, token, 'GET', '/wps/relay/MCSFE_agentPostbacks')).json().value.log;
    expect(log1).toMatchObject([{ event: 'registration', status: 'pending', attempts: 1, lastCode: 500 }]);
    expect(await deliver(db(), new Date())).toBe(0); // not due before its retry
    expect(await deliver(db(), LATER(2))).toBe(1);
    expect(got.map((u) => new URL(u, 'http://x').searchParams.get('c'))).toEqual([clickId, clickId]);
    expect(new URL(got[1]!, 'http://x').search).toBe(`?e=registration&s=ad7&c=${clickId}&cmp=summer&a=&cur=MXN`);

    // the first deposit: the rollup queues the FTD postback with the amount, once
    const m = await memberRow(t, 'pbvisitor1');
    const b = brandOf(t);
    for (const minor of [25_50n, 10_00n]) {
      const orderNo = `D${randomUUID().slice(0, 12)}`;
      await db().insert(depositOrders).values({ merchantId: b.id, memberId: m.id, orderNo, requestId: randomUUID(), method: 'bank', channel: 'c', amount: minor, status: 'confirmed', expiresAt: new Date(), closedAt: new Date() });
      await postAlone(db(), { merchantId: b.id, kind: 'deposit', idemKey: `deposit:${orderNo}`, memberId: m.id, lines: [{ account: await brandAccount(db(), b.id, 'clearing'), amount: -minor }, { account: await memberAccount(db(), b.id, m.id), amount: minor }], meta: {} });
      await runExclusive(db(), { name: 'agent.rollup.pb', everyMs: 1, run: (tx, now) => rollup(tx, now) }, LATER());
    }
    expect(await deliver(db(), LATER(3))).toBe(1);
    expect(await deliver(db(), LATER(30))).toBe(0);
    expect(got).toHaveLength(3);
    expect(new URL(got[2]!, 'http://x').searchParams.get('a')).toBe('25.50');
    const log = (await api(t, token, 'GET', '/wps/relay/MCSFE_agentPostbacks')).json().value.log;
    expect(log.map((l: { event: string; status: string }) => [l.event, l.status])).toEqual([['ftd', 'sent'], ['registration', 'sent']]);
    // another agent sees none of it
    expect((await api(t, await tokenFor(t, 'subagent01'), 'GET', '/wps/relay/MCSFE_agentPostbacks')).json().value.log).toEqual([]);
  });
});
