/**
 * Issue 18, logins (Deliver item 3): the regressions of findings 4, 5 and 6, the server-enforced
 * forced password change of finding 3, and per-address limits a forged X-Forwarded-For cannot lift.
 * - 4: 20 of 20 captchas were read from the SVG's path data by a script.
 * - 5: the new-IP check accepted the account holder's name (shown masked in the challenge).
 * - 6: five wrong passwords (captchas solved, rotating addresses) locked any member out for 15
 *   minutes, right password included; registration told which usernames and mobiles exist.
 * - 3 (part): a session whose member must change its password could still do everything.
 * Rules: LOGIN_BACKOFF (contract session.ts), register REGISTER_LIMITS, README "Logins".
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { session } from '@lobby/contract';
import type { LightMyRequestResponse } from 'fastify';
import { captchas, memberIps, members, withdrawAccounts } from '../../db/schema.ts';
import { setCaptchaAnswerSource } from '../../modules/session/index.ts';
import { REGISTER_LIMITS } from '../../modules/member/index.ts';
import { call, clearCounters, freshIp, knownCaptcha, lastCode, memberRow, setBrand } from '../kits/session.ts';
import { loadConfig } from '../../config.ts';
import { encryptForTest } from '../crypto-client.ts';
import { useTestApp } from '../harness.ts';

// the server sits behind a proxy on loopback (as in the browser runs): X-Forwarded-For is read
// from it, and from nobody else
const t = useTestApp({ TRUST_PROXY: ['loopback'] });

interface From { ip?: string; remote?: string; cookie?: string; merchant?: string; token?: string }

async function enc(url: string, body: object, f: From = {}) {
  const merchant = f.merchant ?? 'demo';
  const e = await encryptForTest(t.app, merchant, body);
  return t.call({
    method: 'POST', url, merchant, token: f.token, payload: e.payload,
    ...(f.remote ? { remoteAddress: f.remote } : {}),
    headers: { ...e.headers, ...(f.ip ? { 'x-forwarded-for': f.ip } : {}), ...(f.cookie ? { cookie: f.cookie } : {}) },
  });
}
const login = (username: string, password: string, f: From & { captchaId?: string; captcha?: string } = {}) =>
  enc('/wps/session/login', { type: 'username', username, password, captchaId: f.captchaId, captcha: f.captcha }, f);
const get = (url: string, token: string) => t.call({ method: 'GET', url, token });
const deviceCookie = (r: LightMyRequestResponse) => {
  const set = ([] as string[]).concat(r.headers['set-cookie'] ?? []);
  const c = set.find((x) => x.startsWith(`${session.DEVICE_COOKIE}=`));
  return c?.split(';')[0];
};

describe('finding 4: a captcha a script cannot read from the page', () => {
  it('is a PNG whose answer is in nothing the server sends; one-shot, case-insensitive, with expiry', async () => {
    setCaptchaAnswerSource(t.database.db, () => 'HXK29');
    try {
      const res = await t.call({ method: 'GET', url: '/wps/captcha' });
      const v = res.json().value;
      expect(v.image).toMatch(/^data:image\/png;base64,/);
      const png = Buffer.from(v.image.slice(v.image.indexOf(',') + 1), 'base64');
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      // no markup at all, no text chunk, and the answer nowhere in the answer
      const everything = res.body + png.toString('latin1');
      for (const s of ['<svg', '<path', '<text', ' d="', 'tEXt', 'iTXt', 'zTXt', 'HXK29']) expect(everything).not.toContain(s);
      // drawn anew each time (noise and warp), even for the same answer
      expect((await t.call({ method: 'GET', url: '/wps/captcha' })).json().value.image).not.toBe(v.image);
      const ip = freshIp();
      await setBrand(t, 'demo', (c) => { c.security.captchaOnLogin = true; });
      try {
        expect((await login('player01', 'Player123', { ip, captchaId: v.captchaId, captcha: 'hxk29' })).statusCode).toBe(200);
        // used up
        expect((await login('player01', 'Player123', { ip, captchaId: v.captchaId, captcha: 'HXK29' })).json().errorCode).toBe('captcha.invalid');
        // expired
        const old = (await t.call({ method: 'GET', url: '/wps/captcha' })).json().value;
        await t.database.db.update(captchas).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(captchas.id, old.captchaId));
        expect((await login('player01', 'Player123', { ip, captchaId: old.captchaId, captcha: 'HXK29' })).json().errorCode).toBe('captcha.invalid');
      } finally {
        await setBrand(t, 'demo', (c) => { c.security.captchaOnLogin = false; });
      }
    } finally {
      setCaptchaAnswerSource(t.database.db, null);
    }
  });

});

describe('finding 6: nobody can lock a member out', () => {
  it('after a captcha-solving attacker guessed from 60 addresses, the member still gets in: known device, SMS code, and the right password once the short wait is over', async () => {
    // the member logs in from its phone, from home (its usual address): the browser is known from then on
    await t.database.db.delete(memberIps).where(eq(memberIps.memberId, (await memberRow(t, 'player01')).id));
    const home = await login('player01', 'Player123', { ip: '10.77.0.1' });
    expect(home.statusCode).toBe(200);
    const cookie = deviceCookie(home)!;
    expect(cookie).toMatch(new RegExp(`^${session.DEVICE_COOKIE}=[A-Za-z0-9_-]{43}$`));
    expect(String(home.headers['set-cookie'])).toMatch(/HttpOnly/);

    const guesses = await Promise.all(Array.from({ length: 60 }, async (_, i) =>
      login('player01', `Guess${i}xx`, { ip: freshIp(), ...(await knownCaptcha(t)) })));
    const codes = guesses.map((r) => r.json().errorCode);
    expect(codes.filter((c) => c === 'login.failed').length).toBe(session.LOGIN_BACKOFF.accountFree + 1);
    expect(codes.filter((c) => c === 'login.throttled').length).toBe(60 - session.LOGIN_BACKOFF.accountFree - 1);
    expect(codes).not.toContain('login.locked');

    // elsewhere the right password waits a short, stated time (no lock of 15 minutes)
    const elsewhere = await login('player01', 'Player123', { ip: freshIp(), ...(await knownCaptcha(t)) });
    expect(elsewhere.statusCode).toBe(429);
    const wait = session.loginThrottled.parse(elsewhere.json().value);
    expect(wait).toMatchObject({ scope: 'account', smsLogin: true });
    expect(wait.retryAfterSeconds).toBeLessThanOrEqual(session.LOGIN_BACKOFF.baseSeconds);
    expect(elsewhere.json().message).toMatch(/Inténtelo de nuevo en \d+ s/);

    // 1. its own device: straight in, no captcha, no wait, no new-address check
    const device = await login('player01', 'Player123', { ip: freshIp(), cookie });
    expect(device.statusCode).toBe(200);

    // 2. a code sent to its own mobile
    const ip = freshIp();
    expect((await call(t, 'POST', '/wps/verification/sms/noLogin', { mobileNum: '+525512345678' }, { ip })).statusCode).toBe(200);
    const code = await lastCode(t, '+525512345678');
    const sms = await enc('/wps/session/login', { type: 'sms', mobileNum: '+525512345678', verificationCode: code }, { ip });
    expect(sms.statusCode).toBe(200);

    // 3. once the wait is over, the right password from anywhere (with a captcha)
    await clearCounters(t, `${(await memberRow(t, 'player01')).merchantId}:login:acct:player01:gate`);
    const later = await login('player01', 'Player123', { ip: '10.77.0.1', ...(await knownCaptcha(t)) });
    expect(later.statusCode).toBe(200);
  });

  it('guesses made on the member\'s own device back off that device alone', async () => {
    const first = await login('agent01', 'Agent123', { ip: '10.78.0.1' });
    const cookie = deviceCookie(first)!;
    for (let i = 0; i <= session.LOGIN_BACKOFF.deviceFree; i++) {
      const r = await login('agent01', `Wrong${i}zz`, { ip: '10.78.0.1', cookie, ...(await knownCaptcha(t)) });
      expect(r.json().errorCode).toBe('login.failed');
    }
    const r = await login('agent01', 'Agent123', { ip: '10.78.0.1', cookie, ...(await knownCaptcha(t)) });
    expect(r.json()).toMatchObject({ errorCode: 'login.throttled', value: { scope: 'device' } });
    // the account itself was not touched by those: from the member's other browser it just works
    expect((await login('agent01', 'Agent123', { ip: '10.78.0.1' })).statusCode).toBe(200);
  });

  it('registration tells whether a username or mobile exists only after a valid captcha, and at most REGISTER_LIMITS an hour per address', async () => {
    const body = { username: 'player01', password: 'Secret123', confirmPassword: 'Secret123', terms: true };
    const ip = freshIp();
    const bare = await enc('/wps/member/register', body, { ip });
    expect(bare.json()).toMatchObject({ errorCode: 'captcha.invalid', value: { captcha: true } });
    const answers: string[] = [];
    for (let i = 0; i < REGISTER_LIMITS.existsPerAddress + 1; i++) {
      answers.push((await enc('/wps/member/register', { ...body, ...(await knownCaptcha(t)) }, { ip })).json().errorCode);
    }
    expect(answers.slice(0, REGISTER_LIMITS.existsPerAddress).every((c) => c === 'register.username.exists')).toBe(true);
    expect(answers.at(-1)).toBe('register.too.many');
    // the whole address waits, whatever it registers
    const other = await enc('/wps/member/register', { ...body, username: 'brandnew01', ...(await knownCaptcha(t)) }, { ip });
    expect(other.statusCode).toBe(429);
    expect(other.json().value.retryAfterSeconds).toBeGreaterThan(0);
    // the registration code never tells: a registered number gets the same answer as a free one
    const taken = await call(t, 'POST', '/wps/verification/sms/register', { mobileNo: '+525512345601' }, { ip: freshIp() });
    const free = await call(t, 'POST', '/wps/verification/sms/register', { mobileNo: '+525512340777' }, { ip: freshIp() });
    expect(taken.json()).toEqual(free.json());
  });
});

describe('finding 5: the new-IP check uses only something the member has', () => {
  it('never offers or accepts the account holder\'s name', async () => {
    const m = await memberRow(t, 'subagent01');
    await t.database.db.update(members).set({ mobile: '+525512341212' }).where(eq(members.id, m.id));
    await t.database.db.insert(withdrawAccounts).values({ merchantId: m.merchantId, memberId: m.id, kind: 'bank', bankName: 'BBVA', accountNo: '012180001234567891', payeeName: 'Pedro Ortiz' });
    expect((await login('subagent01', 'Agent123', { ip: freshIp() })).statusCode).toBe(200);
    const ip = freshIp();
    const ch = (await login('subagent01', 'Agent123', { ip })).json();
    expect(ch.errorCode).toBe('login.verification.required');
    expect(ch.value.methods).toEqual(['sms']);
    expect(JSON.stringify(ch.value)).not.toMatch(/P\*+|bank/);
    const byName = await enc('/wps/session/login/verification', { verificationToken: ch.value.verificationToken, method: 'bank', code: 'Pedro Ortiz' }, { ip });
    expect(byName.json().errorCode).toBe('request_param_err');
  });

  it('a member with nothing bound: let in by default, refused where the brand says so (a known device still gets in)', async () => {
    const m = await memberRow(t, 'weak01');
    await t.database.db.update(members).set({ mobile: null, email: null, otpSecret: null, mustChangePassword: false })
      .where(eq(members.id, m.id));
    await t.database.db.insert(withdrawAccounts).values({ merchantId: m.merchantId, memberId: m.id, kind: 'bank', bankName: 'BBVA', accountNo: '012180001234567892', payeeName: 'Wendy Kay' });
    const first = await login('weak01', '123456', { ip: freshIp() });
    expect(first.statusCode).toBe(200);
    const cookie = deviceCookie(first)!;
    expect((await login('weak01', '123456', { ip: freshIp() })).statusCode).toBe(200);
    await setBrand(t, 'demo', (c) => { c.security.newIpWithoutContact = 'refuse'; });
    try {
      const r = await login('weak01', '123456', { ip: freshIp() });
      expect(r.statusCode).toBe(403);
      expect(r.json().errorCode).toBe('login.verification.unavailable');
      expect((await login('weak01', '123456', { ip: freshIp(), cookie })).statusCode).toBe(200);
    } finally {
      await setBrand(t, 'demo', (c) => { delete c.security.newIpWithoutContact; });
    }
  });
});

describe('finding 3 (part): mustChangePassword is enforced by the server', () => {
  it('until the change, the session reads member info, changes the password or logs out, and nothing else', async () => {
    const m = await memberRow(t, 'player01', 'luna');
    await t.database.db.update(members).set({ mustChangePassword: true }).where(eq(members.id, m.id));
    const r = await login('player01', 'Player123', { merchant: 'luna', ip: freshIp(), ...(await knownCaptcha(t, 'luna')) });
    expect(r.json().value.mustChangePassword).toBe(true);
    const token = r.json().value.token as string;
    const lunaGet = (url: string) => t.call({ method: 'GET', url, token, merchant: 'luna' });
    expect((await lunaGet('/wps/member/info')).statusCode).toBe(200);
    for (const url of ['/wps/v2/wallets/balance', '/wps/member/info/profile', '/wps/member/info/funds/consolidated']) {
      const res = await lunaGet(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toMatchObject({ errorCode: 'password.change.required', message: 'Cambie su contraseña antes de continuar.' });
    }
    const en = await t.call({ method: 'GET', url: '/wps/v2/wallets/balance', token, merchant: 'luna', language: 'EN' });
    expect(en.json().message).toBe('Please change your password before continuing.');
    const post = await t.call({ method: 'POST', url: '/wps/member/language', token, merchant: 'luna', payload: { language: 'EN' } });
    expect(post.json().errorCode).toBe('password.change.required');
    // the change itself, then everything works with the fresh token
    const changed = await enc('/wps/member/password', { oldPassword: 'Player123', newPassword: 'Player456', confirmNewPassword: 'Player456' }, { merchant: 'luna', token });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().value.mustChangePassword).toBe(false);
    expect((await t.call({ method: 'GET', url: '/wps/v2/wallets/balance', token: changed.json().value.token, merchant: 'luna' })).statusCode).toBe(200);
  });

  it('the weak default 123456 typed at login is enforced too, and logout always works', async () => {
    const m = await memberRow(t, 'weak01', 'luna');
    await t.database.db.update(members).set({ mustChangePassword: false }).where(eq(members.id, m.id));
    const r = await login('weak01', '123456', { merchant: 'luna', ip: freshIp(), ...(await knownCaptcha(t, 'luna')) });
    expect(r.json().value.mustChangePassword).toBe(true);
    const token = r.json().value.token as string;
    expect((await t.call({ method: 'GET', url: '/wps/v2/wallets/balance', token, merchant: 'luna' })).json().errorCode).toBe('password.change.required');
    expect((await t.call({ method: 'DELETE', url: '/wps/session/logout', token, merchant: 'luna' })).statusCode).toBe(200);
    expect((await get('/wps/member/info', token)).statusCode).toBe(401);
  });
});

describe('per-address limits that a forged X-Forwarded-For cannot lift', () => {
  it('production refuses to trust every hop', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });

  it('50 failed logins from one client with a new X-Forwarded-For each hit the address limit; so does a route rate limit', async () => {
    const remote = '203.0.113.50'; // a client on the internet, not the trusted proxy
    const codes: string[] = [];
    for (let i = 0; i < 50; i++) {
      const r = await login(`nobody${i}`, 'Wrong123', { remote, ip: `198.18.${i}.${i + 1}`, ...(await knownCaptcha(t)) });
      codes.push(r.json().errorCode);
    }
    expect(codes.slice(0, session.LOGIN_BACKOFF.addressFree + 1).every((c) => c === 'login.failed')).toBe(true);
    expect(codes.slice(session.LOGIN_BACKOFF.addressFree + 1).every((c) => c === 'login.throttled')).toBe(true);
    // through the trusted proxy the forwarded address is the client's: another client is not held
    expect((await login('nobody99', 'Wrong123', { ip: freshIp() })).json().errorCode).toBe('login.failed');
    // a route rate limit (captcha images, 60 a minute) holds the same way
    const statuses: number[] = [];
    for (let i = 0; i < 65; i++) {
      const r = await t.call({ method: 'GET', url: '/wps/captcha', remoteAddress: '203.0.113.51', headers: { 'x-forwarded-for': `198.19.0.${i + 1}` } });
      statuses.push(r.statusCode);
    }
    expect(statuses.filter((x) => x === 200)).toHaveLength(60);
    expect(statuses.at(-1)).toBe(429);
  });
});
