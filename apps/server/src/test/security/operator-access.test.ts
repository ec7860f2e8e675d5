/**
 * Operator access (issue 18, findings 1 and 2): the walk of every operator route × caller ×
 * brand against the route permission table, and the escalations found by the attacker's probe.
 */
import { describe, expect, it } from 'vitest';
import { operator } from '@lobby/contract';
import { allows, inScope, operatorActor, ROUTE_PERMISSIONS, ruleOf, sessionOnly, type Actor } from '../../kernel/operator-access/index.ts';
import { fund, newPlayer, postEnc, postJson, rid } from '../kits/cashier.ts';
import { newOp, opCall, type Op } from '../kits/operator.ts';
import { useTestApp } from '../harness.ts';

const KEYS = 'demo:demo-key-2026-walk,luna:luna-key-2026-walk';
const t = useTestApp({ OPERATOR_API_KEY: KEYS });
const BRANDS = ['demo', 'luna'] as const;
const REFUSED = new Set(['operator.forbidden', 'operator.not.session', 'cashier.operator.unauthorized', 'function.not.available']);

/** Every registered route under the operator prefixes, from Fastify's own route tree. */
function operatorRoutes(): Array<{ method: string; url: string }> {
  const out: Array<{ method: string; url: string }> = [];
  const stack: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^(.*?)[├└]── (.+?)(?: \(([^)]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = Math.round([...m[1]].length / 4);
    stack[depth] = (depth ? stack[depth - 1] : '') + m[2];
    const url = stack[depth];
    if (!url.startsWith('/wps/operator/') && !url.startsWith('/wps/ops/')) continue;
    for (const method of m[3]?.split(',').map((x) => x.trim()) ?? []) if (method !== 'HEAD' && method !== 'OPTIONS') out.push({ method, url });
  }
  return out;
}

interface Caller { label: string; actor: Actor | null; headers: Record<string, string> }

describe('the authorisation walk', () => {
  it('every operator route is in the permission table, and the table names no route that does not exist', async () => {
    await t.app.ready();
    const routes = operatorRoutes();
    const missing = routes.filter((r) => ruleOf(r.method, r.url) === undefined).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    const registered = new Set(routes.map((r) => `${r.method} ${r.url}`));
    expect(Object.keys(ROUTE_PERMISSIONS).filter((k) => !registered.has(k))).toEqual([]);
  });

  it('every route × caller (each role on all, demo and luna; each key; nobody) × brand answers as the table says', async () => {
    const callers: Caller[] = [{ label: 'nobody', actor: null, headers: {} }];
    for (const role of operator.ROLES) {
      for (const brands of [null, ['demo'], ['luna']]) {
        const op = await newOp(t, role, brands);
        callers.push({ label: `${role}@${brands?.join() ?? 'all'}`, actor: operatorActor({ id: op.id, username: op.username, role, brands }, null), headers: { 'x-operator-session': op.token } });
      }
    }
    const keyActor = (brand: string): Actor => ({ kind: 'service', operatorId: null, name: `service-key:${brand}`, role: null,
      permissions: operator.PERMISSIONS.filter((p) => p !== 'operators.manage' && p !== 'sessions.manage'), brands: [brand], sessionId: null });
    callers.push({ label: 'key@demo', actor: keyActor('demo'), headers: { 'x-operator-key': 'demo-key-2026-walk' } });
    callers.push({ label: 'key@luna', actor: keyActor('luna'), headers: { 'x-operator-key': 'luna-key-2026-walk' } });
    const member = await newPlayer(t, 'demo');

    const wrong: string[] = [];
    let calls = 0;
    let walked = 0;
    for (const r of operatorRoutes()) {
      const rule = ruleOf(r.method, r.url)!;
      if (rule === 'self') continue; // login and logout check their caller themselves (tested in operator.test.ts)
      walked++;
      const all = [...callers, { label: 'member', actor: null, headers: { authorization: member.token } }];
      for (const [i, c] of all.entries()) {
        for (const [j, brand] of BRANDS.entries()) {
          // a key is only ever sent where it belongs: another brand's key is the wrong key (401)
          // each caller and brand from an address of its own, so the routes' rate limits do not answer first
          const res = await t.call({ method: r.method as 'GET', url: r.url.replace(/:(\w+)/g, '1'), merchant: brand, headers: c.headers,
            remoteAddress: `10.18.${i}.${j + 1}`, ...(r.method === 'GET' ? {} : { payload: {} }) });
          calls++;
          const code = res.statusCode >= 400 ? (res.json() as { errorCode: string }).errorCode : 'ok';
          const may = c.actor !== null && inScope(c.actor, { code: brand }) && allows(c.actor, rule) && !(c.actor.kind === 'service' && sessionOnly(r.method, r.url));
          if (may === REFUSED.has(code)) wrong.push(`${c.label} ${brand} ${r.method} ${r.url}: ${code} (${may ? 'should pass' : 'should be refused'})`);
        }
      }
    }
    console.info(`authorisation walk: ${walked} operator routes × ${callers.length + 1} callers × ${BRANDS.length} brands = ${calls} calls`);
    expect(wrong).toEqual([]);
    expect(calls).toBeGreaterThan(2_000);
  }, 300_000);
});

describe('finding 1: operator brand scope does not escalate', () => {
  const demoKey = { 'x-operator-key': 'demo-key-2026-walk' };
  const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object, merchant = 'demo') =>
    t.call({ method, url, merchant, headers, ...(payload ? { payload } : {}) });

  it('a per-brand key cannot create, list or change operators, nor see or end console sessions', async () => {
    const lunaOwner = await newOp(t, 'owner', ['luna']);
    expect((await call('POST', '/wps/ops/operators/create', demoKey, { username: 'evil-owner', password: 'Evil-Owner-2026!', role: 'owner', brands: null })).json().errorCode).toBe('operator.forbidden');
    expect((await call('GET', '/wps/ops/operators', demoKey)).json().errorCode).toBe('operator.forbidden');
    expect((await call('POST', '/wps/ops/operators/update', demoKey, { id: String(lunaOwner.id), role: 'content' })).json().errorCode).toBe('operator.forbidden');
    expect((await call('GET', '/wps/ops/sessions', demoKey)).json().errorCode).toBe('operator.not.session');
    expect((await call('POST', '/wps/ops/sessions/end', demoKey, { id: '1' })).json().errorCode).toBe('operator.not.session');
    // and the demo key is not luna's key
    expect((await call('GET', '/wps/ops/people?q=player01', demoKey, undefined, 'luna')).json().errorCode).toBe('cashier.operator.unauthorized');
  });

  it('an owner limited to luna cannot widen itself, mint wider operators, reach demo, or touch a wider owner', async () => {
    const luna = await newOp(t, 'owner', ['luna']);
    const all = await newOp(t, 'owner', null);
    const lunaCall = (method: 'GET' | 'POST', url: string, payload?: object, merchant = 'luna') => opCall(t, luna, method, url, payload, merchant);
    expect((await lunaCall('POST', '/wps/ops/operators/update', { id: String(luna.id), brands: null })).json().errorCode).toBe('operator.grant.forbidden');
    expect((await lunaCall('POST', '/wps/ops/operators/update', { id: String(luna.id), brands: ['luna', 'demo'] })).json().errorCode).toBe('operator.grant.forbidden');
    expect((await lunaCall('POST', '/wps/ops/operators/create', { username: `wide${rid().slice(4, 12)}`, password: 'Wide-Owner-2026!', role: 'owner', brands: null })).json().errorCode).toBe('operator.grant.forbidden');
    expect((await lunaCall('POST', '/wps/ops/operators/create', { username: `demo${rid().slice(4, 12)}`, password: 'Demo-Owner-2026!', role: 'owner', brands: ['demo'] })).json().errorCode).toBe('operator.grant.forbidden');
    expect((await lunaCall('GET', '/wps/ops/people?q=player01', undefined, 'demo')).json().errorCode).toBe('operator.forbidden');
    expect((await lunaCall('POST', '/wps/ops/operators/update', { id: String(all.id), role: 'content' })).json().errorCode).toBe('operator.not.found');
    const seen = (await lunaCall('GET', '/wps/ops/operators')).json().value as Array<{ brands: string[] | null }>;
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((o) => o.brands !== null && o.brands.every((b) => b === 'luna'))).toBe(true);
    // inside its scope it still manages: a luna support operator
    const made = await lunaCall('POST', '/wps/ops/operators/create', { username: `sup${rid().slice(4, 12)}`, password: 'Luna-Support-2026!', role: 'support', brands: ['luna'] });
    expect(made.json().value).toMatchObject({ role: 'support', brands: ['luna'] });
  });

  it('a finance operator cannot mint an owner; the all-brands owner sees only sessions of operators it manages', async () => {
    const fin = await newOp(t, 'owner', ['demo']);
    const lunaOwner = await newOp(t, 'owner', ['luna']);
    const s = (await opCall(t, fin, 'GET', '/wps/ops/sessions')).json().value as Array<{ ownerId: string }>;
    expect(s.some((x) => x.ownerId === String(lunaOwner.id))).toBe(false);
    const lunaSession = (await opCall(t, lunaOwner, 'GET', '/wps/ops/sessions', undefined, 'luna')).json().value.find((x: { current: boolean }) => x.current);
    expect((await opCall(t, fin, 'POST', '/wps/ops/sessions/end', { id: lunaSession.id })).json().errorCode).toBe('operator.not.found');
  });
});

describe('finding 2: roles hold on the older operator API, and the two-operator rule on every path', () => {
  it('a content session cannot pay a red envelope from the bonus pool nor offer a house-paid contract', async () => {
    const content = await newOp(t, 'content', null);
    expect((await opCall(t, content, 'POST', '/wps/operator/redEnvelope/create', { account: 'agent01', total: '100', count: 5 })).json().errorCode).toBe('operator.forbidden');
    expect((await opCall(t, content, 'POST', '/wps/operator/agentContracts/offer', { account: 'agent01', kind: 'daily_wage', tiers: [] })).json().errorCode).toBe('operator.forbidden');
    expect((await opCall(t, content, 'POST', '/wps/operator/withdraw/pay', { withdrawNo: 'W1' })).json().errorCode).toBe('operator.forbidden');
  });

  it('a 1,200.00 withdrawal needs two named operators through /wps/operator/withdraw/pay too; the key alone cannot pay it', async () => {
    const PIN = '246801';
    const p = await newPlayer(t, 'demo');
    expect((await postEnc(t, p, '/wps/member/password/payment', { newPassword: PIN, confirmPassword: PIN })).statusCode).toBe(200);
    const acct = (await postJson(t, p, '/wps/withdraw/accounts', { kind: 'bank', bankName: 'BBVA', accountNo: '012180001234567891', payeeName: 'Ana Lopez' })).json().value;
    await fund(t, p, 200_000n);
    const w = (await postEnc(t, p, '/wps/withdraw', { amount: '1200', accountId: acct.id, paymentPassword: PIN, requestId: rid() })).json().value;
    const pay = (headers: Record<string, string>) => t.call({ method: 'POST', url: '/wps/operator/withdraw/pay', merchant: 'demo', headers, payload: { withdrawNo: w.withdrawNo } });

    expect((await pay({ 'x-operator-key': 'demo-key-2026-walk' })).json().errorCode).toBe('operator.approval.named');
    const [f1, f2]: Op[] = [await newOp(t, 'finance', ['demo']), await newOp(t, 'finance', null)];
    expect((await pay({ 'x-operator-session': f1.token })).json().errorCode).toBe('operator.approval.second');
    expect((await pay({ 'x-operator-session': f1.token })).json().errorCode).toBe('operator.approval.same');
    expect((await pay({ 'x-operator-session': f2.token })).json().value).toMatchObject({ status: 'paid' });
    // a retry answers the same outcome and moves nothing
    expect((await pay({ 'x-operator-session': f1.token })).json().value).toMatchObject({ status: 'paid' });
  });
});
