import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { agentInvites, members, memberTree } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { insertMember } from '../session/index.ts';
import { encPost, freshIp, login, memberRow } from '../../test/kits/session.ts';
import { addMember, api, brandOf, tokenFor } from '../../test/kits/wallet.ts';
import { claimInvite, findInvite } from './invites.ts';
import { DAY_MS } from '../../kernel/brand-time/index.ts';

/** Register centre (issue 8): invite links and downline accounts made by an agent. */
const t = useTestApp({ TRUST_PROXY: true });

const LIST = '/wps/relay/MCSFE_agentInviteLinks';
const CREATE = '/wps/relay/MCSFE_agentInviteCreate';
const DISABLE = '/wps/relay/MCSFE_agentInviteDisable';
const DELETE = '/wps/relay/MCSFE_agentInviteDelete';
const DOWNLINE = '/wps/relay/MCSFE_agentCreateDownline';

const codeOf = (r: { json(): { errorCode?: string } }) => r.json().errorCode;
const create = async (token: string, body: object, code = 'demo') => api(t, token, 'POST', CREATE, body, code);
const list = async (token: string) => (await api(t, token, 'GET', LIST)).json().value;

describe('invite links', () => {
  it('creates links of every expiry for agent and member accounts, newest first', async () => {
    const token = await tokenFor(t, 'subagent01');
    const before = Date.now();
    const made: Record<string, { expiresAt: string | null; code: string; accountType: string }> = {};
    for (const expiry of ['1d', '7d', '30d', 'permanent'] as const) {
      const r = await create(token, { accountType: expiry === '7d' ? 'agent' : 'member', expiry, remark: `  ${expiry} link ` });
      expect(r.statusCode).toBe(200);
      made[expiry] = r.json().value;
      expect(r.json().value).toMatchObject({ expiry, status: 'active', registrations: 0, remark: `${expiry} link` });
      expect(r.json().value.code).toMatch(/^[A-Z2-9]{16}$/);
    }
    const days = (iso: string | null) => (Date.parse(iso!) - before) / DAY_MS;
    expect(days(made['1d']!.expiresAt)).toBeCloseTo(1, 2);
    expect(days(made['7d']!.expiresAt)).toBeCloseTo(7, 2);
    expect(days(made['30d']!.expiresAt)).toBeCloseTo(30, 2);
    expect(made.permanent!.expiresAt).toBeNull();
    expect(made['7d']!.accountType).toBe('agent');

    const at = new Date(Date.now() + 3 * DAY_MS + 3_600_000).toISOString();
    const custom = await create(token, { accountType: 'member', expiry: 'custom', expiresAt: at });
    expect(custom.json().value).toMatchObject({ expiry: 'custom', expiresAt: at });

    const v = await list(token);
    expect(v.list.map((i: { expiry: string }) => i.expiry)).toEqual(['custom', 'permanent', '30d', '7d', '1d']);
    expect(v.maxActive).toBe(50);
    // codes are distinct and random
    expect(new Set(v.list.map((i: { code: string }) => i.code)).size).toBe(5);
    // another agent sees none of them
    expect((await list(await tokenFor(t, 'agent01'))).list.some((i: { code: string }) => i.code === made['1d']!.code)).toBe(false);
  });

  it('a custom expiry must be in the future and at most a year ahead; bad bodies are request_param_err', async () => {
    const token = await tokenFor(t, 'agent01');
    for (const expiresAt of [undefined, new Date(Date.now() - 60_000).toISOString(), new Date(Date.now() + 366 * DAY_MS).toISOString()]) {
      const r = await create(token, { accountType: 'member', expiry: 'custom', expiresAt });
      expect([r.statusCode, codeOf(r)]).toEqual([400, 'agent.invite.expiry.invalid']);
      expect(r.json().message).toContain('365');
    }
    for (const body of [{ accountType: 'boss', expiry: '1d' }, { accountType: 'member', expiry: '2d' }, { accountType: 'member', expiry: 'custom', expiresAt: 'tomorrow' }, { accountType: 'member', expiry: '1d', remark: 'x'.repeat(41) }]) {
      expect(codeOf(await create(token, body))).toBe('request_param_err');
    }
  });

  it('disable, enable and delete only the caller\'s own links', async () => {
    const token = await tokenFor(t, 'agent01');
    const link = (await create(token, { accountType: 'member', expiry: '30d' })).json().value;
    const other = await tokenFor(t, 'subagent01');
    for (const [url, body] of [[DISABLE, { id: link.id, disabled: true }], [DELETE, { id: link.id }]] as const) {
      expect(codeOf(await api(t, other, 'POST', url, body))).toBe('agent.invite.not.found');
      expect(codeOf(await api(t, token, 'POST', url, { ...body, id: '9999999' }))).toBe('agent.invite.not.found');
    }
    // the same agent name in another brand cannot reach it either
    expect(codeOf(await api(t, await tokenFor(t, 'agent01', 'luna'), 'POST', DISABLE, { id: link.id, disabled: true }, 'luna'))).toBe('agent.invite.not.found');

    const off = await api(t, token, 'POST', DISABLE, { id: link.id, disabled: true });
    expect(off.json().value.status).toBe('disabled');
    const on = await api(t, token, 'POST', DISABLE, { id: link.id, disabled: false });
    expect(on.json().value.status).toBe('active');
    expect((await api(t, token, 'POST', DELETE, { id: link.id })).json().value).toEqual({ id: link.id });
    expect((await list(token)).list.some((i: { id: string }) => i.id === link.id)).toBe(false);
    expect(codeOf(await api(t, token, 'POST', DELETE, { id: link.id }))).toBe('agent.invite.not.found');
  });

  it('an agent holds at most 50 usable links', async () => {
    const agent = await addMember(t, 'demo', { type: 1 });
    const token = await tokenFor(t, agent.username);
    const b = brandOf(t);
    await t.database.db.insert(agentInvites).values(Array.from({ length: 50 }, (_, i) => ({
      merchantId: b.id, agentId: agent.id, code: `LIMIT${String(i).padStart(2, '0')}${agent.username.slice(1, 10).toUpperCase()}`.slice(0, 16),
      accountType: 'member' as const, expiry: 'permanent' as const,
    })));
    const r = await create(token, { accountType: 'member', expiry: '1d' });
    expect([r.statusCode, codeOf(r)]).toEqual([409, 'agent.invite.limit']);
    const first = (await list(token)).list[0];
    await api(t, token, 'POST', DISABLE, { id: first.id, disabled: true });
    expect((await create(token, { accountType: 'member', expiry: '1d' })).statusCode).toBe(200);
    // enabling the disabled one again would make 51
    expect(codeOf(await api(t, token, 'POST', DISABLE, { id: first.id, disabled: false }))).toBe('agent.invite.limit');
  });
});

describe('registering through a link', () => {
  const reg = (username: string, code: string, merchant = 'demo', field = 'referralCode') =>
    encPost(t, '/wps/member/register', { username, password: 'Secret123', confirmPassword: 'Secret123', terms: true, [field]: code }, { merchant, ip: freshIp() });

  it('places the account under the link\'s agent with the link\'s type, in the tree, and counts it', async () => {
    const token = await tokenFor(t, 'subagent01');
    const sub = await memberRow(t, 'subagent01');
    const agentLink = (await create(token, { accountType: 'agent', expiry: '7d' })).json().value;
    const memberLink = (await create(token, { accountType: 'member', expiry: 'permanent' })).json().value;

    const a = await reg('viaagent01', agentLink.code.toLowerCase());
    expect(a.statusCode).toBe(200);
    expect(a.json().value).toMatchObject({ userName: 'viaagent01', isAgent: true, customerType: 2 });
    const m = await reg('viamember01', memberLink.code, 'demo', 'affiliateCode');
    expect(m.json().value).toMatchObject({ isAgent: false, customerType: 0 });

    const ra = await memberRow(t, 'viaagent01');
    expect([ra.parentId, ra.type, ra.profile.inviteId]).toEqual([sub.id, 2, agentLink.id]);
    expect((await memberRow(t, 'viamember01')).parentId).toBe(sub.id);
    // the closure table has the new account under its agent and that agent's upline
    const rows = await t.database.db.select().from(memberTree).where(eq(memberTree.descendantId, ra.id));
    const agent01 = await memberRow(t, 'agent01');
    expect(rows.map((r) => [r.ancestorId, r.depth]).sort((x, y) => x[1]! < y[1]! ? -1 : 1)).toEqual([[ra.id, 0], [sub.id, 1], [agent01.id, 2]]);

    const counts = Object.fromEntries((await list(token)).list.map((i: { code: string; registrations: number }) => [i.code, i.registrations]));
    expect([counts[agentLink.code], counts[memberLink.code]]).toEqual([1, 1]);
    // the affiliate check knows invite codes too
    const check = await api(t, undefined, 'GET', `/wps/agent/affiliate?code=${agentLink.code}`);
    expect(check.json().value).toEqual({ valid: true, code: agentLink.code, agent: true });
  });

  it('expired, disabled, deleted, unknown and other-brand codes are refused, and nothing is created', async () => {
    const token = await tokenFor(t, 'agent01');
    const expired = (await create(token, { accountType: 'member', expiry: '1d' })).json().value;
    await t.database.db.update(agentInvites).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(agentInvites.code, expired.code));
    const disabled = (await create(token, { accountType: 'member', expiry: '1d' })).json().value;
    await api(t, token, 'POST', DISABLE, { id: disabled.id, disabled: true });
    const deleted = (await create(token, { accountType: 'member', expiry: '1d' })).json().value;
    await api(t, token, 'POST', DELETE, { id: deleted.id });
    const luna = (await create(await tokenFor(t, 'agent01', 'luna'), { accountType: 'member', expiry: '1d' }, 'luna')).json().value;

    expect((await list(token)).list.find((i: { code: string }) => i.code === expired.code).status).toBe('expired');
    const cases: [string, string][] = [
      [expired.code, 'agent.invite.expired'], [disabled.code, 'agent.invite.disabled'], [deleted.code, 'invitation_code_error'],
      ['ZZZZZZZZZZZZZZZZ', 'invitation_code_error'], [luna.code, 'invitation_code_error'],
    ];
    for (const [code, error] of cases) {
      const r = await reg('refused01', code);
      expect([r.statusCode, codeOf(r)], code).toEqual([400, error]);
      expect(codeOf(await api(t, undefined, 'GET', `/wps/agent/affiliate?code=${code}`)), code).toBe(error);
    }
    expect(await memberRow(t, 'refused01')).toBeUndefined();
    // luna's link works in luna
    expect((await reg('lunainv01', luna.code, 'luna')).json()).toMatchObject({ errorCode: 'field.invalid', value: { field: 'email' } });
  });

  it('a link disabled between the check and the insert refuses the registration and leaves no account', async () => {
    const token = await tokenFor(t, 'agent01');
    const link = (await create(token, { accountType: 'member', expiry: '1d' })).json().value;
    const use = (await findInvite(t.database.db, brandOf(t), link.code))!;
    await api(t, token, 'POST', DISABLE, { id: link.id, disabled: true });
    const attempt = t.database.db.transaction(async (tx) => {
      const m = await insertMember(tx, { merchantId: brandOf(t).id, username: 'race01', usernameKey: 'race01', passwordHash: null, parentId: use.parent.id });
      await claimInvite(tx, use.inviteId);
      return m;
    });
    await expect(attempt).rejects.toMatchObject({ code: 'agent.invite.disabled' });
    expect(await memberRow(t, 'race01')).toBeUndefined();
    expect((await list(token)).list.find((i: { id: string }) => i.id === link.id).registrations).toBe(0);
  });

  it('a link of an agent that is no longer an agent is refused', async () => {
    const agent = await addMember(t, 'demo', { type: 1 });
    const link = (await create(await tokenFor(t, agent.username), { accountType: 'member', expiry: '1d' })).json().value;
    await t.database.db.update(members).set({ type: 0 }).where(eq(members.id, agent.id));
    expect(codeOf(await reg('orphan01', link.code))).toBe('invitation_code_error');
  });
});

describe('creating a downline account', () => {
  it('makes a direct downline with password 123456 that must be changed at first login', async () => {
    const token = await tokenFor(t, 'agent01');
    const agent01 = await memberRow(t, 'agent01');
    const r = await api(t, token, 'POST', DOWNLINE, { username: ' Direct01 ', accountType: 'member' });
    expect(r.statusCode).toBe(200);
    expect(r.json().value).toMatchObject({ account: 'Direct01', type: 0, isAgent: false, mustChangePassword: true });
    const sub = await api(t, token, 'POST', DOWNLINE, { username: 'directagent01', accountType: 'agent' });
    expect(sub.json().value).toMatchObject({ type: 2, isAgent: true });

    const row = await memberRow(t, 'direct01');
    expect([row.parentId, row.mustChangePassword]).toEqual([agent01.id, true]);
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    const [tree] = await t.database.db.select().from(memberTree).where(and(eq(memberTree.ancestorId, agent01.id), eq(memberTree.descendantId, row.id)));
    expect(tree?.depth).toBe(1);

    const first = await login(t, 'direct01', '123456', { ip: freshIp() });
    expect(first.statusCode).toBe(200);
    const v = first.json().value;
    expect(v.mustChangePassword).toBe(true);
    const changed = await encPost(t, '/wps/member/password', { oldPassword: '123456', newPassword: 'Better123', confirmNewPassword: 'Better123' }, { token: v.token });
    expect(changed.statusCode).toBe(200);
    expect((await memberRow(t, 'direct01')).mustChangePassword).toBe(false);
    expect((await login(t, 'direct01', 'Better123', { ip: freshIp() })).json().value.mustChangePassword).toBe(false);
  });

  it('checks the username like registration does', async () => {
    const token = await tokenFor(t, 'agent01');
    expect(codeOf(await api(t, token, 'POST', DOWNLINE, { username: 'PLAYER01', accountType: 'member' }))).toBe('register.username.exists');
    for (const username of ['', 'abc', '1abcdefg', 'abcdefghijklmnopq', 'bad name']) {
      const r = await api(t, token, 'POST', DOWNLINE, { username, accountType: 'member' });
      expect([r.statusCode, codeOf(r)], username).toEqual([400, 'field.invalid']);
      expect(r.json().value.field).toBe('username');
    }
    expect(codeOf(await api(t, token, 'POST', DOWNLINE, { username: 'okname01', accountType: 'boss' }))).toBe('request_param_err');
  });
});

describe('authorisation', () => {
  const calls: [string, 'GET' | 'POST', object | undefined][] = [
    [LIST, 'GET', undefined],
    [CREATE, 'POST', { accountType: 'member', expiry: '1d' }],
    [DISABLE, 'POST', { id: '1', disabled: true }],
    [DELETE, 'POST', { id: '1' }],
    [DOWNLINE, 'POST', { username: 'authz0001', accountType: 'member' }],
  ];

  it('visitor: customer.not.login; member: login.non.agent; trial: in_need_true_account', async () => {
    const player = await tokenFor(t, 'player01');
    const trialRow = await addMember(t, 'demo', { type: brandOf(t).config.trialType });
    const trial = await tokenFor(t, trialRow.username);
    for (const [url, method, body] of calls) {
      expect([codeOf(await api(t, undefined, method, url, body))], url).toEqual(['customer.not.login']);
      const r = await api(t, player, method, url, body);
      expect([r.statusCode, codeOf(r)], url).toEqual([403, 'login.non.agent']);
      expect(codeOf(await api(t, trial, method, url, body)), url).toBe('in_need_true_account');
    }
    expect(await memberRow(t, 'authz0001')).toBeUndefined();
    expect((await t.database.db.select().from(agentInvites).where(eq(agentInvites.agentId, (await memberRow(t, 'player01')).id))).length).toBe(0);
  });
});
