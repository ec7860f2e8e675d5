import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { bootPage } from '../../plugins/boot-page.ts';
import { useTestApp } from '../../test/harness.ts';
import { get, newPlayer, operator as keyCall } from '../../test/kits/cashier.ts';
import { newOp, opCall, auditRows, ok, uniq } from '../../test/kits/operator.ts';

const t = useTestApp();
const LIST = '/wps/relay/MCSFE_getListAnnouncements';

const visitor = async (q: string, lang = 'ES') => (await t.call({ method: 'GET', url: `${LIST}?${q}`, headers: { language: lang } })).json().value;

function png(w = 4, h = 2) {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(h * (1 + w * 3), 0x40))), chunk('IEND', Buffer.alloc(0))]);
}

const banner = (title: string, over: object = {}) => ({
  type: 'B', groupName: 'w_leftmenu', language: 'ES', title, url: '/promotions', linkageType: 'internal', images: '/wps/announcements/art/vip.svg', ...over,
});

describe('console banners', () => {
  it('create, edit, unpublish/publish and order: the lobby list follows at once, every change audited', async () => {
    const op = await newOp(t, 'content');
    const save = (body: object) => ok(opCall(t, op, 'POST', '/wps/ops/content/announcements/save', body));
    const a = await save({ announcement: banner(`Uno ${uniq()}`) });
    const b = await save({ announcement: banner(`Dos ${uniq()}`, { sort: 5 }) });
    const titles = async (lang = 'ES') => ((await visitor(`types=B&groupName=w_leftmenu&language=${lang}`, lang)).banners as { title: string }[]).map((x) => x.title);
    expect(await titles()).toEqual(expect.arrayContaining([a.title, b.title]));
    expect(await titles('EN')).not.toContain(a.title);

    const edited = await save({ id: a.id, announcement: banner(`Uno editado ${uniq()}`) });
    expect(await titles()).toContain(edited.title);
    expect(await titles()).not.toContain(a.title);
    const upd = await auditRows(t, 'content.banner.update', a.id);
    expect(upd).toHaveLength(1);
    expect(upd[0]).toMatchObject({ operatorName: op.username, before: { title: a.title }, after: { title: edited.title } });

    const off = await ok(opCall(t, op, 'POST', '/wps/ops/content/announcements/enabled', { id: b.id, enabled: false }));
    expect(off.enabled).toBe(false);
    expect(await titles()).not.toContain(b.title);
    const all = (await ok(opCall(t, op, 'GET', '/wps/ops/content/announcements?type=B'))).list as { id: string; enabled: boolean }[];
    expect(all.find((x) => x.id === b.id)?.enabled).toBe(false);
    await ok(opCall(t, op, 'POST', '/wps/ops/content/announcements/enabled', { id: b.id, enabled: true }));
    expect(await titles()).toContain(b.title);
    expect(await auditRows(t, 'content.banner.unpublish', b.id)).toHaveLength(1);

    const group = (await ok(opCall(t, op, 'GET', '/wps/ops/content/announcements?type=B'))).list as { id: string; groupName: string }[];
    const ids = group.filter((x) => x.groupName === 'w_leftmenu').map((x) => x.id);
    const reversed = [...ids].reverse();
    const ordered = await ok(opCall(t, op, 'POST', '/wps/ops/content/banners/order', { groupName: 'w_leftmenu', ids: reversed }));
    expect((ordered.list as { id: string }[]).map((x) => x.id)).toEqual(reversed);
    const shown = ((await visitor('types=B&groupName=w_leftmenu&language=ES')).banners as { id: string }[]).map((x) => x.id);
    expect(shown).toEqual(reversed.filter((id) => shown.includes(id)));
    expect((await opCall(t, op, 'POST', '/wps/ops/content/banners/order', { groupName: 'w_leftmenu', ids: reversed.slice(1) })).json().errorCode).toBe('content.order.invalid');

    await ok(opCall(t, op, 'POST', '/wps/ops/content/announcements/delete', { id: b.id }));
    expect(await titles()).not.toContain(b.title);
    expect((await opCall(t, op, 'POST', '/wps/ops/content/announcements/delete', { id: b.id })).json().errorCode).toBe('announcement.not.found');
    expect(await auditRows(t, 'content.banner.delete', b.id)).toHaveLength(1);
  });

  it('the boot page (first data inlined in index.html) shows a published banner at once and drops an unpublished one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'boot-content-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
    const render = bootPage(t.app, dir);
    const req = { url: '/', headers: { merchant: 'demo' }, hostname: 'localhost', ip: '127.0.0.1', server: t.app } as unknown as FastifyRequest;
    const lang = t.app.brands.byMerchantCode('demo')!.config.defaultLanguage;
    await render(req); // the route caches are warm before the change
    const op = await newOp(t, 'content');
    const title = `Boot ${uniq()}`;
    const b = await ok(opCall(t, op, 'POST', '/wps/ops/content/announcements/save', { announcement: banner(title, { groupName: 'w_home', language: lang }) }));
    expect(await render(req)).toContain(title);
    await ok(opCall(t, op, 'POST', '/wps/ops/content/announcements/enabled', { id: b.id, enabled: false }));
    expect(await render(req)).not.toContain(title);
  });

  it('stores uploaded art (png/jpg only) and serves it', async () => {
    const op = await newOp(t, 'content');
    const up = await ok(opCall(t, op, 'POST', '/wps/ops/content/banners/image', { image: `data:image/png;base64,${png().toString('base64')}` }));
    expect(up).toMatchObject({ width: 4, height: 2 });
    expect(up.url).toMatch(/^\/wps\/announcements\/art\/upload\/[0-9a-f]{32}\.png$/);
    const img = await t.call({ method: 'GET', url: up.url as string });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const gif = Buffer.from('GIF89a0000000000').toString('base64');
    expect((await opCall(t, op, 'POST', '/wps/ops/content/banners/image', { image: gif })).json().errorCode).toBe('content.image.type');
    expect((await t.call({ method: 'GET', url: '/wps/announcements/art/upload/0123456789abcdef0123456789abcdef.png' })).statusCode).toBe(404);
    expect(await auditRows(t, 'content.banner.image', up.url as string)).toHaveLength(1);
  });

  it("serves uploaded art only for requests of its own brand (Merchant header, else host), else 404", async () => {
    const op = await newOp(t, 'content');
    const up = await ok(opCall(t, op, 'POST', '/wps/ops/content/banners/image', { image: `data:image/png;base64,${png(6, 3).toString('base64')}` }));
    const url = up.url as string;
    const fetch = (merchant: string | null, host?: string) => t.call({ method: 'GET', url, merchant, headers: host ? { host } : {} });
    for (const res of [await fetch('demo'), await fetch(null, 'localhost')]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toMatch(/merchant/i);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    // another brand, by its Merchant header or by its host, or a brand that does not exist: 404 with the envelope
    for (const res of [await fetch('luna'), await fetch(null, 'luna.localhost'), await fetch('nobrand')]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, errorCode: 'request.not.found' });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.rawPayload.subarray(1, 4).toString()).not.toBe('PNG');
    }
  });
});

describe('console announcements', () => {
  it('sanitises the HTML on save, serves it by audience and language at once, publish/unpublish', async () => {
    const op = await newOp(t, 'content');
    const title = `Aviso ${uniq()}`;
    const html = '<p onclick="x()">Hola <b>ya</b><script>alert(1)</script><img src="/a.png" onerror="alert(2)"><a href="javascript:alert(3)">link</a><a href="/promotions">ok</a></p>';
    const saved = await ok(opCall(t, op, 'POST', '/wps/ops/content/announcements/save', { announcement: { type: 'PL', execution: 'A', language: 'ES', title, content: html } }));
    expect(saved.content).toBe('<p>Hola <b>ya</b><img src="/a.png"><a>link</a><a href="/promotions" target="_blank" rel="noopener noreferrer nofollow">ok</a></p>');
    expect(await auditRows(t, 'content.announcement.create', saved.id)).toHaveLength(1);

    const member = await newPlayer(t);
    const forMember = async () => ((await get(t, member, `${LIST}?types=PL&language=ES`)).json().value.player as { title: string; content: string }[]).find((x) => x.title === title);
    expect((await forMember())?.content).toBe(saved.content);
    expect(((await visitor('types=PL&language=ES')).player as { title: string }[]).map((x) => x.title)).not.toContain(title);

    await ok(opCall(t, op, 'POST', '/wps/ops/content/announcements/enabled', { id: saved.id, enabled: false }));
    expect(await forMember()).toBeUndefined();
    const popup = await ok(opCall(t, op, 'POST', '/wps/ops/content/announcements/save', { id: saved.id, enabled: true,
      announcement: { type: 'PU', execution: 'B', language: 'EN', title, content: '<h3 style="color:red">Hi</h3><iframe src="https://evil.example"></iframe>' } }));
    expect(popup.content).toBe('<h3>Hi</h3>');
    expect(((await visitor('types=PU&language=EN', 'EN')).popup as { title: string }[]).map((x) => x.title)).toContain(title);

    // the older operator call sanitises too
    const old = await keyCall(t, 'POST', '/wps/operator/announcements/create', { payload: { type: 'PL', title: `Old ${uniq()}`, content: '<b onmouseover="x()">b</b><script>1</script>' } });
    expect(old.json().value.content).toBe('<b>b</b>');
    expect((await opCall(t, op, 'POST', '/wps/ops/content/announcements/save', { announcement: { type: 'PL', title: '' } })).json().errorCode).toBe('request_param_err');
  });
});
