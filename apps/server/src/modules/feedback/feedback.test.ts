import { deflateSync, crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { feedback as contract } from '@lobby/contract';
import { promotions } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { get, newPlayer, operator, type Player } from '../../test/kits/cashier.ts';
import { freshIp } from '../../test/kits/session.ts';
import { maskAccount } from '../promotions/index.ts';

const t = useTestApp({ TRUST_PROXY: true, OPERATOR_API_KEY: 'demo:demo-operator-key,luna:luna-operator-key' });
const KEY = { demo: 'demo-operator-key', luna: 'luna-operator-key' } as const;

// ---- image builders ------------------------------------------------------------------------------
function chunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function png(extra: Buffer[] = [], w = 2, h = 2) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), ...extra,
    chunk('IDAT', deflateSync(Buffer.alloc(h * (1 + w * 3), 0x7f))), chunk('IEND', Buffer.alloc(0)),
  ]);
}
const b64 = (b: Buffer, type = 'image/png') => `data:${type};base64,${b.toString('base64')}`;
const TEXT = 'Deposit did not arrive after payment';

const ip = () => ({ 'x-forwarded-for': freshIp() });
const send = (p: Player, body: object) => t.call({ method: 'PUT', url: '/wps/feedback', merchant: p.merchant, token: p.token, payload: body, headers: ip() });
const reply = (id: string, text: string, merchant: 'demo' | 'luna' = 'demo') =>
  operator(t, 'POST', '/wps/operator/feedback/reply', { merchant, key: KEY[merchant], payload: { id, reply: text } });

describe('feedback limits (§5)', () => {
  it('keeps the content within the brand\'s word bounds and 140 characters', async () => {
    const p = await newPlayer(t);
    const few = await send(p, { type: 'deposit', content: 'too short' });
    expect(few.statusCode).toBe(400);
    expect(few.json()).toMatchObject({ errorCode: 'feedback.words', message: expect.stringContaining(`${contract.DEFAULT_WORDS.min}`) });
    const long = await send(p, { type: 'deposit', content: 'a '.repeat(71).trim() + 'bc' });
    expect(long.json().errorCode).toBe('feedback.too.long');
    expect((await send(p, { type: 'deposit', content: TEXT })).statusCode).toBe(200);
    // the operator narrows the bounds: the same text now has too many words
    const set = await operator(t, 'POST', '/wps/operator/feedback/settings', { key: KEY.demo, payload: { minWords: 1, maxWords: 4 } });
    expect(set.statusCode).toBe(404); // PUT only
    const put = await t.call({ method: 'PUT', url: '/wps/operator/feedback/settings', headers: { 'x-operator-key': KEY.demo }, payload: { minWords: 1, maxWords: 4 } });
    expect(put.json().value).toMatchObject({ minWords: 1, maxWords: 4, maxChars: 140, maxImages: 3 });
    expect((await send(p, { type: 'deposit', content: TEXT })).json()).toMatchObject({ errorCode: 'feedback.words', message: 'Escriba entre 1 y 4 palabras.' });
    expect((await t.call({ method: 'GET', url: '/wps/feedback/settings' })).json().value.maxWords).toBe(4);
    // luna keeps the defaults
    expect((await t.call({ method: 'GET', url: '/wps/feedback/settings', merchant: 'luna' })).json().value.maxWords).toBe(contract.DEFAULT_WORDS.max);
    const bad = await t.call({ method: 'PUT', url: '/wps/operator/feedback/settings', headers: { 'x-operator-key': KEY.demo }, payload: { minWords: 5, maxWords: 4 } });
    expect(bad.json().errorCode).toBe('request_param_err');
    await t.call({ method: 'PUT', url: '/wps/operator/feedback/settings', headers: { 'x-operator-key': KEY.demo }, payload: { minWords: 3, maxWords: 30 } });
  });

  it('counts CJK characters as words', () => {
    expect(contract.countWords('hello  world ')).toBe(2);
    expect(contract.countWords('存款没有到账')).toBe(6);
  });

  it('refuses a fourth image, a 6 MB image and a .png that is really text', async () => {
    const p = await newPlayer(t);
    const img = b64(png());
    const four = await send(p, { type: 'game', content: TEXT, images: [img, img, img, img] });
    expect(four.statusCode).toBe(400);
    expect(four.json().errorCode).toBe('feedback.images.too.many');
    const big = Buffer.concat([png(), Buffer.alloc(6 * 1024 * 1024, 1)]);
    const six = await send(p, { type: 'game', content: TEXT, images: [b64(big)] });
    expect(six.statusCode).toBe(413);
    expect(six.json().errorCode).toBe('feedback.image.too.large');
    const text = await send(p, { type: 'game', content: TEXT, images: [b64(Buffer.from('<script>alert(1)</script> not an image'))] });
    expect(text.json().errorCode).toBe('feedback.image.type');
    const broken = await send(p, { type: 'game', content: TEXT, images: [b64(png().subarray(0, 40))] });
    expect(broken.json().errorCode).toBe('feedback.image.invalid');
    expect((await send(p, { type: 'game', content: TEXT, images: ['%%%not base64'] })).json().errorCode).toBe('feedback.image.invalid');
    // nothing of the refused sends was stored
    expect((await get(t, p, '/wps/feedback')).json().value.total).toBe(0);
  });

  it('stores up to three images without metadata and serves them with nosniff', async () => {
    const p = await newPlayer(t);
    const secret = chunk('tEXt', Buffer.from('Comment\0GPS 19.43N 99.13W', 'latin1'));
    const r = await send(p, { type: 'deposit', content: TEXT, images: [b64(png([secret])), b64(png()), b64(png())] });
    expect(r.statusCode).toBe(200);
    const list = (await get(t, p, '/wps/feedback')).json().value;
    expect(list.list[0]).toMatchObject({ id: r.json().value.id, type: 'deposit', content: TEXT, reply: null });
    expect(list.list[0].images).toHaveLength(3);
    const url: string = list.list[0].images[0];
    expect(url).toMatch(/^\/wps\/feedback\/image\/[0-9a-f]{32}\.png$/);
    const file = await t.call({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toContain('sandbox');
    expect(file.rawPayload.includes(Buffer.from('GPS'))).toBe(false);
    expect(file.rawPayload.subarray(0, 8)).toEqual(png().subarray(0, 8));
    expect((await t.call({ method: 'GET', url: '/wps/feedback/image/passwd.png' })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `${url.slice(0, -4)}.jpg` })).statusCode).toBe(404);
  });

  it('needs a real member', async () => {
    expect((await t.call({ method: 'PUT', url: '/wps/feedback', payload: { type: 'other', content: TEXT }, headers: ip() })).json().errorCode).toBe('customer.not.login');
    const trial = await newPlayer(t, 'demo', { type: 4 });
    expect((await send(trial, { type: 'other', content: TEXT })).json().errorCode).toBe('in_need_true_account');
    const p = await newPlayer(t);
    expect((await send(p, { type: 'complaint', content: TEXT })).json().errorCode).toBe('request_param_err');
  });
});

describe('operator replies', () => {
  it('the member sees the reply; a second reply, another brand or no key is refused', async () => {
    const p = await newPlayer(t);
    const other = await newPlayer(t);
    const id = (await send(p, { type: 'withdraw', content: 'My withdrawal is still pending today' })).json().value.id as string;
    const open = (await operator(t, 'GET', '/wps/operator/feedback?open=true', { key: KEY.demo })).json().value;
    expect(open.list.find((f: { id: string }) => f.id === id)).toMatchObject({ account: p.username, reply: null });
    expect((await operator(t, 'GET', '/wps/operator/feedback', { key: null })).json().errorCode).toBe('cashier.operator.unauthorized');
    expect((await reply(id, 'Wrong brand', 'luna')).json().errorCode).toBe('feedback.not.found');
    const [a, b] = await Promise.all([reply(id, 'Paid at 10:05, please check.'), reply(id, 'Second answer')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const mine = (await get(t, p, '/wps/feedback')).json().value.list[0];
    expect(mine.reply).toBe(a.statusCode === 200 ? 'Paid at 10:05, please check.' : 'Second answer');
    expect(mine.repliedAt).not.toBeNull();
    expect((await get(t, other, '/wps/feedback')).json().value.total).toBe(0);
    const after = (await operator(t, 'GET', '/wps/operator/feedback?open=true', { key: KEY.demo })).json().value;
    expect(after.list.some((f: { id: string }) => f.id === id)).toBe(false);
    expect((await reply('999999999', 'x')).json().errorCode).toBe('feedback.not.found');
  });
});

describe('activity comments (§5: 140 characters)', () => {
  const promoId = async (merchant: string) => {
    const [row] = await t.database.db.select({ id: promotions.id }).from(promotions)
      .innerJoin(sql`merchants`, sql`merchants.id = ${promotions.merchantId}`)
      .where(and(sql`merchants.code = ${merchant}`, eq(promotions.enabled, true))).limit(1);
    return String(row.id);
  };
  const add = (p: Player, promotionId: string, content: string) =>
    t.call({ method: 'POST', url: '/wps/relay/PROMOFE_addComment', merchant: p.merchant, token: p.token, payload: { promotionId, content }, headers: ip() });

  it('posts up to 140 characters, stored as typed, listed newest first with paging', async () => {
    const id = await promoId('demo');
    const p = await newPlayer(t);
    expect((await add(p, id, 'x'.repeat(141))).json()).toMatchObject({ errorCode: 'comment.too.long' });
    const xss = '<img src=x onerror="alert(1)">';
    const ok = await add(p, id, xss);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().value).toMatchObject({ content: xss, mine: true, author: maskAccount(p.username) });
    expect((await add(p, id, '😀'.repeat(140))).statusCode).toBe(200); // characters, not UTF-16 units
    const visitor = (await t.call({ method: 'GET', url: `/wps/relay/PROMOFE_commentList?promotionId=${id}` })).json().value;
    expect(visitor.list[0]).toMatchObject({ content: '😀'.repeat(140), mine: false });
    expect(visitor.list[1].content).toBe(xss);
    const q = await newPlayer(t);
    for (let i = 0; i < 3; i++) expect((await add(q, id, `comment ${i}`)).statusCode).toBe(200);
    expect((await add(q, id, 'one too many')).json().errorCode).toBe('request.too.many');
    const all = (await get(t, q, `/wps/relay/PROMOFE_commentList?promotionId=${id}&page=1`)).json().value;
    expect(all.total).toBeGreaterThanOrEqual(5);
    expect(all.list[0]).toMatchObject({ content: 'comment 2', mine: true });
    expect(maskAccount('abcdefgh')).toBe('ab***gh');
  });

  it('refuses other brands\' promotions, visitors and trial accounts', async () => {
    const luna = await promoId('luna');
    const p = await newPlayer(t);
    expect((await add(p, luna, 'hello')).json().errorCode).toBe('promotion.not.found');
    expect((await t.call({ method: 'GET', url: `/wps/relay/PROMOFE_commentList?promotionId=${luna}` })).json().errorCode).toBe('promotion.not.found');
    const id = await promoId('demo');
    expect((await t.call({ method: 'POST', url: '/wps/relay/PROMOFE_addComment', payload: { promotionId: id, content: 'hi' }, headers: ip() })).json().errorCode).toBe('customer.not.login');
    const trial = await newPlayer(t, 'demo', { type: 4 });
    expect((await add(trial, id, 'hi')).json().errorCode).toBe('in_need_true_account');
    expect((await add(p, id, '   ')).json().errorCode).toBe('request_param_err');
  });
});

describe('help centre seed', () => {
  it('gives the demo brands terms, privacy, responsible gaming, deposit, withdraw and FAQ in ES and EN', async () => {
    for (const language of ['ES', 'EN']) {
      const v = (await t.call({ method: 'GET', url: '/wps/system/helpCenter', language })).json().value as Array<{ term: string; content: string }>;
      expect(v.map((a) => a.term)).toEqual(expect.arrayContaining(['terms', 'privacy', 'responsible', 'deposit', 'withdraw', 'faq', 'download']));
      expect(v.every((a) => a.content.length > 100)).toBe(true);
    }
  });
});
