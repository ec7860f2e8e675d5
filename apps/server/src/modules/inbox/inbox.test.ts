import { describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import { useTestApp } from '../../test/harness.ts';
import { addMember, api, brandOf, tokenFor } from '../../test/kits/wallet.ts';

const t = useTestApp();
const KEY = { 'x-operator-key': 'dev-operator-key' };
const LIST = '/wps/relay/EMFE_messageList';
const UNREAD = '/wps/relay/EMFE_unreadCount';

const operatorSend = (payload: object, merchant = 'demo') =>
  t.call({ method: 'POST', url: '/wps/operator/inbox/send', merchant, headers: KEY, payload });
const unread = async (token: string, code = 'demo') => (await api(t, token, 'GET', UNREAD, undefined, code)).json().value.count as number;
const inbox = async (token: string, q = '') => (await api(t, token, 'GET', LIST + q)).json().value as { list: { id: string; title: string; senderKind: string; senderName: string; read: boolean }[]; total: number; unread: number };
const codeOf = (r: { statusCode: number; json(): { errorCode?: string } }) => [r.statusCode, r.json().errorCode];

describe('operator messages, unread count, read and delete', () => {
  it('a message to one member: counted, listed, read, deleted — only by its owner', async () => {
    const a = await addMember(t, 'demo');
    const b = await addMember(t, 'demo');
    const ta = await tokenFor(t, a.username);
    const tb = await tokenFor(t, b.username);
    expect(await unread(ta)).toBe(0);
    const sent = await operatorSend({ username: a.username, title: 'Hello', content: 'Your bonus is ready' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().value.recipients).toBe(1);
    expect(await unread(ta)).toBe(1);
    expect(await unread(tb)).toBe(0);
    // member info carries the same count (the member centre's menu badge)
    expect((await api(t, ta, 'GET', '/wps/member/info')).json().value.unreadMessageCount).toBe(1);

    const box = await inbox(ta);
    expect(box.list.map((m) => [m.title, m.senderKind, m.read])).toEqual([['Hello', 'operator', false]]);
    const id = box.list[0].id;

    // b can neither read nor delete a's message (same answer as an unknown id)
    expect(codeOf(await api(t, tb, 'POST', '/wps/relay/EMFE_readMessage', { ids: [id] }))).toEqual([404, 'inbox.message.not.found']);
    expect(codeOf(await api(t, tb, 'POST', '/wps/relay/EMFE_deleteMessage', { ids: [id] }))).toEqual([404, 'inbox.message.not.found']);
    expect(codeOf(await api(t, ta, 'POST', '/wps/relay/EMFE_readMessage', { ids: ['999999999'] }))).toEqual([404, 'inbox.message.not.found']);
    expect(await unread(ta)).toBe(1);

    const read = await api(t, ta, 'POST', '/wps/relay/EMFE_readMessage', { ids: [id] });
    expect(read.json().value.count).toBe(0);
    expect((await inbox(ta)).list[0].read).toBe(true);
    const del = await api(t, ta, 'POST', '/wps/relay/EMFE_deleteMessage', { ids: [id] });
    expect(del.statusCode).toBe(200);
    expect((await inbox(ta)).total).toBe(0);
    expect(codeOf(await api(t, ta, 'POST', '/wps/relay/EMFE_deleteMessage', { ids: [id] }))).toEqual([404, 'inbox.message.not.found']);
  });

  it('a message to everyone reaches every real member of the brand, not trials nor another brand; read all', async () => {
    const m = await addMember(t, 'demo');
    const trial = await addMember(t, 'demo', { type: brandOf(t).config.trialType });
    const luna = await tokenFor(t, 'player01', 'luna');
    const before = await unread(luna, 'luna');
    const sent = await operatorSend({ title: 'Maintenance', content: 'Monday 04:00' });
    expect(sent.json().value.recipients).toBeGreaterThan(3);
    const tm = await tokenFor(t, m.username);
    await operatorSend({ username: m.username, title: 'Second', content: 'x' });
    expect(await unread(tm)).toBe(2);
    expect(await unread(luna, 'luna')).toBe(before);
    const tt = await tokenFor(t, trial.username);
    expect(codeOf(await api(t, tt, 'GET', UNREAD))).toEqual([403, 'in_need_true_account']);
    const all = await api(t, tm, 'POST', '/wps/relay/EMFE_readMessage', { all: true });
    expect(all.json().value.count).toBe(0);
  });

  it('pages 10 at a time, unreadOnly filter', async () => {
    const m = await addMember(t, 'demo');
    for (let i = 0; i < 12; i++) await operatorSend({ username: m.username, title: `M${i}`, content: 'x' });
    const tm = await tokenFor(t, m.username);
    const p1 = await inbox(tm);
    expect([p1.list.length, p1.total, p1.unread, p1.list[0].title]).toEqual([10, 12, 12, 'M11']);
    const p2 = await inbox(tm, '?page=2');
    expect(p2.list.map((x) => x.title)).toEqual(['M1', 'M0']);
    await api(t, tm, 'POST', '/wps/relay/EMFE_readMessage', { ids: [p2.list[0].id] });
    expect((await inbox(tm, '?unreadOnly=true')).total).toBe(11);
  });

  it('operator: unknown member, missing key, bad input', async () => {
    expect(codeOf(await operatorSend({ username: 'nobody-here', title: 'x', content: 'y' }))).toEqual([404, 'member.not.exist']);
    expect(codeOf(await t.call({ method: 'POST', url: '/wps/operator/inbox/send', payload: { title: 'x', content: 'y' } }))).toEqual([401, 'cashier.operator.unauthorized']);
    expect(codeOf(await operatorSend({ title: '', content: 'y' }))).toEqual([400, 'request_param_err']);
    expect(codeOf(await api(t, undefined, 'GET', UNREAD))).toEqual([401, 'customer.not.login']);
  });
});

describe('upline and support', () => {
  it('a member writes to its upline (the agent sees it, from the member) and to support (the operator box)', async () => {
    const agent = await addMember(t, 'demo', { type: 1 });
    const m = await addMember(t, 'demo', { parent: agent.username });
    const tm = await tokenFor(t, m.username);
    const ta = await tokenFor(t, agent.username);
    const r = await api(t, tm, 'POST', '/wps/relay/EMFE_sendMessage', { to: 'upline', title: 'Question', content: 'When is the salary paid?' });
    expect(r.statusCode, r.body).toBe(200);
    const box = await inbox(ta);
    expect(box.list.map((x) => [x.title, x.senderKind, x.senderName])).toEqual([['Question', 'member', m.username]]);

    const s = await api(t, tm, 'POST', '/wps/relay/EMFE_sendMessage', { to: 'support', title: 'Help', content: 'My deposit' });
    expect(s.statusCode).toBe(200);
    const support = await t.call({ method: 'GET', url: '/wps/operator/inbox/support', headers: KEY });
    expect(support.json().value.list[0]).toMatchObject({ title: 'Help', fromAccount: m.username });
    // the agent's own box did not get the support message
    expect((await inbox(ta)).total).toBe(1);
  });

  it('a member without an upline: inbox.upline.none', async () => {
    const m = await addMember(t, 'demo');
    const r = await api(t, await tokenFor(t, m.username), 'POST', '/wps/relay/EMFE_sendMessage', { to: 'upline', title: 'x', content: 'y' });
    expect(codeOf(r)).toEqual([400, 'inbox.upline.none']);
  });
});

describe('agent sends to its subtree only', () => {
  it('member of the team (any depth), direct, team; outsiders refused; members cannot', async () => {
    const top = await addMember(t, 'demo', { type: 1 });
    const sub = await addMember(t, 'demo', { parent: top.username, type: 2 });
    const deep = await addMember(t, 'demo', { parent: sub.username });
    const other = await addMember(t, 'demo', { type: 1 });
    const outsider = await addMember(t, 'demo', { parent: other.username });
    const tTop = await tokenFor(t, top.username);
    const send = (token: string, body: object) => api(t, token, 'POST', '/wps/relay/EMFE_agentSendMessage', { title: 'Team news', content: 'Hi', ...body });

    const one = await send(tTop, { scope: 'member', memberId: String(deep.id) });
    expect(one.statusCode, one.body).toBe(200);
    const deepBox = await inbox(await tokenFor(t, deep.username));
    expect(deepBox.list[0]).toMatchObject({ senderKind: 'upline', senderName: top.username });

    expect(codeOf(await send(tTop, { scope: 'member', memberId: String(outsider.id) }))).toEqual([403, 'wallet.downline.invalid']);
    expect(codeOf(await send(tTop, { scope: 'member', memberId: String(top.id) }))).toEqual([403, 'wallet.downline.invalid']);
    expect((await send(tTop, { scope: 'direct' })).json().value.recipients).toBe(1);
    expect((await send(tTop, { scope: 'team' })).json().value.recipients).toBe(2);
    expect(await unread(await tokenFor(t, outsider.username))).toBe(0);

    const lonely = await addMember(t, 'demo', { type: 1 });
    expect(codeOf(await send(await tokenFor(t, lonely.username), { scope: 'team' }))).toEqual([400, 'inbox.team.empty']);
    expect(codeOf(await send(await tokenFor(t, deep.username), { scope: 'direct' }))).toEqual([403, 'login.non.agent']);
    expect(codeOf(await send(tTop, { scope: 'member' }))).toEqual([400, 'request_param_err']);
  });
});

describe('realtime', () => {
  it('a new message reaches the member\'s open socket as an inbox event', async () => {
    const m = await addMember(t, 'demo');
    const token = await tokenFor(t, m.username);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const socket = connect(`http://127.0.0.1:${port}`, { path: '/socket.io', auth: { token, merchant: 'demo' }, transports: ['websocket'] });
    try {
      await new Promise<void>((ok, fail) => { socket.on('connect', () => ok()); socket.on('connect_error', fail); });
      const got = new Promise<{ messageId: string }>((ok) => socket.on('inbox', ok));
      const sent = await operatorSend({ username: m.username, title: 'Live', content: 'x' });
      expect((await got).messageId).toBe(sent.json().value.id);
    } finally {
      socket.disconnect();
    }
  });
});
