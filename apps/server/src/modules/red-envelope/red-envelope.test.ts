import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import { redEnvelopes, redEnvelopeShares } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { audit, memberBalances } from '../../kernel/ledger/index.ts';
import { fund, mainBalance, newPlayer, operator, postJson, get, rid, type Player } from '../../test/kits/cashier.ts';
import { addMember, tokenFor } from '../../test/kits/wallet.ts';
import { expire } from './service.ts';

const t = useTestApp();

async function downline(parent: Player, o: { type?: number } = {}): Promise<Player> {
  const m = await addMember(t, parent.merchant, { parent: parent.username, type: o.type });
  return { id: m.id, token: await tokenFor(t, m.username, parent.merchant), username: m.username, merchant: parent.merchant, brandId: parent.brandId };
}

async function agentWithTeam(money = 100_00n) {
  const agent = await newPlayer(t, 'demo', { type: 1 });
  if (money > 0n) await fund(t, agent, money);
  const a = await downline(agent);
  const b = await downline(agent);
  const sub = await downline(agent, { type: 2 });
  const deep = await downline(sub);
  return { agent, a, b, sub, deep };
}

const send = (p: Player, body: object) => postJson(t, p, '/wps/redEnvelope/send', { total: '10.00', count: 3, split: 'random', scope: 'direct', title: 'Feliz', requestId: rid(), ...body });
const open = (p: Player, id: string) => postJson(t, p, '/wps/redEnvelope/open', { id });
const code = (r: { statusCode: number; json(): { errorCode?: string } }) => [r.statusCode, r.json().errorCode];
const shares = (id: string) => t.database.db.select().from(redEnvelopeShares).where(eq(redEnvelopeShares.envelopeId, BigInt(id)));
const envelope = async (id: string) => (await t.database.db.select().from(redEnvelopes).where(eq(redEnvelopes.id, BigInt(id))))[0];
const cents = (s: string) => BigInt(s.replace('.', ''));
const runExpire = (now: Date) => t.database.db.transaction((tx) => expire(tx, now));
const holdBalance = async (p: Player) => (await memberBalances(t.database.db, p.brandId, p.id)).find((b) => b.wallet === 'red_envelope')?.balance ?? 0n;

describe('agent red envelopes', () => {
  it('the total leaves the agent at once; a direct downline opens its share once; others cannot', async () => {
    const { agent, a, deep } = await agentWithTeam();
    const outsider = await newPlayer(t);
    const res = await send(agent, {});
    expect(res.statusCode, res.body).toBe(200);
    const env = res.json().value;
    expect(env).toMatchObject({ kind: 'agent', total: '10.00', count: 3, scope: 'direct', status: 'open', openedCount: 0 });
    expect(await mainBalance(t, agent)).toBe(90_00n);
    expect(await holdBalance(agent)).toBe(10_00n);

    const avail = (await get(t, a, '/wps/redEnvelope/available')).json().value.list;
    expect(avail.map((x: { id: string }) => x.id)).toContain(env.id);
    expect((await get(t, deep, '/wps/redEnvelope/available')).json().value.list.map((x: { id: string }) => x.id)).not.toContain(env.id);

    const first = await open(a, env.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().value).toMatchObject({ alreadyOpened: false, title: 'Feliz' });
    const amount = cents(first.json().value.amount);
    expect(await mainBalance(t, a)).toBe(amount);
    const again = (await open(a, env.id)).json().value;
    expect(again).toMatchObject({ alreadyOpened: true, amount: first.json().value.amount });
    expect(await mainBalance(t, a)).toBe(amount);
    expect((await get(t, a, '/wps/redEnvelope/available')).json().value.list.map((x: { id: string }) => x.id)).not.toContain(env.id);
    const hist = (await get(t, a, '/wps/redEnvelope/history')).json().value;
    expect(hist.list[0]).toMatchObject({ id: env.id, amount: first.json().value.amount, kind: 'agent' });

    // the grandchild is not a direct downline; an outsider is not in the team; unknown ids alike
    expect(code(await open(deep, env.id))).toEqual([404, 'redEnvelope.not.found']);
    expect(code(await open(outsider, env.id))).toEqual([404, 'redEnvelope.not.found']);
    expect(code(await open(a, '999999999'))).toEqual([404, 'redEnvelope.not.found']);
    expect(await audit(t.database.db, agent.brandId)).toMatchObject({ entrySum: 0n, mismatchedAccounts: 0, negativeMemberBalances: 0 });
  });

  it('team envelopes reach every depth; the shares sum to the total and the last one empties it', async () => {
    const { agent, a, b, sub, deep } = await agentWithTeam();
    const env = (await send(agent, { scope: 'team', count: 4, total: '7.77' })).json().value;
    let sum = 0n;
    for (const p of [a, b, sub, deep]) sum += cents((await open(p, env.id)).json().value.amount);
    expect(sum).toBe(7_77n);
    expect(await envelope(env.id)).toMatchObject({ status: 'finished', openedCount: 4, openedAmount: 7_77n });
    const late = await downline(agent);
    expect(code(await open(late, env.id))).toEqual([409, 'redEnvelope.empty']);
    expect(await holdBalance(agent)).toBe(0n);
    // the agent's sent list
    const sent = (await get(t, agent, '/wps/redEnvelope/sent')).json().value;
    expect(sent.list[0]).toMatchObject({ id: env.id, status: 'finished', openedAmount: '7.77', openedCount: 4 });
  });

  it('racing opens: one member credited once; two members for one share, one wins; never more than the total', async () => {
    const { agent, a, b } = await agentWithTeam();
    const one = (await send(agent, { count: 1, total: '5.00' })).json().value;
    const same = await Promise.all([open(a, one.id), open(a, one.id), open(a, one.id)]);
    expect(same.every((r) => r.statusCode === 200)).toBe(true);
    expect(same.filter((r) => !r.json().value.alreadyOpened)).toHaveLength(1);
    expect(await mainBalance(t, a)).toBe(5_00n);

    const two = (await send(agent, { count: 1, total: '3.00' })).json().value;
    const race = await Promise.all([open(a, two.id), open(b, two.id)]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await mainBalance(t, a)) + (await mainBalance(t, b))).toBe(8_00n);
    const rows = await shares(two.id);
    expect(rows.reduce((s, r) => s + r.amount, 0n)).toBe(3_00n);
    expect(await audit(t.database.db, agent.brandId)).toMatchObject({ entrySum: 0n, mismatchedAccounts: 0 });
  });

  it('at expiry the unopened remainder goes back to the agent, once', async () => {
    const { agent, a } = await agentWithTeam();
    const env = (await send(agent, { count: 4, total: '20.00', split: 'equal', expiresInMinutes: 60 })).json().value;
    expect((await open(a, env.id)).json().value.amount).toBe('5.00');
    expect(await mainBalance(t, agent)).toBe(80_00n);
    const later = new Date(Date.now() + 2 * 3_600_000);
    expect(await runExpire(later)).toBeGreaterThanOrEqual(1);
    expect(await mainBalance(t, agent)).toBe(95_00n);
    expect(await holdBalance(agent)).toBe(0n);
    expect(await envelope(env.id)).toMatchObject({ status: 'expired', refunded: 15_00n, openedAmount: 5_00n });
    await runExpire(new Date(later.getTime() + 3_600_000));
    expect(await mainBalance(t, agent)).toBe(95_00n);
    const b = await downline(agent);
    expect(code(await open(b, env.id))).toEqual([409, 'redEnvelope.expired']);
    expect((await open(a, env.id)).json().value).toMatchObject({ alreadyOpened: true, amount: '5.00' });
  });

  it('same requestId is the same envelope, debited once', async () => {
    const { agent } = await agentWithTeam();
    const requestId = rid();
    const [x, y] = await Promise.all([send(agent, { requestId }), send(agent, { requestId })]);
    expect(x.json().value.id).toBe(y.json().value.id);
    expect(await mainBalance(t, agent)).toBe(90_00n);
  });

  it('refuses bad input, poor agents, members and empty teams', async () => {
    const { agent } = await agentWithTeam(1_00n);
    for (const total of ['0', '-1', '1.001', 'abc', '']) expect(code(await send(agent, { total }))).toEqual([400, 'wallet.amount.invalid']);
    expect(code(await send(agent, { total: '0.02', count: 3 }))).toEqual([400, 'redEnvelope.split.invalid']);
    for (const bad of [{ count: 0 }, { count: 501 }, { count: 1.5 }, { split: 'half' }, { scope: 'all' }, { expiresInMinutes: 1 }, { requestId: 'x' }]) {
      expect(code(await send(agent, bad)), JSON.stringify(bad)).toEqual([400, 'request_param_err']);
    }
    expect(code(await send(agent, { total: '5.00' }))).toEqual([400, 'wallet.insufficient.funds']);
    expect(await mainBalance(t, agent)).toBe(1_00n);
    expect((await get(t, agent, '/wps/redEnvelope/sent')).json().value.total).toBe(0);
    const member = await newPlayer(t);
    await fund(t, member, 50_00n);
    expect(code(await send(member, {}))).toEqual([403, 'login.non.agent']);
    const lonely = await newPlayer(t, 'demo', { type: 1 });
    await fund(t, lonely, 50_00n);
    expect(code(await send(lonely, {}))).toEqual([400, 'inbox.team.empty']);
    expect(code(await open(member, 'abc'))).toEqual([400, 'request_param_err']);
  });

  it('the downline is told by socket when an envelope is sent to it', async () => {
    const { agent, a } = await agentWithTeam();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const sock = connect(`http://127.0.0.1:${port}`, { path: '/socket.io', transports: ['websocket'], auth: { token: a.token, merchant: 'demo' } });
    try {
      await new Promise<void>((resolve, reject) => { sock.on('connect', () => resolve()); sock.on('connect_error', reject); });
      const got = new Promise<{ envelopeId: string }>((resolve) => sock.on('redEnvelope', resolve));
      const res = await send(agent, {});
      expect(res.statusCode, res.body).toBe(200);
      expect((await got).envelopeId).toBe(res.json().value.id);
    } finally {
      sock.close();
    }
  });
});

describe('promotion red envelopes', () => {
  const create = (body: object, key?: string | null) => operator(t, 'POST', '/wps/operator/redEnvelope/create', {
    key, payload: { total: '30.00', count: 3, title: 'Promo', endsAt: new Date(Date.now() + 3_600_000).toISOString(), ...body },
  });

  it('the operator creates one; any real member opens a share from the bonus pool', async () => {
    const res = await create({ split: 'equal' });
    expect(res.statusCode, res.body).toBe(200);
    const env = res.json().value;
    expect(env).toMatchObject({ kind: 'promotion', scope: 'all', total: '30.00' });
    const m = await newPlayer(t);
    expect((await get(t, m, '/wps/redEnvelope/available')).json().value.list.some((x: { id: string }) => x.id === env.id)).toBe(true);
    expect((await open(m, env.id)).json().value).toMatchObject({ amount: '10.00', senderName: '' });
    expect(await mainBalance(t, m)).toBe(10_00n);
    const trial = await newPlayer(t, 'demo', { type: 4 });
    expect(code(await open(trial, env.id))).toEqual([403, 'in_need_true_account']);
    // another brand's member does not see it
    const luna = await newPlayer(t, 'luna');
    expect(code(await open(luna, env.id))).toEqual([404, 'redEnvelope.not.found']);
  });

  it('a future window is not open yet; bad windows and keys are refused', async () => {
    const soon = await create({ startsAt: new Date(Date.now() + 600_000).toISOString() });
    const m = await newPlayer(t);
    expect(code(await open(m, soon.json().value.id))).toEqual([409, 'redEnvelope.not.started']);
    expect(code(await create({ endsAt: new Date(Date.now() - 1000).toISOString() }))).toEqual([400, 'redEnvelope.window.invalid']);
    expect(code(await create({ endsAt: new Date(Date.now() + 40 * 86_400_000).toISOString() }))).toEqual([400, 'redEnvelope.window.invalid']);
    expect(code(await create({ endsAt: 'tomorrow' }))).toEqual([400, 'request_param_err']);
    expect(code(await create({ total: '0.01', count: 2 }))).toEqual([400, 'redEnvelope.split.invalid']);
    expect(code(await create({}, null))).toEqual([401, 'cashier.operator.unauthorized']);
  });
});
