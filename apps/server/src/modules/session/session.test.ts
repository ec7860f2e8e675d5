import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { errorEnvelope, okEnvelope, session } from '@lobby/contract';
import { members, sessions } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { hashToken } from '../../plugins/session.ts';
import { deps } from './service.ts';
import { call, encPost, freshIp, knownCaptcha, login, memberRow, setBrand } from '../../test/kits/session.ts';

const t = useTestApp({ TRUST_PROXY: true });
const PLAYER_IP = '10.250.0.1';
const info = (token: string, merchant = 'demo') => t.call({ method: 'GET', url: '/wps/member/info', token, merchant });

describe('login', () => {
  it('refuses a plaintext body on an encrypted call', async () => {
    const res = await call(t, 'POST', '/wps/session/login', { username: 'player01', password: 'Player123' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('crypto.required');
  });

  it('logs in: the login value, a new random token each time, only its hash stored, last login recorded', async () => {
    const ip = PLAYER_IP;
    const a = await login(t, 'player01', 'Player123', { ip });
    expect(a.statusCode).toBe(200);
    const v = okEnvelope(session.loginValue).parse(a.json()).value;
    expect(v).toMatchObject({ userName: 'player01', customerType: 0, isAgent: false, isTrial: false, firstTimeLogin: true, passwordExpired: false, mustChangePassword: false });
    expect(Buffer.from(v.token, 'base64url').length).toBe(32);
    const b = (await login(t, 'PLAYER01', 'Player123', { ip })).json().value;
    expect(b.firstTimeLogin).toBe(false);
    expect(b.token).not.toBe(v.token);
    const stored = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(v.token)));
    expect(stored).toHaveLength(1);
    const raw = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, v.token));
    expect(raw).toHaveLength(0);
    const me = (await info(b.token)).json().value;
    expect(me.lastLoginIp).toBe(ip);
    expect(me.mobile).toBe('+52******5678');
    expect(me.referralCode).toBe('PLAYER01');
  });

  it('missing fields and wrong passwords answer their codes', async () => {
    const missing = await encPost(t, '/wps/session/login', { username: 'player01' }, { ip: freshIp() });
    expect(missing.json()).toMatchObject({ errorCode: 'request_param_err', value: { fields: ['body.password'] } });
    const bad = await login(t, 'player01', 'nope', { ip: freshIp() });
    expect(bad.statusCode).toBe(401);
    expect(errorEnvelope.parse(bad.json())).toMatchObject({ errorCode: 'login.failed', value: { captcha: false } });
    const unknown = await login(t, 'nobody99', 'Player123', { ip: freshIp() });
    expect(unknown.json().errorCode).toBe('login.failed');
  });

  it('asks for a captcha after repeated failures; a wrong, missing or reused captcha is refused', async () => {
    const ip = freshIp();
    const user = 'subagent01';
    for (let i = 1; i <= 3; i++) {
      const r = await login(t, user, 'wrong1', { ip });
      expect(r.json().value.captcha).toBe(i >= 3);
    }
    expect((await login(t, user, 'Agent123', { ip })).json()).toMatchObject({ errorCode: 'captcha.invalid', value: { captcha: true } });
    const c = await knownCaptcha(t);
    expect((await login(t, user, 'Agent123', { ip, captchaId: c.captchaId, captcha: 'WRONG' })).json().errorCode).toBe('captcha.invalid');
    // a captcha is single use, even after a wrong answer
    expect((await login(t, user, 'Agent123', { ip, ...c })).json().errorCode).toBe('captcha.invalid');
    const ok = await login(t, user, 'Agent123', { ip, ...(await knownCaptcha(t, 'demo', 'hxk29')), captcha: 'HXK29'.toLowerCase() });
    expect(ok.statusCode).toBe(200);
    // success clears the account's failures: no captcha needed from a new IP
    expect((await login(t, user, 'Agent123', { ip: freshIp() })).statusCode).toBe(200);
  });

  it('a brand that always wants a captcha (luna) refuses logins without one', async () => {
    const r = await login(t, 'player01', 'Player123', { merchant: 'luna', ip: freshIp() });
    expect(r.json()).toMatchObject({ errorCode: 'captcha.invalid', value: { captcha: true } });
    const ok = await login(t, 'player01', 'Player123', { merchant: 'luna', ip: freshIp(), ...(await knownCaptcha(t, 'luna')) });
    expect(ok.statusCode).toBe(200);
  });

  it('brute force from many IPs: the account back-off stops guesses before the password check', async () => {
    const { accountFree } = session.LOGIN_BACKOFF;
    const db = t.database.db;
    await db.update(members).set({ passwordHash: (await memberRow(t, 'player01')).passwordHash }).where(eq(members.id, (await memberRow(t, 'weak01')).id));
    const stats = deps(t.app).stats;
    const before = stats.passwordChecks;
    const codes: Record<string, number> = {};
    // a captcha-solving attacker: every guess carries a valid captcha, from its own IP, 20 at a time
    for (let batch = 0; batch < 3; batch++) {
      const guesses = await Promise.all(Array.from({ length: 20 }, async (_, i) =>
        login(t, 'weak01', `guess${batch}${i}x`, { ip: freshIp(), ...(await knownCaptcha(t)) })));
      for (const r of guesses) codes[r.json().errorCode] = (codes[r.json().errorCode] ?? 0) + 1;
    }
    // the free attempts, then the one that closed the gate: the other 54 never reached the hash
    expect(stats.passwordChecks - before).toBe(accountFree + 1);
    expect(codes['login.throttled']).toBe(60 - accountFree - 1);
    // the right password from elsewhere waits for the gate (30 s), told so; nothing is locked
    const right = await login(t, 'weak01', 'Player123', { ip: freshIp(), ...(await knownCaptcha(t)) });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ errorCode: 'login.throttled', value: { scope: 'account', smsLogin: true, captcha: true } });
    expect(right.json().value.retryAfterSeconds).toBeGreaterThan(20);
    expect(right.json().value.retryAfterSeconds).toBeLessThanOrEqual(30);
    // the same figures over HTTP, for the bench (not served in production)
    const served = (await t.call({ method: 'GET', url: '/wps/dev/auth-stats' })).json().value;
    expect(served.passwordChecks).toBe(stats.passwordChecks);
    expect(served.lockedRejections).toBeGreaterThanOrEqual(55);
    // the back-off is per brand: luna's weak01 is untouched
    const luna = await login(t, 'weak01', '123456', { merchant: 'luna', ip: freshIp(), ...(await knownCaptcha(t, 'luna')) });
    expect(luna.statusCode).toBe(200);
  });

  it('one IP guessing many accounts backs off after the address limit', async () => {
    const { addressFree } = session.LOGIN_BACKOFF;
    const ip = freshIp();
    let last;
    for (let i = 0; i < addressFree + 2; i++) {
      last = await login(t, `victim${i}`, 'Wrong123', { ip, ...(await knownCaptcha(t)) });
    }
    expect(last!.json()).toMatchObject({ errorCode: 'login.throttled', value: { scope: 'address' } });
    const other = await login(t, 'agent01', 'Agent123', { ip, ...(await knownCaptcha(t)) });
    expect(other.json().errorCode).toBe('login.throttled');
  });

  it('locked accounts and trial accounts cannot log in (login.non.member)', async () => {
    await t.database.db.update(members).set({ status: 'locked' }).where(eq(members.id, (await memberRow(t, 'player01', 'luna')).id));
    const r = await login(t, 'player01', 'Player123', { merchant: 'luna', ip: freshIp(), ...(await knownCaptcha(t, 'luna')) });
    expect(r.json().errorCode).toBe('login.non.member');
    await t.database.db.update(members).set({ status: 'active' }).where(eq(members.id, (await memberRow(t, 'player01', 'luna')).id));
  });

  it('weak password 123456 forces a change; expired passwords are flagged', async () => {
    const weak = (await login(t, 'weak01', '123456', { merchant: 'luna', ip: freshIp(), ...(await knownCaptcha(t, 'luna')) })).json().value;
    expect(weak.mustChangePassword).toBe(true);
    const m = await memberRow(t, 'agent01', 'luna');
    await t.database.db.update(members).set({ passwordChangedAt: new Date(Date.now() - 91 * 86_400_000) }).where(eq(members.id, m.id));
    const old = (await login(t, 'agent01', 'Agent123', { merchant: 'luna', ip: freshIp(), ...(await knownCaptcha(t, 'luna')) })).json();
    expect(old.value?.passwordExpired ?? old.errorCode).toBe(true);
  });
});

describe('agent login', () => {
  it('refuses non-agents and admits agents', async () => {
    const p = await encPost(t, '/wps/session/login/agent', { username: 'subagent01', password: 'Agent123' }, { ip: freshIp() });
    expect(p.json().value.isAgent).toBe(true);
    const r = await encPost(t, '/wps/session/login/agent', { username: 'player01', password: 'Player123' }, { ip: freshIp() });
    expect(r.statusCode).toBe(403);
    expect(r.json().errorCode).toBe('login.non.agent');
  });
});

describe('sessions', () => {
  const fresh = async () => (await login(t, 'player01', 'Player123', { ip: PLAYER_IP })).json().value.token as string;

  it('logout (DELETE and POST) revokes the token', async () => {
    for (const method of ['DELETE', 'POST'] as const) {
      const token = await fresh();
      expect((await info(token)).statusCode).toBe(200);
      const out = await t.call({ method, url: '/wps/session/logout', token });
      expect(out.json()).toEqual({ success: true, value: null });
      expect((await info(token)).json().errorCode).toBe('login.not.session');
    }
  });

  it('idle timeout and absolute lifetime end a session', async () => {
    const idle = await fresh();
    await t.database.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 16 * 60_000) }).where(eq(sessions.tokenHash, hashToken(idle)));
    expect((await info(idle)).json().errorCode).toBe('login.not.session');
    const old = await fresh();
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.tokenHash, hashToken(old)));
    expect((await info(old)).json().errorCode).toBe('login.not.session');
  });

  it('a token of one brand is not valid with another Merchant', async () => {
    const token = await fresh();
    const res = await info(token, 'luna');
    expect(res.statusCode).toBe(401);
    expect(res.json().errorCode).toBe('login.not.session');
  });
});

describe('token check (a ?token= link, issue 23 item 10)', () => {
  const check = (token: string, merchant = 'demo') => t.call({ method: 'POST', url: '/wps/session/check', merchant, body: { token } });
  it('answers live for a session of the brand and not live (200, never 401) for a stale, revoked, foreign or unknown token', async () => {
    const token = (await login(t, 'player01', 'Player123', { ip: PLAYER_IP })).json().value.token as string;
    const ok = await check(token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, value: { live: true } });
    expect((await check(token, 'luna')).json().value).toEqual({ live: false });
    expect((await check('no-such-token')).json()).toEqual({ success: true, value: { live: false } });
    await t.call({ method: 'POST', url: '/wps/session/logout', token });
    const stale = await check(token);
    expect(stale.statusCode).toBe(200);
    expect(stale.json().value).toEqual({ live: false });
    expect((await check('')).statusCode).toBe(400);
  });
});

describe('trial accounts', () => {
  it('freeplay makes a guest of the trial type that cannot use real-account functions', async () => {
    const r = await t.call({ method: 'POST', url: '/wps/session/login/freeplay', payload: { os: 'web', platform: 'W' } });
    expect(r.statusCode).toBe(200);
    const v = r.json().value;
    expect(v).toMatchObject({ customerType: 4, isTrial: true, isAgent: false, firstTimeLogin: true });
    expect(v.userName).toMatch(/^guest_[0-9a-f]{8}$/);
    const me = (await info(v.token)).json().value;
    expect(me.isTrial).toBe(true);
    expect(me.hasPassword).toBe(false);
    const change = await encPost(t, '/wps/member/password', { newPassword: 'Abc12345', confirmNewPassword: 'Abc12345' }, { token: v.token });
    expect(change.json().errorCode).toBe('in_need_true_account');
    expect((await login(t, v.userName, '', { ip: freshIp() })).json().errorCode).toBe('request_param_err');
  });

  it('is off when the brand switches free play off', async () => {
    await setBrand(t, 'luna', (c) => { c.whitelabel.find((n) => n.modId === 'LOGIN3')!.childrenNodes.find((n) => n.modId === 'FREEPLAY3')!.enabled = false; });
    const r = await t.call({ method: 'POST', url: '/wps/session/login/freeplay', merchant: 'luna' });
    expect(r.json().errorCode).toBe('function.not.available');
  });
});

describe('captcha', () => {
  it('is a PNG: pixels only, no markup, text or paths', async () => {
    const v = (await t.call({ method: 'GET', url: '/wps/captcha' })).json().value;
    expect(v.image).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(v.image.split(',')[1], 'base64');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.readUInt32BE(16)).toBe(300);
    expect(png.readUInt32BE(20)).toBe(100);
    const latin = png.toString('latin1');
    for (const marker of ['<svg', '<path', '<text', 'tEXt', 'iTXt', 'zTXt']) expect(latin).not.toContain(marker);
    expect(v.captchaId).toMatch(/^[0-9a-f-]{36}$/);
    expect(v.expiresInSeconds).toBe(300);
  });
});
