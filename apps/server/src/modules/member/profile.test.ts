import { deflateSync, crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { eq } from 'drizzle-orm';
import { members } from '../../db/schema.ts';
import { call, clearCounters, encPost, freshIp, lastCode, login, memberRow } from '../../test/kits/session.ts';

const t = useTestApp({ TRUST_PROXY: true });
const PROFILE = '/wps/member/info/profile';

/** A proof from the bound contact for this session (member-security); the one-code-a-minute limit is not tested here. */
async function proveBy(token: string, channel: 'sms' | 'email', to: string) {
  await clearCounters(t, `%:code:%${to}`);
  expect((await call(t, 'POST', '/wps/member/info/proof/code', { channel }, { token, ip: freshIp() })).statusCode).toBe(200);
  expect((await call(t, 'POST', '/wps/member/info/proof', { channel, verificationCode: await lastCode(t, to) }, { token })).statusCode).toBe(200);
}

async function newMember(username: string) {
  const r = await encPost(t, '/wps/member/register', { username, password: 'Secret123', confirmPassword: 'Secret123', terms: true }, { ip: freshIp() });
  expect(r.statusCode).toBe(200);
  return r.json().value.token as string;
}
const get = async (token: string) => (await call(t, 'GET', PROFILE, undefined, { token })).json().value;
const save = async (token: string, body: object) => (await call(t, 'POST', PROFILE, body, { token })).json();
const field = (v: { fields: Array<{ field: string; value: string | null }> }, f: string) => v.fields.find((x) => x.field === f);

// ---- image builders ------------------------------------------------------------------------------
function chunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function png(w = 2, h = 2, extra: Buffer[] = []) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const raw = Buffer.alloc(h * (1 + w * 3), 0x7f);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), ...extra,
    chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0)),
  ]);
}
function seg(marker: number, data: Buffer) {
  const head = Buffer.alloc(4);
  head.set([0xff, marker]);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
}
function jpeg(extra: Buffer[] = []) {
  const sof = Buffer.from([8, 0, 4, 0, 6, 1, 1, 0x11, 0]); // 6×4, one component
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]), seg(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')), ...extra,
    seg(0xdb, Buffer.alloc(65, 1)), seg(0xc0, sof), seg(0xc4, Buffer.alloc(29, 0)),
    seg(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0])), Buffer.from([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56]), Buffer.from([0xff, 0xd9]),
  ]);
}
const b64 = (b: Buffer, type = 'image/png') => `data:${type};base64,${b.toString('base64')}`;
const upload = (token: string, image: string) => call(t, 'POST', '/wps/member/info/icon', { image }, { token, ip: freshIp() });

describe('security centre: who may use it', () => {
  it('refuses visitors and trial accounts on every call', async () => {
    const trial = (await t.call({ method: 'POST', url: '/wps/session/login/freeplay', payload: { os: 'web' } })).json().value.token;
    const calls: Array<[string, 'GET' | 'POST', object?]> = [
      [PROFILE, 'GET'], [PROFILE, 'POST', { nickname: 'Trial' }],
      ['/wps/member/info/bind/code', 'POST', { channel: 'email', email: 'trial@example.com' }],
      ['/wps/member/info/icon', 'POST', { image: b64(png()) }],
    ];
    for (const [url, method, body] of calls) {
      expect((await call(t, method, url, body)).json().errorCode, `${method} ${url} visitor`).toBe('customer.not.login');
      const r = await call(t, method, url, body, { token: trial });
      expect(r.statusCode, `${method} ${url} trial`).toBe(403);
      expect(r.json().errorCode).toBe('in_need_true_account');
    }
    expect((await encPost(t, '/wps/member/info/bind', { channel: 'email', email: 'a@b.co', verificationCode: '123456' }, { token: trial })).json().errorCode)
      .toBe('in_need_true_account');
  });
});

describe('profile fields', () => {
  it('saves fields by their rules, masks sensitive ones and fixes real name, birthday and bank account once set', async () => {
    const token = await newMember('profile01');
    const v0 = await get(token);
    expect(v0.fields.map((f: { field: string }) => f.field)).toEqual(['nickname', 'realName', 'telegram', 'zalo', 'birthday', 'address', 'nationality', 'occupation', 'sourceOfIncome', 'bankAccount']);
    expect(v0.rules.realName).toMatchObject({ patternId: 'english_spaces' }); // the brand's payeeName rule
    expect(field(v0, 'realName')).toMatchObject({ value: null, editable: true, masked: true });

    // each rule refuses with field.invalid and the rule's pattern id
    const bad: Array<[object, string, string]> = [
      [{ realName: 'J0hn' }, 'realName', 'pattern'], [{ telegram: 'ab' }, 'telegram', 'length'], [{ zalo: '09x1234567' }, 'zalo', 'pattern'],
      [{ nationality: 'Mexico' }, 'nationality', 'length'], [{ sourceOfIncome: 'lottery' }, 'sourceOfIncome', 'pattern'],
      [{ bankAccount: '12AB5678' }, 'bankAccount', 'pattern'], [{ nickname: '<b>x</b>' }, 'nickname', 'pattern'],
      [{ birthday: '2001-02-30' }, 'birthday', 'pattern'], [{ address: 'a<bcdef' }, 'address', 'pattern'],
    ];
    for (const [body, f, reason] of bad) {
      const r = await save(token, body);
      expect(r, JSON.stringify(body)).toMatchObject({ errorCode: 'field.invalid', value: { field: f, reason } });
    }
    const young = new Date(Date.now() - 17 * 365.25 * 86_400_000).toISOString().slice(0, 10);
    expect((await save(token, { birthday: young })).errorCode).toBe('register.age.under');
    expect((await call(t, 'POST', PROFILE, { favouriteColour: 'red' }, { token })).json().errorCode).toBe('request_param_err');

    const ok = await save(token, {
      nickname: 'Lucky Star', realName: '  John   Smith ', telegram: '@john_smith', zalo: '0912 345 678', birthday: '1990-05-17',
      address: 'Av. Reforma 222, CDMX', nationality: 'mx', occupation: 'Engineer', sourceOfIncome: 'salary', bankAccount: '0123-4567-8901',
    });
    expect(ok.success).toBe(true);
    const v = ok.value;
    expect(field(v, 'realName')).toMatchObject({ value: 'J*** S****', editable: false });
    expect(field(v, 'bankAccount')).toMatchObject({ value: '**** 8901', editable: false });
    expect(field(v, 'birthday')).toMatchObject({ value: '1990-05-17', editable: false });
    expect(field(v, 'telegram')?.value).toBe('john_smith');
    expect(field(v, 'zalo')?.value).toBe('0912345678');
    expect(field(v, 'nationality')?.value).toBe('MX');
    expect(field(v, 'nickname')).toMatchObject({ value: 'Lucky Star', editable: true });
    // nothing sensitive in clear anywhere in the answer
    expect(JSON.stringify(v)).not.toMatch(/John|01234567/);
    // member info follows the nickname
    expect((await call(t, 'GET', '/wps/member/info', undefined, { token })).json().value.nickname).toBe('Lucky Star');

    for (const body of [{ realName: 'Jane Smith' }, { birthday: '1991-01-01' }, { bankAccount: '99998888' }, { realName: '' }]) {
      const r = await call(t, 'POST', PROFILE, body, { token });
      expect(r.statusCode).toBe(409);
      expect(r.json()).toMatchObject({ errorCode: 'member.profile.locked', value: { field: Object.keys(body)[0] } });
    }
    // sending a locked field's value again is not a change; editable fields can be changed and cleared
    const again = await save(token, { birthday: '1990-05-17', occupation: 'Designer', address: '' });
    expect(field(again.value, 'occupation')?.value).toBe('Designer');
    expect(field(again.value, 'address')?.value).toBe(null);
  });
});

describe('real name and the withdrawal payee', () => {
  it('the payee name bound with a withdrawal account is the real name, shown masked and fixed', async () => {
    const token = await newMember('payee01');
    const r = await call(t, 'POST', '/wps/withdraw/accounts', { kind: 'bank', bankName: 'BBVA', accountNo: '0123456789012', payeeName: 'Maria Perez' }, { token });
    expect(r.statusCode).toBe(200);
    const v = await get(token);
    expect(field(v, 'realName')).toMatchObject({ value: 'M**** P****', editable: false });
    expect(v.items.realName).toBe(true);
    expect((await save(token, { realName: 'Other Name' })).errorCode).toBe('member.profile.locked');
  });
});

describe('bind mobile and e-mail', () => {
  it('binds an e-mail with its code, refuses wrong, foreign and reused codes, and needs the password to replace it', async () => {
    const token = await newMember('binder01');
    const other = await newMember('binder02');
    const email = 'binder01@example.com';
    const before = await get(token);
    expect(before.items.email).toBe(false);

    const sent = await call(t, 'POST', '/wps/member/info/bind/code', { channel: 'email', email }, { token, ip: freshIp() });
    expect(sent.json().value).toEqual({ expiredMinutes: 5, to: 'b***@example.com' });
    const code = await lastCode(t, email);
    const bind = (tk: string, body: object) => encPost(t, '/wps/member/info/bind', { channel: 'email', email, ...body }, { token: tk });
    expect((await bind(token, { verificationCode: code === '000000' ? '111111' : '000000' })).json().errorCode).toBe('sms.code.invalid');
    // the code was sent for binder01: binder02 cannot use it
    expect((await bind(other, { verificationCode: code })).json().errorCode).toBe('sms.code.invalid');
    expect((await call(t, 'POST', '/wps/member/info/bind/code', { channel: 'email', email: 'not-an-email' }, { token })).json())
      .toMatchObject({ errorCode: 'field.invalid', value: { field: 'email' } });

    const sent2 = await call(t, 'POST', '/wps/member/info/bind/code', { channel: 'email', email }, { token, ip: freshIp() });
    expect(sent2.statusCode).toBe(429); // one code a minute per recipient
    const fresh = await newMember('binder03');
    const email3 = 'binder03@example.com';
    await call(t, 'POST', '/wps/member/info/bind/code', { channel: 'email', email: email3 }, { token: fresh, ip: freshIp() });
    const ok = await encPost(t, '/wps/member/info/bind', { channel: 'email', email: email3, verificationCode: await lastCode(t, email3) }, { token: fresh });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().value).toMatchObject({ email: 'b***@example.com', items: { email: true } });
    expect(ok.json().value.score).toBe(before.score + 1);
    expect((await encPost(t, '/wps/member/info/bind', { channel: 'email', email: email3, verificationCode: await lastCode(t, email3) }, { token: fresh })).json().errorCode)
      .toBe('member.bind.same');

    // replacing the bound e-mail: code to the new one and the login password
    const email4 = 'binder03.new@example.com';
    await call(t, 'POST', '/wps/member/info/bind/code', { channel: 'email', email: email4 }, { token: fresh, ip: freshIp() });
    const code4 = await lastCode(t, email4);
    const replace = (password?: string) => encPost(t, '/wps/member/info/bind', { channel: 'email', email: email4, verificationCode: code4, password }, { token: fresh, ip: freshIp() });
    // a contact is bound: first a proof from it (issue 18: an agent who knows the password cannot swap it)
    expect((await replace('Secret123')).json().errorCode).toBe('member.proof.required');
    await proveBy(fresh, 'email', email3);
    expect((await replace()).json().errorCode).toBe('password.old.invalid');
    expect((await replace('Wrong123')).json().errorCode).toBe('password.old.invalid');
    expect((await replace('Secret123')).json().value.email).toBe('b***@example.com');
    expect((await replace('Secret123')).json().errorCode).toBe('member.bind.same');
  });

  it('binds a mobile number with an SMS code; a number of another member is refused', async () => {
    const token = await newMember('mobile01');
    expect((await call(t, 'POST', '/wps/member/info/bind/code', { channel: 'sms', mobileNum: '+525512345678' }, { token, ip: freshIp() })).json().errorCode)
      .toBe('register.mobile.exists'); // player01's
    expect((await call(t, 'POST', '/wps/member/info/bind/code', { channel: 'sms', mobileNum: '12' }, { token })).json().errorCode).toBe('sms.phone.invalid');
    const mobile = '+525587654321';
    const sent = await call(t, 'POST', '/wps/member/info/bind/code', { channel: 'sms', mobileNum: '5587654321', countryDialingCode: '+52' }, { token, ip: freshIp() });
    expect(sent.json().value.to).toBe('+52******4321');
    const ok = await encPost(t, '/wps/member/info/bind', { channel: 'sms', mobileNum: mobile, verificationCode: await lastCode(t, mobile) }, { token });
    expect(ok.json()).toMatchObject({ value: { mobile: '+52******4321', items: { mobile: true } } });
    // the bound number is the account's mobile (SMS login, password by phone)
    expect((await call(t, 'GET', '/wps/member/info', undefined, { token })).json().value.mobile).toBe('+52******4321');
  });
});

describe('forgot withdrawal password', () => {
  it('resets it with a code to the bound e-mail; needs a bound contact, the right code, 6 digits', async () => {
    const token = await newMember('payreset01');
    const pay = (body: object) => encPost(t, '/wps/member/password/payment', body, { token });
    expect((await pay({ newPassword: '111222', confirmPassword: '111222' })).statusCode).toBe(200);
    const sendCode = (channel: string) => call(t, 'POST', '/wps/member/info/payment-password/code', { channel }, { token, ip: freshIp() });
    expect((await sendCode('email')).json().errorCode).toBe('member.contact.unbound');
    const email = 'payreset01@example.com';
    // bound directly (binding sends a code to the same address, which the one-a-minute limit would refuse)
    await t.database.db.update(members).set({ email }).where(eq(members.id, (await memberRow(t, 'payreset01')).id));
    const reset = (body: object) => encPost(t, '/wps/member/info/payment-password/reset', { channel: 'email', ...body }, { token });
    expect((await sendCode('sms')).json().errorCode).toBe('member.contact.unbound');
    const sent = await sendCode('email');
    expect(sent.json().value.to).toBe('p***@example.com');
    const code = await lastCode(t, email);
    expect((await reset({ verificationCode: code, newPassword: '12345', confirmPassword: '12345' })).json().errorCode).toBe('cashier.payment.password.format');
    expect((await reset({ verificationCode: code, newPassword: '333444', confirmPassword: '333445' })).json().errorCode).toBe('inconsistent_twice');
    expect((await reset({ verificationCode: code === '000000' ? '000001' : '000000', newPassword: '333444', confirmPassword: '333444' })).json().errorCode).toBe('sms.code.invalid');
    expect((await reset({ verificationCode: code, newPassword: '333444', confirmPassword: '333444' })).statusCode).toBe(200);
    expect((await reset({ verificationCode: code, newPassword: '333444', confirmPassword: '333444' })).json().errorCode).toBe('sms.code.invalid');
    // the new one is the password now; changing it, with an e-mail bound, also needs a proof from it
    expect((await pay({ oldPassword: '111222', newPassword: '555666', confirmPassword: '555666' })).json().errorCode).toBe('cashier.payment.password.invalid');
    expect((await pay({ oldPassword: '333444', newPassword: '555666', confirmPassword: '555666' })).json().errorCode).toBe('member.proof.required');
    await proveBy(token, 'email', email);
    expect((await pay({ oldPassword: '333444', newPassword: '555666', confirmPassword: '555666' })).statusCode).toBe(200);
  });
});

describe('security level and last login', () => {
  it('counts what is bound and shows the login before this one', async () => {
    const token = await newMember('level01');
    const v0 = await get(token);
    expect(v0).toMatchObject({ score: 1, maxScore: 5, level: 'low', items: { loginPassword: true, mobile: false, email: false, paymentPassword: false, realName: false } });
    expect(v0.lastLogin).toBe(null);
    expect((await encPost(t, '/wps/member/password/payment', { newPassword: '246810', confirmPassword: '246810' }, { token })).statusCode).toBe(200);
    await save(token, { realName: 'Ana Lopez' });
    const v1 = await get(token);
    expect(v1).toMatchObject({ score: 3, level: 'medium', items: { paymentPassword: true, realName: true } });
    const second = (await login(t, 'level01', 'Secret123', { ip: '10.77.0.9' })).json().value.token;
    const v2 = await get(second);
    expect(v2.lastLogin).toMatchObject({ ip: expect.any(String) });
    expect(v2.lastLogin.ip).not.toBe('10.77.0.9');
    expect((await get(token)).lastLogin.ip).toBe('10.77.0.9');
  });
});

describe('avatar', () => {
  it('stores a png without its metadata and serves it as an image that is never sniffed; the old one goes', async () => {
    const token = await newMember('avatar01');
    const withText = png(3, 2, [chunk('tEXt', Buffer.from('Comment\0<script>alert(1)</script>', 'latin1')), chunk('pHYs', Buffer.alloc(9))]);
    const r = await upload(token, b64(withText));
    expect(r.statusCode).toBe(200);
    const url = r.json().value.avatarUrl as string;
    expect(url).toMatch(/^\/wps\/member\/icon\/[0-9a-f]{32}\.png$/);
    const img = await t.app.inject({ method: 'GET', url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.headers['content-security-policy']).toContain('sandbox');
    expect(img.rawPayload.includes(Buffer.from('<script>'))).toBe(false);
    expect(img.rawPayload.includes(Buffer.from('pHYs'))).toBe(true);
    expect((await get(token)).avatarUrl).toBe(url);

    const jpg = jpeg([seg(0xe1, Buffer.from('Exif\0\0GPS 19.43N 99.13W', 'latin1')), seg(0xfe, Buffer.from('<html>'))]);
    const r2 = await upload(token, jpg.toString('base64'));
    expect(r2.statusCode).toBe(200);
    const url2 = r2.json().value.avatarUrl as string;
    expect(url2).toMatch(/\.jpg$/);
    const img2 = await t.app.inject({ method: 'GET', url: url2 });
    expect(img2.headers['content-type']).toBe('image/jpeg');
    expect(img2.rawPayload.includes(Buffer.from('GPS'))).toBe(false);
    expect(img2.rawPayload.includes(Buffer.from('<html>'))).toBe(false);
    expect(img2.rawPayload.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/wps/member/icon/..%2f..%2fetc%2fpasswd' })).statusCode).toBe(404);
  });

  it('refuses bad files with an errorCode: wrong magic, svg or html named png, broken chunks, too large', async () => {
    const token = await newMember('avatar02');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    const html = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const pngHtml = Buffer.concat([png().subarray(0, 8), html]);
    const badCrc = png();
    badCrc[badCrc.length - 20] ^= 0xff; // inside IDAT
    const noEnd = png().subarray(0, png().length - 12);
    const huge = png(5000, 10);
    const cases: Array<[string, string, number]> = [
      [b64(svg, 'image/png'), 'member.avatar.type', 400], [b64(html, 'image/png'), 'member.avatar.type', 400],
      [b64(gif, 'image/gif'), 'member.avatar.type', 400], [b64(pngHtml), 'member.avatar.invalid', 400],
      [b64(badCrc), 'member.avatar.invalid', 400], [b64(noEnd), 'member.avatar.invalid', 400],
      [b64(huge), 'member.avatar.invalid', 400], ['not base64 at all!', 'member.avatar.invalid', 400],
      [b64(Buffer.concat([png(), Buffer.alloc(5 * 1024 * 1024)])), 'member.avatar.too.large', 413],
    ];
    for (const [image, code, status] of cases) {
      const r = await upload(token, image);
      expect(r.json().errorCode, code).toBe(code);
      expect(r.statusCode).toBe(status);
    }
    // a body past the route's limit is the same error, not a generic one
    const tooBig = await upload(token, 'A'.repeat(9 * 1024 * 1024));
    expect(tooBig.json().errorCode).toBe('member.avatar.too.large');
    expect((await get(token)).avatarUrl).toBe(null);
  });
});

describe('contract', () => {
  it('the security centre endpoints are in the OpenAPI document', async () => {
    const doc = (await t.call({ method: 'GET', url: '/openapi.json' })).json();
    for (const p of ['/wps/member/info/profile', '/wps/member/info/bind', '/wps/member/info/bind/code', '/wps/member/info/icon', '/wps/member/info/payment-password/reset']) {
      expect(Object.keys(doc.paths), p).toContain(p);
    }
  });
});
