import { describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { inboxDeliveries, members, operatorAudit, responsibleLimits, sessions } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { newPlayer, postJson, rid, get, fund, type Player } from '../../test/kits/cashier.ts';
import { newOp, opCall } from '../../test/kits/operator.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { freshIp, login } from '../../test/kits/session.ts';
import { seamlessCall } from '../../test/kits/seamless.ts';
import { brandOf } from '../../test/kits/wallet.ts';
import { endLongSessions, memberChanger, takeBreak } from './service.ts';
import { cacheKey, forget } from './state.ts';

const t = useTestApp();
const PASSWORD = 'Limits-2026';

/** A player with a password (for the login tests) and a live session. */
async function player(): Promise<Player> {
  const p = await newPlayer(t);
  await t.database.db.update(members).set({ passwordHash: await hashPassword(PASSWORD) }).where(eq(members.id, p.id));
  return p;
}

const deposit = (p: Player, amount: string) => postJson(t, p, '/wps/deposit/orders', { method: 'SPEI', channel: 'SANTANDER', amount, requestId: rid() });
const limits = (p: Player, body: object) => postJson(t, p, '/wps/member/responsible/limits', body);

/** Moves a member's pending changes 24 hours into the past (the clock moved on) and clears the cache. */
async function dayLater(p: Player) {
  const [row] = await t.database.db.select().from(responsibleLimits).where(eq(responsibleLimits.memberId, p.id));
  const past = new Date(Date.now() - 1000).toISOString();
  const pending = Object.fromEntries(Object.entries(row.pending).map(([f, v]) => [f, { ...v, at: past }]));
  await t.database.db.update(responsibleLimits).set({ pending }).where(eq(responsibleLimits.memberId, p.id));
  forget(t.database.db, cacheKey(p.brandId, p.id));
}

async function game() {
  const g = (await t.app.catalogs.get(brandOf(t))).games[0];
  return { vendor: g.vendor.code, gameId: g.nodeId };
}

const liveSessions = async (p: Player) =>
  (await t.database.db.select().from(sessions).where(and(eq(sessions.memberId, p.id), isNull(sessions.revokedAt)))).length;

const auditOf = async (username: string) =>
  t.database.db.select().from(operatorAudit).where(eq(operatorAudit.target, username));

describe('limits', () => {
  it('a decrease applies at once, an increase after 24 hours; the deposit above the limit is refused', async () => {
    const p = await player();
    const set = await limits(p, { depositDay: '500' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().value).toMatchObject({ depositDay: '500.00', pending: [] });
    expect((await deposit(p, '250.50')).statusCode).toBe(200);
    const refused = await deposit(p, '300');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errorCode: 'responsible.deposit.limit', value: { period: 'day', limit: '500.00', left: '249.50' } });

    const up = (await limits(p, { depositDay: '1000' })).json().value;
    expect(up.depositDay).toBe('500.00');
    expect(up.pending).toHaveLength(1);
    expect(up.pending[0]).toMatchObject({ field: 'depositDay', value: '1000.00' });
    const wait = Date.parse(up.pending[0].appliesAt) - Date.now();
    expect(wait).toBeGreaterThan(23.9 * 3_600_000);
    expect(wait).toBeLessThanOrEqual(24 * 3_600_000);
    expect((await deposit(p, '300')).json().errorCode).toBe('responsible.deposit.limit');

    await dayLater(p);
    expect((await deposit(p, '300')).statusCode).toBe(200);
    const now = (await get(t, p, '/wps/member/responsible')).json().value;
    expect(now).toMatchObject({ depositDay: '1000.00', pending: [], usage: { depositDay: '550.50' } });

    // a removal waits too; a decrease while a looser value waits drops it
    expect((await limits(p, { depositDay: null })).json().value).toMatchObject({ depositDay: '1000.00', pending: [{ field: 'depositDay', value: null }] });
    expect((await limits(p, { depositDay: '600' })).json().value).toMatchObject({ depositDay: '600.00', pending: [] });
  });

  it('a bet that could pass the loss limit is refused; a retry of an accepted bet reads its answer back', async () => {
    const p = await player();
    await fund(t, p, 100_000n);
    const g = await game();
    expect((await limits(p, { lossDay: '50' })).statusCode).toBe(200);
    const bet = (txId: string, amount: string) => seamlessCall(t, 'bet', { vendor: g.vendor, txId, roundId: txId, member: p.username, gameId: g.gameId, amount });
    const first = await bet('rg-1', '30');
    expect(first.status, first.body).toBe(200);
    const refused = await bet('rg-2', '30');
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ success: false, errorCode: 'responsible.loss.limit' });
    expect((await bet('rg-1', '30')).json.value).toEqual(first.json.value);
    // a win brings the net loss down: room again
    expect((await seamlessCall(t, 'win', { vendor: g.vendor, txId: 'rg-1w', roundId: 'rg-1', member: p.username, amount: '25' })).status).toBe(200);
    expect((await bet('rg-3', '30')).status).toBe(200);
    expect((await get(t, p, '/wps/member/responsible')).json().value.usage.lossDay).toBe('35.00');
  });

  it('validates input and writes one audit row per change with the member as actor', async () => {
    const p = await player();
    expect((await limits(p, { depositDay: '-5' })).json().errorCode).toBe('request_param_err');
    expect((await limits(p, { sessionMinutes: 2 })).json().errorCode).toBe('request_param_err');
    await limits(p, { lossWeek: '200', sessionMinutes: 90, realityMinutes: 30 });
    const rows = await auditOf(p.username);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ operatorName: `member:${p.username}`, action: 'responsible.limits', operatorId: null });
    expect(rows[0].after).toMatchObject({ lossWeek: { from: null, to: '200.00' }, sessionMinutes: { from: null, to: 90 } });
  });
});

describe('breaks', () => {
  it('a cool-off logs the member out, refuses login, deposit and bets with the end date, and cannot be shortened', async () => {
    const p = await player();
    const g = await game();
    await fund(t, p, 100_000n);
    const r = await postJson(t, p, '/wps/member/responsible/break', { kind: 'cooloff', days: 7 });
    expect(r.statusCode, r.body).toBe(200);
    const until = r.json().value.until as string;
    expect(await liveSessions(p)).toBe(0);
    expect((await get(t, p, '/wps/member/responsible')).json().errorCode).toBe('login.not.session');

    const refused = await login(t, p.username, PASSWORD, { ip: freshIp() });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errorCode: 'responsible.cooloff', value: { until } });
    expect(refused.json().message).toContain(until.slice(0, 10));
    const bet = await seamlessCall(t, 'bet', { vendor: g.vendor, txId: 'rg-b1', roundId: 'rg-b1', member: p.username, gameId: g.gameId, amount: '1' });
    expect(bet.json.errorCode).toBe('responsible.cooloff');

    const brand = brandOf(t);
    await expect(takeBreak(t.app, brand, p.id, p.username, memberChanger(p.username, '1.2.3.4'), { kind: 'cooloff', days: 1 })).rejects.toMatchObject({ code: 'responsible.break.shorten' });
    await expect(takeBreak(t.app, brand, p.id, p.username, memberChanger(p.username, '1.2.3.4'), { kind: 'cooloff', days: 200 })).rejects.toMatchObject({ code: 'responsible.break.duration' });
    // lengthening is fine: a self-exclusion over the cool-off
    const ex = await takeBreak(t.app, brand, p.id, p.username, memberChanger(p.username, '1.2.3.4'), { kind: 'exclusion', days: 182 });
    expect(Date.parse(ex.until)).toBeGreaterThan(Date.parse(until));
    expect((await login(t, p.username, PASSWORD, { ip: freshIp() })).json().errorCode).toBe('responsible.excluded');
  });

  it('an operator sets a cool-off (audited), lifts it with a reason; a self-exclusion cannot be lifted', async () => {
    const p = await player();
    const op = await newOp(t, 'support');
    const content = await newOp(t, 'content');
    expect((await opCall(t, content, 'POST', '/wps/ops/responsible/break', { id: String(p.id), kind: 'cooloff', days: 1 })).json().errorCode).toBe('operator.forbidden');
    const set = await opCall(t, op, 'POST', '/wps/ops/responsible/break', { id: String(p.id), kind: 'cooloff', days: 3 });
    expect(set.statusCode, set.body).toBe(200);
    expect(await liveSessions(p)).toBe(0);
    expect((await opCall(t, op, 'POST', '/wps/ops/responsible/lift', { id: String(p.id), reason: 'x' })).json().errorCode).toBe('request_param_err');
    const lifted = await opCall(t, op, 'POST', '/wps/ops/responsible/lift', { id: String(p.id), reason: 'Asked by phone, identity checked' });
    expect(lifted.json().value.break).toBeNull();
    expect((await login(t, p.username, PASSWORD, { ip: freshIp() })).statusCode).toBe(200);

    await opCall(t, op, 'POST', '/wps/ops/responsible/break', { id: String(p.id), kind: 'exclusion', days: 365 });
    expect((await opCall(t, op, 'POST', '/wps/ops/responsible/lift', { id: String(p.id), reason: 'please lift it' })).json().errorCode).toBe('responsible.exclusion.final');
    const view = (await opCall(t, op, 'GET', `/wps/ops/responsible?id=${p.id}`)).json().value;
    expect(view.limits.break).toMatchObject({ kind: 'exclusion', setBy: op.username });
    expect(view.history.map((h: { action: string }) => h.action)).toEqual(['responsible.exclusion', 'responsible.lift', 'responsible.cooloff']);
    const rows = await auditOf(p.username);
    expect(rows.find((r) => r.action === 'responsible.lift')).toMatchObject({ operatorId: op.id, after: { reason: 'Asked by phone, identity checked' } });
  });
});

describe('marketing', () => {
  it('a brand-wide inbox message skips a member on a break', async () => {
    const away = await player();
    const here = await player();
    await postJson(t, away, '/wps/member/responsible/break', { kind: 'cooloff', days: 1 });
    const sent = await t.call({ method: 'POST', url: '/wps/operator/inbox/send', merchant: 'demo', headers: { 'x-operator-key': 'dev-operator-key' }, payload: { title: 'Bono', content: 'Promo de hoy' } });
    expect(sent.statusCode, sent.body).toBe(200);
    const to = async (p: Player) => (await t.database.db.select().from(inboxDeliveries).where(eq(inboxDeliveries.recipientId, p.id))).length;
    expect(await to(away)).toBe(0);
    expect(await to(here)).toBe(1);
  });
});

describe('session limit', () => {
  it('the job ends a session older than the limit and leaves a younger one', async () => {
    const p = await player();
    await limits(p, { sessionMinutes: 60 });
    const young = await newPlayer(t);
    await t.database.db.update(sessions).set({ createdAt: new Date(Date.now() - 61 * 60_000) }).where(eq(sessions.memberId, p.id));
    const ended = await endLongSessions(t.app, t.database.db);
    expect(ended).toBeGreaterThanOrEqual(1);
    expect(await liveSessions(p)).toBe(0);
    expect(await liveSessions(young)).toBe(1);
    expect((await get(t, p, '/wps/member/responsible')).json().errorCode).toBe('login.not.session');
  });

  it('the reality check answers the interval, the session start and its net result', async () => {
    const p = await player();
    await limits(p, { realityMinutes: 30 });
    const v = (await get(t, p, '/wps/member/responsible/reality')).json().value;
    expect(v).toMatchObject({ intervalMinutes: 30, net: '0.00' });
    expect(Date.parse(v.sessionStartedAt)).toBeLessThanOrEqual(Date.now());
  });
});
