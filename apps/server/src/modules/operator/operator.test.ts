import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { wallet } from '@lobby/contract';
import { operatorSessions, sessions } from '../../db/schema.ts';
import { memberSecurity } from '../../db/member-profile-schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { fund, get, newPlayer, operator as keyCall, postJson, rid } from '../../test/kits/cashier.ts';
import { addMember, tokenFor } from '../../test/kits/wallet.ts';
import { codeOf, newOp, opCall, PASSWORD, type Op, auditRows } from '../../test/kits/operator.ts';

const t = useTestApp();


async function pendingDeposit() {
  const p = await newPlayer(t);
  const r = await postJson(t, p, '/wps/deposit/orders', { method: 'SPEI', channel: 'SANTANDER', amount: '500', requestId: rid() });
  expect(r.statusCode, r.body).toBe(200);
  return { p, orderNo: r.json().value.orderNo as string };
}

describe('login with TOTP', () => {
  it('needs the password and a fresh code; a code counts once; five failures lock', async () => {
    const op = await newOp(t, 'finance', null, { session: false });
    const login = (body: object) => t.call({ method: 'POST', url: '/wps/ops/login', payload: { username: op.username, password: PASSWORD, ...body } });
    expect((await login({ password: 'wrong-password' })).json().errorCode).toBe('operator.login.failed');
    expect((await login({})).json().errorCode).toBe('operator.totp.required');
    const bad = codeOf(op.secret, Date.now() - 10 * 60_000);
    expect((await login({ code: bad })).json().errorCode).toBe('operator.totp.invalid');
    const code = codeOf(op.secret);
    const ok = await login({ code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().value.operator.permissions).toContain('finance.withdraw');
    expect(ok.json().value.operator.permissions).not.toContain('operators.manage');
    expect((await login({ code })).json().errorCode).toBe('operator.totp.invalid');
    const me = await opCall(t, { token: ok.json().value.token } as Op, 'GET', '/wps/ops/me');
    expect(me.json().value.username).toBe(op.username);
    expect(await auditRows(t, 'operator.login', op.username)).toHaveLength(1);
    expect((await auditRows(t, 'operator.login.failed', op.username)).length).toBe(3);
  });

  it('enrols the authenticator at the first login (QR), then asks for its code', async () => {
    const op = await newOp(t, 'support', null, { enrolled: false, session: false });
    const first = await t.call({ method: 'POST', url: '/wps/ops/login', payload: { username: op.username, password: PASSWORD } });
    expect(first.statusCode).toBe(401);
    expect(first.json().errorCode).toBe('operator.totp.enrol');
    const { secret, otpauthUrl, qrSvg } = first.json().value;
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(qrSvg).toContain('<svg');
    const done = await t.call({ method: 'POST', url: '/wps/ops/login', payload: { username: op.username, password: PASSWORD, code: codeOf(secret) } });
    expect(done.statusCode).toBe(200);
    expect(done.json().value.operator.enrolled).toBe(true);
    expect((await t.call({ method: 'POST', url: '/wps/ops/login', payload: { username: op.username, password: PASSWORD } })).json().errorCode).toBe('operator.totp.required');
  });

  it('ends an idle session after 15 minutes and on logout', async () => {
    const op = await newOp(t, 'owner');
    expect((await opCall(t, op, 'GET', '/wps/ops/me')).statusCode).toBe(200);
    await t.database.db.update(operatorSessions).set({ lastSeenAt: new Date(Date.now() - 16 * 60_000) }).where(eq(operatorSessions.operatorId, op.id));
    expect((await opCall(t, op, 'GET', '/wps/ops/me')).json().errorCode).toBe('operator.not.session');
    const op2 = await newOp(t, 'owner');
    expect((await opCall(t, op2, 'POST', '/wps/ops/logout')).statusCode).toBe(200);
    expect((await opCall(t, op2, 'GET', '/wps/ops/dashboard')).json().errorCode).toBe('operator.not.session');
    expect((await opCall(t, null, 'GET', '/wps/ops/dashboard')).json().errorCode).toBe('operator.not.session');
  });
});

// every console call and the permission it needs; the older calls through requireOperator too
const CALLS: [string, 'GET' | 'POST', string, string, object?][] = [
  ['operators.manage', 'GET', '/wps/ops/operators', ''],
  ['operators.manage', 'POST', '/wps/ops/operators/create', '', { username: 'matrixop', password: 'Long-Enough-Pass-1', role: 'content', brands: null }],
  ['operators.manage', 'POST', '/wps/ops/operators/update', '', { id: '999999' }],
  ['audit.view', 'GET', '/wps/ops/audit', ''],
  ['audit.view', 'GET', '/wps/ops/audit.csv', ''],
  ['dashboard.view', 'GET', '/wps/ops/dashboard', ''],
  // rewards (missions, points mall, VIP levels): ids and levels that do not exist, so an allowed call changes nothing
  ['content.manage', 'GET', '/wps/ops/rewards/missions', ''],
  ['content.manage', 'POST', '/wps/ops/rewards/missions', '', { id: '999999999', kind: 'betCount', period: 'daily', title: { ES: 'x', EN: 'x' }, target: '1', reward: '1' }],
  ['content.manage', 'POST', '/wps/ops/rewards/missions/enabled', '', { id: '999999999', enabled: false }],
  ['content.manage', 'GET', '/wps/ops/rewards/points', ''],
  ['content.manage', 'POST', '/wps/ops/rewards/points', '', { id: '999999999', kind: 'item', name: { ES: 'x', EN: 'x' }, cost: 1, stock: 0 }],
  ['content.manage', 'POST', '/wps/ops/rewards/points/enabled', '', { id: '999999999', enabled: false }],
  ['content.manage', 'GET', '/wps/ops/rewards/redemptions', ''],
  ['content.manage', 'POST', '/wps/ops/rewards/redemptions/review', '', { orderNo: 'P-none', decision: 'reject' }],
  ['content.manage', 'GET', '/wps/ops/rewards/vip', ''],
  ['content.manage', 'POST', '/wps/ops/rewards/vip', '', { level: 99, labels: { ES: 'x', EN: 'x' }, minDeposit: '1', minValidBet: '1', reward: '0' }],
  ['finance.view', 'GET', '/wps/ops/finance/rules', ''],
  ['finance.rules', 'POST', '/wps/ops/finance/rules', '', { dualApprovalAbove: '1000' }],
  ['finance.deposit', 'POST', '/wps/ops/finance/deposit/confirm', '', { orderNo: 'D-none' }],
  ['finance.deposit', 'POST', '/wps/ops/finance/deposit/reject', '', { orderNo: 'D-none' }],
  ['finance.withdraw', 'POST', '/wps/ops/finance/withdraw/approve', '', { withdrawNo: 'W-none' }],
  ['finance.withdraw', 'POST', '/wps/ops/finance/withdraw/reject', '', { withdrawNo: 'W-none' }],
  ['finance.view', 'GET', '/wps/ops/finance/withdraw/approvals', ''],
  ['finance.adjust', 'POST', '/wps/ops/finance/adjust', '', { username: 'nobody-here', direction: 'credit', amount: '1', reason: 'test', requestId: 'matrix-0001' }],
  ['finance.view', 'GET', '/wps/ops/finance/reconcile', ''],
  ['people.view', 'GET', '/wps/ops/people', ''],
  ['people.view', 'GET', '/wps/ops/people/detail?id=999999', ''],
  ['people.manage', 'POST', '/wps/ops/people/status', '', { id: '999999', status: 'locked' }],
  ['people.manage', 'POST', '/wps/ops/people/reset-password', '', { id: '999999' }],
  ['people.manage', 'POST', '/wps/ops/people/end-sessions', '', { id: '999999' }],
  ['people.view', 'GET', '/wps/ops/people/tree?id=999999', ''],
  ['people.manage', 'POST', '/wps/ops/people/move', '', { id: '999999', toAgentId: '999998' }],
  ['people.view', 'GET', '/wps/ops/responsible?id=999999', ''],
  ['people.manage', 'POST', '/wps/ops/responsible/limits', '', { id: '999999', depositDay: '100' }],
  ['people.manage', 'POST', '/wps/ops/responsible/break', '', { id: '999999', kind: 'cooloff', days: 1 }],
  ['people.manage', 'POST', '/wps/ops/responsible/lift', '', { id: '999999', reason: 'matrix test' }],
  ['finance.view', 'GET', '/wps/operator/deposit/orders', ''],
  ['finance.deposit', 'POST', '/wps/operator/deposit/confirm', '', { orderNo: 'D-none' }],
  ['finance.withdraw', 'POST', '/wps/operator/withdraw/pay', '', { withdrawNo: 'W-none' }],
  ['content.manage', 'GET', '/wps/operator/announcements', ''],
  ['content.manage', 'GET', '/wps/ops/content/announcements', ''],
  ['content.manage', 'POST', '/wps/ops/content/announcements/save', '', { id: '999999', announcement: { type: 'PL', title: 'matrix' } }],
  ['content.manage', 'POST', '/wps/ops/content/announcements/enabled', '', { id: '999999', enabled: false }],
  ['content.manage', 'POST', '/wps/ops/content/announcements/delete', '', { id: '999999' }],
  ['content.manage', 'POST', '/wps/ops/content/banners/order', '', { groupName: 'w_forget', ids: ['999999'] }],
  ['content.manage', 'POST', '/wps/ops/content/banners/image', '', { image: 'R0lGODlhAQABAAAAACw=' }],
  ['content.manage', 'GET', '/wps/ops/content/promotions', ''],
  ['content.manage', 'POST', '/wps/ops/content/promotions/save', '', { id: '999999', promotion: { category: 'deposit', rule: { kind: 'deposit', period: 'daily', bps: 100 }, title: { ES: 'x' }, startsAt: '2026-01-01T00:00:00Z' } }],
  ['content.manage', 'GET', '/wps/ops/content/help', ''],
  ['content.manage', 'POST', '/wps/ops/content/help/save', '', { previousTerm: 'no-such-term', article: { term: 'no-such-term', title: { ES: 'x', EN: 'x' }, content: { ES: 'x', EN: 'x' } } }],
  ['content.manage', 'POST', '/wps/ops/content/help/delete', '', { term: 'no-such-term' }],
  ['content.manage', 'GET', '/wps/operator/promotions/applications', ''],
  ['settings.manage', 'GET', '/wps/ops/settings', ''],
  ['settings.manage', 'POST', '/wps/ops/settings/modules', '', { switches: { NOPE3: false } }],
  ['settings.manage', 'POST', '/wps/ops/settings/languages', '', { languages: ['ES'], defaultLanguage: 'EN' }],
  ['settings.manage', 'POST', '/wps/ops/settings/register', '', { rules: {}, flags: { WALLET3: true } }],
  ['settings.manage', 'POST', '/wps/ops/settings/access', '', { maintenance: { enabled: false }, region: { mode: 'block', countries: ['KP', 'IR', 'SY', 'CU'] } }],
  ['settings.manage', 'POST', '/wps/ops/settings/contact', '', { customerService: [], resources: [], social: {}, supportHours: '', gmtOffsetMinutes: 5000 }],
  ['settings.manage', 'POST', '/wps/ops/settings/thresholds', '', { autoReceiptMinutes: 1, security: { idleTimeoutMinutes: 15, absoluteLifetimeHours: 24, passwordExpiryDays: 0, captchaOnLogin: false, captchaAfterFailures: 3, newIpVerification: [] },
    activeMemberValidBet: 'x', points: { validBetPerPoint: '1', convertValue: '0', convertMin: 1 }, referral: { firstDepositPercent: '0', firstDepositMax: '0', thresholdAmount: '0', thresholdReward: '0' } }],
  // games: unknown vendor / games and a refused file, so an allowed call changes nothing
  ['games.manage', 'GET', '/wps/ops/games/vendors', ''],
  ['games.manage', 'POST', '/wps/ops/games/vendors/update', '', { code: 'RNG-NOPE', enabled: false }],
  ['games.manage', 'GET', '/wps/ops/games', ''],
  ['games.manage', 'POST', '/wps/ops/games/update', '', { nodeId: 'no-such-game', enabled: false }],
  ['games.manage', 'POST', '/wps/ops/games/bulk', '', { nodeIds: ['no-such-game'], enabled: false }],
  ['games.manage', 'POST', '/wps/ops/games/import', '', { file: { games: [{ nodeId: 'x' }] } }],
  // lottery: an unknown game or issue, so an allowed call changes nothing
  ['lottery.manage', 'GET', '/wps/ops/lottery/games', ''],
  ['lottery.manage', 'GET', '/wps/ops/lottery/draws?gameCode=NO-SUCH-GAME', ''],
  ['lottery.manage', 'POST', '/wps/ops/lottery/void', '', { gameCode: 'FAST1', numero: '19990101-0001', reason: 'matrix test' }],
  ['lottery.manage', 'POST', '/wps/ops/lottery/draw-now', '', { gameCode: 'FAST1', numero: '19990101-0001' }],
  ['lottery.manage', 'POST', '/wps/operator/lottery/void', '', { gameCode: 'FAST1', numero: '19990101-0001' }],
  ['lottery.manage', 'POST', '/wps/operator/lottery/draw-now', '', { gameCode: 'FAST1', numero: '19990101-0001' }],
];
const ALLOWED: Record<string, string[]> = {
  owner: ['*'],
  finance: ['dashboard.view', 'finance.view', 'finance.deposit', 'finance.withdraw', 'finance.adjust', 'people.view', 'audit.view', 'lottery.manage'],
  content: ['dashboard.view', 'content.manage', 'games.manage'],
  support: ['dashboard.view', 'people.view', 'people.manage'],
};

describe('role permission matrix', () => {
  for (const role of ['owner', 'finance', 'content', 'support'] as const) {
    it(`${role}: allowed calls pass the guard, the others answer operator.forbidden`, async () => {
      const op = await newOp(t, role);
      for (const [perm, method, url, , payload] of CALLS) {
        const body = payload && 'username' in payload && url.endsWith('/create') ? { ...payload, username: `m${op.username}` } : payload;
        const r = await opCall(t, op, method, url, body);
        const allowed = ALLOWED[role].includes('*') || ALLOWED[role].includes(perm);
        const code = r.headers['content-type']?.toString().includes('json') ? r.json().errorCode : undefined;
        if (allowed) expect(code, `${role} ${url}`).not.toBe('operator.forbidden');
        else expect(code, `${role} ${url}`).toBe('operator.forbidden');
      }
    });
  }

  it('an operator scoped to another brand is refused on this one', async () => {
    const op = await newOp(t, 'owner', ['luna']);
    expect((await opCall(t, op, 'GET', '/wps/ops/dashboard')).json().errorCode).toBe('operator.forbidden');
    expect((await opCall(t, op, 'GET', '/wps/ops/dashboard', undefined, 'luna')).statusCode).toBe(200);
  });

  it('the service key still works on the older calls and on the console calls, and is audited', async () => {
    const { orderNo } = await pendingDeposit();
    const r = await keyCall(t, 'POST', '/wps/operator/deposit/confirm', { payload: { orderNo } });
    expect(r.statusCode).toBe(200);
    const rows = await auditRows(t, 'api:/wps/operator/deposit/confirm', orderNo);
    expect(rows).toHaveLength(1);
    expect(rows[0].operatorName).toBe('service-key');
    expect((await keyCall(t, 'GET', '/wps/ops/finance/reconcile')).statusCode).toBe(200);
    expect((await keyCall(t, 'GET', '/wps/ops/dashboard', { key: 'wrong-key-123' })).json().errorCode).toBe('cashier.operator.unauthorized');
  });
});

describe('people', () => {
  it('searches, shows a member, locks (ending its sessions), resets the password, all audited', async () => {
    const op = await newOp(t, 'support');
    const p = await newPlayer(t);
    await fund(t, p, 12_345n);
    const found = (await opCall(t, op, 'GET', `/wps/ops/people?q=${p.username}`)).json().value;
    expect(found.list).toHaveLength(1);
    expect(found.list[0], JSON.stringify(found.list[0])).toMatchObject({ username: p.username, balance: '123.45', kind: 'member' });
    const id = found.list[0].id as string;
    const d = (await opCall(t, op, 'GET', `/wps/ops/people/detail?id=${id}`)).json().value;
    expect(d.sessions).toHaveLength(1);
    expect(d.wallets).toEqual([{ wallet: 'main', balance: '123.45' }]);
    const locked = await opCall(t, op, 'POST', '/wps/ops/people/status', { id, status: 'locked' });
    expect(locked.json().value.status).toBe('locked');
    expect((await get(t, p, '/wps/member/info')).statusCode).toBe(401);
    await opCall(t, op, 'POST', '/wps/ops/people/status', { id, status: 'active' });
    const reset = (await opCall(t, op, 'POST', '/wps/ops/people/reset-password', { id })).json().value;
    expect(reset.temporaryPassword).toMatch(/^[A-Za-z0-9]{12}$/);
    const q = await t.database.db.select().from(sessions).where(eq(sessions.memberId, p.id));
    expect(q.every((s) => s.revokedAt !== null)).toBe(true);
    // the operator knows the temporary password: a new device after it holds money out, as after an agent's reset
    const [sec] = await t.database.db.select().from(memberSecurity).where(eq(memberSecurity.memberId, p.id));
    expect(sec).toMatchObject({ resetBy: 'operator' });
    for (const action of ['people.lock', 'people.unlock', 'people.reset.password']) expect(await auditRows(t, action, p.username)).toHaveLength(1);
  });
});

describe('audit log', () => {
  it('is append-only, searchable and exports CSV', async () => {
    const owner = await newOp(t, 'owner');
    const made = await opCall(t, owner, 'POST', '/wps/ops/operators/create', { username: `ops${Date.now().toString(36)}`, password: 'Long-Enough-Pass-1', role: 'content', brands: ['demo'] });
    expect(made.statusCode).toBe(200);
    const name = made.json().value.username as string;
    const upd = await opCall(t, owner, 'POST', '/wps/ops/operators/update', { id: made.json().value.id, role: 'support' });
    expect(upd.json().value.role).toBe('support');
    const found = (await opCall(t, owner, 'GET', `/wps/ops/audit?q=${name}`)).json().value;
    expect(found.list.map((r: { action: string }) => r.action)).toEqual(['operators.update', 'operators.create']);
    expect(found.list[0]).toMatchObject({ before: { role: 'content' }, after: { role: 'support' }, operatorName: owner.username });
    const csv = await opCall(t, owner, 'GET', `/wps/ops/audit.csv?q=${name}`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('"id","at","operator","brand","action","target","before","after","ip"');
    expect(csv.body).toContain('"operators.update"');
    await expect(t.database.db.execute(sql`update operator_audit set action = 'x'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from operator_audit`)).rejects.toThrow();
    expect((await opCall(t, owner, 'GET', '/wps/ops/audit?from=2026-13-01')).json().errorCode).toBe('request_param_err');
  });
});

describe('ending a member\'s sessions disconnects its pages', () => {
  async function open(token: string): Promise<Socket> {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = t.app.server.address();
    if (!addr || typeof addr === 'string') throw new Error('not listening');
    return new Promise((resolve, reject) => {
      const s = connect(`http://127.0.0.1:${addr.port}`, { path: wallet.SOCKET_PATH, auth: { token, merchant: 'demo' }, transports: ['websocket'], reconnection: false, forceNew: true });
      s.once('connect', () => resolve(s));
      s.once('connect_error', (err) => { s.close(); reject(err); });
    });
  }
  const closed = (s: Socket) => new Promise<string>((resolve) => s.once('disconnect', (reason) => resolve(reason)));

  it('lock and end sessions close the member\'s sockets', async () => {
    const op = await newOp(t, 'support');
    const m = await addMember(t, 'demo');
    const s1 = await open(await tokenFor(t, m.username));
    const gone1 = closed(s1);
    expect((await opCall(t, op, 'POST', '/wps/ops/people/status', { id: String(m.id), status: 'locked' })).statusCode).toBe(200);
    expect(await gone1).toBe('io server disconnect');
    await opCall(t, op, 'POST', '/wps/ops/people/status', { id: String(m.id), status: 'active' });
    const s2 = await open(await tokenFor(t, m.username));
    const gone2 = closed(s2);
    expect((await opCall(t, op, 'POST', '/wps/ops/people/end-sessions', { id: String(m.id) })).json().value).toEqual({ ended: 1 });
    expect(await gone2).toBe('io server disconnect');
  });
});
