import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { call, encPost, freshIp, lastCode, lastMessage, login } from '../../test/kits/session.ts';

const t = useTestApp({ TRUST_PROXY: true });
const info = (token: string) => t.call({ method: 'GET', url: '/wps/member/info', token });
const change = (token: string, body: object) => encPost(t, '/wps/member/password', body, { token });

async function newMember(username: string, extra: object = {}) {
  const r = await encPost(t, '/wps/member/register', { username, password: 'Secret123', confirmPassword: 'Secret123', terms: true, ...extra }, { ip: freshIp() });
  expect(r.statusCode).toBe(200);
  return r.json().value.token as string;
}

describe('change password', () => {
  it('checks old, rule and confirmation; then revokes every session and answers a fresh token', async () => {
    const ip = '10.99.0.1';
    const first = await newMember('changer01');
    const second = (await login(t, 'changer01', 'Secret123', { ip })).json().value.token;
    expect((await change(first, { oldPassword: 'Wrong123', newPassword: 'Better123', confirmNewPassword: 'Better123' })).json().errorCode).toBe('password.old.invalid');
    expect((await change(first, { newPassword: 'Better123', confirmNewPassword: 'Better123' })).json().errorCode).toBe('password.old.invalid');
    expect((await change(first, { oldPassword: 'Secret123', newPassword: 'short', confirmNewPassword: 'short' })).json())
      .toMatchObject({ errorCode: 'field.invalid', value: { field: 'newPassword', reason: 'length', patternId: 'letters_digits' } });
    expect((await change(first, { oldPassword: 'Secret123', newPassword: 'Better123', confirmNewPassword: 'Better124' })).json().errorCode).toBe('inconsistent_twice');
    expect((await change(first, { oldPassword: 'Secret123', newPassword: 'Secret123', confirmNewPassword: 'Secret123' })).json().errorCode).toBe('password.same');
    const ok = await change(first, { oldPassword: 'Secret123', newPassword: 'Better123', confirmNewPassword: 'Better123' });
    expect(ok.statusCode).toBe(200);
    const fresh = ok.json().value.token;
    expect((await info(first)).json().errorCode).toBe('login.not.session');
    expect((await info(second)).json().errorCode).toBe('login.not.session');
    expect((await info(fresh)).statusCode).toBe(200);
    expect((await login(t, 'changer01', 'Secret123', { ip })).json().errorCode).toBe('login.failed');
    expect((await login(t, 'changer01', 'Better123', { ip })).statusCode).toBe(200);
  });

  it('the weak default password forces a change, after which it is not forced any more', async () => {
    const ip = '10.99.0.2';
    const v = (await login(t, 'weak01', '123456', { ip })).json().value;
    expect(v.mustChangePassword).toBe(true);
    const back = await change(v.token, { oldPassword: '123456', newPassword: '123456', confirmNewPassword: '123456' });
    expect(back.json().errorCode).toBe('field.invalid');
    const ok = await change(v.token, { oldPassword: '123456', newPassword: 'Strong123', confirmNewPassword: 'Strong123' });
    expect(ok.json().value.mustChangePassword).toBe(false);
    expect((await login(t, 'weak01', 'Strong123', { ip })).json().value.mustChangePassword).toBe(false);
  });

  it('needs no old password after an SMS login', async () => {
    const mobile = '+525512345678';
    await call(t, 'POST', '/wps/verification/sms/noLogin', { mobileNum: mobile }, { ip: freshIp() });
    const s = await encPost(t, '/wps/session/login', { type: 'sms', mobileNum: mobile, verificationCode: await lastCode(t, mobile) }, { ip: freshIp() });
    const ok = await change(s.json().value.token, { newPassword: 'Player456', confirmNewPassword: 'Player456' });
    expect(ok.statusCode).toBe(200);
  });

  it('needs a token and encryption', async () => {
    expect((await encPost(t, '/wps/member/password', { newPassword: 'a', confirmNewPassword: 'a' })).json().errorCode).toBe('customer.not.login');
  });
});

describe('forgot password by phone', () => {
  it('sets the new password with the SMS code and logs in; the code works once', async () => {
    const mobile = '+525512345601'; // agent01
    await call(t, 'POST', '/wps/verification/sms/noLogin', { mobileNum: '5512345601', countryDialingCode: '+52' }, { ip: freshIp() });
    const code = await lastCode(t, mobile);
    const url = '/wps/member/password/verification';
    const weak = await encPost(t, url, { mobileNum: mobile, verificationCode: code, newPassword: 'abc' }, { ip: freshIp() });
    expect(weak.json().errorCode).toBe('field.invalid');
    const ok = await encPost(t, url, { mobileNum: mobile, verificationCode: code, newPassword: 'Agent456', confirmNewPassword: 'Agent456' }, { ip: freshIp() });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().value).toMatchObject({ userName: 'agent01', isAgent: true });
    const replay = await encPost(t, url, { mobileNum: mobile, verificationCode: code, newPassword: 'Agent789' }, { ip: freshIp() });
    expect(replay.json().errorCode).toBe('sms.code.invalid');
    expect((await login(t, 'agent01', 'Agent123', { ip: freshIp() })).json().errorCode).toBe('login.failed');
  });
});

describe('forgot password by e-mail', () => {
  const form = (username: string, email: string) => t.call({
    method: 'POST', url: '/wps/member/password/email', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': freshIp() },
    payload: new URLSearchParams({ username, email }).toString(),
  });

  it('username and e-mail must match', async () => {
    await newMember('mailer01', { email: 'mailer01@mail.example' });
    const r = await form('mailer01', 'other@mail.example');
    expect(r.statusCode).toBe(404);
    expect(r.json().errorCode).toBe('member.not.exist');
    expect((await form('nobody01', 'mailer01@mail.example')).json().errorCode).toBe('member.not.exist');
  });

  it('sends a link and a code; the link sets the password once and logs in', async () => {
    // (one message per address a minute: the next test uses its own member)
    const r = await form('MAILER01', 'Mailer01@Mail.example');
    expect(r.json()).toEqual({ success: true, value: { messageKey: 'in_been_out', expiredMinutes: 5 } });
    const mail = await lastMessage(t, 'mailer01@mail.example');
    expect(mail.channel).toBe('email');
    const token = /resetPassword=([A-Za-z0-9_-]+)/.exec(mail.body)![1];
    expect(mail.body).toContain('https://aurora-play.example/');
    const url = '/wps/member/password/email/reset';
    const mismatch = await encPost(t, url, { resetToken: token, newPassword: 'Mailer123', confirmNewPassword: 'Mailer124' });
    expect(mismatch.json().errorCode).toBe('inconsistent_twice');
    const ok = await encPost(t, url, { resetToken: token, newPassword: 'Mailer123', confirmNewPassword: 'Mailer123' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().value.userName).toBe('mailer01');
    const again = await encPost(t, url, { resetToken: token, newPassword: 'Mailer456', confirmNewPassword: 'Mailer456' });
    expect(again.json().errorCode).toBe('password.reset.invalid');
  });

  it('or with username and the code of the message', async () => {
    await newMember('mailer02', { email: 'mailer02@mail.example' });
    expect((await form('mailer02', 'mailer02@mail.example')).statusCode).toBe(200);
    const code = await lastCode(t, 'mailer02@mail.example');
    const url = '/wps/member/password/email/reset';
    const wrong = await encPost(t, url, { username: 'mailer02', code: code === '000000' ? '000001' : '000000', newPassword: 'Mailer789', confirmNewPassword: 'Mailer789' });
    expect(wrong.json().errorCode).toBe('sms.code.invalid');
    const ok = await encPost(t, url, { username: 'mailer02', code, newPassword: 'Mailer789', confirmNewPassword: 'Mailer789' });
    expect(ok.statusCode).toBe(200);
  });

  it('JSON bodies work too', async () => {
    const r = await call(t, 'POST', '/wps/member/password/email', { username: 'player01', email: 'nope@x.example' }, { ip: freshIp() });
    expect(r.json().errorCode).toBe('member.not.exist');
  });
});
