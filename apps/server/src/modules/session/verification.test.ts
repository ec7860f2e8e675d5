import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { members, verificationCodes } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { call, encPost, freshIp, lastCode, lastMessage, login, memberRow } from '../../test/kits/session.ts';

const t = useTestApp({ TRUST_PROXY: true });
const PLAYER = '+525512345678';
const smsLogin = (mobileNum: string, verificationCode: string, ip = freshIp()) =>
  encPost(t, '/wps/session/login', { type: 'sms', mobileNum, countryDialingCode: '+52', verificationCode }, { ip });

describe('SMS codes', () => {
  it('validates the mobile number first', async () => {
    for (const mobileNum of ['', '12', 'abc', '+4420']) {
      const r = await call(t, 'POST', '/wps/verification/sms/noLogin', { mobileNum, countryDialingCode: '+52' }, { ip: freshIp() });
      expect(r.json().errorCode).toBe('sms.phone.invalid');
    }
    // a valid number of a country the brand does not accept
    const gb = await call(t, 'POST', '/wps/verification/sms/noLogin', { mobileNum: '+447400123456' }, { ip: freshIp() });
    expect(gb.json().errorCode).toBe('sms.phone.invalid');
  });

  it('logs in by SMS; a code is stored hashed, single use and dies when wrong too often', async () => {
    const sent = await call(t, 'POST', '/wps/verification/sms/noLogin', { mobileNum: '55 1234 5678', countryDialingCode: '+52' }, { ip: freshIp() });
    expect(sent.json()).toEqual({ success: true, value: { expiredMinutes: 5 } });
    const code = await lastCode(t, PLAYER);
    const rows = await t.database.db.select().from(verificationCodes).where(eq(verificationCodes.recipient, PLAYER));
    expect(rows.every((r) => !r.codeHash.includes(code) && r.codeHash.length === 64)).toBe(true);
    expect((await smsLogin('5512345678', code === '000000' ? '000001' : '000000')).json().errorCode).toBe('sms.code.invalid');
    const ok = await smsLogin('5512345678', code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().value).toMatchObject({ userName: 'player01', mustChangePassword: false, passwordExpired: false });
    // replayed
    expect((await smsLogin('5512345678', code)).json().errorCode).toBe('sms.code.invalid');
    expect((await smsLogin('5512345678', '')).json().errorCode).toBe('sms.code.invalid');
  });

  it('an expired code answers sms.code.expired', async () => {
    await t.database.db.delete(verificationCodes);
    await call(t, 'POST', '/wps/verification/sms/noLogin', { mobileNum: '+525512345601' }, { ip: freshIp() });
    const code = await lastCode(t, '+525512345601');
    await t.database.db.update(verificationCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verificationCodes.recipient, '+525512345601'));
    expect((await smsLogin('+525512345601', code)).json().errorCode).toBe('sms.code.expired');
  });

  it('limits sends per number (1 a minute, 5 an hour) and per IP, retry after 5 minutes', async () => {
    const ip = freshIp();
    const first = await call(t, 'POST', '/wps/verification/sms/register', { mobileNo: '5512340001', countryDialingCode: '52' }, { ip });
    expect(first.statusCode).toBe(200);
    const again = await call(t, 'POST', '/wps/verification/sms/register', { mobileNo: '5512340001', countryDialingCode: '52' }, { ip: freshIp() });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ errorCode: 'sms.too.many', value: { retryAfterSeconds: 300 } });
    expect(again.json().message).toContain('5');
    // per IP: many numbers from one address
    const ip2 = freshIp();
    const answers: string[] = [];
    for (let i = 0; i < 22; i++) {
      const r = await call(t, 'POST', '/wps/verification/sms/register', { mobileNo: `55123410${String(i).padStart(2, '0')}`, countryDialingCode: '52' }, { ip: ip2 });
      answers.push(r.json().errorCode ?? 'ok');
    }
    expect(answers.filter((a) => a === 'ok')).toHaveLength(20);
    expect(answers.at(-1)).toBe('sms.too.many');
  });

  it('register codes go only to numbers not registered yet (a registered one gets a notice, the caller the same answer); login codes only to registered ones', async () => {
    const owner = '+525512347777';
    await t.database.db.update(members).set({ mobile: owner }).where(eq(members.id, (await memberRow(t, 'subagent01')).id));
    const taken = await call(t, 'POST', '/wps/verification/sms/register', { mobileNo: owner }, { ip: freshIp() });
    expect(taken.json()).toEqual({ success: true, value: { expiredMinutes: 5 } });
    await expect(lastCode(t, owner)).rejects.toThrow();
    expect((await lastMessage(t, owner)).body).toMatch(/ya tiene una cuenta/);
    const unknown = '+525512349999';
    const r = await call(t, 'POST', '/wps/verification/sms/noLogin', { mobileNum: unknown }, { ip: freshIp() });
    expect(r.statusCode).toBe(200);
    await expect(lastCode(t, unknown)).rejects.toThrow();
  });

  it('SMS login is refused where the brand switched it off', async () => {
    const r = await encPost(t, '/wps/session/login', { type: 'sms', mobileNum: '+12015550123', verificationCode: '123456' }, { merchant: 'luna', ip: freshIp() });
    expect(r.json().errorCode).toBe('function.not.available');
  });
});

describe('login from an unregistered IP', () => {
  it('the first login is not challenged; a new IP needs an SMS or e-mail code', async () => {
    const home = freshIp();
    expect((await login(t, 'agent01', 'Agent123', { ip: home })).statusCode).toBe(200);
    const away = freshIp();
    const r = await login(t, 'agent01', 'Agent123', { ip: away });
    expect(r.statusCode).toBe(403);
    const ch = r.json();
    expect(ch.errorCode).toBe('login.verification.required');
    expect(ch.value.methods).toEqual(['sms', 'email']);
    expect(ch.value.destinations.sms).toBe('+52******5601');
    expect(ch.value.destinations.email).toBe('a***@aurora-play.example');
    const { verificationToken } = ch.value;

    // the token is bound to the IP it was issued to
    const elsewhere = await call(t, 'POST', '/wps/session/login/verification/send', { verificationToken, method: 'email' }, { ip: freshIp() });
    expect(elsewhere.json().errorCode).toBe('login.challenge.invalid');
    const sent = await call(t, 'POST', '/wps/session/login/verification/send', { verificationToken, method: 'email' }, { ip: away });
    expect(sent.json().value).toEqual({ expiredMinutes: 5 });
    const code = await lastCode(t, 'agent01@aurora-play.example');
    const wrong = await encPost(t, '/wps/session/login/verification', { verificationToken, method: 'email', code: code === '111111' ? '222222' : '111111' }, { ip: away });
    expect(wrong.json().errorCode).toBe('sms.code.invalid');
    const ok = await encPost(t, '/wps/session/login/verification', { verificationToken, method: 'email', code }, { ip: away });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().value.isAgent).toBe(true);
    // used up; and the IP is now known
    const reuse = await encPost(t, '/wps/session/login/verification', { verificationToken, method: 'email', code }, { ip: away });
    expect(reuse.json().errorCode).toBe('login.challenge.invalid');
    expect((await login(t, 'agent01', 'Agent123', { ip: away })).statusCode).toBe(200);
  });

  it('an authenticator code works when the member bound one', async () => {
    const secret = new Secret({ size: 20 });
    const m = await memberRow(t, 'agent01');
    await t.database.db.update(members).set({ otpSecret: secret.base32 }).where(eq(members.id, m.id));
    const ip = freshIp();
    const ch = (await login(t, 'agent01', 'Agent123', { ip })).json();
    expect(ch.value.methods).toEqual(['sms', 'email', 'otp']);
    const bad = await encPost(t, '/wps/session/login/verification', { verificationToken: ch.value.verificationToken, method: 'otp', code: '000000' }, { ip });
    expect(bad.json().errorCode).toBe('login.verification.failed');
    const code = new TOTP({ secret, digits: 6, period: 30 }).generate();
    const ok = await encPost(t, '/wps/session/login/verification', { verificationToken: ch.value.verificationToken, method: 'otp', code }, { ip });
    expect(ok.statusCode).toBe(200);
  });

  it('a brand without new-IP checks lets the login through', async () => {
    const { setBrand } = await import('../../test/kits/session.ts');
    await setBrand(t, 'demo', (c) => { c.security.newIpVerification = []; });
    expect((await login(t, 'agent01', 'Agent123', { ip: freshIp() })).statusCode).toBe(200);
    await setBrand(t, 'demo', (c) => { c.security.newIpVerification = ['sms', 'email', 'otp']; });
  });
});
